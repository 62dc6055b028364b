/** Digit Bet's bet types and outcomes as the API names them (docs/digit-bet.md). */
export type BetType = 'digit' | 'big' | 'small';
export const BET_TYPES: readonly BetType[] = ['digit', 'big', 'small'];

export const OUTCOMES = ['win', 'lose'] as const;
export type Outcome = (typeof OUTCOMES)[number];
