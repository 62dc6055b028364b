import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DecisionInput, QueueItem, QueueKind } from '../../src/api/admin';
import { cashierQueueMachine } from '../../src/machines/cashier-queue/cashier-queue.machine';
import { selectCanApprove, selectQueueItems, selectSelectedItem } from '../../src/machines/cashier-queue/cashier-queue.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { flush, replayPath, type LogEntry } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { cashierQueuePaths } from './cashier-queue.paths';
import { deposit7, deposit8, deposit9 } from './operator-fixtures';

const paths = generatePaths(cashierQueuePaths);
const callsTo = (entries: LogEntry[], actor: string) => entries.flatMap((e) => (e.kind === 'call' && e.actor === actor ? [e] : []));
const ids = (items: QueueItem[]) => items.map((i) => i.id);

/**
 * The queue's promises: one read on entering a read, none while hidden; the list shown is the
 * server's pending list minus what this console already decided; a request stays selected while
 * listed; A/R act on the selected request only; a rejection needs a reason and sends it; a
 * decided request (here or by another cashier) leaves the list and the note says which.
 */
const always: Effect = ({ step: { event }, before, after, entries }) => {
  const s = after as never;
  const reads = callsTo(entries, 'fetchQueue');
  const entered = after.matches({ list: 'fetching' }) && (!before.matches({ list: 'fetching' }) || event.type === 'kind.choose');
  expect(reads.length, 'a read starts exactly when one is due').toBe(entered ? 1 : 0);
  if (reads.length) expect(reads[0]!.input).toEqual({ kind: after.context.kind });
  expect(entries.filter((e) => e.kind === 'action'), 'the queue calls no host effects').toEqual([]);
  const selected: QueueItem | null = selectSelectedItem(s);
  expect(selected === null || after.context.items.includes(selected), 'the selection is a listed request').toBe(true);
  expect(selectCanApprove(s), 'A works only on a selected request when nothing else is open').toBe(after.matches({ decision: 'idle' }) && selected !== null);
  for (const id of after.context.decidedIds as number[]) expect(ids(selectQueueItems(s)), `#${id} was decided here`).not.toContain(id);
  if (!['request.approve', 'reject.confirm'].includes(event.type)) expect(callsTo(entries, 'decideRequest'), 'a decision is sent only by A or a confirmed rejection').toEqual([]);
};

const moves =
  (by: number): Effect =>
  ({ before, after }) => {
    const at = before.context.items.findIndex((i: QueueItem) => i.id === before.context.selectedId) + by;
    const clamped = Math.min(before.context.items.length - 1, Math.max(0, at));
    expect(after.context.selectedId, 'J/K move the selection one request, within the list').toBe(before.context.items[clamped]!.id);
  };

