/**
 * The cashier's queue (/admin/cashier): pending deposits or withdrawals, read at once and every
 * `pollInterval` (paused while the page is hidden); one request selected (J/K move); approve, or
 * reject with a reason. A request another cashier decided leaves the list at the next read, or
 * answers 409 with its decision; any other 409 (a duty conflict, the same approver twice: decision
 * 0034) is shown and the request stays. A large withdrawal's first approval keeps it listed,
 * waiting for a second operator. Two regions: the list's poll loop and the cashier's decision.
 * Host provides: `fetchQueue` (GET /admin/<kind>?status=pending), `decideRequest` (POST …/approve|reject).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Decision, DecisionInput, QueueItem, QueueKind } from '../../api/admin';
import { toErrorInfo } from '../shared/error-info';
import { ioActor } from '../shared/placeholders';

/** What the cashier last saw happen to a request (shown until the next one). */
export type QueueOutcome =
  | { id: number; what: 'approved' | 'rejected' | 'firstApproval' }
  | { id: number; what: 'decidedElsewhere'; status: string }
  | { id: number; what: 'failed'; message: string };

export interface CashierQueueContext {
  kind: QueueKind;
  items: QueueItem[];
  selectedId: number | null;
  note: string;
  /** The decision in flight (it keeps its own kind and id while the list moves on). */
  pending: DecisionInput | null;
  /** Requests decided from this console: a read that started before the decision still lists them. */
  decidedIds: number[];
  outcome: QueueOutcome | null;
  /** The last read failed (the list shown is the previous one); polling goes on. */
  listError: string | null;
}

