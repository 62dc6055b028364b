import type { SnapshotFrom } from 'xstate';
import type { cashierQueueMachine } from './cashier-queue.machine';

type CashierQueueSnapshot = SnapshotFrom<typeof cashierQueueMachine>;

export const selectQueueKind = (s: CashierQueueSnapshot) => s.context.kind;
export const selectQueueItems = (s: CashierQueueSnapshot) => s.context.items;
export const selectSelectedItem = (s: CashierQueueSnapshot) => s.context.items.find((item) => item.id === s.context.selectedId) ?? null;
/** The first read of a kind is under way (nothing to show yet). */
export const selectQueueLoading = (s: CashierQueueSnapshot) => s.matches({ list: 'fetching' }) && s.context.items.length === 0 && s.context.listError === null;
export const selectListError = (s: CashierQueueSnapshot) => s.context.listError;
export const selectRejecting = (s: CashierQueueSnapshot) => s.matches({ decision: 'rejecting' });
export const selectDeciding = (s: CashierQueueSnapshot) => s.matches({ decision: 'sending' });
export const selectPendingDecision = (s: CashierQueueSnapshot) => s.context.pending?.decision ?? null;
export const selectNote = (s: CashierQueueSnapshot) => s.context.note;
export const selectOutcome = (s: CashierQueueSnapshot) => s.context.outcome;
export const selectCanApprove = (s: CashierQueueSnapshot) => s.can({ type: 'request.approve' });
export const selectCanConfirmReject = (s: CashierQueueSnapshot) => s.can({ type: 'reject.confirm' });
