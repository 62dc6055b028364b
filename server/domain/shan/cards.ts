import { randomInt } from 'node:crypto';

/**
 * Shan Koe Mee rules (docs/shan.md, domain-notes.md): pure functions, no IO.
 *
 * - Points: A = 1, 2–9 face value, 10/J/Q/K = 0; a hand scores the sum mod 10.
 * - "Shan": 8 or 9 on the first two cards; it settles the round at once.
 * - Comparison: more points win; equal points → fewer cards win; still equal → the higher card,
 *   comparing both hands' cards from the highest down in the rank order K > Q > J > 10 > 9 > … >
 *   2 > A (suits never count); still equal → a push.
 * - The house banker draws a third card when its two cards score 4 or less, else stands.
 * - Pay: a win returns stake × 2 (1:1), a win with Shan stake × 3 (2×), a push the stake, a loss 0.
 */

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Suit = (typeof SUITS)[number];
export type Rank = (typeof RANKS)[number];

/** A card as a short code: rank then suit, e.g. "QS", "10H", "AD". */
export type Card = `${Rank}${Suit}`;

export type Result = 'win' | 'lose' | 'push';

const CARD_PATTERN = /^(A|[2-9]|10|J|Q|K)([SHDC])$/;

export function isCard(value: unknown): value is Card {
  return typeof value === 'string' && CARD_PATTERN.test(value);
}

export function rankOf(card: Card): Rank {
  return card.slice(0, -1) as Rank;
}

export function suitOf(card: Card): Suit {
  return card.slice(-1) as Suit;
}

/** A fresh 52-card deck in a fixed order. */
export function newDeck(): Card[] {
  return SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}${suit}` as Card));
}

/** Fisher–Yates with an unbiased integer source (node:crypto randomInt by default). */
export function shuffle<T>(items: readonly T[], rand: (max: number) => number = (max) => randomInt(max)): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A card's points: A = 1, 2–9 face value, 10/J/Q/K = 0. */
export function cardPoints(card: Card): number {
  const rank = rankOf(card);
  if (rank === 'A') return 1;
  if (rank === '10' || rank === 'J' || rank === 'Q' || rank === 'K') return 0;
  return Number(rank);
}

/** A card's place in the tie-break order: A = 1 (lowest), 2–10, J = 11, Q = 12, K = 13 (highest). */
export function rankValue(card: Card): number {
  return RANKS.indexOf(rankOf(card)) + 1;
}

/** The hand's score: the sum of its points mod 10. */
export function handPoints(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardPoints(card), 0) % 10;
}

/** 8 or 9 on exactly two cards. */
export function isShan(cards: readonly Card[]): boolean {
  return cards.length === 2 && handPoints(cards) >= 8;
}

/** The house banker's rule: draw a third card on two cards scoring 4 or less. */
export function bankerDraws(cards: readonly Card[]): boolean {
  return cards.length === 2 && handPoints(cards) <= 4;
}

/** > 0 when `a` beats `b`, < 0 when `b` beats `a`, 0 for a push. */
export function compareHands(a: readonly Card[], b: readonly Card[]): number {
  const points = handPoints(a) - handPoints(b);
  if (points !== 0) return points;
  const cards = b.length - a.length; // fewer cards win
  if (cards !== 0) return cards;
  const ra = a.map(rankValue).sort((x, y) => y - x);
  const rb = b.map(rankValue).sort((x, y) => y - x);
  for (let i = 0; i < ra.length; i++) {
    if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
  }
  return 0;
}

/** The player's result against the banker. */
export function resultOf(player: readonly Card[], banker: readonly Card[]): Result {
  const c = compareHands(player, banker);
  return c > 0 ? 'win' : c < 0 ? 'lose' : 'push';
}

/** What the round pays back (stake included), in the stake's unit. */
export function payoutFor(stake: bigint, result: Result, playerShan: boolean): bigint {
  if (result === 'win') return stake * (playerShan ? 3n : 2n);
  if (result === 'push') return stake;
  return 0n;
}
