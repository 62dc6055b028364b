import { Suspense } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type GameType } from '../../app/session';
import { GameGridSkeleton } from '../../components/GameGrid';
import { ResourceError } from '../shared/ResourceError';
import { useResource } from '../shared/use-resource';
import { AllTab } from './AllTab';
import { GamesTabs, isGamesTab, type GamesTab } from './GamesTabs';
import { HotGames } from '../home/HotGames';
import { ProviderBrowser } from './ProviderBrowser';
import { TabGroupGames } from './TabGroupGames';

/**
 * /games?tab=all|hot|table|card|bingo, or /games?type={id}&provider={code}: the games page.
 * Without a tab or a type there is nothing to show but the overview, so it opens on tab=all.
 */
export function GamesScreen() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const tab = query.get('tab');
  const type = query.get('type');
  const typeId = type && /^\d{1,9}$/.test(type) ? Number(type) : null;
  if (!isGamesTab(tab) && typeId === null) return <Redirect to="/games?tab=all" replace />;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold md:text-2xl">{t('games.title')}</h1>
      <GamesTabs current={isGamesTab(tab) ? tab : null} />
      <Suspense fallback={<GameGridSkeleton label={t('common.loading')} />}>
        <GamesBody tab={isGamesTab(tab) ? tab : null} typeId={typeId} provider={query.get('provider')} />
      </Suspense>
    </div>
  );
}

function GamesBody({ tab, typeId, provider }: { tab: GamesTab | null; typeId: number | null; provider: string | null }) {
  const { t } = useTranslation();
  const catalogue = useGameMachines().gameTypes();
  const { data: types, failed } = useResource<GameType[]>(catalogue);
  if (tab === 'hot') return <HotGames emptyText={t('games.noGameList')} />;
  if (failed && !types) return <ResourceError actor={catalogue} />;
  if (!types) return <GameGridSkeleton label={t('common.loading')} />;
  if (tab === 'all') return <AllTab types={types} />;
  if (tab) return <TabGroupGames tab={tab} types={types} />;
  return <ProviderBrowser types={types} typeId={typeId!} provider={provider} />;
}
