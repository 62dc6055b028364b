/**
 * The game grid of one type and provider (Home with ?type&provider): page 1 on start, Load More
 * appends the next page while the last one was full (exactly 20), search filters the loaded games
 * on the client. A failed fetch is only logged; the view shows 'No games found.' and may retry.
 * Host provides: `fetchGames` (GET /game_lists/{typeId}/{providerId}?page=), `logError`.
 * Spawn one actor per type and provider (key the view on both).
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo, Game } from '../../api/types';
import { toUnicodeIfLoaded } from '../../lib/zawgyi';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export const GAME_PAGE_SIZE = 20;

export interface GameListInput {
  typeId: number;
  providerId: number;
}

export interface GameListContext {
  typeId: number;
  providerId: number;
  games: Game[];
  /** The last page loaded (1 while the first loads). */
  page: number;
  /** How many games the last page returned; Load More only after a full page. */
  lastPageSize: number;
  query: string;
  error: ApiErrorInfo | null;
}

export type GameListEvent = { type: 'list.more' } | { type: 'list.retry' } | { type: 'search.change'; query: string };

export interface FetchGamesInput {
  typeId: number;
  providerId: number;
  page: number;
}

/** `games` then every game of `page` whose id is not there yet (nor earlier in `page`). */
export function withNewGames(games: Game[], page: Game[]): Game[] {
  const seen = new Set(games.map((game) => game.id));
  const added = page.filter((game) => !seen.has(game.id) && (seen.add(game.id), true));
  return added.length ? [...games, ...added] : games;
}

let lastFilter: { games: Game[]; needle: string; visible: Game[] } | null = null;

/**
 * The loaded games whose name contains `query`, case-insensitively (the same array for the same
 * arguments). A query typed in Zawgyi matches the Unicode names once the converter is loaded
 * (the search box loads it: src/lib/zawgyi.ts).
 */
export function filterGames(games: Game[], query: string): Game[] {
  const needle = toUnicodeIfLoaded(query.trim()).toLocaleLowerCase();
  if (lastFilter && lastFilter.games === games && lastFilter.needle === needle) return lastFilter.visible;
  const visible = needle ? games.filter((game) => game.gameName.toLocaleLowerCase().includes(needle)) : games;
  lastFilter = { games, needle, visible };
  return visible;
}

const storeError = {
  type: 'storeError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;
const logError = {
  type: 'logError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: toErrorInfo(event.error) }),
} as const;

export const gameListMachine = setup({
  types: {
    input: {} as GameListInput,
    context: {} as GameListContext,
    events: {} as GameListEvent,
  },
  actors: {
    fetchGames: ioActor<Game[], FetchGamesInput>('fetchGames'),
  },
  actions: {
    storePage: assign(({ context }, params: { page: number; games: Game[] }) => ({
      games: withNewGames(params.page === 1 ? [] : context.games, params.games),
      page: params.page,
      lastPageSize: params.games.length,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    changeQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    logError: (_, _params: { error: ApiErrorInfo }) => mustProvide('logError'),
  },
  guards: {
    lastPageWasFull: ({ context }) => context.lastPageSize === GAME_PAGE_SIZE,
  },
}).createMachine({
  id: 'gameList',
  context: ({ input }) => ({
    typeId: input.typeId,
    providerId: input.providerId,
    games: [],
    page: 1,
    lastPageSize: 0,
    query: '',
    error: null,
  }),
  initial: 'loading',
  // Search is client-side over what is loaded: typing never fetches, in any state.
  on: {
    'search.change': { actions: { type: 'changeQuery', params: ({ event }) => ({ query: event.query }) } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchGames',
        src: 'fetchGames',
        input: ({ context }) => ({ typeId: context.typeId, providerId: context.providerId, page: 1 }),
        onDone: { target: 'ready', actions: { type: 'storePage', params: ({ event }) => ({ page: 1, games: event.output }) } },
        onError: { target: 'failed', actions: [storeError, logError] },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'list.more': { guard: 'lastPageWasFull', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'fetchGames',
            src: 'fetchGames',
            input: ({ context }) => ({ typeId: context.typeId, providerId: context.providerId, page: context.page + 1 }),
            onDone: {
              target: 'idle',
              actions: { type: 'storePage', params: ({ context, event }) => ({ page: context.page + 1, games: event.output }) },
            },
            // The games shown stay; the page was not loaded, so Load More asks for it again.
            onError: { target: 'idle', actions: [storeError, logError] },
          },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'list.retry': { target: 'loading' } },
    },
  },
});
