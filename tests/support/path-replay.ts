/**
 * Replays a generated path against a LIVE actor: every invoked actor is a stub whose promise
 * the replay resolves or rejects when the path says `xstate.done.actor.*` / `xstate.error.actor.*`,
 * every host action records its call, timers are vitest fake timers advanced exactly by the
 * named delay for `xstate.after.*`. After each step the live state value and context must equal
 * the path's; `onStep` then asserts the machine's invariants on what happened in that step.
 */
import { expect, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  setup,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';
import { stateName, type MachinePath, type PathModel, type PathStep } from './paths';

export type LogEntry =
  | { kind: 'action'; name: string; params: unknown }
  | { kind: 'call'; actor: string; input: unknown }
  /** An event the machine sent to its parent (sendParent). */
  | { kind: 'parent'; event: AnyEventObject };

export interface ReplayedStep {
  step: PathStep;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** What happened during this step only. */
  entries: LogEntry[];
  log: LogEntry[];
}

export interface ReplayOptions {
  onStep?: (replayed: ReplayedStep) => void;
}

interface Call {
  actor: string;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodes(child as AnyStateNode))];
}

/** invoke id → actor name in `setup({ actors })`. */
function invokedActors(machine: AnyStateMachine): Map<string, string> {
  const byId = new Map<string, string>();
  for (const node of stateNodes(machine.root)) {
    for (const invoke of node.invoke) if (typeof invoke.src === 'string') byId.set(invoke.id, invoke.src);
  }
  return byId;
}

/** Actions the host provides: plain functions, unlike assign/sendParent/raise (which `resolve`). */
export function hostActionNames(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actions)
    .filter(([, action]) => typeof action === 'function' && !('resolve' in action))
    .map(([name]) => name);
}

/** The machine with recording stubs for every invoked actor and host action. */
export function stubbedMachine(machine: AnyStateMachine, log: LogEntry[], calls: Call[]): AnyStateMachine {
  const actors: Record<string, AnyActorLogic> = {};
  for (const actor of new Set(invokedActors(machine).values())) {
    actors[actor] = fromPromise(
      ({ input }) =>
        new Promise((resolve, reject) => {
          log.push({ kind: 'call', actor, input });
          calls.push({ actor, resolve, reject, settled: false });
        }),
    );
  }
  const actions = Object.fromEntries(
    hostActionNames(machine).map((name) => [name, (_: unknown, params: unknown) => void log.push({ kind: 'action', name, params })]),
  );
  return machine.provide({ actors, actions });
}

/** Runs `machine` as the child of a host that records what it is sent (sendParent). */
export function startUnderHost(machine: AnyStateMachine, input: unknown, log: LogEntry[]) {
  const host = setup({ actors: { sut: machine } }).createMachine({
    invoke: { id: 'sut', src: 'sut', input: () => input },
    on: { '*': { actions: ({ event }) => void log.push({ kind: 'parent', event }) } },
  });
  const hostActor = createActor(host).start();
  return { host: hostActor, actor: hostActor.getSnapshot().children.sut as AnyActorRef };
}

/** Lets settled promises reach the actor (a few microtask hops inside fromPromise). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function delayMs(machine: AnyStateMachine, eventType: string, snapshot: AnyMachineSnapshot): number {
  const rest = eventType.slice('xstate.after.'.length);
  const delay = rest.slice(0, rest.indexOf('.'));
  if (/^\d+$/.test(delay)) return Number(delay);
  const impl = machine.implementations.delays[delay];
  // A delay expression only reads context and event; the other action args do not apply here.
  const args = { context: snapshot.context, event: { type: eventType } } as Parameters<Extract<typeof impl, (...args: never[]) => unknown>>[0];
  const ms = typeof impl === 'function' ? impl(args, undefined) : impl;
  if (typeof ms !== 'number') throw new Error(`unknown delay "${delay}"`);
  return ms;
}

async function perform(machine: AnyStateMachine, actor: AnyActorRef, calls: Call[], event: AnyEventObject) {
  const settle = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settle) {
    const name = invokedActors(machine).get(settle[2]) ?? settle[2];
    const call = calls.filter((c) => c.actor === name && !c.settled).at(-1);
    expect(call, `${name} should be in flight for ${event.type}`).toBeDefined();
    call!.settled = true;
    if (settle[1] === 'done') call!.resolve(event.output);
    else call!.reject(event.error);
  } else if (event.type.startsWith('xstate.after.')) {
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    const ms = delayMs(machine, event.type, before);
    // Exactly the named delay: nothing happens a millisecond early.
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect((actor.getSnapshot() as AnyMachineSnapshot).value, `${ms - 1} ms into ${event.type}`).toEqual(before.value);
    await vi.advanceTimersByTimeAsync(1);
  } else {
    actor.send(event);
  }
  await flush();
}

function expectSameState(live: AnyMachineSnapshot, expected: AnyMachineSnapshot, where: string) {
  // A flow may end (a final state): then the live actor must have ended there too, never crashed.
  expect(live.status, `${where}: status`).toBe(expected.status === 'done' ? 'done' : 'active');
  expect(stateName(live.value), `${where}: state`).toBe(stateName(expected.value));
  expect(live.context, `${where}: context`).toEqual(expected.context);
}

/** Replays `path`; returns the full log and the end snapshot. */
export async function replayPath(model: PathModel, path: MachinePath, options: ReplayOptions = {}) {
  const log: LogEntry[] = [];
  const calls: Call[] = [];
  vi.useFakeTimers();
  const { host, actor } = startUnderHost(stubbedMachine(model.machine, log, calls), path.start.input, log);
  try {
    await flush();
    expectSameState(actor.getSnapshot(), path.initial, 'start');
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      const mark = log.length;
      await perform(model.machine, actor, calls, step.event);
      const after = actor.getSnapshot() as AnyMachineSnapshot;
      expectSameState(after, step.snapshot, `step ${index + 1} (${step.phrase})`);
      options.onStep?.({ step, before, after, entries: log.slice(mark), log });
    }
    return { log, snapshot: actor.getSnapshot() as AnyMachineSnapshot };
  } finally {
    host.stop();
    vi.useRealTimers();
  }
}
