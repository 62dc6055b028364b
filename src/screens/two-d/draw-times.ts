/**
 * The 2D draws as the screens name them (spec §2, §9; domain notes): the bet dialog's ids 2
 * (12:00 PM, the morning draw) and 4 (04:30 PM, the evening draw), their betting cut-offs, and the
 * closing message read from the server's clock. The server enforces the cut-offs; this only shows
 * them.
 */
import { intlLocale } from '../../i18n';
import { formatCalendarDate, formatWallClock } from '../../../shared/date-format';

export { DRAW_TIMES, closingState, clockText, nextOpening, yangonClock, type ClosingState, type DrawSession, type DrawTime, type TradingToday, type YangonClock } from '../../../shared/two-d/draw-clock';
import { DRAW_TIMES, minutesOf, YANGON_OFFSET_MIN, type DrawSession, type DrawTime, type TradingToday, type YangonClock } from '../../../shared/two-d/draw-clock';

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

/** 'HH:mm' in the reader's language ("11:55 AM", "၁၁:၅၅", "11:55"), through shared/date-format. */
export function formatClock(hhmm: string): string {
  return formatWallClock(hhmm, intlLocale());
}

/** A calendar date 'YYYY-MM-DD' in the reader's language, through shared/date-format. */
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

/** Whether betting on `session` is still open at the server's time (for the bet dialog); a holiday the server names is closed. */
export function isDrawOpen(clock: YangonClock | null, session: DrawSession, trading?: TradingToday | null): boolean {
  if (!clock) return true;
  if (trading && !trading.tradingDay) return false;
  if (clock.weekday === 0 || clock.weekday === 6) return false;
  return clock.minutes < minutesOf(drawOf(session).cutoff);
}

/** Today in Yangon, 'YYYY-MM-DD' (the winners' default date). */
export function yangonToday(now = new Date()): string {
  return new Date(now.getTime() + YANGON_OFFSET_MIN * 60_000).toISOString().slice(0, 10);
}

