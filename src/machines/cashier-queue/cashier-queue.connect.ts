/**
 * The cashier queue's view object: the list, the selected request, the decision under way and
 * its outcome, and the cashier's intents (the buttons and the A/R/J/K/Esc keys).
 */
import type { SnapshotFrom } from 'xstate';
import type { QueueKind } from '../../api/admin';
import { intentsPerActor } from '../shared/connect';
import type { CashierQueueEvent, cashierQueueMachine } from './cashier-queue.machine';
import {
  selectCanApprove,
  selectCanConfirmReject,
  selectDeciding,
  selectListError,
  selectNote,
  selectOutcome,
  selectPendingDecision,
  selectQueueItems,
  selectQueueKind,
  selectQueueLoading,
  selectRejecting,
  selectSelectedItem,
} from './cashier-queue.selectors';

type CashierQueueSnapshot = SnapshotFrom<typeof cashierQueueMachine>;
type Send = (event: CashierQueueEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  chooseKind: (kind: QueueKind) => send({ type: 'kind.choose', kind }),
  select: (id: number) => send({ type: 'item.select', id }),
  next: () => send({ type: 'item.next' }),
  prev: () => send({ type: 'item.prev' }),
  approve: () => send({ type: 'request.approve' }),
  openReject: () => send({ type: 'reject.open' }),
  changeNote: (value: string) => send({ type: 'note.change', value }),
  cancelReject: () => send({ type: 'reject.cancel' }),
  confirmReject: () => send({ type: 'reject.confirm' }),
  refresh: () => send({ type: 'queue.refresh' }),
  /** The page was hidden (the poll pauses) or shown again (it reads at once). */
  setPageHidden: (hidden: boolean) => send({ type: hidden ? 'page.hidden' : 'page.visible' }),
}));

export function connectCashierQueue(snapshot: CashierQueueSnapshot, send: Send) {
  return {
    kind: selectQueueKind(snapshot),
    items: selectQueueItems(snapshot),
    selected: selectSelectedItem(snapshot),
    /** The first read of a kind is under way: nothing to show yet. */
    loading: selectQueueLoading(snapshot),
    /** The last read failed; the list shown is the previous one. */
    listError: selectListError(snapshot),
    /** The reason form is open. */
    rejecting: selectRejecting(snapshot),
    /** A decision is on its way. */
    deciding: selectDeciding(snapshot),
    pendingDecision: selectPendingDecision(snapshot),
    note: selectNote(snapshot),
    /** What last happened to a request (decided here or elsewhere, or refused). */
    outcome: selectOutcome(snapshot),
    canApprove: selectCanApprove(snapshot),
    canConfirmReject: selectCanConfirmReject(snapshot),
    ...intents(send),
  };
}

export type CashierQueueView = ReturnType<typeof connectCashierQueue>;
