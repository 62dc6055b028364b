/**
 * The transfer machine's view object (zag's `connect`): what the Exchange dialog and the internal
 * transfer page show, and the intents they send. Pure; screens read it through `useView`.
 */
import type { SnapshotFrom } from 'xstate';
import type { ExchangeDirection } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import type { TransferEvent, TransferUse, transferMachine } from './transfer.machine';
import {
  selectAmount,
  selectCanSubmit,
  selectDirection,
  selectTransferBusy,
  selectTransferError,
  selectTransferOpen,
  selectTransferUse,
} from './transfer.selectors';

export type Wallet = 'main' | 'game';

export interface TransferIntents {
  /** Opens the dialog, main → game unless told otherwise. */
  open: (direction?: ExchangeDirection) => void;
  close: () => void;
  setAmount: (value: string) => void;
  toggleDirection: () => void;
  submit: () => void;
}

export interface TransferView extends TransferIntents {
  use: TransferUse;
  isOpen: boolean;
  direction: ExchangeDirection;
  /** The wallet the money leaves, and the one it goes to. */
  from: Wallet;
  to: Wallet;
  amount: string;
  /** The refusal or failure to show, as the machine words it (translated by the screen). */
  error: string | null;
  busy: boolean;
  canSubmit: boolean;
}

type Send = (event: TransferEvent) => void;

/** The intents alone (the same functions for an actor's whole life), for a host that only opens the dialog. */
export const transferIntents = intentsPerActor(
  (send: Send): TransferIntents => ({
    open: (direction) => send(direction ? { type: 'transfer.open', direction } : { type: 'transfer.open' }),
    close: () => send({ type: 'transfer.close' }),
    setAmount: (value) => send({ type: 'amount.change', value }),
    toggleDirection: () => send({ type: 'direction.toggle' }),
    submit: () => send({ type: 'transfer.submit' }),
  }),
);

export function connectTransfer(snapshot: SnapshotFrom<typeof transferMachine>, send: Send): TransferView {
  const direction = selectDirection(snapshot);
  const [from, to]: [Wallet, Wallet] = direction === 'mainToGame' ? ['main', 'game'] : ['game', 'main'];
  return {
    use: selectTransferUse(snapshot),
    isOpen: selectTransferOpen(snapshot),
    direction,
    from,
    to,
    amount: selectAmount(snapshot),
    error: selectTransferError(snapshot),
    busy: selectTransferBusy(snapshot),
    canSubmit: selectCanSubmit(snapshot),
    ...transferIntents(send),
  };
}
