/** Path model of liveFeedMachine: the 2 s poll of /live, failures, and the page hiding/showing. */
import type { SnapshotFrom } from 'xstate';
import { liveFeedMachine } from '../../src/machines/live-feed/live-feed.machine';
import { after, apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { liveSnapshot } from './two-d-fixtures';

type LiveFeedSnapshot = SnapshotFrom<typeof liveFeedMachine>;

function events({ context }: LiveFeedSnapshot): PhrasedEvent[] {
  // Phrases say whether a snapshot is already shown: a failure then keeps it (its own node).
  const shown = context.snapshot ? ' (the last number stays)' : '';
  return [
    ['the feed answers with the live number', done('fetchLive', liveSnapshot(context.snapshot ? '39' : '38', context.snapshot ? '12:01:02' : '12:01:00'))],
    [`the network fails${shown}`, failed('fetchLive', networkDown)],
    [`the feed fails (500)${shown}`, failed('fetchLive', apiError(500, 'Something Went Wrong!'))],
    ['2 seconds pass', after('pollInterval', 'liveFeed.visible.waiting')],
    ['the page is hidden', { type: 'page.hidden' }],
    ['the page shows again', { type: 'page.visible' }],
  ];
}

function describeState(snapshot: LiveFeedSnapshot): string {
  const { snapshot: live, error } = snapshot.context;
  const shown = live ? `live number ${live.live.twod} at ${live.live.time}` : 'no number yet';
  const failing = error ? `, showing "${error}"` : '';
  if (snapshot.matches('hidden')) return `polling is paused while the page is hidden (${shown}${failing})`;
  if (snapshot.matches({ visible: 'fetching' })) return live || error ? `the feed is being fetched (${shown}${failing})` : '"Loading" while the first fetch runs';
  return `the next poll is due in 2 seconds (${shown}${failing})`;
}

export const liveFeedPaths = definePathModel({
  name: 'live-feed',
  title: '2D live feed (/2d)',
  source: 'src/machines/live-feed/live-feed.machine.ts',
  machine: liveFeedMachine,
  starts: [{ name: 'the 2D page opening', input: undefined }],
  events,
  describeState,
});
