/**
 * The rules of the Digit Bet screen as pure functions over the machine's context (spec §4 Digit
 * game and Bet modal, §5, §8, §9): choices, the countdown deadline, the roll request with its
 * Idempotency-Key, and what a server answer leaves on screen.
 */
import type { ApiErrorInfo, DigitBetAnswer, DigitBetRequest, DigitBetRow, DigitBetType, DigitSide } from '../../api/types';
import { confirmKey, initialKeyFields, keyAfterFailure, outcomeUnknown, type KeyFields, type KeySeedOption } from '../shared/money-form';

/** Spec §9. */
export const COUNTDOWN_SECONDS = 90;
export const MULTIPLIERS = [1, 5, 10, 20, 50, 100] as const;
/**
 * The stake a new screen starts with: 100 Ks, not the legacy 1 Ks (issue 25 § 9). 1 Ks buys
 * nothing in Myanmar and a win of 2–10 Ks looks broken; 100 Ks is the smallest amount the rest of
 * the product takes (a 2D line, lib/two-d/entry.ts MIN_LINE_AMOUNT) and far under DIGIT_MAX_STAKE
 * (1,000,000 Ks). The server has no minimum above 1 Ks, so a player may still type less.
 */
export const DEFAULT_BET = 100;
/** The bet modal starts from one chip (bet 1 × coin 1 × 20x), as the spec has it. */
export const MODAL_START_BET = 1;
export const DEFAULT_MULTIPLIER = 1;
/** The bet modal's fixed multiplier ("20x") and its BET MAX values. */
export const MODAL_MULTIPLIER = 20;
export const BET_MAX = 10;

/** Spec §5 and §8, verbatim (the view shows them translated). */
export const NO_BET = 'Please place a bet first!';
export const NO_BACKEND = 'Could not connect to backend.';
export const BACKEND_ERROR = 'Backend Error:';

/** What the status alert says, as a code (the view words it). */
export type DigitStatus =
  | { code: 'noBet' }
  /** `side`: the Big/Small label of the rolled number, for Big/Small bets. */
  | { code: 'won' | 'lost'; rolled: number; side: DigitSide | null }
  /** success=false: a cross mark and the server's message. */
  | { code: 'refused'; message: string }
  /** An exception: 'Backend Error: <message>'. */
  | { code: 'backendError'; message: string }
  /** No answer at all: 'Could not connect to backend.'. */
  | { code: 'offline' };

/** A roll as it is sent, without its key. */
export type RollRequest = Omit<DigitBetRequest, 'key'>;

export interface BetModalFields {
  bet: number;
  coin: number;
}

export interface DigitBetContext extends KeyFields {
  digit: number | null;
  side: DigitSide | null;
  betAmount: number;
  multiplier: number;
  countdownMs: number;
  /** When the countdown ends (clock ms), while one runs. */
  deadline: number | null;
  /** The clock when last read (at a choice and on every tick); remaining = deadline − now. */
  now: number;
  /** The roll in flight, or one whose outcome is unknown, kept for a retry with its key. */
  pending: RollRequest | null;
  lastRoll: number | null;
  status: DigitStatus | null;
  history: DigitBetRow[];
  historyError: ApiErrorInfo | null;
  /** The game balance from the last bet's answer. */
  balance: string | null;
  modal: BetModalFields;
}

export interface DigitBetInputFields extends KeySeedOption {
  /** The countdown's length; 90 s by default (spec §9). */
  countdownSeconds?: number;
}
export type DigitBetInput = DigitBetInputFields | void;

export function initialContext(input: DigitBetInput, now: number): DigitBetContext {
  const seconds = (input || {}).countdownSeconds;
  return {
    digit: null,
    side: null,
    betAmount: DEFAULT_BET,
    multiplier: DEFAULT_MULTIPLIER,
    countdownMs: (seconds !== undefined && seconds >= 0 ? seconds : COUNTDOWN_SECONDS) * 1000,
    deadline: null,
    now,
    pending: null,
    lastRoll: null,
    status: null,
    history: [],
    historyError: null,
    balance: null,
    modal: { bet: MODAL_START_BET, coin: 1 },
    ...initialKeyFields(input),
  };
}

