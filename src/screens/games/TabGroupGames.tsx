import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type GameType, type ProviderRef } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import type { GamesTab } from './GamesTabs';
import { typeLabel } from './game-types';
import { GameListView } from './GameListView';
import type { LaunchActor } from './launch';
import { LaunchError } from './LaunchError';

type GroupTab = Exclude<GamesTab, 'all' | 'hot'>;

/** Spec: table games are live casino (2), card games poker (12) and P2P (7), bingo the lottery (5). */
const GROUPS: Record<GroupTab, { typeIds: number[]; heading: 'games.tableGames' | 'games.cardGames' | 'games.bingoGames' }> = {
  table: { typeIds: [2], heading: 'games.tableGames' },
  card: { typeIds: [12, 7], heading: 'games.cardGames' },
  bingo: { typeIds: [5], heading: 'games.bingoGames' },
};

/** tab=table|card|bingo: under the tab's heading, each provider of those types with its games. */
export function TabGroupGames({ tab, types }: { tab: GroupTab; types: GameType[] }) {
  const { t } = useTranslation();
  const launch = useActorRef(useGameMachines().gameLaunch);
  const group = GROUPS[tab];
  const lists = group.typeIds
    .map((id) => types.find((type) => type.id === id))
    .filter((type): type is GameType => !!type)
    .flatMap((type) => type.providers.map((provider) => ({ type, provider })));

  return (
    <section aria-labelledby="group-title" className="flex flex-col gap-4">
      <h2 id="group-title" className="text-lg font-bold">
        {t(group.heading)}
      </h2>
      {lists.length ? (
        lists.map(({ type, provider }) => <ProviderGames key={`${type.id}-${provider.id}`} type={type} provider={provider} launch={launch} />)
      ) : (
        <EmptyState icon="gamepad" title={t('no_data.noData')} />
      )}
      <LaunchError launch={launch} />
    </section>
  );
}

function ProviderGames({ type, provider, launch }: { type: GameType; provider: ProviderRef; launch: LaunchActor }) {
  const { t } = useTranslation();
  const list = useActorRef(useGameMachines().gameList, { input: { typeId: type.id, providerId: provider.id } });
  const heading = `${typeLabel(t, type)} · ${provider.name}`;
  return (
    <section aria-label={heading} className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-muted">{heading}</h3>
      <GameListView list={list} launch={launch} label={heading} emptyText={t('no_data.noData')} />
    </section>
  );
}
