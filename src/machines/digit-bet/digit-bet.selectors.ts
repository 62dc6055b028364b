import type { SnapshotFrom } from 'xstate';
import type { DigitBetType } from '../../api/types';
import { choiceRequest, modalTotal, secondsLeft } from './digit-bet-rules';
import type { DigitBetMachine } from './digit-bet.machine';

type DigitBetSnapshot = SnapshotFrom<DigitBetMachine>;

export const selectDigit = (s: DigitBetSnapshot) => s.context.digit;
export const selectSide = (s: DigitBetSnapshot) => s.context.side;
/** The request runs: the button reads 'Rolling...', choices are locked. */
export const selectRolling = (s: DigitBetSnapshot) => s.hasTag('busy');
/** 'Rolling in N...': whole seconds to the deadline from the last clock reading; null without a countdown. */
export const selectSecondsLeft = (s: DigitBetSnapshot) => (s.hasTag('counting') ? secondsLeft(s.context) : null);
export const selectCanChooseDigit = (s: DigitBetSnapshot) => s.can({ type: 'digit.choose', digit: 0 });
/** A digit choice disables Big/Small (spec §4); so does a running request. */
export const selectCanChooseSide = (s: DigitBetSnapshot) => s.can({ type: 'side.choose', side: 'big' });
/**
 * Roll the Dice: not while a request runs (without a choice it says 'Please place a bet first!');
 * during the countdown it is 'Roll now'.
 */
export const selectCanRoll = (s: DigitBetSnapshot) => s.can({ type: 'bet.roll' });
/** A choice is counting down: the roll button reads 'Roll now'. */
export const selectCounting = (s: DigitBetSnapshot) => s.hasTag('counting');
export const selectStatus = (s: DigitBetSnapshot) => s.context.status;
/** The rolled digit to show in the result area; null shows '?'. */
export const selectLastRoll = (s: DigitBetSnapshot) => s.context.lastRoll;
/** The newest bet's id: a new one per roll, so the reveal plays again when the same digit comes twice. */
export const selectRollId = (s: DigitBetSnapshot) => s.context.history[0]?.id ?? 0;
export const selectBetAmount = (s: DigitBetSnapshot) => s.context.betAmount;
export const selectMultiplier = (s: DigitBetSnapshot) => s.context.multiplier;
/** Stake = bet × multiplier. */
export const selectStake = (s: DigitBetSnapshot) => s.context.betAmount * s.context.multiplier;
export const selectBalance = (s: DigitBetSnapshot) => s.context.balance;
export const selectHistory = (s: DigitBetSnapshot) => s.context.history;
export const selectHistoryLoading = (s: DigitBetSnapshot) => s.matches({ history: 'loading' });
export const selectHistoryError = (s: DigitBetSnapshot) => (s.hasTag('error') ? s.context.historyError : null);
export const selectModalOpen = (s: DigitBetSnapshot) => s.matches({ modal: 'open' });
export const selectModal = (s: DigitBetSnapshot) => ({ ...s.context.modal, total: modalTotal(s.context.modal) });

export interface CurrentBet {
  betType: DigitBetType;
  digit: number | null;
  betAmount: number;
  multiplier: number;
  stake: number;
  /** The roll whose outcome is unknown: Roll the Dice sends it again. */
  retry: boolean;
}

/** The 'Current Bet' summary: the choice, the roll in flight, or the one waiting for a retry. */
export function selectCurrentBet(s: DigitBetSnapshot): CurrentBet | null {
  const request = s.context.pending ?? choiceRequest(s.context);
  if (!request) return null;
  return {
    betType: request.betType,
    digit: request.digit,
    betAmount: request.betAmount,
    multiplier: request.multiplier,
    stake: request.betAmount * request.multiplier,
    retry: s.context.pending !== null && !s.hasTag('busy'),
  };
}
