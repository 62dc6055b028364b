/**
 * The 2D live feed (/2d): fetches GET /live at once, then every `pollInterval` (2 s) in the
 * shared polling loop (../shared/poll.ts: fetching → waiting → fetching); pauses while the page
 * is hidden and fetches at once when it shows again. A failure keeps the last snapshot and
 * polling goes on.
 * Host provides: `fetchLive`; sends `page.hidden` / `page.visible` (document visibility).
 * Input (optional): the snapshot the page came with (the server's first screen embeds the feed,
 * docs/decisions/0016), shown from the first render while the first fetch refreshes it.
 * Emits nothing: the view reads the snapshot through the selectors.
 */
import { assign, setup } from 'xstate';
import type { LiveSnapshot } from '../../api/types';
import { LIVE_FAILED } from '../../lib/two-d/messages';
import { ioActor } from '../shared/placeholders';
import { pollLoop } from '../shared/poll';

export interface LiveFeedContext {
  /** The last snapshot that arrived; kept through later failures. */
  snapshot: LiveSnapshot | null;
  /** 'Failed to load live data' after a failed fetch, until the next one succeeds. */
  error: string | null;
  /** Failed fetches in a row. */
  failures: number;
}

export interface LiveFeedInput {
  snapshot?: LiveSnapshot | null;
}

export type LiveFeedEvent = { type: 'page.hidden' } | { type: 'page.visible' };

const liveFeed = setup({
  types: {
    context: {} as LiveFeedContext,
    events: {} as LiveFeedEvent,
    input: {} as LiveFeedInput | void,
  },
  actors: {
    fetchLive: ioActor<LiveSnapshot, void>('fetchLive'),
  },
  actions: {
    storeSnapshot: assign((_, params: { snapshot: LiveSnapshot }) => ({ snapshot: params.snapshot, error: null, failures: 0 })),
    storeFailure: assign(({ context }) => ({ error: LIVE_FAILED, failures: context.failures + 1 })),
  },
  delays: {
    pollInterval: 2000,
  },
});

/** One poll of GET /live: an answer replaces what is shown, a failure keeps it and says so. */
const fetching = liveFeed.createStateConfig({
  invoke: {
    id: 'fetchLive',
    src: 'fetchLive',
    onDone: { actions: { type: 'storeSnapshot', params: ({ event }) => ({ snapshot: event.output }) } },
    onError: { actions: 'storeFailure' },
  },
});

export const liveFeedMachine = liveFeed.createMachine({
  id: 'liveFeed',
  context: ({ input }) => ({ snapshot: (input && input.snapshot) ?? null, error: null, failures: 0 }),
  ...pollLoop(fetching),
});
