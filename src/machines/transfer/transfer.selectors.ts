import type { SnapshotFrom } from 'xstate';
import type { transferMachine } from './transfer.machine';
import { TRANSFER_RULES } from './transfer-uses';

type TransferSnapshot = SnapshotFrom<typeof transferMachine>;

export const selectTransferUse = (snapshot: TransferSnapshot) => snapshot.context.use;
/** The dialog is showing (the page is always open). */
export const selectTransferOpen = (snapshot: TransferSnapshot) => snapshot.matches('open');
export const selectDirection = (snapshot: TransferSnapshot) => snapshot.context.direction;
export const selectAmount = (snapshot: TransferSnapshot) => snapshot.context.amount;
export const selectTransferError = (snapshot: TransferSnapshot) => snapshot.context.error;
export const selectTransferBusy = (snapshot: TransferSnapshot) => snapshot.hasTag('busy');
/**
 * The submit button is enabled while editing with an amount: the dialog's not at 0 either
 * (empty, 0, 00, 0.00, ၀), the page's with anything typed.
 */
export const selectCanSubmit = (snapshot: TransferSnapshot) =>
  snapshot.matches({ open: 'editing' }) && TRANSFER_RULES[snapshot.context.use].offersSubmit(snapshot.context.amount);
