import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reelPlayerMachine, type PlayVideoInput } from '../../src/machines/reel-player/reel-player.machine';
import { selectReelBlocked, selectReelMuted, selectReelPlaying } from '../../src/machines/reel-player/reel-player.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { autoplayRefused, reelPlayerPaths } from './reel-player.paths';

const paths = generatePaths(reelPlayerPaths);
const names = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [e.name] : []));
const plays = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' && e.actor === 'playVideo' ? [e.input] : []));
const soundSet = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' && e.name === 'applySound' ? [e.params] : []));

function always({ step, before, after, entries }: ReplayedStep) {
  const snapshot = after as never;
  const { inView, pageVisible } = after.context;
  expect(selectReelPlaying(snapshot)).toBe(after.matches('playing'));
  expect(selectReelBlocked(snapshot)).toBe(after.matches('blocked'));
  expect(selectReelMuted(snapshot)).toBe(after.context.muted);
  if (after.matches('playing') || after.matches('starting')) expect(inView && pageVisible, 'plays only when ≥ 90% in view on a visible page').toBe(true);
  if (after.matches('paused')) expect(inView && pageVisible, 'never paused while it could play').toBe(false);

  const wasRunning = before.matches('playing') || before.matches('starting');
  expect(names(entries).includes('pauseVideo'), 'the element is paused exactly when a running video must stop').toBe(wasRunning && after.matches('paused'));

  const started = plays(entries);
  const enteredStarting = after.matches('starting') && (!before.matches('starting') || step.event.type.startsWith('xstate.error.actor'));
  expect(started, 'play() is called once on each start, with the sound setting').toEqual(enteredStarting ? [{ muted: after.context.muted }] : []);
  if (!step.event.type.startsWith('sound.') && step.event.type !== 'xstate.error.actor.playVideo') expect(soundSet(entries), 'only the sound buttons change the sound').toEqual([]);
}

/** In view and on a visible page a reel starts (or keeps going); otherwise it stops. */
const followsVisibility = ({ before, after }: ReplayedStep) => {
  const canPlay = after.context.inView && after.context.pageVisible;
  if (canPlay && before.matches('blocked')) expect(after.matches('blocked'), 'a refused reel still waits for a tap').toBe(true);
  else if (canPlay) expect(after.matches('starting') || after.matches('playing')).toBe(true);
  else expect(after.matches('paused')).toBe(true);
  expect(after.context.muted, 'the sound setting stays').toBe(before.context.muted);
};

/** What each event does, from the spec (§2 Videos: reels play muted when mostly in view, one with sound at a time). */
const effects: Effects = {
  'view.enter': (replayed) => {
    expect(replayed.after.context.inView).toBe(true);
    followsVisibility(replayed);
  },
  'view.leave': (replayed) => {
    expect(replayed.after.context.inView).toBe(false);
    followsVisibility(replayed);
  },
  'page.visible': (replayed) => {
    expect(replayed.after.context.pageVisible).toBe(true);
    followsVisibility(replayed);
  },
  'page.hidden': (replayed) => {
    expect(replayed.after.context.pageVisible).toBe(false);
    followsVisibility(replayed);
  },
  'xstate.done.actor.playVideo': ({ after }) => expect(after.matches('playing')).toBe(true),
  'xstate.error.actor.playVideo': ({ before, after, entries }) => {
    if (!before.context.muted) {
      expect(after.matches('starting') && after.context.muted, 'refused with sound: retried muted').toBe(true);
      expect(soundSet(entries)).toEqual([{ muted: true }]);
    } else expect(after.matches('blocked'), 'refused muted: waits for a tap').toBe(true);
  },
  'sound.toggle': ({ before, after, entries }) => {
    expect(after.context.muted).toBe(!before.context.muted);
    expect(soundSet(entries)).toEqual([{ muted: after.context.muted }]);
    expect(names(entries).includes('claimSound'), 'unmuting one reel mutes the others').toBe(!after.context.muted);
  },
  'sound.mute': ({ after, entries }) => {
    expect(after.context.muted).toBe(true);
    expect(soundSet(entries)).toEqual([{ muted: true }]);
    expect(names(entries)).not.toContain('claimSound');
  },
  'reel.tap': ({ after }) => expect(after.matches('starting'), 'a tap on a refused reel starts it').toBe(true),
};

describe('reel-player: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(reelPlayerPaths, path), async () => {
      await replayPath(reelPlayerPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(reelPlayerPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('reel-player', effects, paths);
});

describe('reel-player: behaviour', () => {
  function reel(play: (input: PlayVideoInput) => Promise<void>) {
    const log: string[] = [];
    const machine = reelPlayerMachine.provide({
      actors: { playVideo: fromPromise(({ input }: { input: PlayVideoInput }) => play(input)) },
      actions: {
        pauseVideo: () => void log.push('pause'),
        applySound: (_, { muted }) => void log.push(muted ? 'mute' : 'unmute'),
        claimSound: () => void log.push('claim'),
      },
    });
    return { actor: createActor(machine, { input: { pageVisible: true } }).start(), log };
  }

  it('plays while in view, pauses when scrolled away or the page is hidden, and resumes', async () => {
    const { actor, log } = reel(async () => {});
    expect(selectReelPlaying(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'view.enter' });
    await flush();
    expect(selectReelPlaying(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'page.hidden' });
    expect([actor.getSnapshot().value, log]).toEqual(['paused', ['pause']]);
    actor.send({ type: 'page.visible' });
    await flush();
    expect(selectReelPlaying(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'view.leave' });
    expect([actor.getSnapshot().value, log]).toEqual(['paused', ['pause', 'pause']]);
  });

  it('a start refused with sound is retried muted; refused muted, a tap tries again', async () => {
    let refuse = true;
    const tries: PlayVideoInput[] = [];
    const { actor, log } = reel(async (input) => {
      tries.push(input);
      if (refuse) throw autoplayRefused;
    });
    actor.send({ type: 'sound.toggle' });
    actor.send({ type: 'view.enter' });
    await flush();
    expect(tries).toEqual([{ muted: false }, { muted: true }]);
    expect(log).toEqual(['unmute', 'claim', 'mute']);
    expect(selectReelBlocked(actor.getSnapshot())).toBe(true);
    refuse = false;
    actor.send({ type: 'reel.tap' });
    await flush();
    expect(selectReelPlaying(actor.getSnapshot())).toBe(true);
  });
});