const effects: Effects = {
  'xstate.done.actor.fetchQueue': ({ step: { event }, before, after }) => {
    const listed = (event.output as QueueItem[]).filter((i) => !before.context.decidedIds.includes(i.id));
    expect(ids(after.context.items)).toEqual(ids(listed));
    if (before.context.selectedId !== null && listed.some((i) => i.id === before.context.selectedId)) expect(after.context.selectedId).toBe(before.context.selectedId);
    if (before.context.selectedId !== null && !listed.some((i) => i.id === before.context.selectedId) && before.context.pending?.id !== before.context.selectedId) {
      expect(after.context.outcome, 'the request on screen was decided elsewhere').toEqual({ id: before.context.selectedId, what: 'decidedElsewhere', status: '' });
    }
    if (before.context.selectedId === null) expect(after.context.selectedId).toBe(listed[0]?.id ?? null);
  },
  'xstate.error.actor.fetchQueue': ({ step: { event }, before, after }) => {
    expect(after.context.items, 'a failed read keeps the list').toEqual(before.context.items);
    expect(after.context.listError).toBe(event.error.message);
  },
  'page.hidden': ({ after }) => expect(after.matches({ list: 'paused' }), 'no reads while hidden').toBe(true),
  'page.visible': ({ after }) => expect(after.matches({ list: 'fetching' }), 'shown again: read at once').toBe(true),
  'queue.refresh': ({ after }) => expect(after.matches({ list: 'fetching' }), 'a refresh reads at once').toBe(true),
  'xstate.after.pollInterval.cashierQueue.list.waiting': ({ after }) => expect(after.matches({ list: 'fetching' }), 'the list refreshes itself').toBe(true),
  'kind.choose': ({ step: { event }, after }) => expect(after.context).toMatchObject({ kind: event.kind, items: [], selectedId: null }),
  'item.next': moves(1),
  'item.prev': moves(-1),
  'item.select': ({ step: { event }, after }) => expect(after.context.selectedId, 'the clicked request is selected').toBe(event.id),
  'request.approve': ({ before, entries }) =>
    expect(callsTo(entries, 'decideRequest').map((c) => c.input)).toEqual([{ kind: before.context.kind, id: before.context.selectedId, decision: 'approve', note: '' }]),
  'reject.open': ({ after, entries }) => {
    expect(after.matches({ decision: 'rejecting' }), 'R asks for a reason').toBe(true);
    expect(callsTo(entries, 'decideRequest'), 'nothing is sent before the reason').toEqual([]);
  },
  'note.change': ({ step: { event }, after }) => expect(after.context.note).toBe(event.value),
  'reject.confirm': ({ before, entries }) => {
    expect(before.context.note.trim(), 'no rejection without a reason').not.toBe('');
    expect(callsTo(entries, 'decideRequest').map((c) => c.input)).toEqual([{ kind: before.context.kind, id: before.context.selectedId, decision: 'reject', note: 'no such transfer' }]);
  },
  'reject.cancel': ({ after }) => expect(after.context.note, 'cancelling drops the reason').toBe(''),
  'xstate.done.actor.decideRequest': ({ before, after }) => {
    const { id, decision } = before.context.pending as DecisionInput;
    expect(ids(after.context.items)).not.toContain(id);
    expect(after.context.outcome).toEqual({ id, what: decision === 'approve' ? 'approved' : 'rejected' });
  },
  'xstate.error.actor.decideRequest': ({ step: { event }, before, after }) => {
    const { id } = before.context.pending as DecisionInput;
    if (event.error.status === 409) {
      expect(ids(after.context.items), 'decided elsewhere: it leaves the list').not.toContain(id);
      expect(after.context.outcome).toEqual({ id, what: 'decidedElsewhere', status: 'approved' });
    } else {
      expect(after.context.items, 'a failed decision keeps the request listed').toEqual(before.context.items);
      expect(after.context.outcome).toEqual({ id, what: 'failed', message: event.error.message });
    }
  },
};

describe('cashier-queue: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(cashierQueuePaths, path), async () => {
      await replayPath(cashierQueuePaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('cashier-queue', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(cashierQueuePaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('cashier-queue: behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a read that started before an approval does not bring the request back', async () => {
    let answer: (items: QueueItem[]) => void = () => {};
    const reads: QueueKind[] = [];
    const machine = cashierQueueMachine.provide({
      actors: {
        fetchQueue: fromPromise(({ input }: { input: { kind: QueueKind } }) => (reads.push(input.kind), new Promise<QueueItem[]>((resolve) => (answer = resolve)))),
        decideRequest: fromPromise(async ({ input }: { input: DecisionInput }) => ({ ...deposit7, id: input.id, status: 1, status_word: 'approved' })),
      },
    });
    const actor = createActor(machine).start();
    answer([deposit7, deposit8]);
    await flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toEqual(['deposits', 'deposits']);
    actor.send({ type: 'request.approve' });
    await flush();
    answer([deposit7, deposit8, deposit9]); // read before the approval committed
    await flush();
    expect(ids(actor.getSnapshot().context.items)).toEqual([8, 9]);
    expect(actor.getSnapshot().context.selectedId).toBe(8);
  });

  it('polls every 5 seconds, not sooner, and not while the page is hidden', async () => {
    let count = 0;
    const machine = cashierQueueMachine.provide({ actors: { fetchQueue: fromPromise(async () => ((count += 1), [deposit7])) } });
    const actor = createActor(machine).start();
    await flush();
    expect(count).toBe(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(count).toBe(2);
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count).toBe(2);
    actor.send({ type: 'page.visible' });
    await flush();
    expect(count).toBe(3);
  });
});
