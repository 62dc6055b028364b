/**
 * Path generation for every machine (docs/decisions/0002-path-coverage.md).
 *
 * A machine's *path model* says where it starts, which realistic events can happen in a given
 * snapshot (user intents, server answers as `xstate.done.actor.*` / `xstate.error.actor.*`, timers
 * as `xstate.after.*`) and how QA reads them. `generatePaths` walks the REAL machine with
 * `getShortestPaths` (createTestModel refuses invoke/after), keying each graph node on
 * (previous state, event, next state) so every transition is its own node, then keeps the
 * maximal paths: every shorter shortest path is a prefix of one of them.
 */
import {
  createEmptyActor,
  type AnyActorLogic,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ApiErrorInfo, FieldErrors } from '../../src/api/types';

/** An event the model offers, with the words QA reads for it ("they submit the login form"). */
export type PhrasedEvent = readonly [phrase: string, event: AnyEventObject];

export interface PathStart<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** How the start reads in test names ("logged out"). */
  name: string;
  input: InputFrom<TMachine>;
  /** Only explore this many steps from this start (a second start usually needs few). */
  maxSteps?: number;
  /** How a tester reaches this start on a demo install, when it differs from the plan's setup. */
  arrange?: string;
}

export interface PathModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** File name under docs/qa-paths/ and prefix of test names. */
  name: string;
  title: string;
  /** Where the machine lives, for the generated doc. */
  source: string;
  machine: TMachine;
  starts: PathStart<TMachine>[];
  /** Everything that can realistically happen now; events the snapshot cannot take are dropped. */
  events: (snapshot: SnapshotFrom<TMachine>) => PhrasedEvent[];
  /**
   * The state as QA sees it, in the screen's English words with what a tester reads quoted
   * ('Current Bet says “No bet chosen yet”'). `earlier`: the path's steps up to this snapshot, for
   * what a snapshot cannot know (time passed on a model whose clock stands still).
   */
  describeState: (snapshot: SnapshotFrom<TMachine>, earlier?: readonly PathStep[]) => string;
  /** Plan-wide "How to arrange" lines: the install, the account and the page every path starts from. */
  setup?: string[];
  /**
   * How a tester makes the server answer as `step` says on a demo install (which account, which
   * console or CLI action, which DevTools switch); asked for every server answer. Undefined: the
   * generic answers of tests/support/qa-arrange.ts.
   */
  arrange?: (step: PathStep, earlier: readonly PathStep[]) => string | undefined;
  /**
   * For one use of a machine that serves several (the transfer machine: the Exchange dialog and
   * the internal transfer page): the guards that choose the OTHER uses. Transitions under them
   * belong to the other uses' models, so this model neither counts nor needs them.
   */
  otherUseGuards?: string[];
}

export interface PathStep {
  phrase: string;
  event: AnyEventObject;
  /** The snapshot after the event. */
  snapshot: AnyMachineSnapshot;
}

export interface MachinePath {
  start: PathStart;
  initial: AnyMachineSnapshot;
  steps: PathStep[];
  /** The event phrases joined; unique within a model. */
  title: string;
}

/** Typed authoring of a model; the result is usable wherever any model is. */
export function definePathModel<TMachine extends AnyStateMachine>(model: PathModel<TMachine>): PathModel {
  return model as unknown as PathModel;
}

// --- event builders for model files -------------------------------------------------------

export const done = (invokeId: string, output?: unknown): AnyEventObject => ({
  type: `xstate.done.actor.${invokeId}`,
  output,
});

export const failed = (invokeId: string, error: unknown): AnyEventObject => ({
  type: `xstate.error.actor.${invokeId}`,
  error,
});

/** The event a named delay raises, e.g. after('pollInterval', 'balance.visible.waiting'). */
export const after = (delay: string, stateId: string): AnyEventObject => ({ type: `xstate.after.${delay}.${stateId}` });

/** A rejection as the api layer produces it (ApiError carries these three fields). */
export const apiError = (status: number, message: string, fieldErrors: FieldErrors = {}): ApiErrorInfo => ({
  status,
  message,
  fieldErrors,
});

// --- pure stepping ---------------------------------------------------------------------------

export type TransitionDefinition = AnyStateNode['transitions'] extends Map<string, Array<infer T>> ? T : never;

/**
 * A pure actor scope like xstate/graph's mock one (actions and child starts are not executed),
 * with a stand-in parent so `sendParent` resolves, optionally reporting the transitions of
 * each microstep.
 */
export function pureScope(onTransition: (t: TransitionDefinition) => void = () => {}): AnyActorScope {
  const self = Object.assign(createEmptyActor(), { _parent: createEmptyActor() });
  const system = {
    ...self.system,
    _sendInspectionEvent: (event: { type: string; _transitions?: TransitionDefinition[] }) => {
      if (event.type === '@xstate.microstep') event._transitions?.forEach(onTransition);
    },
  };
  const noop = () => {};
  return { self, system, id: '', sessionId: 'paths', logger: noop, defer: noop, emit: noop, stopChild: noop, actionExecutor: noop } as unknown as AnyActorScope;
}

