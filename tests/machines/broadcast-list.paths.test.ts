import { describe, expect, it } from 'vitest';
import { isSending } from '../../src/machines/broadcast-list/broadcast-list.machine';
import { selectListHasNext, selectListHasPrev, selectRereadError, selectRows, selectSendingShown } from '../../src/machines/broadcast-list/broadcast-list.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { replayPath, type LogEntry } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { broadcastListPaths } from './broadcast-list.paths';

const paths = generatePaths(broadcastListPaths);
const calls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call');
const fetches = (page: number) => [{ kind: 'call', actor: 'fetchPage', input: { page } }];

/**
 * Paging stays within the pages the server named; the page is read again every 2 seconds only
 * while a broadcast on it is still sending and the browser page shows; the rows stay on screen
 * while it is read again, and a failed re-read keeps them.
 */
const always: Effect = ({ after }) => {
  const s = after as never;
  const { page, lastPage, items } = after.context;
  expect(selectListHasNext(s)).toBe(after.matches('ready') && page < lastPage);
  expect(selectListHasPrev(s)).toBe((after.matches('ready') || after.matches('empty')) && page > 1);
  expect(selectSendingShown(s)).toBe(items.some(isSending));
  expect(page >= 1).toBe(true);
};

const turned = (by: number): Effect => ({ before, after, entries }) => {
  expect(after.context.page).toBe(before.context.page + by);
  expect(calls(entries)).toEqual(fetches(after.context.page));
};

const effects: Effects = {
  'xstate.done.actor.fetchPage': ({ step, after }) => {
    expect(selectRows(after as never)).toEqual(step.event.output.items);
    expect(after.matches(step.event.output.items.length ? 'ready' : 'empty')).toBe(true);
  },
  'xstate.error.actor.fetchPage': ({ step, after }) => {
    expect(after.matches('failed')).toBe(true);
    expect(after.context.error?.message).toBe(step.event.error.message);
  },
  'xstate.done.actor.rereadPage': ({ step, after }) => {
    expect(selectRows(after as never), 'the counts shown are the new ones').toEqual(step.event.output.items);
    expect(selectRereadError(after as never)).toBeNull();
  },
  'xstate.error.actor.rereadPage': ({ before, after }) => {
    expect(after.matches('ready'), 'the rows stay; reading goes on').toBe(true);
    expect(selectRows(after as never)).toBe(selectRows(before as never));
    expect(selectRereadError(after as never)).toBeTruthy();
  },
  'xstate.after.pollInterval.broadcastList.ready': ({ before, after, entries }) => {
    const live = !before.context.hidden && before.context.items.some(isSending);
    expect(calls(entries), live ? 'a sending broadcast: the page is read again' : 'nothing sending, or hidden: no read').toEqual(live ? fetches(before.context.page) : []);
    expect(after.matches('rereading')).toBe(live);
  },
  'list.next': turned(1),
  'list.prev': turned(-1),
  'list.retry': ({ after, entries }) => expect(calls(entries)).toEqual(fetches(after.context.page)),
  'list.refresh': ({ before, after, entries }) => {
    expect(after.context.page).toBe(before.context.page);
    expect(calls(entries)).toEqual(fetches(after.context.page));
    expect(after.matches('rereading'), 'rows on screen stay while it is read again').toBe(before.matches('ready'));
  },
  'page.hidden': ({ entries, after }) => {
    expect(calls(entries)).toEqual([]);
    expect(after.context.hidden).toBe(true);
  },
  'page.visible': ({ before, entries, after }) => {
    expect(after.context.hidden).toBe(false);
    const readsNow = before.matches('ready') && before.context.items.some(isSending);
    expect(calls(entries)).toEqual(readsNow ? fetches(before.context.page) : []);
  },
};

describe('broadcast-list: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(broadcastListPaths, path), async () => {
      await replayPath(broadcastListPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('broadcast-list', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(broadcastListPaths, paths), 'transitions in no path').toEqual([]);
  });
});
