import type { SnapshotFrom } from 'xstate';
import type { reelPlayerMachine } from './reel-player.machine';

type ReelPlayerSnapshot = SnapshotFrom<typeof reelPlayerMachine>;

export const selectReelPlaying = (snapshot: ReelPlayerSnapshot) => snapshot.matches('playing');
/** The browser refused to start the video: the reel offers a tap to play. */
export const selectReelBlocked = (snapshot: ReelPlayerSnapshot) => snapshot.matches('blocked');
export const selectReelMuted = (snapshot: ReelPlayerSnapshot) => snapshot.context.muted;
