import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LiveSnapshot } from '../../src/api/types';
import { liveFeedMachine } from '../../src/machines/live-feed/live-feed.machine';
import {
  selectLive,
  selectLiveError,
  selectLiveLoading,
  selectLiveResults,
  selectServerTime,
} from '../../src/machines/live-feed/live-feed.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { liveFeedPaths } from './live-feed.paths';
import { liveSnapshot } from './two-d-fixtures';

const paths = generatePaths(liveFeedPaths);
const fetches = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call' && e.actor === 'fetchLive').length;

function always({ before, after, entries }: ReplayedStep) {
  const snapshot = after as never;
  const fetching = after.matches({ visible: 'fetching' });
  expect(fetches(entries), 'a fetch starts exactly when the machine enters fetching').toBe(fetching && !before.matches({ visible: 'fetching' }) ? 1 : 0);
  if (after.matches('hidden')) expect(fetches(entries), 'polling stops while hidden').toBe(0);
  expect(entries.filter((e) => e.kind !== 'call'), 'the feed tells nobody anything').toEqual([]);
  expect(selectLive(snapshot)).toBe(after.context.snapshot?.live ?? null);
  expect(selectLiveResults(snapshot)).toEqual(after.context.snapshot?.result ?? []);
  expect(selectServerTime(snapshot)).toBe(after.context.snapshot?.serverTime ?? null);
  expect(selectLiveLoading(snapshot), 'Loading only before anything arrived or failed').toBe(after.context.snapshot === null && after.context.error === null);
  expect(selectLiveError(snapshot)).toBe(after.context.error);
}

/** A poll of GET /live starts now; what is shown stays until it answers. */
const fetchesNow = ({ before, after, entries }: ReplayedStep) => {
  expect(after.matches({ visible: 'fetching' })).toBe(true);
  expect(fetches(entries)).toBe(1);
  expect(after.context).toEqual(before.context);
};

/** What each event does, from the spec (§2 2D lottery: the live number polled every 2 s; 'Failed to load live data'). */
const effects: Effects = {
  'xstate.done.actor.fetchLive': ({ step, after }) => {
    expect(after.context).toEqual({ snapshot: step.event.output, error: null, failures: 0 });
    expect(after.matches({ visible: 'waiting' }), 'the next poll is due').toBe(true);
  },
  'xstate.error.actor.fetchLive': ({ before, after }) => {
    expect(after.context.error).toBe('Failed to load live data');
    expect(after.context.snapshot, 'a failure keeps the last snapshot').toBe(before.context.snapshot);
    expect(after.context.failures).toBe(before.context.failures + 1);
    expect(after.matches({ visible: 'waiting' }), 'polling goes on after a failure').toBe(true);
  },
  'xstate.after.pollInterval.liveFeed.visible.waiting': fetchesNow,
  'page.hidden': ({ before, after, entries }) => {
    expect(after.matches('hidden')).toBe(true);
    expect(fetches(entries)).toBe(0);
    expect(after.context, 'hiding keeps what is shown').toEqual(before.context);
  },
  'page.visible': fetchesNow,
};

describe('live-feed: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(liveFeedPaths, path), async () => {
      await replayPath(liveFeedPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(liveFeedPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('live-feed', effects, paths);
});

describe('live-feed: polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(answer: () => Promise<LiveSnapshot>) {
    let count = 0;
    const fetchLive = fromPromise<LiveSnapshot, void>(() => ((count += 1), answer()));
    const actor = createActor(liveFeedMachine.provide({ actors: { fetchLive } })).start();
    return { actor, fetched: () => count };
  }

  it('fetches at once, then every 2 seconds, not sooner, and not at all while hidden', async () => {
    const { actor, fetched } = start(async () => liveSnapshot());
    await flush();
    expect(fetched()).toBe(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetched()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched()).toBe(2);
    await vi.advanceTimersByTimeAsync(2000 * 5);
    expect(fetched()).toBe(7);
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetched()).toBe(7);
    actor.send({ type: 'page.visible' });
    await flush();
    expect(fetched()).toBe(8);
    actor.stop();
  });

  it('an answer that arrives after the page hid is dropped; the next visible fetch brings it', async () => {
    let resolve: (s: LiveSnapshot) => void = () => {};
    const { actor } = start(() => new Promise((r) => (resolve = r)));
    actor.send({ type: 'page.hidden' });
    resolve(liveSnapshot());
    await flush();
    expect(actor.getSnapshot().context.snapshot).toBeNull();
    actor.send({ type: 'page.visible' });
    resolve(liveSnapshot('41'));
    await flush();
    expect(selectLive(actor.getSnapshot())?.twod).toBe('41');
    actor.stop();
  });

  it('keeps polling through failures, keeping the last number, and recovers', async () => {
    let fail = false;
    const { actor } = start(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(liveSnapshot())));
    await flush();
    fail = true;
    await vi.advanceTimersByTimeAsync(2000 * 3);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Failed to load live data', failures: 3, snapshot: liveSnapshot() });
    fail = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, failures: 0 });
    actor.stop();
  });
});
