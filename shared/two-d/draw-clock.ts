/**
 * The 2D draws' clock, with nothing of the browser in it (no i18n, no DOM), so the server's first
 * screen of /2d (server/routes/shell) says what the app's LiveBoard says: the draws and their
 * cut-offs, the server's time as Yangon wall time, and what the closing message says at it.
 * src/screens/two-d/draw-times.ts re-exports all of it.
 */
import type { HolidayKey } from '../contract/holidays';

export type DrawSession = 'morning' | 'evening';

export interface DrawTime {
  /** The legacy id in `/2d/bet?time=`. */
  id: 2 | 4;
  session: DrawSession;
  /** Yangon wall clock 'HH:mm' of the draw as the spec labels it. */
  draw: string;
  /** Yangon wall clock 'HH:mm' when betting on it closes. */
  cutoff: string;
}

export const DRAW_TIMES: readonly DrawTime[] = [
  { id: 2, session: 'morning', draw: '12:00', cutoff: '11:55' },
  { id: 4, session: 'evening', draw: '16:30', cutoff: '15:55' },
];

export const YANGON_OFFSET_MIN = 6 * 60 + 30;

export interface YangonClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Minutes since Yangon midnight. */
  minutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/**
 * The server's clock as Yangon wall time. An ISO instant (with a zone) is converted; the API's
 * display form 'YYYY-MM-DD HH:mm:ss' is already Yangon time (api-contract.md, Time).
 */
export function yangonClock(serverTime: string | null | undefined): YangonClock | null {
  if (!serverTime) return null;
  const text = serverTime.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(text);
  let date: string;
  let minutes: number;
  if (local) {
    date = local[1]!;
    minutes = Number(local[2]) * 60 + Number(local[3]);
  } else {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) return null;
    const shifted = new Date(instant.getTime() + YANGON_OFFSET_MIN * 60_000).toISOString();
    date = shifted.slice(0, 10);
    minutes = Number(shifted.slice(11, 13)) * 60 + Number(shifted.slice(14, 16));
  }
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return Number.isNaN(weekday) ? null : { date, minutes, weekday };
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A holiday as the server names it (GET /live `trading.holiday`; shared/labels' holidayLabel words it). */
export interface TradingHoliday {
  name: string;
  key: HolidayKey | null;
  substitute: boolean;
}

/**
 * The server's word on today's 2D trading (GET /live `trading`; absent from a legacy server, then
 * only weekends are known): whether today trades, why not, and when betting opens next.
 */
export interface TradingToday {
  tradingDay: boolean;
  closedReason: 'weekend' | 'holiday' | null;
  holiday: TradingHoliday | null;
  /** Yangon wall time 'YYYY-MM-DD HH:mm:ss' betting opens next; null while it is open. */
  opensAt: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `trading` of a GET /live body, or null when the body has none (a legacy server). `isKey` tells
 * the holiday keys this build names (shared/labels' isHolidayKey); another key keeps the server's name.
 */
export function tradingFromLive(value: unknown, isKey: (key: unknown) => key is HolidayKey): TradingToday | null {
  if (!isRecord(value) || typeof value.trading_day !== 'boolean') return null;
  const reason = value.closed_reason === 'weekend' || value.closed_reason === 'holiday' ? value.closed_reason : null;
  const h = value.holiday;
  const holiday =
    isRecord(h) && typeof h.name === 'string'
      ? { name: h.name, key: isKey(h.key) ? h.key : null, substitute: isKey(h.key) && h.substitute === true }
      : null;
  return { tradingDay: value.trading_day, closedReason: reason, holiday, opensAt: typeof value.opens_at === 'string' ? value.opens_at : null };
}

export type ClosingState = { kind: 'open'; draw: DrawTime } | { kind: 'closedToday' } | { kind: 'noDraws'; holiday: TradingHoliday | null };

/**
 * What the closing message says at the server's time: the next cut-off today, closed for the
 * rest of today, or no draws today (a weekend, or a holiday when the server says so in `trading`).
 */
export function closingState(clock: YangonClock, trading?: TradingToday | null): ClosingState {
  if (trading && !trading.tradingDay) return { kind: 'noDraws', holiday: trading.closedReason === 'holiday' ? trading.holiday : null };
  if (clock.weekday === 0 || clock.weekday === 6) return { kind: 'noDraws', holiday: null };
  const draw = DRAW_TIMES.find((d) => clock.minutes < minutesOf(d.cutoff));
  return draw ? { kind: 'open', draw } : { kind: 'closedToday' };
}

/** Betting for a trading day opens at its Yangon midnight (before the morning cut-off it is that morning's draw). */
export const BETTING_OPENS = '00:00';

/**
 * When betting opens again while it is closed (after the evening cut-off, on a weekend or a
 * holiday): the server's `trading.opens_at` when it sent one (it knows the holidays), else the
 * next Monday–Friday; its date and weekday; null while betting is open.
 */
export function nextOpening(clock: YangonClock, trading?: TradingToday | null): { date: string; weekday: number; time: string } | null {
  if (closingState(clock, trading).kind === 'open') return null;
  const opens = yangonClock(trading?.opensAt);
  if (opens) return { date: opens.date, weekday: opens.weekday, time: clockText(opens) };
  const day = new Date(`${clock.date}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay(), time: BETTING_OPENS };
}

/** 'HH:mm' of a Yangon clock. */
export function clockText(clock: YangonClock): string {
  return `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
}
