/**
 * 2D sessions and business dates (domain-notes.md, Time; spec §2 and §9). Pure: callers pass
 * the clock, so tests can travel in time.
 */
import type { TwoDSession } from '../../api/types';

export type { TwoDSession };

export const TWO_D_SESSIONS: readonly TwoDSession[] = ['morning', 'evening'];

export const isTwoDSession = (value: unknown): value is TwoDSession => value === 'morning' || value === 'evening';

/** Yangon is UTC+06:30 all year (no daylight saving). */
const YANGON_OFFSET_MS = (6 * 60 + 30) * 60 * 1000;

/** The business date in Yangon, 'YYYY-MM-DD'. */
export function yangonDate(now: Date): string {
  return new Date(now.getTime() + YANGON_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The draw a `?time=` / `?session=` id names: 1-2 (10:30, 12:00 PM) are the morning draw, 3-4
 * (14:30, 04:30 PM) the evening one; anything else names none.
 */
export function sessionFromTimeId(id: string | number | null | undefined): TwoDSession | undefined {
  const n = Number(id);
  if (n === 1 || n === 2) return 'morning';
  if (n === 3 || n === 4) return 'evening';
  return undefined;
}

/** The id the bet dialog puts in `/2d/bet?time=`: 12:00 PM = 2, 04:30 PM = 4. */
export const timeIdOf = (session: TwoDSession) => (session === 'morning' ? 2 : 4);
