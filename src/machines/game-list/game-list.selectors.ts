import type { SnapshotFrom } from 'xstate';
import { GAME_PAGE_SIZE, filterGames, type gameListMachine } from './game-list.machine';

type GameListSnapshot = SnapshotFrom<typeof gameListMachine>;

export const selectVisibleGames = (snapshot: GameListSnapshot) => filterGames(snapshot.context.games, snapshot.context.query);
export const selectQuery = (snapshot: GameListSnapshot) => snapshot.context.query;
/** The Load More button shows while the last page was full; it spins while the next one loads. */
export const selectCanLoadMore = (snapshot: GameListSnapshot) => snapshot.matches('ready') && snapshot.context.lastPageSize === GAME_PAGE_SIZE;
export const selectGamesLoading = (snapshot: GameListSnapshot) => snapshot.matches('loading');
export const selectLoadingMore = (snapshot: GameListSnapshot) => snapshot.matches({ ready: 'loadingMore' });
export const selectGamesFailed = (snapshot: GameListSnapshot) => snapshot.hasTag('error');
export const selectGamesError = (snapshot: GameListSnapshot) => snapshot.context.error;
/** 'No games found.': nothing to show (none loaded, none matching, or a failed fetch) and nothing loading. */
export const selectGamesEmpty = (snapshot: GameListSnapshot) => !snapshot.hasTag('busy') && selectVisibleGames(snapshot).length === 0;
