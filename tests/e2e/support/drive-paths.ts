/**
 * Browser journeys driven by a machine's generated paths (style.md, Path coverage): the QA plan's
 * paths (docs/qa-paths/<flow>.md, the fewest that take every transition), one test per path named
 * as the plan names it. Each step is performed by a *driver* looked up by the step's phrase, else
 * by its event type; after the start and after every step the flow's `expectScreen` checks what
 * the player sees in the state the path records. A step without a driver fails the path before
 * the browser opens, so a new transition of the machine cannot go undriven.
 * `KP_ALL_PATHS=1` drives every generated path instead of the plan (slower; to try all drivers).
 */
import { expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { qaPlan, type PlannedPath } from '../../support/path-text';
import { generatePaths, type MachinePath, type PathModel } from '../../support/paths';

/** The start of a path (number 0, no event yet) or one of its steps. */
export interface ScreenStep {
  number: number;
  phrase: string | null;
  event: AnyEventObject | null;
  /** The snapshot before the step (null at the start). */
  before: AnyMachineSnapshot | null;
  /** The state the path records after the step: what the screen must show now. */
  snapshot: AnyMachineSnapshot;
}

export interface DrivenStep extends ScreenStep {
  phrase: string;
  event: AnyEventObject;
  before: AnyMachineSnapshot;
}

export type StepDriver<W> = (step: DrivenStep, world: W) => Promise<void>;

export interface PathJourney<W> {
  model: PathModel;
  /** Where the drivers live, named in the message when a step has none. */
  driversFile: string;
  /** Looked up by the step's phrase first, then by its event type. */
  byPhrase: Record<string, StepDriver<W>>;
  byEvent: Record<string, StepDriver<W>>;
  /** A fresh page (and whatever the path needs on the server), opened at the path's start. */
  open(path: MachinePath): Promise<W>;
  expectScreen(world: W, step: ScreenStep): Promise<void>;
  close(world: W): Promise<void>;
}

/** The paths the journeys drive: the QA plan, or every generated path with KP_ALL_PATHS=1. */
export function journeyPaths(model: PathModel): PlannedPath[] {
  const paths = generatePaths(model);
  if (!process.env.KP_ALL_PATHS) return qaPlan(model, paths);
  return paths.map((path, i) => ({ number: i + 1, heading: `${i + 1}. ${path.start.name}: ${path.title}`, path }));
}

export function driverFor<W>(journey: PathJourney<W>, phrase: string, event: AnyEventObject): StepDriver<W> | undefined {
  return journey.byPhrase[phrase] ?? journey.byEvent[event.type];
}

/** Every step of `paths` that no driver performs, as `"phrase" (event type)`. */
export function undriven<W>(journey: PathJourney<W>, paths: MachinePath[]): string[] {
  const missing = paths.flatMap((path) => path.steps.filter((s) => !driverFor(journey, s.phrase, s.event)).map((s) => `"${s.phrase}" (${s.event.type})`));
  return [...new Set(missing)];
}

/** Prefixes a failure with where in the path it happened. */
async function at(where: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    if (err instanceof Error) err.message = `${where}: ${err.message}`;
    throw err;
  }
}

/** Opens the path's start and drives every step, checking the screen after each. */
export async function drivePath<W>(journey: PathJourney<W>, path: MachinePath): Promise<void> {
  const missing = undriven(journey, [path]);
  if (missing.length) throw new Error(`${journey.model.name}: no driver for ${missing.join(', ')}; add one to ${journey.driversFile}`);
  const world = await journey.open(path);
  try {
    await at(`the start (${path.start.name})`, () => journey.expectScreen(world, { number: 0, phrase: null, event: null, before: null, snapshot: path.initial }));
    let before = path.initial;
    for (const [i, { phrase, event, snapshot }] of path.steps.entries()) {
      const step: DrivenStep = { number: i + 1, phrase, event, before, snapshot };
      await at(`step ${step.number} "${phrase}"`, () => driverFor(journey, phrase, event)!(step, world));
      await at(`the screen after step ${step.number} "${phrase}"`, () => journey.expectScreen(world, step));
      before = snapshot;
    }
  } finally {
    await journey.close(world);
  }
}

/** One test per path (named as in the QA plan), after one that lists every undriven step at once. */
export function itDrivesEveryPath<W>(journey: PathJourney<W>) {
  const planned = journeyPaths(journey.model);
  it(`every step of the ${journey.model.name} plan has a driver`, () => {
    expect(undriven(journey, planned.map((p) => p.path)), `add drivers to ${journey.driversFile}`).toEqual([]);
  });
  for (const { heading, path } of planned) {
    it(heading, () => drivePath(journey, path));
  }
}
