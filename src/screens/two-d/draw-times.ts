/**
 * The 2D draws as the screens name them (spec §2, §9; domain notes): the bet dialog's ids 2
 * (12:00 PM, the morning draw) and 4 (04:30 PM, the evening draw), their betting cut-offs, and the
 * closing message read from the server's clock. The server enforces the cut-offs; this only shows
 * them.
 */
import { intlLocale } from '../../i18n';
import { formatCalendarDate, formatWallClock } from '../../lib/date-format';

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

/** `?time=` → the draw; 1–2 are the morning draw and 3–4 the evening one (spec §9). */
export function drawFromQuery(value: string | null): DrawTime | null {
  const n = Number(value);
  if (n === 1 || n === 2) return DRAW_TIMES[0]!;
  if (n === 3 || n === 4) return DRAW_TIMES[1]!;
  return null;
}

export function drawOf(session: DrawSession): DrawTime {
  return session === 'morning' ? DRAW_TIMES[0]! : DRAW_TIMES[1]!;
}

/** 'HH:mm' in the reader's language ("11:55 AM", "၁၁:၅၅", "11:55"), through lib/date-format. */
export function formatClock(hhmm: string): string {
  return formatWallClock(hhmm, intlLocale());
}

/** A calendar date 'YYYY-MM-DD' in the reader's language, through lib/date-format. */
export function formatDay(date: string): string {
  return formatCalendarDate(date, intlLocale());
}

type WeekdayKey = `two_d.weekday${0 | 1 | 2 | 3 | 4 | 5 | 6}`;

/**
 * The weekday of a calendar date as a locale key: browsers without Burmese locale data would
 * name it in English through Intl.
 */
export function weekdayKey(date: string): WeekdayKey | null {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? null : (`two_d.weekday${day}` as WeekdayKey);
}

const YANGON_OFFSET_MIN = 6 * 60 + 30;

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

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export type ClosingState = { kind: 'open'; draw: DrawTime } | { kind: 'closedToday' } | { kind: 'noDraws' };

/**
 * What the closing message says at the server's time: the next cut-off today, closed for the
 * rest of today, or no draws today (weekend). Holidays are the server's to refuse.
 */
export function closingState(clock: YangonClock): ClosingState {
  if (clock.weekday === 0 || clock.weekday === 6) return { kind: 'noDraws' };
  const draw = DRAW_TIMES.find((d) => clock.minutes < minutesOf(d.cutoff));
  return draw ? { kind: 'open', draw } : { kind: 'closedToday' };
}

/** Whether betting on `session` is still open at the server's time (for the bet dialog). */
export function isDrawOpen(clock: YangonClock | null, session: DrawSession): boolean {
  if (!clock) return true;
  if (clock.weekday === 0 || clock.weekday === 6) return false;
  return clock.minutes < minutesOf(drawOf(session).cutoff);
}

/** Today in Yangon, 'YYYY-MM-DD' (the winners' default date). */
export function yangonToday(now = new Date()): string {
  return new Date(now.getTime() + YANGON_OFFSET_MIN * 60_000).toISOString().slice(0, 10);
}

/** 'HH:mm' of a Yangon clock. */
export function clockText(clock: YangonClock): string {
  return `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
}
