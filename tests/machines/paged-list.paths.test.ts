import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import type { PageOf } from '../../src/api/types';
import { pagedListMachine } from '../../src/machines/paged-list/paged-list.machine';
import {
  selectHasNext,
  selectHasPrev,
  selectItems,
  selectListEmpty,
  selectListFailed,
  selectListLoading,
} from '../../src/machines/paged-list/paged-list.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { flush, replayPath } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { logPage } from './money-fixtures';
import { pagedListPaths } from './paged-list.paths';

const paths = generatePaths(pagedListPaths);

/** Paging is offered exactly within bounds, never while a page loads or after a failure; a fetch starts exactly when a page starts loading. */
const always: Effect = ({ before, after, entries }) => {
  const snapshot = after as never;
  const { page, lastPage } = after.context;
  expect(selectListLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectListFailed(snapshot)).toBe(after.matches('failed'));
  expect(selectListEmpty(snapshot)).toBe(after.matches('empty'));
  expect(page >= 1 && page <= Math.max(lastPage, page), 'the page is never below 1').toBe(true);
  const settled = after.matches('ready') || after.matches('empty');
  expect(after.can({ type: 'list.next' })).toBe(after.matches('ready') && selectHasNext(snapshot));
  expect(after.can({ type: 'list.prev' })).toBe(settled && selectHasPrev(snapshot));
  expect(after.can({ type: 'list.goto', page: lastPage + 1 }), 'no page past the end').toBe(false);
  expect(after.can({ type: 'list.goto', page: 0 }), 'no page before the first').toBe(false);
  const entered = after.matches('loading') && !before.matches('loading');
  expect(entries, 'a fetch starts exactly when a page starts loading').toEqual(entered ? [{ kind: 'call', actor: 'fetchPage', input: { page } }] : []);
};

/** Where an intent turns the page, and that it loads it. */
const turnsTo =
  (to: (page: number, event: AnyEventObject) => number, what: string): Effect =>
  ({ step, before, after }) => {
    expect(after.context.page, what).toBe(to(before.context.page, step.event));
    expect(after.matches('loading'), `${what}: that page loads`).toBe(true);
  };

const effects: Effects = {
  'list.next': turnsTo((page) => page + 1, 'next turns one page on'),
  'list.prev': turnsTo((page) => page - 1, 'previous turns one page back'),
  'list.goto': turnsTo((_, event) => event.page as number, 'a page number opens that page'),
  'list.refresh': turnsTo((page) => page, 'a refresh reloads the same page'),
  'list.retry': turnsTo((page) => page, 'a retry reloads the same page'),
  'xstate.done.actor.fetchPage': ({ step, after }) => {
    const { items, page: served, lastPage: last, total } = step.event.output;
    expect(after.context, 'the page served is shown').toEqual({ items, page: served, lastPage: last, total, error: null });
    expect(after.matches(items.length ? 'ready' : 'empty')).toBe(true);
  },
  'xstate.error.actor.fetchPage': ({ step, before, after }) => {
    expect(after.context.error).toEqual(step.event.error);
    expect(selectItems(after as never), 'rows already shown stay').toBe(before.context.items);
  },
};

describe('paged-list: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(pagedListPaths, path), async () => {
      await replayPath(pagedListPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('paged-list', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(pagedListPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('paged-list: behaviour', () => {
  it('treats a plain list as one page and opens at page 1 without input', async () => {
    const machine = pagedListMachine.provide({
      actors: { fetchPage: fromPromise(async (): Promise<PageOf<unknown>> => ({ items: ['a', 'b'], page: 1, lastPage: 1, total: 2 })) },
    });
    const actor = createActor(machine).start();
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ items: ['a', 'b'], page: 1, lastPage: 1 });
    expect(actor.getSnapshot().can({ type: 'list.next' })).toBe(false);
  });

  it('ignores paging while a page is loading', async () => {
    const asked: number[] = [];
    const machine = pagedListMachine.provide({
      actors: { fetchPage: fromPromise(async ({ input }: { input: { page: number } }) => (asked.push(input.page), logPage(input.page))) },
    });
    const actor = createActor(machine).start();
    await flush();
    actor.send({ type: 'list.next' });
    actor.send({ type: 'list.next' });
    await flush();
    expect(asked).toEqual([1, 2]);
  });
});
