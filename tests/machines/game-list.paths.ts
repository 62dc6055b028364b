/** Path model of gameListMachine: the first page, Load More (full, overlapping, last pages), search, failures. */
import type { SnapshotFrom } from 'xstate';
import { gameListMachine } from '../../src/machines/game-list/game-list.machine';
import { selectVisibleGames } from '../../src/machines/game-list/game-list.selectors';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { nextGames, overlappingPage } from './game-fixtures';

type GameListSnapshot = SnapshotFrom<typeof gameListMachine>;

/** Typing is possible in every state; search is only ever client-side. */
const searching: PhrasedEvent[] = [
  ['they type "DRAGON" in the search box', { type: 'search.change', query: 'DRAGON' }],
  ['they clear the search box', { type: 'search.change', query: '' }],
];

function events(snapshot: GameListSnapshot): PhrasedEvent[] {
  const { games } = snapshot.context;
  if (snapshot.matches('loading')) {
    return [
      ['the server returns a full page of 20 games', done('fetchGames', nextGames([], 20))],
      ['the server returns 7 games, the only page', done('fetchGames', nextGames([], 7))],
      ['the server returns no games', done('fetchGames', [])],
      ['the network fails, which is only logged', failed('fetchGames', networkDown)],
      ['the server fails (500), which is only logged', failed('fetchGames', apiError(500, 'Something Went Wrong!'))],
      ...searching,
    ];
  }
  if (snapshot.matches({ ready: 'loadingMore' })) {
    return [
      ['the server returns the next 20 games', done('fetchGames', nextGames(games, 20))],
      ['the server returns 20 games, 5 of them already shown', done('fetchGames', overlappingPage(games))],
      ['the server returns 3 more games, the last page', done('fetchGames', nextGames(games, 3))],
      ['the network fails, which is only logged', failed('fetchGames', networkDown)],
      ...searching,
    ];
  }
  return [['they press Load More', { type: 'list.more' }], ['they retry', { type: 'list.retry' }], ...searching];
}

function describeState(snapshot: GameListSnapshot): string {
  const { games, page, lastPageSize, query } = snapshot.context;
  const visible = selectVisibleGames(snapshot).length;
  const search = query ? `, ${visible} matching "${query}"` : '';
  if (snapshot.matches('loading')) return `the first page of games is loading (spinner)${search}`;
  if (snapshot.matches('failed')) return `the fetch failed and was logged; the grid shows 'No games found.'`;
  if (snapshot.matches({ ready: 'loadingMore' })) return `${games.length} games shown, page ${page + 1} is loading (Load More busy)${search}`;
  const more = lastPageSize === 20 ? 'Load More is shown' : 'no Load More';
  return games.length ? `${games.length} games shown after page ${page}${search}, ${more}` : `the grid shows 'No games found.'`;
}

export const gameListPaths = definePathModel({
  name: 'game-list',
  title: 'Game grid of a type and provider (Home, ?type&provider)',
  source: 'src/machines/game-list/game-list.machine.ts',
  machine: gameListMachine,
  starts: [{ name: 'slots by JILI', input: { typeId: 1, providerId: 3 } }],
  events,
  describeState,
});
