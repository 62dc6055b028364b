/**
 * The wallet move's view object: the amount as typed, the refusal or failure, busy, and the
 * intents (type an amount; move the offer or the typed amount, bounded by the game balance).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { WalletMoveEvent, walletMoveMachine } from './wallet-move.machine';

type Send = (event: WalletMoveEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  setAmount: (value: string) => send({ type: 'amount.change', value }),
  move: (offer: number, max: number) => send({ type: 'move.submit', offer, max }),
}));

export const selectMoveTyped = (snapshot: SnapshotFrom<typeof walletMoveMachine>) => snapshot.context.typed;
export const selectMoveError = (snapshot: SnapshotFrom<typeof walletMoveMachine>) => snapshot.context.error;
export const selectMoveBusy = (snapshot: SnapshotFrom<typeof walletMoveMachine>) => snapshot.hasTag('busy');

export function connectWalletMove(snapshot: SnapshotFrom<typeof walletMoveMachine>, send: Send) {
  return { typed: selectMoveTyped(snapshot), error: selectMoveError(snapshot), busy: selectMoveBusy(snapshot), ...intents(send) };
}

export type WalletMoveView = ReturnType<typeof connectWalletMove>;