export const isDigit = (digit: number) => Number.isInteger(digit) && digit >= 0 && digit <= 9;
export const isMultiplier = (multiplier: number) => (MULTIPLIERS as readonly number[]).includes(multiplier);

/** A choice replaces the other kind, clears the message and the previous result, and (re)starts the countdown. */
export function chosen(context: DigitBetContext, choice: { digit: number } | { side: DigitSide }, now: number): Partial<DigitBetContext> {
  return {
    digit: 'digit' in choice ? choice.digit : null,
    side: 'side' in choice ? choice.side : null,
    status: null,
    lastRoll: null,
    pending: null,
    key: null,
    now,
    deadline: now + context.countdownMs,
  };
}

export const msLeft = ({ deadline, now }: Pick<DigitBetContext, 'deadline' | 'now'>) => Math.max(0, (deadline ?? now) - now);
/** Ticks land on whole seconds of the countdown, so the number shown changes on time. */
export const msToNextSecond = (context: Pick<DigitBetContext, 'deadline' | 'now'>) => msLeft(context) % 1000 || 1000;
export const secondsLeft = (context: Pick<DigitBetContext, 'deadline' | 'now'>) => Math.ceil(msLeft(context) / 1000);

export function choiceRequest({ digit, side, betAmount, multiplier }: DigitBetContext): RollRequest | null {
  if (digit !== null) return { betType: 'digit', digit, betAmount, multiplier };
  if (side !== null) return { betType: side, digit: null, betAmount, multiplier };
  return null;
}

/** The roll starts: the pending one again (a retry, same key) or the current choice with a new key. */
export function rollStarted(context: DigitBetContext): Partial<DigitBetContext> {
  const pending = context.pending ?? choiceRequest(context);
  return { pending, status: null, deadline: null, ...confirmKey(context) };
}

export function rollRequest(context: DigitBetContext): DigitBetRequest {
  const pending = context.pending ?? choiceRequest(context)!;
  return { ...pending, key: context.key ?? '' };
}

/** After any answer the choices clear (spec §4). */
const choicesCleared = { digit: null, side: null, deadline: null } as const;

const sideOf = (rolled: number): DigitSide => (rolled >= 5 ? 'big' : 'small');

export function settled(context: DigitBetContext, answer: Extract<DigitBetAnswer, { success: true }>): Partial<DigitBetContext> {
  const betType: DigitBetType = context.pending?.betType ?? 'digit';
  const rolled = answer.rolledNumber;
  return {
    ...choicesCleared,
    pending: null,
    key: null,
    lastRoll: rolled,
    status: { code: answer.outcome === 'win' ? 'won' : 'lost', rolled, side: betType === 'digit' ? null : sideOf(rolled) },
    history: answer.history,
    historyError: null,
    balance: answer.balance,
  };
}

export function refused(message: string): Partial<DigitBetContext> {
  return { ...choicesCleared, pending: null, key: null, status: { code: 'refused', message } };
}

/** An exception: the roll stays pending (same key) only when the server may have acted. */
export function failed(context: DigitBetContext, error: ApiErrorInfo): Partial<DigitBetContext> {
  const status: DigitStatus = error.status === 0 ? { code: 'offline' } : { code: 'backendError', message: error.message };
  const { key } = keyAfterFailure(context, error);
  return { ...choicesCleared, status, key, pending: outcomeUnknown(error.status) ? context.pending : null };
}

export const modalTotal = ({ bet, coin }: BetModalFields) => bet * coin * MODAL_MULTIPLIER;

export function modalStepped(modal: BetModalFields, field: keyof BetModalFields, by: number): BetModalFields {
  return { ...modal, [field]: Math.max(1, modal[field] + by) };
}
