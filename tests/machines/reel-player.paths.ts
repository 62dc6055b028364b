/**
 * Path model of reelPlayerMachine: a reel plays only while ≥ 90% in view on a visible page; a
 * refused start retries muted, then waits for a tap; one reel at a time has sound.
 */
import type { SnapshotFrom } from 'xstate';
import { reelPlayerMachine } from '../../src/machines/reel-player/reel-player.machine';
import { definePathModel, done, failed, type PhrasedEvent } from '../support/paths';

type ReelPlayerSnapshot = SnapshotFrom<typeof reelPlayerMachine>;

/** What HTMLMediaElement.play() rejects with under an autoplay policy. */
export const autoplayRefused = { name: 'NotAllowedError', message: 'play() failed because the user did not interact with the document first.' };

function events(snapshot: ReelPlayerSnapshot): PhrasedEvent[] {
  const { inView, pageVisible, muted } = snapshot.context;
  const out: PhrasedEvent[] = [
    inView ? ['the reel scrolls below 90% in view', { type: 'view.leave' }] : ['the reel scrolls 90% into view', { type: 'view.enter' }],
    pageVisible ? ['the page goes to the background', { type: 'page.hidden' }] : ['the page comes back', { type: 'page.visible' }],
    muted ? ['they unmute the reel', { type: 'sound.toggle' }] : ['they mute the reel', { type: 'sound.toggle' }],
  ];
  if (!muted) out.push(['another reel is unmuted', { type: 'sound.mute' }]);
  if (snapshot.matches('starting')) {
    out.push(['the video starts', done('playVideo')]);
    out.push([muted ? 'the browser refuses to play even muted' : 'the browser refuses to play with sound', failed('playVideo', autoplayRefused)]);
  }
  if (snapshot.matches('blocked')) out.push(['they tap the reel to play', { type: 'reel.tap' }]);
  return out;
}

function describeState(snapshot: ReelPlayerSnapshot): string {
  const { inView, pageVisible, muted } = snapshot.context;
  const where = `${inView ? 'in view' : 'out of view'}, page ${pageVisible ? 'visible' : 'hidden'}, ${muted ? 'muted' : 'with sound'}`;
  if (snapshot.matches('starting')) return `the video is starting (${where})`;
  if (snapshot.matches('playing')) return `the video plays (${where})`;
  if (snapshot.matches('blocked')) return `the browser refused to play; a "tap to play" button shows (${where})`;
  return `the video is paused (${where})`;
}

export const reelPlayerPaths = definePathModel({
  name: 'reel-player',
  title: 'One reel of /reels (plays only while 90% visible)',
  source: 'src/machines/reel-player/reel-player.machine.ts',
  machine: reelPlayerMachine,
  starts: [
    { name: 'a reel on a visible page', input: { pageVisible: true } },
    { name: 'a reel mounted while the page is hidden', input: { pageVisible: false }, maxSteps: 3 },
  ],
  events,
  describeState,
});
