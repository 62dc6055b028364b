import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { carouselMachine } from '../../src/machines/carousel/carousel.machine';
import { selectCount, selectIndex, selectIsPlaying } from '../../src/machines/carousel/carousel.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type ReplayedStep } from '../support/path-replay';
import { after as afterDelay, generatePaths, pathTestName } from '../support/paths';
import { carouselPaths } from './carousel.paths';

const paths = generatePaths(carouselPaths);
const tick = afterDelay('autoAdvance', 'carousel.playing');
const wrapped = (index: number, count: number) => ((index % count) + count) % count;

function always({ after, entries }: ReplayedStep) {
  const { index, count } = after.context;
  expect(selectIndex(after as never)).toBe(index);
  expect(selectCount(after as never)).toBe(count);
  expect(selectIsPlaying(after as never)).toBe(after.matches('playing'));
  expect(count === 0 ? index === 0 : index >= 0 && index < count, `index ${index} within [0, ${count})`).toBe(true);
  expect(entries, 'the carousel needs nothing from the host').toEqual([]);
  // It advances by itself only while playing with more than one banner; never paused or under reduced motion.
  expect(after.can(tick)).toBe(after.matches('playing') && count > 1);
  expect(after.can({ type: 'carousel.goto', index: count }), 'no dot past the end').toBe(false);
}

const nextBanner = ({ before, after }: ReplayedStep) => expect(after.context.index).toBe(wrapped(before.context.index + 1, before.context.count));

/** What each event does, from the spec (§2 Home: the banner carousel with arrows and dots, advancing every 5 s). */
const effects: Effects = {
  'carousel.next': nextBanner,
  [tick.type]: nextBanner,
  'carousel.prev': ({ before, after }) => expect(after.context.index, 'previous wraps to the last').toBe(wrapped(before.context.index - 1, before.context.count)),
  'carousel.goto': ({ step, after }) => expect(after.context.index).toBe(step.event.index),
  'carousel.count': ({ step, before, after }) => {
    expect(after.context.count).toBe(step.event.count);
    expect(after.context.index, 'the shown banner stays while it still exists').toBe(Math.min(before.context.index, Math.max(step.event.count - 1, 0)));
  },
  'carousel.pause': ({ before, after }) => {
    expect(after.matches('paused')).toBe(true);
    expect(after.context.index).toBe(before.context.index);
  },
  'carousel.resume': ({ before, after }) => {
    expect(after.matches('playing')).toBe(true);
    expect(after.context.index).toBe(before.context.index);
  },
};

describe('carousel: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(carouselPaths, path), async () => {
      await replayPath(carouselPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(carouselPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('carousel', effects, paths);
});

describe('carousel: behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('cycles every 5 seconds, and a press gives the chosen banner a full 5 seconds', () => {
    const actor = createActor(carouselMachine, { input: { count: 3 } }).start();
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) (vi.advanceTimersByTime(5000), seen.push(selectIndex(actor.getSnapshot())));
    expect(seen).toEqual([1, 2, 0, 1]);
    vi.advanceTimersByTime(4000);
    actor.send({ type: 'carousel.prev' });
    vi.advanceTimersByTime(4999);
    expect(selectIndex(actor.getSnapshot())).toBe(0);
    vi.advanceTimersByTime(1);
    expect(selectIndex(actor.getSnapshot())).toBe(1);
  });

  it('starts advancing once the banner list arrives, and never under reduced motion', () => {
    const waiting = createActor(carouselMachine, { input: { count: 0 } }).start();
    vi.advanceTimersByTime(20_000);
    waiting.send({ type: 'carousel.count', count: 2 });
    vi.advanceTimersByTime(5000);
    expect(selectIndex(waiting.getSnapshot())).toBe(1);
    const still = createActor(carouselMachine, { input: { count: 3, autoplay: false } }).start();
    still.send({ type: 'carousel.resume' });
    vi.advanceTimersByTime(60_000);
    expect(selectIndex(still.getSnapshot())).toBe(0);
  });
});