export type CashierQueueEvent =
  | { type: 'kind.choose'; kind: QueueKind }
  | { type: 'item.select'; id: number }
  | { type: 'item.next' }
  | { type: 'item.prev' }
  | { type: 'request.approve' }
  | { type: 'reject.open' }
  | { type: 'note.change'; value: string }
  | { type: 'reject.cancel' }
  | { type: 'reject.confirm' }
  | { type: 'queue.refresh' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

const selectedIndex = (c: CashierQueueContext) => c.items.findIndex((item) => item.id === c.selectedId);

/** After a new read: the same request if it is still there, else the one now in its place. */
function keepSelection(c: CashierQueueContext, items: QueueItem[]): number | null {
  if (items.some((item) => item.id === c.selectedId)) return c.selectedId;
  const at = Math.max(0, selectedIndex(c));
  return items[Math.min(at, items.length - 1)]?.id ?? null;
}

const decision = (c: CashierQueueContext, which: Decision): DecisionInput => ({ kind: c.kind, id: c.selectedId ?? 0, decision: which, note: which === 'reject' ? c.note : '' });

export const cashierQueueMachine = setup({
  types: {
    context: {} as CashierQueueContext,
    events: {} as CashierQueueEvent,
  },
  actors: {
    fetchQueue: ioActor<QueueItem[], { kind: QueueKind }>('fetchQueue'),
    decideRequest: ioActor<QueueItem, DecisionInput>('decideRequest'),
  },
  actions: {
    storeItems: assign(({ context }, params: { items: QueueItem[] }) => {
      const items = params.items.filter((item) => !context.decidedIds.includes(item.id));
      const selectedId = keepSelection(context, items);
      // The request on screen left the queue without this console deciding it: say so.
      const mine = (id: number) => context.decidedIds.includes(id) || context.pending?.id === id;
      const gone = context.selectedId !== null && selectedId !== context.selectedId && !mine(context.selectedId);
      const outcome: QueueOutcome | null = gone ? { id: context.selectedId!, what: 'decidedElsewhere', status: '' } : context.outcome;
      return { items, selectedId, outcome, listError: null };
    }),
    storeListError: assign((_, params: { error: unknown }) => ({ listError: toErrorInfo(params.error).message })),
    chooseKind: assign(({ event }) => {
      assertEvent(event, 'kind.choose');
      return { kind: event.kind, items: [], selectedId: null, note: '', outcome: null, listError: null };
    }),
    select: assign(({ context, event }) => {
      assertEvent(event, ['item.select', 'item.next', 'item.prev']);
      if (event.type === 'item.select') return { selectedId: event.id };
      const step = event.type === 'item.next' ? 1 : -1;
      const at = Math.min(context.items.length - 1, Math.max(0, selectedIndex(context) + step));
      return { selectedId: context.items[at]?.id ?? null };
    }),
    startApprove: assign(({ context }) => ({ pending: decision(context, 'approve'), outcome: null })),
    startReject: assign(({ context }) => ({ pending: decision(context, 'reject'), outcome: null })),
    changeNote: assign(({ event }) => {
      assertEvent(event, 'note.change');
      return { note: event.value };
    }),
    clearNote: assign({ note: '' }),
    /** Decided here: out of the list at once, and out of any read still in flight. */
    markDecided: assign(({ context }, params: { item: QueueItem }) => {
      const { id, decision: which } = context.pending!;
      // Still pending after an approval: a first approval, waiting for another operator (decision 0034).
      if (which === 'approve' && params.item?.status === 0) {
        const items = context.items.map((item) => (item.id === id ? params.item : item));
        return { items, pending: null, note: '', outcome: { id, what: 'firstApproval' } as QueueOutcome };
      }
      const items = context.items.filter((item) => item.id !== id);
      const selectedId = context.selectedId === id ? keepSelection(context, items) : context.selectedId;
      const what = which === 'approve' ? 'approved' : 'rejected';
      return { items, selectedId, pending: null, note: '', decidedIds: [id, ...context.decidedIds].slice(0, 100), outcome: { id, what } as QueueOutcome };
    }),
    markElsewhere: assign(({ context }, params: { error: unknown }) => {
      const { id } = context.pending!;
      const status = String(((params.error as { data?: { status_word?: unknown } }).data ?? {}).status_word ?? '');
      const items = context.items.filter((item) => item.id !== id);
      const selectedId = context.selectedId === id ? keepSelection(context, items) : context.selectedId;
      return { items, selectedId, pending: null, note: '', decidedIds: [id, ...context.decidedIds].slice(0, 100), outcome: { id, what: 'decidedElsewhere', status } as QueueOutcome };
    }),
    storeDecideError: assign(({ context }, params: { error: unknown }) => ({
      pending: null,
      outcome: { id: context.pending!.id, what: 'failed', message: toErrorInfo(params.error).message } as QueueOutcome,
    })),
  },
  guards: {
    hasSelection: ({ context }) => context.items.some((item) => item.id === context.selectedId),
    isListed: ({ context, event }) => event.type === 'item.select' && context.items.some((item) => item.id === event.id),
    hasNote: ({ context }) => context.note.trim() !== '',
    isOtherKind: ({ context, event }) => event.type === 'kind.choose' && event.kind !== context.kind,
    /** 409 with the request's status: decided by someone else (not a refusal of this operator's approval). */
    alreadyDecided: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return toErrorInfo(error).status === 409 && ((error as { data?: { status_word?: unknown } | null }).data ?? {}).status_word !== undefined;
    },
  },
  delays: {
    pollInterval: 5000,
  },
}).createMachine({
  id: 'cashierQueue',
  context: { kind: 'deposits', items: [], selectedId: null, note: '', pending: null, decidedIds: [], outcome: null, listError: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'fetching',
      on: {
        'kind.choose': { guard: 'isOtherKind', target: '.fetching', reenter: true, actions: 'chooseKind' },
      },
      states: {
        fetching: {
          tags: ['busy'],
          invoke: {
            id: 'fetchQueue',
            src: 'fetchQueue',
            input: ({ context }) => ({ kind: context.kind }),
            onDone: { target: 'waiting', actions: { type: 'storeItems', params: ({ event }) => ({ items: event.output }) } },
            onError: { target: 'waiting', actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        waiting: {
          after: { pollInterval: { target: 'fetching' } },
          on: {
            'queue.refresh': { target: 'fetching' },
            'page.hidden': { target: 'paused' },
          },
        },
        paused: {
          on: { 'page.visible': { target: 'fetching' } },
        },
      },
    },
    decision: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'item.select': { guard: 'isListed', actions: 'select' },
            'item.next': { guard: 'hasSelection', actions: 'select' },
            'item.prev': { guard: 'hasSelection', actions: 'select' },
            'request.approve': { guard: 'hasSelection', target: 'sending', actions: 'startApprove' },
            'reject.open': { guard: 'hasSelection', target: 'rejecting' },
          },
        },
        rejecting: {
          on: {
            'note.change': { actions: 'changeNote' },
            'reject.cancel': { target: 'idle', actions: 'clearNote' },
            'reject.confirm': { guard: 'hasNote', target: 'sending', actions: 'startReject' },
            'kind.choose': { guard: 'isOtherKind', target: 'idle' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'decideRequest',
            src: 'decideRequest',
            input: ({ context }) => context.pending!,
            onDone: { target: 'idle', actions: { type: 'markDecided', params: ({ event }) => ({ item: event.output }) } },
            onError: [
              { guard: 'alreadyDecided', target: 'idle', actions: { type: 'markElsewhere', params: ({ event }) => ({ error: event.error }) } },
              { target: 'idle', actions: { type: 'storeDecideError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
});
