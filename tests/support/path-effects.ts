/**
 * Per-event oracles for path replays (issue 16: "path tests that can fail").
 *
 * Replaying a path already checks that the live actor ends where a walk of the SAME machine
 * ended, which cannot catch a behaviour bug: both sides share it. So every paths test states,
 * per event type its model offers, the effect the spec expects ("toggling the direction keeps
 * the amount"), written without reading the machine's code. `checkEffects` runs the stated
 * effect of every replayed step and fails a step whose event type has none; `itStatesEveryEffect`
 * fails when the table and the event types the generated paths contain differ either way, and
 * tests/machines/oracles.test.ts fails when a registered model's test does not use both.
 */
import { expect, it } from 'vitest';
import type { ReplayedStep } from './path-replay';
import type { MachinePath } from './paths';

export type Effect = (replayed: ReplayedStep) => void;

/** Event type (`amount.change`, `xstate.done.actor.fetchUser`, `xstate.after.pollInterval.balance.visible.waiting`) → expected effect. */
export type Effects = Readonly<Record<string, Effect>>;

/** Every event type the generated paths contain, sorted. */
export function offeredEventTypes(paths: MachinePath[]): string[] {
  return [...new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))].sort();
}

/** The `onStep` of a replay: `always` (invariants of every snapshot), then the stated effect of the step's event. */
export function checkEffects(effects: Effects, always: Effect = () => {}): Effect {
  return (replayed) => {
    always(replayed);
    const { type } = replayed.step.event;
    const effect = Object.hasOwn(effects, type) ? effects[type] : undefined;
    expect(effect, `no expected effect is stated for "${type}" (${replayed.step.phrase})`).toBeTypeOf('function');
    effect!(replayed);
  };
}

/** Event types offered without a stated effect, and stated effects no path exercises. */
export function effectGaps(effects: Effects, paths: MachinePath[]) {
  const offered = offeredEventTypes(paths);
  return { unstated: offered.filter((type) => !Object.hasOwn(effects, type)), unexercised: Object.keys(effects).filter((type) => !offered.includes(type)) };
}

/** The test every paths test adds: its table and its model's event types match exactly. */
export function itStatesEveryEffect(name: string, effects: Effects, paths: MachinePath[]) {
  it(`${name}: states the expected effect of every event type its paths offer`, () => {
    expect(effectGaps(effects, paths)).toEqual({ unstated: [], unexercised: [] });
  });
}
