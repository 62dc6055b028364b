/** Path model of cashierQueueMachine: the 5 s poll, selection, approve, reject with a reason, 409s. */
import type { SnapshotFrom } from 'xstate';
import { cashierQueueMachine } from '../../src/machines/cashier-queue/cashier-queue.machine';
import { after, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { alreadyApproved, deposit7, deposit8 } from './operator-fixtures';

type QueueSnapshot = SnapshotFrom<typeof cashierQueueMachine>;

function listEvents(snapshot: QueueSnapshot): PhrasedEvent[] {
  const { items, kind } = snapshot.context;
  const reads: PhrasedEvent[] = items.length
    ? [[`the next read no longer lists #${items[0]!.id} (another cashier decided it)`, done('fetchQueue', items.slice(1))]]
    : [
        ['the server lists requests #7 and #8', done('fetchQueue', [deposit7, deposit8])],
        ['the server lists nothing', done('fetchQueue', [])],
      ];
  return [
    ...reads,
    ['the read fails (network)', failed('fetchQueue', networkDown)],
    ['5 seconds pass', after('pollInterval', 'cashierQueue.list.waiting')],
    ['they press refresh', { type: 'queue.refresh' }],
    ['the page is hidden', { type: 'page.hidden' }],
    ['the page shows again', { type: 'page.visible' }],
    kind === 'deposits' ? ['they switch to withdrawals', { type: 'kind.choose', kind: 'withdrawals' }] : ['they switch back to deposits', { type: 'kind.choose', kind: 'deposits' }],
  ];
}

function decisionEvents(snapshot: QueueSnapshot): PhrasedEvent[] {
  if (snapshot.matches({ decision: 'sending' })) {
    return [
      ['the server records the decision', done('decideRequest', { ...deposit7, status: 1, status_word: 'approved' })],
      ['the server says another cashier already approved it (409)', failed('decideRequest', alreadyApproved)],
      ['the decision fails (network)', failed('decideRequest', networkDown)],
    ];
  }
  if (snapshot.matches({ decision: 'rejecting' })) {
    return [
      [snapshot.context.note ? 'they clear the reason' : 'they type the reason "no such transfer"', { type: 'note.change', value: snapshot.context.note ? '' : 'no such transfer' }],
      ['they press Escape', { type: 'reject.cancel' }],
      ['they confirm the rejection', { type: 'reject.confirm' }],
    ];
  }
  const other = snapshot.context.items.find((item) => item.id !== snapshot.context.selectedId);
  return [
    ['they press J (next)', { type: 'item.next' }],
    ['they press K (previous)', { type: 'item.prev' }],
    ...(other ? ([[`they click #${other.id}`, { type: 'item.select', id: other.id }]] as PhrasedEvent[]) : []),
    ['they press A (approve)', { type: 'request.approve' }],
    ['they press R (reject)', { type: 'reject.open' }],
  ];
}

function describeState(snapshot: QueueSnapshot): string {
  const { context } = snapshot;
  const list = context.items.length ? `${context.kind} ${context.items.map((i) => `#${i.id}`).join(', ')} listed, #${context.selectedId} selected` : `no ${context.kind} listed`;
  const poll = snapshot.matches({ list: 'fetching' }) ? 'reading the queue' : snapshot.matches({ list: 'paused' }) ? 'polling paused (page hidden)' : 'next read in 5 s';
  const decision = snapshot.matches({ decision: 'rejecting' })
    ? `, the reject form open (reason "${context.note}")`
    : snapshot.matches({ decision: 'sending' })
      ? `, sending "${context.pending?.decision}" for #${context.pending?.id}`
      : '';
  const outcome = context.outcome ? `; the note says #${context.outcome.id} ${context.outcome.what}` : '';
  const failing = context.listError ? `; "${context.listError}"` : '';
  return `${list} (${poll})${decision}${outcome}${failing}`;
}

export const cashierQueuePaths = definePathModel({
  name: 'cashier-queue',
  title: "Cashier's queue (/admin/cashier)",
  source: 'src/machines/cashier-queue/cashier-queue.machine.ts',
  machine: cashierQueueMachine,
  starts: [{ name: 'the cashier page', input: undefined, maxSteps: 6 }],
  events: (snapshot) => [...listEvents(snapshot), ...decisionEvents(snapshot)],
  describeState,
});
