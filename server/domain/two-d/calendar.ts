/**
 * The 2D calendar: trading days, cut-offs and draw instants, all in Asia/Yangon business time.
 * Pure and clock-free: every function takes the instant it reasons about (docs/two-d.md).
 */
import type { Env } from '../../env';
import { kyat } from '../../lib/money';
import { YANGON_OFFSET_MS, yangonDate, yangonDayStart } from '../../lib/time';

export type Session = 'morning' | 'evening';
export const SESSIONS: readonly Session[] = ['morning', 'evening'];

export interface TwoDConfig {
  /** 'HH:mm' Yangon: betting on the morning draw closes here (default '11:55'). */
  morningCutoff: string;
  /** Default '15:55': the index is final around 16:10, a later cut-off leaks the first digit. */
  eveningCutoff: string;
  /** 'HH:mm' Yangon of the morning draw (12:01). */
  morningDraw: string;
  /** 'HH:mm' Yangon of the evening draw (16:30). */
  eveningDraw: string;
  /** Multiplier of a winning line's stake (80n). */
  payout: bigint;
  /** Per-number, per-session break in pya (50,000 Ks). */
  defaultBreak: bigint;
  /** A draw with no confirmed result this many minutes after its draw time is voided. */
  voidAfterMinutes: number;
}

export const MORNING_DRAW = '12:01';
export const EVENING_DRAW = '16:30';

export function twoDConfig(env: Env): TwoDConfig {
  return {
    morningCutoff: env.TWO_D_MORNING_CUTOFF,
    eveningCutoff: env.TWO_D_EVENING_CUTOFF,
    morningDraw: MORNING_DRAW,
    eveningDraw: EVENING_DRAW,
    payout: BigInt(env.TWO_D_PAYOUT),
    defaultBreak: kyat(env.TWO_D_DEFAULT_BREAK),
    voidAfterMinutes: env.TWO_D_VOID_AFTER_MINUTES,
  };
}

export function isSession(value: unknown): value is Session {
  return value === 'morning' || value === 'evening';
}

/**
 * The legacy clients' session ids: the bet dialog sends 2 (12:00 PM) or 4 (04:30 PM); the values
 * 1-4 stand for 10:30, 12:00, 14:30, 16:30, so 1-2 are the morning draw and 3-4 the evening one.
 * Also accepts 'morning' / 'evening'. Anything else is null.
 */
export function sessionFromLegacyId(id: unknown): Session | null {
  if (isSession(id)) return id;
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d$/.test(id) ? Number(id) : NaN;
  if (n === 1 || n === 2) return 'morning';
  if (n === 3 || n === 4) return 'evening';
  return null;
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** 0 = Sunday … 6 = Saturday, of a calendar date (no time zone involved). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export function weekdayName(date: string): string {
  return WEEKDAY_NAMES[weekdayOf(date)]!;
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Monday to Friday and not on the operator's holiday list. */
export function isTradingDay(date: string, holidays: ReadonlySet<string>): boolean {
  const wd = weekdayOf(date);
  return wd >= 1 && wd <= 5 && !holidays.has(date);
}

function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`not an HH:mm time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The instant of a Yangon wall-clock time on a Yangon date. */
export function yangonAt(date: string, hhmm: string): Date {
  return new Date(yangonDayStart(date).getTime() + minutesOf(hhmm) * 60_000);
}

/** Yangon wall-clock 'HH:mm' of an instant. */
export function yangonHHmm(d: Date): string {
  return new Date(d.getTime() + YANGON_OFFSET_MS).toISOString().slice(11, 16);
}

export function cutoffAt(date: string, session: Session, cfg: TwoDConfig): Date {
  return yangonAt(date, session === 'morning' ? cfg.morningCutoff : cfg.eveningCutoff);
}

export function drawAt(date: string, session: Session, cfg: TwoDConfig): Date {
  return yangonAt(date, session === 'morning' ? cfg.morningDraw : cfg.eveningDraw);
}

/** The instant after which a draw without a confirmed result is voided. */
export function voidAt(date: string, session: Session, cfg: TwoDConfig): Date {
  return new Date(drawAt(date, session, cfg).getTime() + cfg.voidAfterMinutes * 60_000);
}

export interface OpenSession {
  date: string;
  session: Session;
  closesAt: Date;
}

/**
 * The session a bet placed at `now` joins, or null when betting is closed now.
 * Before the morning cut-off of a trading day: today's morning; between the cut-offs: today's
 * evening; after the evening cut-off, on weekends and on holidays: closed. `wanted` restricts the
 * answer to that session of today (evening bets may be placed in the morning already; a morning
 * bet after the morning cut-off is closed). A cut-off instant itself is already closed.
 */
export function openSession(
  now: Date,
  holidays: ReadonlySet<string>,
  cfg: TwoDConfig,
  wanted?: Session,
): OpenSession | null {
  const date = yangonDate(now);
  if (!isTradingDay(date, holidays)) return null;
  const candidates: Session[] = wanted ? [wanted] : ['morning', 'evening'];
  for (const session of candidates) {
    const closesAt = cutoffAt(date, session, cfg);
    if (now.getTime() < closesAt.getTime()) return { date, session, closesAt };
  }
  return null;
}

export interface UpcomingDraw {
  date: string;
  session: Session;
  /** When betting on it opens (the start of its Yangon day) — `now` itself when already open. */
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
}

/**
 * The next draw a player can bet on, open now or later (for "closed until Monday morning").
 * Looks ahead `maxDays` calendar days; null when none is found (an absurd holiday list).
 */
export function nextSession(
  now: Date,
  holidays: ReadonlySet<string>,
  cfg: TwoDConfig,
  maxDays = 60,
): UpcomingDraw | null {
  const open = openSession(now, holidays, cfg);
  const today = yangonDate(now);
  if (open) {
    return { ...open, opensAt: now, drawAt: drawAt(open.date, open.session, cfg) };
  }
  for (let i = 1; i <= maxDays; i++) {
    const date = addDays(today, i);
    if (!isTradingDay(date, holidays)) continue;
    return {
      date,
      session: 'morning',
      opensAt: yangonDayStart(date),
      closesAt: cutoffAt(date, 'morning', cfg),
      drawAt: drawAt(date, 'morning', cfg),
    };
  }
  return null;
}

/** The draws of a trading day whose draw time has passed at `now` (none on a non-trading day). */
export function drawsPassed(
  date: string,
  now: Date,
  holidays: ReadonlySet<string>,
  cfg: TwoDConfig,
): Session[] {
  if (!isTradingDay(date, holidays)) return [];
  return SESSIONS.filter((s) => drawAt(date, s, cfg).getTime() <= now.getTime());
}
