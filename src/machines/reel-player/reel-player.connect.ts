/**
 * One reel's view object (zag's `connect`): whether its video plays, was refused by the browser
 * (a tap starts it), or has sound; and the intents of the reel, its sound button, its place in the
 * viewport and the page's visibility. Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import { REEL_VISIBLE_RATIO, type ReelPlayerEvent, type reelPlayerMachine } from './reel-player.machine';
import { selectReelBlocked, selectReelMuted, selectReelPlaying } from './reel-player.selectors';

export interface ReelPlayerIntents {
  /** At least `visibleRatio` of the reel came into view (true) or left it (false). */
  setInView: (inView: boolean) => void;
  /** The page was hidden or shown again. */
  setPageHidden: (hidden: boolean) => void;
  /** Mute or unmute (unmuting mutes every other reel). */
  toggleSound: () => void;
  /** The tap that starts a video the browser refused to autoplay. */
  tap: () => void;
}

export interface ReelPlayerView extends ReelPlayerIntents {
  playing: boolean;
  /** The browser refused to start the video: the reel offers a tap to play. */
  blocked: boolean;
  muted: boolean;
  /** The share of the reel that must be in view for it to play (spec §9). */
  visibleRatio: number;
}

type ReelPlayerSend = (event: ReelPlayerEvent) => void;

const intentsOf = intentsPerActor(
  (send: ReelPlayerSend): ReelPlayerIntents => ({
    setInView: (inView) => send({ type: inView ? 'view.enter' : 'view.leave' }),
    setPageHidden: (hidden) => send({ type: hidden ? 'page.hidden' : 'page.visible' }),
    toggleSound: () => send({ type: 'sound.toggle' }),
    tap: () => send({ type: 'reel.tap' }),
  }),
);

export function connectReelPlayer(snapshot: SnapshotFrom<typeof reelPlayerMachine>, send: ReelPlayerSend): ReelPlayerView {
  return {
    playing: selectReelPlaying(snapshot),
    blocked: selectReelBlocked(snapshot),
    muted: selectReelMuted(snapshot),
    visibleRatio: REEL_VISIBLE_RATIO,
    ...intentsOf(send),
  };
}
