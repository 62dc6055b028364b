/**
 * The 2D live feed's view object: the live number, today's result rows, the server's clock,
 * whether the first fetch is still loading, and the failure text. The feed takes no intent from
 * a view (it polls by itself; the page's visibility is forwarded by the screen), so `send` is unused.
 */
import type { SnapshotFrom } from 'xstate';
import type { LiveFeedEvent, liveFeedMachine } from './live-feed.machine';
import { selectLive, selectLiveError, selectLiveLoading, selectLiveResults, selectServerTime, selectTrading } from './live-feed.selectors';

type LiveFeedSnapshot = SnapshotFrom<typeof liveFeedMachine>;
type Send = (event: LiveFeedEvent) => void;

export function connectLiveFeed(snapshot: LiveFeedSnapshot, _send: Send) {
  const live = selectLive(snapshot);
  const loading = selectLiveLoading(snapshot);
  return {
    /** The live number with its date and time; null until the first snapshot. */
    live,
    /** Today's result rows (empty until the first snapshot). */
    results: selectLiveResults(snapshot),
    /** The server's clock of the last snapshot (betting closes by it); null before one. */
    serverTime: selectServerTime(snapshot),
    /** Whether today trades (weekend, holiday) and when betting opens next, by the server; null before a snapshot or from a legacy server. */
    trading: selectTrading(snapshot),
    /** Only during the first fetch: nothing arrived and nothing failed yet. */
    loading,
    /** 'Failed to load live data' after a failed fetch, until one succeeds (the last number stays). */
    error: selectLiveError(snapshot),
    /** The feed failed before any number arrived: there is nothing to show, not "no results yet". */
    unavailable: live === null && !loading,
  };
}

export type LiveFeedView = ReturnType<typeof connectLiveFeed>;