/**
 * The machine with a fresh scope per step. xstate/graph shares one mock system across a whole
 * traversal, so the second time a path enters a state invoking a child with a `systemId`
 * (auth's `balance`) the system refuses the duplicate.
 */
function isolated(machine: AnyStateMachine): AnyActorLogic {
  return {
    config: machine.config,
    transition: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => machine.transition(snapshot, event, pureScope()),
    getInitialSnapshot: (_scope: AnyActorScope, input: unknown) => machine.getInitialSnapshot(pureScope(), input),
    getPersistedSnapshot: (snapshot: AnyMachineSnapshot) => machine.getPersistedSnapshot(snapshot),
  } as unknown as AnyActorLogic;
}

// --- generation -----------------------------------------------------------------------------

const SEP = '\u241f';

function offeredEvents(model: PathModel, snapshot: AnyMachineSnapshot, phrases: WeakMap<object, string>) {
  const offered = model.events(snapshot).filter(([, event]) => snapshot.can(event));
  const seen = new Set<string>();
  for (const [phrase, event] of offered) {
    if (seen.has(phrase)) throw new Error(`${model.name}: two events offered as "${phrase}" in ${JSON.stringify(snapshot.value)}`);
    seen.add(phrase);
    phrases.set(event, phrase);
  }
  return offered.map(([, event]) => event);
}

function pathsFrom(model: PathModel, start: PathStart): MachinePath[] {
  const phrases = new WeakMap<object, string>();
  const phraseOf = (event: AnyEventObject) => phrases.get(event) ?? event.type;
  const raw = getShortestPaths(isolated(model.machine), {
    input: start.input,
    events: (snapshot) => offeredEvents(model, snapshot as AnyMachineSnapshot, phrases),
    serializeEvent: phraseOf,
    // One node per transition: (where from, what happened, where to).
    serializeState: (next, event, prev) =>
      JSON.stringify([prev?.value ?? null, event ? phraseOf(event) : null, (next as AnyMachineSnapshot).value]),
  });
  return raw.map((path) => rewalk(model, start, path.steps.slice(1).map((step) => ({ phrase: phraseOf(step.event), value: step.state.value }))));
}

/**
 * Re-walks a path by its phrases so every snapshot and payload belongs to THIS path.
 * getShortestPaths keeps one snapshot per node (contexts reached by other routes may differ
 * and it reports whichever it saw last); asking the model again in the real snapshot keeps
 * context-dependent payloads ("a new balance" = the cached one + 1000) true.
 */
function rewalk(model: PathModel, start: PathStart, planned: Array<{ phrase: string; value: unknown }>): MachinePath {
  const initial = model.machine.getInitialSnapshot(pureScope(), start.input) as AnyMachineSnapshot;
  let snapshot = initial;
  const steps: PathStep[] = [];
  for (const { phrase, value } of planned) {
    const offered = model.events(snapshot).find(([p, event]) => p === phrase && snapshot.can(event));
    const where = `${model.name}: after "${steps.map((s) => s.phrase).join(' → ')}"`;
    if (!offered) throw new Error(`${where}, "${phrase}" is not possible in ${stateName(snapshot.value)}`);
    snapshot = model.machine.transition(snapshot, offered[1], pureScope()) as AnyMachineSnapshot;
    if (stateName(snapshot.value) !== stateName(value)) {
      throw new Error(`${where}, "${phrase}" leads to ${stateName(snapshot.value)}, not ${stateName(value)}`);
    }
    steps.push({ phrase, event: offered[1], snapshot });
  }
  return { start, initial, steps, title: steps.map((s) => s.phrase).join(' → ') };
}

/** Drops every path that is a prefix of a longer one: the longer one replays it too. */
function maximal(paths: MachinePath[]): MachinePath[] {
  const keys = paths.map((p) => p.steps.map((s) => s.phrase + SEP).join(''));
  return paths.filter((_, i) => !keys.some((other, j) => j !== i && other.length > keys[i].length && other.startsWith(keys[i])));
}

export function generatePaths(model: PathModel): MachinePath[] {
  return model.starts.flatMap((start) =>
    maximal(pathsFrom(model, start).filter((p) => p.steps.length <= (start.maxSteps ?? Infinity))),
  );
}

/** "auth from logged out: they open the login form → …" */
export function pathTestName(model: PathModel, path: MachinePath): string {
  return `${model.name} from ${path.start.name}: ${path.title || '(initial state)'}`;
}

/** 'anonymous.idle' for { anonymous: 'idle' }. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => `${key}.${stateName(child)}`)
    .join(', ');
}
