import type { SnapshotFrom } from 'xstate';
import type { liveFeedMachine } from './live-feed.machine';

type LiveFeedSnapshot = SnapshotFrom<typeof liveFeedMachine>;

/** The live number, its date and time; null until the first snapshot. */
export const selectLive = (snapshot: LiveFeedSnapshot) => snapshot.context.snapshot?.live ?? null;
const NO_RESULTS: never[] = [];
export const selectLiveResults = (snapshot: LiveFeedSnapshot) => snapshot.context.snapshot?.result ?? NO_RESULTS;
export const selectServerTime = (snapshot: LiveFeedSnapshot) => snapshot.context.snapshot?.serverTime ?? null;
/** 'Loading' shows only during the first fetch: nothing arrived yet and nothing failed yet. */
export const selectLiveLoading = (snapshot: LiveFeedSnapshot) => snapshot.context.snapshot === null && snapshot.context.error === null;
/** 'Failed to load live data' after a failed fetch (the last snapshot, if any, still shows). */
export const selectLiveError = (snapshot: LiveFeedSnapshot) => snapshot.context.error;
/** Today's trading and the next opening as the server knows them (its holidays); null from a legacy server. */
export const selectTrading = (snapshot: LiveFeedSnapshot) => snapshot.context.snapshot?.trading ?? null;
