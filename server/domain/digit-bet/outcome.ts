/**
 * Digit Bet's bet types, outcomes and payouts (docs/digit-bet.md). Stake = bet amount ×
 * multiplier; a win pays stake × the payout (the stake is not returned on top); profit = win
 * amount − stake. Who won and what it pays is decided in the bet's statement, by kp_digit_win
 * (migration 0014; tests/server/digit-bet-sql.test.ts).
 */
import type { Outcome } from '../../../shared/contract/digit-bet';
import type { Env } from '../../env';

/** The contract's names (shared/contract/digit-bet.ts: the site labels the same list). */
export { BET_TYPES, OUTCOMES, type BetType, type Outcome } from '../../../shared/contract/digit-bet';

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

export function resultMessage(outcome: Outcome, rolled: number): string {
  return outcome === 'win' ? `You Won! The number was ${rolled}.` : `You Lost! The number was ${rolled}.`;
}
