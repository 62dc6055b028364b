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
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
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

function always({ step, before, after, entries }: ReplayedStep) {
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

  const expectedCall: FetchGamesInput[] =
    after.matches('loading') && !before.matches('loading')
      ? [{ typeId, providerId, page: 1 }]
      : loadingMore(after) && !loadingMore(before)
        ? [{ typeId, providerId, page: before.context.page + 1 }]
        : [];
  expect(calls(entries).map((c) => c.input), 'a fetch starts exactly when a page starts loading').toEqual(expectedCall);
  if (step.event.type !== 'xstate.error.actor.fetchGames') expect(actions(entries)).toEqual([]);
}

/** What each event does, from the spec (§4 Game list: page 1 first, Load More appends only new ids, shown only after a full page of 20). */
const effects: Effects = {
  'search.change': ({ step, before, after, entries }) => {
    expect(after.context.query).toBe(step.event.query);
    expect(entries, 'search never calls the server').toEqual([]);
    expect(after.value).toEqual(before.value);
    expect(after.context.games, 'search filters what is loaded, it loads nothing').toBe(before.context.games);
  },
  'list.more': ({ before, after, entries }) => {
    expect(before.context.lastPageSize, 'Load More only after a full page').toBe(20);
    expect(loadingMore(after)).toBe(true);
    expect(calls(entries).map((c) => (c.input as FetchGamesInput).page), 'the next page').toEqual([before.context.page + 1]);
  },
  'list.retry': ({ after, entries }) => {
    expect(after.matches('loading')).toBe(true);
    expect(calls(entries).map((c) => (c.input as FetchGamesInput).page), 'a retry starts again at page 1').toEqual([1]);
  },
  'xstate.done.actor.fetchGames': ({ step, before, after }) => {
    const shown = new Set(ids(before.context.games));
    const fresh = ids(step.event.output as Game[]).filter((id) => !shown.has(id));
    expect(ids(after.context.games), 'Load More appends only games not already shown').toEqual([...shown, ...fresh]);
    expect(after.context.lastPageSize).toBe((step.event.output as Game[]).length);
    expect(after.context.page).toBe(before.matches('loading') ? 1 : before.context.page + 1);
  },
  'xstate.error.actor.fetchGames': ({ step, before, after, entries }) => {
    expect(actions(entries), 'a failure is only logged').toEqual([{ name: 'logError', params: { error: step.event.error } }]);
    expect(after.context.games).toBe(before.context.games);
    expect(after.context.page, 'the page that failed is asked again').toBe(before.context.page);
  },
};

describe('game-list: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(gameListPaths, path), async () => {
      await replayPath(gameListPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(gameListPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('game-list', effects, paths);
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
