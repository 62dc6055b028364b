import type { ActorRefFrom } from 'xstate';
import type { liveFeedMachine } from '../../machines/live-feed/live-feed.machine';

export type LiveFeedActor = ActorRefFrom<typeof liveFeedMachine>;
