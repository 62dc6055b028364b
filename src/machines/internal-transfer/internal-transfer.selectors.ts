import type { SnapshotFrom } from 'xstate';
import type { internalTransferMachine } from './internal-transfer.machine';

type InternalTransferSnapshot = SnapshotFrom<typeof internalTransferMachine>;

export const selectTransferDirection = (snapshot: InternalTransferSnapshot) => snapshot.context.direction;
export const selectTransferAmount = (snapshot: InternalTransferSnapshot) => snapshot.context.amount;
export const selectTransferError = (snapshot: InternalTransferSnapshot) => snapshot.context.error;
export const selectTransferBusy = (snapshot: InternalTransferSnapshot) => snapshot.hasTag('busy');
export const selectTransferCanSubmit = (snapshot: InternalTransferSnapshot) =>
  snapshot.matches('editing') && snapshot.context.amount.trim() !== '';
