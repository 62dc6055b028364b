/**
 * The 2D draws' clock, with nothing of the browser in it (no i18n, no DOM), so the server's first
 * screen of /2d (server/routes/shell) says what the app's LiveBoard says: the draws and their
 * cut-offs, the server's time as Yangon wall time, and what the closing message says at it.
 * src/screens/two-d/draw-times.ts re-exports all of it.
 */
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

/** Betting for a trading day opens at its Yangon midnight (before the morning cut-off it is that morning's draw). */
export const BETTING_OPENS = '00:00';

/**
 * When betting opens again while it is closed (after the evening cut-off, or on a weekend): the
 * next Monday–Friday date and its weekday; null while betting is open. Holidays are the server's.
 */
export function nextOpening(clock: YangonClock): { date: string; weekday: number; time: string } | null {
  if (closingState(clock).kind === 'open') return null;
  const day = new Date(`${clock.date}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay(), time: BETTING_OPENS };
}

/** 'HH:mm' of a Yangon clock. */
export function clockText(clock: YangonClock): string {
  return `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
}
