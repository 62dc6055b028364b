/**
 * One provider's game grid's view object: the games matching the search, loading, Load More, the
 * empty or failed list, and the intents (load more, retry, search).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { GameListEvent, gameListMachine } from './game-list.machine';
import {
  selectCanLoadMore,
  selectGamesEmpty,
  selectGamesError,
  selectGamesFailed,
  selectGamesLoading,
  selectLoadingMore,
  selectQuery,
  selectVisibleGames,
} from './game-list.selectors';

type GameListSnapshot = SnapshotFrom<typeof gameListMachine>;
type Send = (event: GameListEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  loadMore: () => send({ type: 'list.more' }),
  retry: () => send({ type: 'list.retry' }),
  /** Filters the loaded games; never fetches. */
  search: (query: string) => send({ type: 'search.change', query }),
}));

export function connectGameList(snapshot: GameListSnapshot, send: Send) {
  const query = selectQuery(snapshot);
  return {
    games: selectVisibleGames(snapshot),
    query,
    loading: selectGamesLoading(snapshot),
    loadingMore: selectLoadingMore(snapshot),
    canLoadMore: selectCanLoadMore(snapshot),
    empty: selectGamesEmpty(snapshot),
    failed: selectGamesFailed(snapshot),
    error: selectGamesError(snapshot),
    /**
     * Filters again with the query of this snapshot: after the Zawgyi converter arrived, the same
     * words may now match (src/lib/zawgyi.ts).
     */
    refilter: () => send({ type: 'search.change', query }),
    ...intents(send),
  };
}

export type GameListView = ReturnType<typeof connectGameList>;
