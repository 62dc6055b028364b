/**
 * The shared polling loop (src/machines/shared/poll.ts) on a poller of its own: what it does with
 * answers and failures is the poller's; fetching at once, the wait, going on after a failure,
 * pausing while hidden and stopping with its actor are the loop's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { ioActor } from '../../src/machines/shared/placeholders';
import { pollLoop } from '../../src/machines/shared/poll';
import { flush } from '../support/path-replay';

const poller = setup({
  types: {
    context: {} as { answers: number[]; failures: number },
    events: {} as { type: 'page.hidden' } | { type: 'page.visible' } | { type: 'poll.now' },
  },
  actors: { fetchCount: ioActor<number, void>('fetchCount') },
  delays: { pollInterval: 1000 },
});

const counterMachine = poller.createMachine({
  id: 'counter',
  context: { answers: [], failures: 0 },
  ...pollLoop(
    poller.createStateConfig({
      invoke: {
        id: 'fetchCount',
        src: 'fetchCount',
        onDone: { actions: assign({ answers: ({ context, event }) => [...context.answers, event.output] }) },
        onError: { actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
    }),
    poller.createStateConfig({ on: { 'poll.now': { target: 'fetching' } } }),
  ),
});

describe('the shared polling loop', () => {
  let calls: number;
  let answer: () => Promise<number>;

  beforeEach(() => {
    vi.useFakeTimers();
    calls = 0;
    answer = async () => calls;
  });
  afterEach(() => vi.useRealTimers());

  function start() {
    const fetchCount = fromPromise<number, void>(() => ((calls += 1), answer()));
    return createActor(counterMachine.provide({ actors: { fetchCount } })).start();
  }

  it('fetches at once and stores the answer as the poller says, busy only while fetching', async () => {
    const actor = start();
    expect(calls).toBe(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(actor.getSnapshot().context.answers).toEqual([1]);
    expect(actor.getSnapshot().matches({ visible: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.stop();
  });

  it('polls again after the named interval, not a millisecond sooner', async () => {
    const actor = start();
    await flush();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1000 * 3);
    expect(actor.getSnapshot().context.answers).toEqual([1, 2, 3, 4, 5]);
    actor.stop();
  });

  it('goes on after a failure: the next poll comes after the interval and its answer is stored', async () => {
    answer = () => Promise.reject(new Error('down'));
    const actor = start();
    await flush();
    expect(actor.getSnapshot().context).toEqual({ answers: [], failures: 1 });
    expect(actor.getSnapshot().matches({ visible: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.failures).toBe(2);
    answer = async () => 42;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    expect(actor.getSnapshot().context).toEqual({ answers: [42], failures: 2 });
    actor.stop();
  });

  it('takes the events the poller adds to waiting (a refresh fetches at once)', async () => {
    const actor = start();
    await flush();
    actor.send({ type: 'poll.now' });
    expect(calls).toBe(2);
    await flush();
    // The wait starts over from the refresh's answer.
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    actor.stop();
  });

  it('pauses while the page is hidden, drops an answer that arrives then, and fetches at once when it shows', async () => {
    let settle: (n: number) => void = () => {};
    answer = () => new Promise((resolve) => (settle = resolve));
    const actor = start();
    actor.send({ type: 'page.hidden' });
    settle(7);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    expect(actor.getSnapshot().context.answers).toEqual([]);
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    actor.send({ type: 'page.visible' });
    expect(calls).toBe(2);
    settle(8);
    await flush();
    expect(actor.getSnapshot().context.answers).toEqual([8]);
    actor.stop();
  });

  it('stops polling when its actor stops', async () => {
    const actor = start();
    await flush();
    actor.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
  });

  it('leads every answer and failure of the poller to the wait (a poller cannot stop the loop)', () => {
    const fetching = counterMachine.root.states.visible!.states.fetching!;
    const outcomes = [...fetching.transitions.values()].flat().filter((t) => /^xstate\.(done|error)\.actor\./.test(t.eventType));
    expect(outcomes.map((t) => t.eventType).sort()).toEqual(['xstate.done.actor.fetchCount', 'xstate.error.actor.fetchCount']);
    for (const t of outcomes) expect(t.target?.map((node) => node.id)).toEqual(['counter.visible.waiting']);
  });
});
