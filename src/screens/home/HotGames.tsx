import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type Game } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { GameGridSkeleton } from '../../components/GameGrid';
import { GameTiles } from '../games/GameTiles';
import { LaunchError } from '../games/LaunchError';
import { ResourceError } from '../shared/ResourceError';
import { useResource } from '../shared/use-resource';

/** `type=hot` (and /games?tab=hot): the hot games; a failed launch shows in a red box above them. */
export function HotGames({ emptyText }: { emptyText?: string }) {
  const { t } = useTranslation();
  const machines = useGameMachines();
  const hot = machines.hotGames();
  const launch = useActorRef(machines.gameLaunch);
  const { data: games, failed } = useResource<Game[]>(hot);

  return (
    <section aria-labelledby="hot-heading" className="flex flex-col gap-3">
      <h2 id="hot-heading" className="text-lg font-bold">
        {t('game_type.hotGames')}
      </h2>
      <LaunchError launch={launch} inline />
      {failed ? (
        <ResourceError actor={hot} />
      ) : !games ? (
        <GameGridSkeleton label={t('common.loading')} />
      ) : games.length ? (
        <GameTiles games={games} launch={launch} label={t('game_type.hotGames')} />
      ) : (
        <EmptyState icon="flame" title={emptyText ?? t('games.noGamesFound')} />
      )}
    </section>
  );
}
