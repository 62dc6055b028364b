import type { ActorRefFrom } from 'xstate';
import { useTranslation } from '../../i18n/react';
import type { gameListMachine } from '../../machines/game-list/game-list.machine';
import { connectGameList, type GameListView as ListView } from '../../machines/game-list/game-list.connect';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { GameGridSkeleton } from '../../components/GameGrid';
import { Icon } from '../../../shared/components/Icon';
import { hasBurmeseLetters, loadZawgyi } from '../../lib/zawgyi';
import { GameTiles } from './GameTiles';
import type { LaunchActor } from './launch';

export type GameListActor = ActorRefFrom<typeof gameListMachine>;

interface Props {
  list: GameListActor;
  /** Without it the tiles are pictures only (the demo lists). */
  launch?: LaunchActor;
  /** The list's name for assistive tech. */
  label: string;
  search?: boolean;
  emptyText?: string;
}

/**
 * One provider's games: the optional search box, the grid, and 'Load More' while the last page
 * was full. A failed fetch reads as 'No games found.' with a way to try again (spec §8).
 */
export function GameListView({ list, launch, label, search = false, emptyText }: Props) {
  const { t } = useTranslation();
  const view = useView(list, connectGameList);
  const { games, loading, empty, canLoadMore, failed } = view;

  return (
    <div className="flex flex-col gap-3">
      {search ? <SearchBox list={list} view={view} /> : null}
      {loading ? (
        <GameGridSkeleton label={t('common.loading')} withButton={!!launch} />
      ) : empty ? (
        <EmptyState
          icon="gamepad"
          title={emptyText ?? t('games.noGamesFound')}
          action={
            failed ? (
              <button type="button" className="btn-outline px-6" onClick={view.retry}>
                <Icon name="refresh" size={18} />
                {t('btn.tryAgain')}
              </button>
            ) : undefined
          }
        />
      ) : (
        <GameTiles games={games} launch={launch} label={label} />
      )}
      {canLoadMore && !loading ? (
        <Button variant="outline" className="mx-auto mt-1 min-w-40 px-6" busy={view.loadingMore} onClick={view.loadMore}>
          {t('games.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

function SearchBox({ list, view }: { list: GameListActor; view: ListView }) {
  const { t } = useTranslation();
  const search = (text: string) => {
    view.search(text);
    // Burmese typed on a Zawgyi phone matches once the converter is here: filter again then, with
    // the query as it is by then (the player may have typed on meanwhile).
    if (hasBurmeseLetters(text)) void loadZawgyi().then(() => connectGameList(list.getSnapshot(), list.send).refilter());
  };
  return (
    <div className="relative">
      <Icon name="search" size={20} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
      <input
        type="search"
        value={view.query}
        onChange={(e) => search(e.currentTarget.value)}
        placeholder={t('games.searchPlaceholder')}
        aria-label={t('games.searchLabel')}
        enterKeyHint="search"
        className="field pl-10"
      />
    </div>
  );
}
