import type { SnapshotFrom } from 'xstate';
import type { exchangeMachine } from './exchange.machine';
import { hasSomeAmount } from './wallet-transfer';

type ExchangeSnapshot = SnapshotFrom<typeof exchangeMachine>;

export const selectExchangeOpen = (snapshot: ExchangeSnapshot) => snapshot.matches('open');
export const selectDirection = (snapshot: ExchangeSnapshot) => snapshot.context.direction;
export const selectAmount = (snapshot: ExchangeSnapshot) => snapshot.context.amount;
export const selectExchangeError = (snapshot: ExchangeSnapshot) => snapshot.context.error;
export const selectExchangeBusy = (snapshot: ExchangeSnapshot) => snapshot.hasTag('busy');
/** Exchange is enabled with an amount (not empty, not 0) and no request in flight. */
export const selectCanSubmit = (snapshot: ExchangeSnapshot) => snapshot.matches({ open: 'editing' }) && hasSomeAmount(snapshot.context);
