/**
 * Digit Bet's view object (zag's `connect`): the result stage, the digit pad, the stake, the
 * Current Bet, the history and the bet modal, and the player's intents. Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import type { ApiErrorInfo, DigitBetRow, DigitSide } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import { MODAL_MULTIPLIER, MULTIPLIERS, type BetModalFields, type DigitStatus } from './digit-bet-rules';
import type { DigitBetEvent, DigitBetMachine } from './digit-bet.machine';
import {
  selectBetAmount,
  selectCanChooseDigit,
  selectCanChooseSide,
  selectCanRoll,
  selectCounting,
  selectCurrentBet,
  selectDigit,
  selectHistory,
  selectHistoryError,
  selectHistoryLoading,
  selectLastRoll,
  selectModal,
  selectModalOpen,
  selectMultiplier,
  selectRollId,
  selectRolling,
  selectSecondsLeft,
  selectSide,
  selectStake,
  selectStatus,
  type CurrentBet,
} from './digit-bet.selectors';

export interface DigitBetIntents {
  chooseDigit: (digit: number) => void;
  chooseSide: (side: DigitSide) => void;
  chooseMultiplier: (multiplier: number) => void;
  /** Roll the Dice, or Roll now during the countdown (without a choice: 'Please place a bet first!'). */
  roll: () => void;
  reloadHistory: () => void;
  openModal: () => void;
  closeModal: () => void;
  stepModal: (field: keyof BetModalFields, by: 1 | -1) => void;
  maxModal: () => void;
  /** The modal's total becomes the bet amount. */
  confirmModal: () => void;
}

export interface DigitBetView extends DigitBetIntents {
  digit: number | null;
  side: DigitSide | null;
  canChooseDigit: boolean;
  /** A digit choice (or a running roll) disables Big/Small. */
  canChooseSide: boolean;
  /** The request runs: 'Rolling...', choices locked. */
  rolling: boolean;
  /** A choice is counting down: the roll button reads 'Roll now'. */
  counting: boolean;
  /** 'Rolling in N...'; null without a countdown. */
  secondsLeft: number | null;
  canRoll: boolean;
  status: DigitStatus | null;
  /** The rolled digit to show; null shows '?'. */
  lastRoll: number | null;
  /** A new value per roll (the reveal plays again for the same digit). */
  rollId: number;
  multipliers: readonly number[];
  betAmount: number;
  multiplier: number;
  stake: number;
  currentBet: CurrentBet | null;
  history: DigitBetRow[];
  historyLoading: boolean;
  historyError: ApiErrorInfo | null;
  modalOpen: boolean;
  /** The modal's bet and coin value, its fixed multiplier and total = bet × coin × multiplier. */
  modal: BetModalFields & { multiplier: number; total: number };
}

type DigitBetSend = (event: DigitBetEvent) => void;

const intentsOf = intentsPerActor(
  (send: DigitBetSend): DigitBetIntents => ({
    chooseDigit: (digit) => send({ type: 'digit.choose', digit }),
    chooseSide: (side) => send({ type: 'side.choose', side }),
    chooseMultiplier: (multiplier) => send({ type: 'multiplier.choose', multiplier }),
    roll: () => send({ type: 'bet.roll' }),
    reloadHistory: () => send({ type: 'history.load' }),
    openModal: () => send({ type: 'betModal.open' }),
    closeModal: () => send({ type: 'betModal.close' }),
    stepModal: (field, by) => send({ type: 'betModal.step', field, by }),
    maxModal: () => send({ type: 'betModal.max' }),
    confirmModal: () => send({ type: 'betModal.confirm' }),
  }),
);

export function connectDigitBet(snapshot: SnapshotFrom<DigitBetMachine>, send: DigitBetSend): DigitBetView {
  return {
    digit: selectDigit(snapshot),
    side: selectSide(snapshot),
    canChooseDigit: selectCanChooseDigit(snapshot),
    canChooseSide: selectCanChooseSide(snapshot),
    rolling: selectRolling(snapshot),
    counting: selectCounting(snapshot),
    secondsLeft: selectSecondsLeft(snapshot),
    canRoll: selectCanRoll(snapshot),
    status: selectStatus(snapshot),
    lastRoll: selectLastRoll(snapshot),
    rollId: selectRollId(snapshot),
    multipliers: MULTIPLIERS,
    betAmount: selectBetAmount(snapshot),
    multiplier: selectMultiplier(snapshot),
    stake: selectStake(snapshot),
    currentBet: selectCurrentBet(snapshot),
    history: selectHistory(snapshot),
    historyLoading: selectHistoryLoading(snapshot),
    historyError: selectHistoryError(snapshot),
    modalOpen: selectModalOpen(snapshot),
    modal: { ...selectModal(snapshot), multiplier: MODAL_MULTIPLIER },
    ...intentsOf(send),
  };
}
