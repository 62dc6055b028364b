import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Game } from '../../src/api/types';
import { gameListMachine, type FetchGamesInput, type GameListContext } from '../../src/machines/game-list/game-list.machine';
import {
  selectCanLoadMore,
  selectGamesEmpty,
  selectGamesFailed,
  selectGamesLoading,
  selectLoadingMore,
  selectVisibleGames,
} from '../../src/machines/game-list/game-list.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { game, nextGames } from './game-fixtures';
import { gameListPaths } from './game-list.paths';

const paths = generatePaths(gameListPaths);

const ids = (games: Game[]) => games.map((g) => g.id);
const calls = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' ? [e] : []));
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const loadingMore = (s: { matches: (v: never) => boolean }) => s.matches({ ready: 'loadingMore' } as never);

function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const snapshot = after as never;
  const { games, query, lastPageSize, typeId, providerId } = after.context as GameListContext;

  expect(new Set(ids(games)).size, 'no game is ever shown twice').toBe(games.length);
  expect(ids(games.slice(0, before.context.games.length)), 'games already shown stay, in order').toEqual(
    after.matches('loading') ? ids(games) : ids(before.context.games),
  );
  expect(selectVisibleGames(snapshot)).toEqual(games.filter((g) => g.gameName.toLowerCase().includes(query.toLowerCase())));
  expect(selectGamesLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectLoadingMore(snapshot)).toBe(loadingMore(after));
  expect(selectGamesFailed(snapshot)).toBe(after.matches('failed'));
  expect(selectGamesEmpty(snapshot), "'No games found.' when nothing is visible and nothing loads").toBe(
    !after.hasTag('busy') && selectVisibleGames(snapshot).length === 0,
  );
  if (after.matches('failed')) expect(selectGamesEmpty(snapshot), 'a failure shows the empty text').toBe(true);
  // Load More: offered exactly after a page of exactly 20, never while loading.
  expect(after.can({ type: 'list.more' })).toBe(after.matches({ ready: 'idle' }) && lastPageSize === 20);
  expect(selectCanLoadMore(snapshot)).toBe(after.matches('ready') && lastPageSize === 20);
  if (event.type === 'list.more') expect(before.context.lastPageSize, 'Load More only after a full page').toBe(20);

  const expectedCall: FetchGamesInput[] =
    after.matches('loading') && !before.matches('loading')
      ? [{ typeId, providerId, page: 1 }]
      : loadingMore(after) && !loadingMore(before)
        ? [{ typeId, providerId, page: before.context.page + 1 }]
        : [];
  expect(calls(entries).map((c) => c.input), 'a fetch starts exactly when a page starts loading').toEqual(expectedCall);
  if (event.type === 'search.change') {
    expect(entries, 'search never calls the server').toEqual([]);
    expect(after.value).toEqual(before.value);
  }

  if (event.type === 'xstate.done.actor.fetchGames') {
    const shown = new Set(ids(before.context.games));
    const fresh = ids(event.output as Game[]).filter((id) => !shown.has(id));
    expect(ids(games), 'Load More appends only games not already shown').toEqual([...shown, ...fresh]);
    expect(lastPageSize).toBe((event.output as Game[]).length);
    expect(after.context.page).toBe(before.matches('loading') ? 1 : before.context.page + 1);
  }
  if (event.type === 'xstate.error.actor.fetchGames') {
    expect(actions(entries), 'a failure is only logged').toEqual([{ name: 'logError', params: { error: event.error } }]);
    expect(games).toBe(before.context.games);
    expect(after.context.page, 'the page that failed is asked again').toBe(before.context.page);
  } else {
    expect(actions(entries)).toEqual([]);
  }
}

describe('game-list: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(gameListPaths, path), async () => {
      await replayPath(gameListPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(gameListPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('game-list: behaviour', () => {
  function start(pages: Game[][]) {
    const asked: FetchGamesInput[] = [];
    const machine = gameListMachine.provide({
      actors: { fetchGames: fromPromise(async ({ input }: { input: FetchGamesInput }) => (asked.push(input), pages.shift() ?? [])) },
      actions: { logError: () => {} },
    });
    return { actor: createActor(machine, { input: { typeId: 1, providerId: 3 } }).start(), asked };
  }

  it('pages until a short page, skipping ids already shown, and ignores a second press while loading', async () => {
    const first = nextGames([], 20);
    const second = [game(20), game(3), ...nextGames(first, 18)];
    const { actor, asked } = start([first, second, [game(38), game(39)]]);
    await flush();
    actor.send({ type: 'list.more' });
    actor.send({ type: 'list.more' });
    await flush();
    expect(ids(actor.getSnapshot().context.games)).toEqual([...ids(first), ...ids(nextGames(first, 18))]);
    actor.send({ type: 'list.more' });
    await flush();
    expect(ids(actor.getSnapshot().context.games), 'a short last page adds only its new game').toEqual([...ids(first), ...ids(nextGames(first, 19))]);
    expect(asked.map((a) => a.page)).toEqual([1, 2, 3]);
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false);
  });

  it('filters loaded games by name, case-insensitively, without fetching', async () => {
    const { actor, asked } = start([nextGames([], 10)]);
    await flush();
    actor.send({ type: 'search.change', query: 'dRaGoN' });
    expect(selectVisibleGames(actor.getSnapshot()).map((g) => g.gameName)).toEqual(['Dragon Tiger 1', 'Dragon Tiger 6']);
    actor.send({ type: 'search.change', query: 'nothing like it' });
    expect(selectGamesEmpty(actor.getSnapshot())).toBe(true);
    expect(asked).toHaveLength(1);
  });
});
