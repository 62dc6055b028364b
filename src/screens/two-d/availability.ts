/**
 * The one colour reading of the bet grid (docs/decisions/0004-two-d.md): the share of a number's
 * break still open. The grid, its fill bars (FillBar.tsx) and the help dialog's legend all use
 * these levels.
 */
import type { NumberAvailability } from '../../app/session';

export type Level = 'plenty' | 'some' | 'few' | 'full';

export const LEVELS: readonly Level[] = ['plenty', 'some', 'few', 'full'];

/** Remaining share of the break, 0–100 (whole percent, rounded down so "full" never shows 1%). */
export function remainingPercent(row: NumberAvailability | undefined): number {
  if (!row) return 100;
  if (row.closed || row.breakAmount <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((row.remaining / row.breakAmount) * 100)));
}

/** ≥ 50 % green, 10–50 % amber, under 10 % red, nothing left or closed grey. */
export function levelOf(row: NumberAvailability | undefined, sessionOpen: boolean): Level {
  if (!sessionOpen || row?.closed || (row && row.remaining <= 0)) return 'full';
  const percent = row && row.breakAmount > 0 ? (row.remaining / row.breakAmount) * 100 : 100;
  if (percent >= 50) return 'plenty';
  if (percent >= 10) return 'some';
  return 'few';
}

export const LEVEL_LABEL: Record<Level, 'two_d.levelPlenty' | 'two_d.levelSome' | 'two_d.levelFew' | 'two_d.levelFull'> = {
  plenty: 'two_d.levelPlenty',
  some: 'two_d.levelSome',
  few: 'two_d.levelFew',
  full: 'two_d.levelFull',
};
