import { Link } from 'wouter';
import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines, type Game } from '../../app/session';
import { GameGridSkeleton } from '../../components/GameGrid';
import { Icon } from '../../../shared/components/Icon';
import { GameTiles } from '../games/GameTiles';
import { LaunchError } from '../games/LaunchError';
import { useResource } from '../shared/use-resource';

/** One row, whatever the width: beside the banner on wide screens, under it on phones. */
export const PICKS_COLUMNS = 'grid grid-cols-3 gap-2 md:gap-3';
const PICKS = 3;

/**
 * The first hot games, so the lobby's first screen has games to play and not only menus (the
 * heading opens the full hot list). Reads the same hot-games resource as `?type=hot`.
 */
export function HotPicks() {
  const { t } = useTranslation();
  const machines = useGameMachines();
  const launch = useActorRef(machines.gameLaunch);
  const { data: games, failed } = useResource<Game[]>(machines.hotGames());
  // Decoration for the lobby: a failed or empty read leaves the rest of the page to say so.
  if (failed || games?.length === 0) return null;
  return (
    <section aria-labelledby="hot-picks-heading" className="flex flex-col gap-2">
      <h2 id="hot-picks-heading" className="-my-2 text-lg font-bold">
        <Link href="/?type=hot" className="inline-flex min-h-11 items-center gap-1 hover:text-primary">
          <Icon name="flame" size={20} className="text-loss" />
          {t('game_type.hotGames')}
          <Icon name="chevronRight" size={18} className="text-muted" />
        </Link>
      </h2>
      <LaunchError launch={launch} inline />
      {games ? (
        <GameTiles games={games.slice(0, PICKS)} launch={launch} label={t('game_type.hotGames')} columns={PICKS_COLUMNS} />
      ) : (
        <GameGridSkeleton label={t('common.loading')} count={PICKS} columns={PICKS_COLUMNS} />
      )}
    </section>
  );
}
