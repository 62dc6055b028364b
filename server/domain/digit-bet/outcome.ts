/**
 * Who won and what it pays (docs/digit-bet.md). Pure. Stake = bet amount × multiplier; a win
 * pays stake × the payout (the stake is not returned on top); profit = win amount − stake.
 */
import type { Env } from '../../env';

export type BetType = 'digit' | 'big' | 'small';
export const BET_TYPES: readonly BetType[] = ['digit', 'big', 'small'];

export interface Payouts {
  /** An exact digit other than a 5 on a rolled 5. */
  digit: bigint;
  /** Digit 5 on a rolled 5. */
  five: bigint;
  /** Big (5–9) or Small (0–4). */
  bigSmall: bigint;
}

export function payoutsFrom(env: Pick<Env, 'DIGIT_PAYOUT_DIGIT' | 'DIGIT_PAYOUT_FIVE' | 'DIGIT_PAYOUT_BIG_SMALL'>): Payouts {
  return {
    digit: BigInt(env.DIGIT_PAYOUT_DIGIT),
    five: BigInt(env.DIGIT_PAYOUT_FIVE),
    bigSmall: BigInt(env.DIGIT_PAYOUT_BIG_SMALL),
  };
}

export const OUTCOMES = ['win', 'lose'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface Settled {
  outcome: Outcome;
  /** pya; 0 on a loss. */
  winAmount: bigint;
}

/** Digit wins iff rolled === digit; Small iff rolled ≤ 4; Big iff rolled ≥ 5. */
export function wins(betType: BetType, digit: number | null, rolled: number): boolean {
  switch (betType) {
    case 'digit':
      return digit === rolled;
    case 'small':
      return rolled <= 4;
    case 'big':
      return rolled >= 5;
  }
}

/** `stake` in pya. */
export function settle(betType: BetType, digit: number | null, rolled: number, stake: bigint, payouts: Payouts): Settled {
  if (!wins(betType, digit, rolled)) return { outcome: 'lose', winAmount: 0n };
  const factor = betType === 'digit' ? (rolled === 5 ? payouts.five : payouts.digit) : payouts.bigSmall;
  return { outcome: 'win', winAmount: stake * factor };
}

export function resultMessage(outcome: Outcome, rolled: number): string {
  return outcome === 'win' ? `You Won! The number was ${rolled}.` : `You Lost! The number was ${rolled}.`;
}
