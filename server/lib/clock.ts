/** Every component takes a clock so tests can travel in time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` now and runs on in real time (DEMO_CLOCK_START: try 2D on a weekend).
 * `realNow` is injectable for tests.
 */
export function runningFrom(start: Date | string, realNow: () => number = Date.now): Clock {
  const offset = new Date(start).getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}

/** A clock tests can move by hand. */
export function manualClock(start: Date | string = '2026-01-05T05:00:00Z') {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set(d: Date | string) {
      t = new Date(d).getTime();
    },
    advance(ms: number) {
      t += ms;
    },
  };
}
