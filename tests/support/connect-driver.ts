/**
 * Drives a live actor for a view object's test (tests/machines/<flow>.connect.test.ts): every IO
 * actor is a stub the test answers or refuses by name, every host action is recorded (as in the
 * path replays), and `view()` is the flow's connect over the current snapshot.
 */
import { createActor, type Actor, type AnyStateMachine } from 'xstate';
import { flush, stubbedMachine, type LogEntry } from './path-replay';

interface Call {
  actor: string;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

export function driveView<TMachine extends AnyStateMachine, TView>(
  machine: TMachine,
  connect: (snapshot: ReturnType<Actor<TMachine>['getSnapshot']>, send: Actor<TMachine>['send']) => TView,
  input?: unknown,
) {
  const log: LogEntry[] = [];
  const calls: Call[] = [];
  const actor = createActor(stubbedMachine(machine, log, calls), { input }).start() as unknown as Actor<TMachine>;
  const settle = async (name: string, outcome: 'resolve' | 'reject', value: unknown) => {
    const call = calls.find((c) => c.actor === name && !c.settled);
    if (!call) throw new Error(`${name} is not in flight`);
    call.settled = true;
    call[outcome](value);
    await flush();
  };
  return {
    actor,
    view: () => connect(actor.getSnapshot(), actor.send),
    /** The stubbed `name` call in flight resolves with `output`. */
    answer: (name: string, output?: unknown) => settle(name, 'resolve', output),
    /** The stubbed `name` call in flight rejects with `error`. */
    refuse: (name: string, error: unknown) => settle(name, 'reject', error),
    /** What the machine asked of the host: IO calls with their input, actions with their params. */
    calls: () => log.flatMap((entry) => (entry.kind === 'call' ? [{ actor: entry.actor, input: entry.input }] : [])),
    actions: () => log.flatMap((entry) => (entry.kind === 'action' ? [{ name: entry.name, params: entry.params }] : [])),
  };
}
