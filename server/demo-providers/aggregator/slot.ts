import { randomInt } from 'node:crypto';

/**
 * The demo slot's maths: the server draws the outcome from a weighted table (crypto RNG), then
 * lays out reels that show it. Payouts are in halves of the stake so every prize of a whole-Kyat
 * bet of 100, 500, 1,000 or 5,000 Ks is whole Kyat.
 *
 *   outcome        reels                          pays   weight /1000
 *   seven          7 7 7                          20×    10
 *   high           three diamonds or three bells   5×    40
 *   low            three cherries/lemons/plums     2×    200
 *   pair           exactly two alike               0.5×  300
 *   none           three different                 0×    450
 *
 * Return to player = (10·20 + 40·5 + 200·2 + 300·0.5) / 1000 = 95%.
 */

export const SYMBOLS = ['SEVEN', 'DIAMOND', 'BELL', 'CHERRY', 'LEMON', 'PLUM'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];
const HIGH: readonly SlotSymbol[] = ['DIAMOND', 'BELL'];
const LOW: readonly SlotSymbol[] = ['CHERRY', 'LEMON', 'PLUM'];

export const BETS = [100, 500, 1000, 5000] as const;

interface Outcome {
  kind: 'seven' | 'high' | 'low' | 'pair' | 'none';
  /** Payout in halves of the stake (40 = 20×). */
  halves: number;
  weight: number;
}

export const PAYTABLE: readonly Outcome[] = [
  { kind: 'seven', halves: 40, weight: 10 },
  { kind: 'high', halves: 10, weight: 40 },
  { kind: 'low', halves: 4, weight: 200 },
  { kind: 'pair', halves: 1, weight: 300 },
  { kind: 'none', halves: 0, weight: 450 },
];
const TOTAL_WEIGHT = PAYTABLE.reduce((sum, o) => sum + o.weight, 0);

/** The table's return to player, as a fraction (0.95). */
export function returnToPlayer(): number {
  return PAYTABLE.reduce((sum, o) => sum + (o.weight * o.halves) / 2, 0) / TOTAL_WEIGHT;
}

export type Rng = (maxExclusive: number) => number;
const cryptoRng: Rng = (max) => randomInt(max);

function pick<T>(items: readonly T[], rng: Rng): T {
  return items[rng(items.length)]!;
}

export interface Spin {
  reels: [SlotSymbol, SlotSymbol, SlotSymbol];
  halves: number;
}

export function spin(rng: Rng = cryptoRng): Spin {
  let roll = rng(TOTAL_WEIGHT);
  let outcome = PAYTABLE[PAYTABLE.length - 1]!;
  for (const o of PAYTABLE) {
    if (roll < o.weight) {
      outcome = o;
      break;
    }
    roll -= o.weight;
  }
  return { reels: reelsFor(outcome.kind, rng), halves: outcome.halves };
}

function reelsFor(kind: Outcome['kind'], rng: Rng): [SlotSymbol, SlotSymbol, SlotSymbol] {
  switch (kind) {
    case 'seven':
      return ['SEVEN', 'SEVEN', 'SEVEN'];
    case 'high': {
      const s = pick(HIGH, rng);
      return [s, s, s];
    }
    case 'low': {
      const s = pick(LOW, rng);
      return [s, s, s];
    }
    case 'pair': {
      const s = pick(SYMBOLS, rng);
      const other = pick(
        SYMBOLS.filter((x) => x !== s),
        rng,
      );
      const reels: [SlotSymbol, SlotSymbol, SlotSymbol] = [s, s, s];
      reels[rng(3)] = other;
      return reels;
    }
    case 'none': {
      const pool = [...SYMBOLS];
      const out: SlotSymbol[] = [];
      for (let i = 0; i < 3; i++) out.push(pool.splice(rng(pool.length), 1)[0]!);
      return out as [SlotSymbol, SlotSymbol, SlotSymbol];
    }
  }
}

/** What reels pay, in halves of the stake (the rule the page's paytable shows). */
export function payoutHalves(reels: readonly SlotSymbol[]): number {
  const [a, b, c] = reels;
  if (a === b && b === c) {
    if (a === 'SEVEN') return 40;
    return HIGH.includes(a!) ? 10 : 4;
  }
  return a === b || b === c || a === c ? 1 : 0;
}
