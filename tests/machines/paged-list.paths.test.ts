import { describe, expect, it, vi } from 'vitest';
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
  selectReadError,
} from '../../src/machines/paged-list/paged-list.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { flush, replayPath, type LogEntry } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { logPage } from './money-fixtures';
import { pagedListPaths, sendingPage } from './paged-list.paths';

const paths = generatePaths(pagedListPaths);
const calls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call');
const fetches = (page: number) => [{ kind: 'call', actor: 'fetchPage', input: { page } }];
/** A broadcast with messages still waiting to be handed to Telegram ("Sending…" on screen). */
const stillSending = (rows: unknown[]) => rows.some((row) => ((row as { progress?: { queued: number } }).progress?.queued ?? 0) > 0);
const rereading = (snapshot: { matches: (value: never) => boolean }) => snapshot.matches('rereading' as never);

/**
 * Paging is offered exactly within bounds, never while a page loads or after a failure; a fetch
 * starts exactly when a page starts loading or is read again; a page is read again only while it
 * shows a broadcast still sending and the browser page shows; a log never is.
 */
const always: Effect = ({ before, after, entries }) => {
  const snapshot = after as never;
  const { page, lastPage } = after.context;
  expect(selectListLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectListFailed(snapshot)).toBe(after.matches('failed'));
  expect(selectListEmpty(snapshot)).toBe(after.matches('empty'));
  expect(page >= 1 && page <= Math.max(lastPage, page), 'the page is never below 1').toBe(true);
  const shown = after.matches('ready') || rereading(after);
  const settled = shown || after.matches('empty');
  expect(after.can({ type: 'list.next' })).toBe(shown && selectHasNext(snapshot));
  expect(after.can({ type: 'list.prev' })).toBe(settled && selectHasPrev(snapshot));
  expect(after.can({ type: 'list.goto', page: lastPage + 1 }), 'no page past the end').toBe(false);
  expect(after.can({ type: 'list.goto', page: 0 }), 'no page before the first').toBe(false);
  const entered = (after.matches('loading') && !before.matches('loading')) || (rereading(after) && !rereading(before));
  expect(entries, 'a fetch starts exactly when a page starts loading or is read again').toEqual(entered ? [{ kind: 'call', actor: 'fetchPage', input: { page } }] : []);
  if (rereading(after)) expect(stillSending(after.context.items), 'only a page showing a broadcast still sending is read again').toBe(true);
  expect(selectListLoading(snapshot) && rereading(after), 'a re-read is no spinner: the rows stay as they were').toBe(false);
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
  'xstate.done.actor.fetchPage': ({ step, before, after }) => {
    const { items, page: served, lastPage: last, total } = step.event.output;
    expect(after.context, 'the page served is shown').toEqual({ items, page: served, lastPage: last, total, error: null, readError: null, hidden: before.context.hidden });
    expect(after.matches(items.length ? 'ready' : 'empty')).toBe(true);
  },
  'xstate.done.actor.rereadPage': ({ step, before, after }) => {
    const { items } = step.event.output;
    expect(selectItems(after as never), 'the counts shown are the new ones').toEqual(items);
    expect(after.context.page, 'the same page').toBe(before.context.page);
    expect(selectReadError(after as never), 'no failure shown any more').toBeNull();
    expect(after.matches(items.length ? 'ready' : 'empty')).toBe(true);
  },
  'xstate.error.actor.rereadPage': ({ step, before, after }) => {
    expect(after.matches('ready'), 'the rows stay, no error page, no retry button').toBe(true);
    expect(selectItems(after as never), 'the previous counts stay on screen').toBe(before.context.items);
    expect(selectReadError(after as never), 'it says the latest counts could not be read').toEqual(step.event.error);
    expect(selectListFailed(after as never)).toBe(false);
  },
  'xstate.after.pollInterval.pagedList.ready': ({ before, after, entries }) => {
    const live = !before.context.hidden && stillSending(before.context.items);
    expect(live, 'two seconds only matter while a broadcast shown is sending and the page shows').toBe(true);
    expect(calls(entries), 'the same page is read again').toEqual(fetches(before.context.page));
    expect(selectItems(after as never), 'its rows stay while it is read').toBe(before.context.items);
  },
  'page.hidden': ({ before, after, entries }) => {
    expect(calls(entries), 'nothing is read').toEqual([]);
    expect(after.context.hidden).toBe(true);
    expect(after.can({ type: 'xstate.after.pollInterval.pagedList.ready' } as never), 'while hidden, 2 seconds read nothing').toBe(false);
    expect(selectItems(after as never)).toBe(before.context.items);
  },
  'page.visible': ({ before, after, entries }) => {
    expect(after.context.hidden).toBe(false);
    const staleRows = before.matches('ready') && stillSending(before.context.items);
    expect(calls(entries), staleRows ? 'a broadcast still sending: its page is read at once' : 'nothing to read').toEqual(staleRows ? fetches(before.context.page) : []);
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

  it('reads a page showing a broadcast still sending every 2 s while the browser page shows; hidden, it waits; a log never is read again', async () => {
    vi.useFakeTimers();
    try {
      const asked: number[] = [];
      const fetchPage = fromPromise(async ({ input }: { input: { page: number } }): Promise<PageOf<unknown>> => (asked.push(input.page), sendingPage(input.page)));
      const live = createActor(pagedListPaths.machine.provide({ actors: { fetchPage } })).start();
      // The default guard: the same rows, but nobody asked for them to be read live.
      const plain = createActor(pagedListMachine.provide({ actors: { fetchPage } })).start();
      await flush();
      expect(asked).toEqual([1, 1]);
      await vi.advanceTimersByTimeAsync(1999);
      expect(asked, 'nothing before 2 seconds').toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked, 'the live list is read again at 2 s').toHaveLength(3);
      await vi.advanceTimersByTimeAsync(2000);
      expect(asked).toHaveLength(4);
      live.send({ type: 'page.hidden' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(asked, 'hidden: no reads').toHaveLength(4);
      live.send({ type: 'page.visible' });
      await flush();
      expect(asked, 'shown again: read at once').toHaveLength(5);
      expect(plain.getSnapshot().matches('ready'), 'the plain list shows its rows and was read once').toBe(true);
      live.stop();
      plain.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
