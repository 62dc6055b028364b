/** The 2D live feed's view object on a live feed: what the board, the result rows and Bet show. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toLiveSnapshot } from '../../src/api/two-d';
import type { LiveSnapshot } from '../../src/api/types';
import { connectLiveFeed } from '../../src/machines/live-feed/live-feed.connect';
import { liveFeedMachine } from '../../src/machines/live-feed/live-feed.machine';
import { flush } from '../support/path-replay';
import { liveSnapshot } from './two-d-fixtures';

function start(answer: () => Promise<LiveSnapshot>, shown: LiveSnapshot | null = null) {
  const fetchLive = fromPromise<LiveSnapshot, void>(answer);
  const actor = createActor(liveFeedMachine.provide({ actors: { fetchLive } }), { input: { snapshot: shown } }).start();
  return { actor, view: () => connectLiveFeed(actor.getSnapshot(), actor.send) };
}

describe('connectLiveFeed', () => {
  it('shows Loading during the first fetch, then the number, its rows and the server clock', async () => {
    const { actor, view } = start(async () => liveSnapshot('41', '12:01:02'));
    expect(view()).toEqual({ live: null, results: [], serverTime: null, trading: null, loading: true, error: null, unavailable: false });
    await flush();
    expect(view()).toEqual({
      live: { twod: '41', date: '2026-11-20', time: '12:01:02' },
      results: liveSnapshot().result,
      serverTime: '2026-11-20 12:01:02',
      trading: null,
      loading: false,
      error: null,
      unavailable: false,
    });
    actor.stop();
  });

  it("gives Bet the server's trading day: a weekday holiday and when betting opens (GET /live's trading)", async () => {
    const body = {
      live: { twod: '38', date: '2026-12-09', time: '16:30:00' },
      server_time: '2026-12-10 09:00:00',
      result: [],
      trading: { trading_day: false, closed_reason: 'holiday', holiday: { name: 'Constitution Day', key: 'constitutionDay', substitute: false }, opens_at: '2026-12-11 00:00:00' },
    };
    const { actor, view } = start(async () => toLiveSnapshot(body)!);
    await flush();
    expect(view().trading).toEqual({ tradingDay: false, closedReason: 'holiday', holiday: { name: 'Constitution Day', key: 'constitutionDay', substitute: false }, opensAt: '2026-12-11 00:00:00' });
    expect(view().serverTime).toBe('2026-12-10 09:00:00');
    actor.stop();
  });

  it('shows the snapshot the page came with from the first render, without Loading', () => {
    const { actor, view } = start(() => new Promise(() => {}), liveSnapshot('38'));
    expect(view()).toMatchObject({ live: liveSnapshot('38').live, loading: false, unavailable: false });
    actor.stop();
  });

  it('a failure before any number: the failure text, nothing to show (not "no results yet")', async () => {
    const { actor, view } = start(() => Promise.reject(new Error('down')));
    await flush();
    expect(view()).toEqual({ live: null, results: [], serverTime: null, trading: null, loading: false, error: 'Failed to load live data', unavailable: true });
    actor.stop();
  });

  it('a failure after a number keeps it on screen with the failure text', async () => {
    const { actor, view } = start(() => Promise.reject(new Error('down')), liveSnapshot('38'));
    await flush();
    expect(view()).toMatchObject({ live: liveSnapshot('38').live, error: 'Failed to load live data', unavailable: false, loading: false });
    actor.stop();
  });
});
