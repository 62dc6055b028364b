/**
 * The simulated SET feed (docs/two-d.md § Simulation), for demos. Its figures are a random walk
 * drawn from node:crypto at the moment they are first needed and stored in `two_d_sim_segments`,
 * so every process and every restart of an install shows the same figures and no two installs
 * share them. A trading day's walk is stored in three segments split at the betting cut-offs:
 *   0 — the open up to the morning cut-off          (made on the day's first look)
 *   1 — the morning cut-off up to the evening cut-off (made once the morning cut-off has passed)
 *   2 — the evening cut-off to the close              (made once the evening cut-off has passed)
 * The figures a draw settles on (12:00 and the 16:10 final) lie in segment 1 and 2, which do not
 * exist anywhere — not even in the database — while that draw still takes bets. Each step's
 * range is a whole number of digit cycles, so the digits a draw settles on are exactly uniform
 * whatever was shown before its cut-off.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoDSimSegments } from '../../db/schema';
import { yangonAt, type Session, type TwoDConfig } from './calendar';
import { twoDFromSet } from './number-rule';

export interface DrawFigures {
  setIndex: string;
  value: string;
  twod: string;
}

/**
 * Thai trading hours in Yangon minutes of the day (Bangkok − 30 min): the morning session
 * 10:00–12:30 Bangkok is 09:30–12:00 here, the afternoon 14:00–16:30 Bangkok is 13:30–16:00, and
 * the closing auction makes the index final at 16:10.
 */
export const MORNING_OPEN = 9 * 60 + 30;
export const MORNING_CLOSE = 12 * 60;
export const EVENING_OPEN = 13 * 60 + 30;
export const EVENING_CLOSE = 16 * 60 + 10;
export const MARKET_MINUTES = MORNING_CLOSE - MORNING_OPEN + (EVENING_CLOSE - EVENING_OPEN);

/** Index steps: −1.20 … +1.19 a minute (240 hundredths: 24 whole cycles of the last digit). */
export const INDEX_STEP_MIN = -120;
export const INDEX_STEP_RANGE = 240;
/** Value steps: 90.00 … 259.99 million baht a minute (17,000 hundredths: 17 cycles of the integer's last digit). */
export const VALUE_STEP_MIN = 9_000;
export const VALUE_STEP_RANGE = 17_000;

/** Market minutes elapsed at a Yangon minute of the day (frozen between sessions and after the close). */
export function marketMinute(minuteOfDay: number): number {
  if (minuteOfDay <= MORNING_OPEN) return 0;
  if (minuteOfDay <= MORNING_CLOSE) return minuteOfDay - MORNING_OPEN;
  const morning = MORNING_CLOSE - MORNING_OPEN;
  if (minuteOfDay <= EVENING_OPEN) return morning;
  return morning + Math.min(minuteOfDay, EVENING_CLOSE) - EVENING_OPEN;
}

const minuteOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** [index, value] in hundredths. */
export type Point = [number, number];

/** The market minute each segment starts at; segment k covers [bounds[k], bounds[k+1]). */
function segmentBounds(cfg: TwoDConfig): [number, number, number, number] {
  const b1 = Math.max(1, marketMinute(minuteOf(cfg.morningCutoff)));
  const b2 = Math.max(b1 + 1, marketMinute(minuteOf(cfg.eveningCutoff)));
  return [0, b1, Math.min(b2, MARKET_MINUTES), MARKET_MINUTES + 1];
}

/** The next minute: a fresh random step, pulled back toward 1,375 when the index strays. */
export function step([index, value]: Point): Point {
  const pull = Math.max(-40, Math.min(40, Math.round((137_500 - index) / 200)));
  return [index + INDEX_STEP_MIN + randomInt(INDEX_STEP_RANGE) + pull, value + VALUE_STEP_MIN + randomInt(VALUE_STEP_RANGE)];
}

function generate(length: number, previous: Point | null): Point[] {
  const points: Point[] = [];
  let last: Point = previous ? step(previous) : [130_000 + randomInt(15_000), randomInt(50_000)];
  points.push(last);
  while (points.length < length) points.push((last = step(last)));
  return points;
}

const hundredths = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
export const figuresOf = ([index, value]: Point): DrawFigures => {
  const setIndex = hundredths(index);
  const v = hundredths(value);
  return { setIndex, value: v, twod: twoDFromSet(setIndex, v) };
};

export interface SimulationStore {
  /** The figures of `date` at Yangon "HH:mm", as far as they may exist at `now` (clamped to the last stored minute). */
  figures(date: string, hhmm: string, now: Date): Promise<DrawFigures>;
  /** The figures a draw settles on: the morning close (12:00) or the final index (16:10). */
  draw(date: string, session: Session, now: Date): Promise<DrawFigures>;
}

export function simulationStore(db: Db, cfg: TwoDConfig): SimulationStore {
  const bounds = segmentBounds(cfg);
  /** Stored segments never change, so every process may keep them. A few days' worth. */
  const cache = new Map<string, Point[][]>();

  /** How many segments of `date` may exist at `now`. */
  const available = (date: string, now: Date) =>
    now.getTime() >= yangonAt(date, cfg.eveningCutoff).getTime() ? 3 : now.getTime() >= yangonAt(date, cfg.morningCutoff).getTime() ? 2 : 1;

  async function segments(date: string, count: number): Promise<Point[][]> {
    const cached = cache.get(date);
    if (cached && cached.length >= count) return cached;
    const segs = await storedSegments(db, bounds, date, count);
    if (cache.size > 16) cache.delete(cache.keys().next().value!);
    cache.set(date, segs);
    return segs;
  }

  async function at(date: string, minute: number, now: Date): Promise<DrawFigures> {
    const segs = await segments(date, available(date, now));
    const last = bounds[segs.length]! - 1;
    const m = Math.min(minute, last);
    const k = m >= bounds[2]! ? 2 : m >= bounds[1]! ? 1 : 0;
    return figuresOf(segs[k]![m - bounds[k]!]!);
  }

  return {
    figures: (date, hhmm, now) => at(date, marketMinute(minuteOf(hhmm)), now),
    draw: (date, session, now) => at(date, marketMinute(minuteOf(session === 'morning' ? '12:00' : '16:10')), now),
  };
}

/** The stored segments of `date`, the first `count` of them generated and stored when missing. */
async function storedSegments(db: Db, bounds: number[], date: string, count: number): Promise<Point[][]> {
  const rows = await db
    .select({ segment: twoDSimSegments.segment, points: twoDSimSegments.points })
    .from(twoDSimSegments)
    .where(eq(twoDSimSegments.drawDate, date))
    .orderBy(asc(twoDSimSegments.segment));
  const segs = rows.map((r) => r.points as Point[]);
  while (segs.length < count) {
    const k = segs.length;
    const points = generate(bounds[k + 1]! - bounds[k]!, k ? segs[k - 1]!.at(-1)! : null);
    await db.insert(twoDSimSegments).values({ drawDate: date, segment: k, points }).onConflictDoNothing();
    // Another process may have stored its own first: everyone uses the stored one.
    const [stored] = await db
      .select({ points: twoDSimSegments.points })
      .from(twoDSimSegments)
      .where(and(eq(twoDSimSegments.drawDate, date), eq(twoDSimSegments.segment, k)));
    segs.push(stored!.points as Point[]);
  }
  return segs;
}
