/**
 * One reel of /reels: its video plays only while the reel is at least 90% in view and the page
 * is visible (spec §9), otherwise it is paused. The browser may refuse to start a video with
 * sound: the reel then retries muted, and when even that is refused it waits for a tap.
 * Only one reel has sound: unmuting one asks the host to mute the others (`sound.mute`).
 * Host provides: `playVideo` (starts the element; rejects when the browser refuses), `pauseVideo`,
 * `applySound` (mutes or unmutes the element), `claimSound` (mutes every other reel).
 */
import { assign, setup } from 'xstate';
import { ioActor, mustProvide } from '../shared/placeholders';

/** Spec §9: a reel plays only while at least this share of it is visible. */
export const REEL_VISIBLE_RATIO = 0.9;

export interface ReelPlayerInput {
  /** Whether the page is visible when the reel mounts (document.visibilityState). */
  pageVisible: boolean;
}

export interface ReelPlayerContext {
  /** At least 90% of the reel is in the viewport. */
  inView: boolean;
  pageVisible: boolean;
  /** Reels start muted (browsers only autoplay muted video). */
  muted: boolean;
}

export interface PlayVideoInput {
  muted: boolean;
}

export type ReelPlayerEvent =
  | { type: 'view.enter' }
  | { type: 'view.leave' }
  | { type: 'page.visible' }
  | { type: 'page.hidden' }
  | { type: 'sound.toggle' }
  | { type: 'sound.mute' }
  | { type: 'reel.tap' };

export const reelPlayerMachine = setup({
  types: {
    input: {} as ReelPlayerInput,
    context: {} as ReelPlayerContext,
    events: {} as ReelPlayerEvent,
  },
  actors: {
    playVideo: ioActor<void, PlayVideoInput>('playVideo'),
  },
  actions: {
    setInView: assign((_, params: { inView: boolean }) => ({ inView: params.inView })),
    setPageVisible: assign((_, params: { pageVisible: boolean }) => ({ pageVisible: params.pageVisible })),
    setMuted: assign((_, params: { muted: boolean }) => ({ muted: params.muted })),
    pauseVideo: () => mustProvide('pauseVideo'),
    applySound: (_, _params: { muted: boolean }) => mustProvide('applySound'),
    claimSound: () => mustProvide('claimSound'),
  },
  guards: {
    canPlay: ({ context }) => context.inView && context.pageVisible,
    cannotPlay: ({ context }) => !(context.inView && context.pageVisible),
    isMuted: ({ context }) => context.muted,
    hasSound: ({ context }) => !context.muted,
  },
}).createMachine({
  id: 'reelPlayer',
  context: ({ input }) => ({ inView: false, pageVisible: input.pageVisible, muted: true }),
  initial: 'paused',
  // What the reel knows is kept in every state; each state decides what it means (`always`).
  on: {
    'view.enter': { actions: { type: 'setInView', params: { inView: true } } },
    'view.leave': { actions: { type: 'setInView', params: { inView: false } } },
    'page.visible': { actions: { type: 'setPageVisible', params: { pageVisible: true } } },
    'page.hidden': { actions: { type: 'setPageVisible', params: { pageVisible: false } } },
    'sound.toggle': [
      {
        guard: 'isMuted',
        actions: [{ type: 'setMuted', params: { muted: false } }, { type: 'applySound', params: { muted: false } }, 'claimSound'],
      },
      { actions: [{ type: 'setMuted', params: { muted: true } }, { type: 'applySound', params: { muted: true } }] },
    ],
    'sound.mute': { guard: 'hasSound', actions: [{ type: 'setMuted', params: { muted: true } }, { type: 'applySound', params: { muted: true } }] },
  },
  states: {
    paused: {
      always: { guard: 'canPlay', target: 'starting' },
    },
    starting: {
      tags: ['busy'],
      always: { guard: 'cannotPlay', target: 'paused', actions: 'pauseVideo' },
      invoke: {
        id: 'playVideo',
        src: 'playVideo',
        input: ({ context }) => ({ muted: context.muted }),
        onDone: { target: 'playing' },
        onError: [
          // Refused with sound (autoplay policy): the same video, muted.
          {
            guard: 'hasSound',
            target: 'starting',
            reenter: true,
            actions: [{ type: 'setMuted', params: { muted: true } }, { type: 'applySound', params: { muted: true } }],
          },
          { target: 'blocked' },
        ],
      },
    },
    playing: {
      always: { guard: 'cannotPlay', target: 'paused', actions: 'pauseVideo' },
    },
    /** Even muted playback was refused (data saver, low power mode): a tap starts it. */
    blocked: {
      tags: ['error'],
      always: { guard: 'cannotPlay', target: 'paused' },
      on: { 'reel.tap': { target: 'starting' } },
    },
  },
});
