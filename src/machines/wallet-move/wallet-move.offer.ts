/**
 * What a page that pays from the main balance offers when it is short (decision 0032), from the
 * balances as the API spells them ("10000.00") and the stake it needs in whole Kyat (0: none yet).
 * - `none`: nothing to say (enough in main, or nothing in the game wallet and no stake).
 * - `empty`: no stake yet, main is empty and the game wallet has money: offer all of it.
 * - `short`: the stake needs `shortfall` more and the game wallet covers it: offer the shortfall.
 * - `notEnough`: the stake needs more than both wallets hold: say so, point at Deposit.
 */
export type MoveOffer =
  | { kind: 'none' }
  | { kind: 'empty'; main: number; game: number; offer: number }
  | { kind: 'short'; main: number; game: number; shortfall: number; offer: number }
  | { kind: 'notEnough'; main: number; game: number; shortfall: number };

/** Whole Kyat of an API money string; anything unreadable is 0. */
export function wholeKyat(value: string | number | null | undefined): number {
  const n = Math.floor(Number(value ?? 0));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function moveOffer(balances: { main: string | number | null | undefined; game: string | number | null | undefined }, stake: number): MoveOffer {
  const main = Number(balances.main ?? 0) || 0;
  const game = wholeKyat(balances.game);
  if (stake <= 0) return main < 1 && game >= 1 ? { kind: 'empty', main, game, offer: game } : { kind: 'none' };
  const shortfall = Math.ceil(stake - main);
  if (shortfall <= 0) return { kind: 'none' };
  return game >= shortfall ? { kind: 'short', main, game, shortfall, offer: shortfall } : { kind: 'notEnough', main, game, shortfall };
}
