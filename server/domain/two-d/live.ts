/**
 * The `/live` feed every player polls every 2 s (docs/two-d.md): built at most once per second
 * per process and served from memory as ready JSON. The figures come from the result source;
 * the draw rows (12:01, 16:30) show the stored CONFIRMED result when there is one (an operator's
 * override wins over the feed), and come from the source only when the source decides results
 * (the simulation with TWO_D_SIMULATE on, or a real feed).
 */
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { yangonDate, yangonDateTime } from '../../lib/time';
import { addDays, drawAt, isTradingDay, nextSession, SESSIONS, type Session, type TwoDConfig } from './calendar';
import { holidayKey, listHolidays, type TradingDay } from './holidays';
import { withThousands } from './number-rule';
import { confirmedResults, type StoredResult } from './results';
import { drawOpenTime, type LiveRow, type LiveSnapshot, type ResultSource } from './sources';
import { log, errFields } from '../../lib/log';

/** The wire shape (api-contract.md, 2D lottery), no envelope. */
export interface LiveBody {
  live: { twod: string; date: string; time: string; set: string; value: string };
  server_time: string;
  result: { open_time: string; set: string; value: string; twod: string }[];
  /**
   * Added to the legacy shape (nothing removed or renamed): today's 2D trading as the server knows
   * it (weekends and the operator's holidays), and when betting opens next while it is closed, so
   * /2d shows one closed state on a weekday holiday too instead of a Bet the server refuses.
   */
  trading: LiveTrading;
}

/** `trading` of GET /live: today's trading day (as the console's) and the next opening. */
export interface LiveTrading extends TradingDay {
  /** Yangon wall time 'YYYY-MM-DD HH:mm:ss' betting opens next; null while betting is open now. */
  opens_at: string | null;
}

/** How far ahead the feed reads holidays for the next opening (Songkran and bridges fit). */
const HOLIDAYS_AHEAD_DAYS = 60;

export interface LiveView {
  body: LiveBody;
  /** `body` serialised once, for every request of that second. */
  json: string;
  builtAt: Date;
}

export interface LiveOptions {
  db: Db;
  cfg: TwoDConfig;
  source: ResultSource;
  /** The simulation's draw figures count as results (TWO_D_SIMULATE). */
  simulate: boolean;
  clock: Clock;
}

/** How long a built view is served: the feed is built at most once per this many ms. */
export const LIVE_TTL_MS = 1000;

const printedRow = (openTime: string, r: StoredResult): LiveRow => ({
  openTime,
  set: r.setIndex ? withThousands(r.setIndex) : '--',
  value: r.value ? withThousands(r.value) : '--',
  twod: r.twod,
});

/** Overlays stored confirmed results on the source's rows of `date` (see the header). */
export function mergeRows(
  date: string,
  snap: LiveSnapshot,
  stored: Map<string, StoredResult>,
  now: Date,
  cfg: TwoDConfig,
  sourceDecides: boolean,
): LiveRow[] {
  const drawTimes = new Map<string, Session>(SESSIONS.map((s) => [drawOpenTime(s, cfg), s]));
  const rows = snap.rows.filter((r) => !drawTimes.has(r.openTime) || sourceDecides);
  for (const session of SESSIONS) {
    const result = stored.get(`${date}:${session}`);
    if (!result || now.getTime() < drawAt(date, session, cfg).getTime()) continue;
    const openTime = drawOpenTime(session, cfg);
    const at = rows.findIndex((r) => r.openTime === openTime);
    if (at >= 0) rows.splice(at, 1, printedRow(openTime, result));
    else rows.push(printedRow(openTime, result));
  }
  return rows.sort((a, b) => a.openTime.localeCompare(b.openTime));
}

export function createLiveService(opts: LiveOptions) {
  let cache: { at: number; view: Promise<LiveView> } | null = null;
  let lastGood: LiveView | null = null;

  async function build(now: Date): Promise<LiveView> {
    const view = await buildView(opts, now, lastGood);
    lastGood = view;
    return view;
  }

  return {
    /** The view for `now`: the one built less than a second ago, or a new one. */
    get(now: Date = opts.clock.now()): Promise<LiveView> {
      const t = now.getTime();
      if (cache && t >= cache.at && t - cache.at < LIVE_TTL_MS) return cache.view;
      const view = build(now);
      cache = { at: t, view };
      view.catch(() => {
        if (cache?.view === view) cache = null;
      });
      return view;
    },
    /** Forget the cached view (after an operator changes a result). */
    invalidate() {
      cache = null;
    },
  };
}

/** Builds the view for `now`; while the database is away, `lastGood` is served instead. */
async function buildView(opts: LiveOptions, now: Date, lastGood: LiveView | null): Promise<LiveView> {
  const today = yangonDate(now);
  const sourceDecides = opts.simulate || opts.source.name === 'feed';
  const { holidays, named, stored, error } = await readStored(opts.db, today);
  if (error) {
    // The database is away: keep serving the last good view rather than failing every poll.
    if (lastGood) return lastGood;
    log.warn({ err: errFields(error) }, 'two-d live: cannot read results');
  }
  const snap = await opts.source.current(now, holidays);
  const trusted = sourceDecides && (snap.source === 'feed' || opts.simulate);
  if (snap.live.date !== today) {
    const more = await confirmedResults(opts.db, [snap.live.date]).catch(() => new Map<string, StoredResult>());
    for (const [k, v] of more) stored.set(k, v);
  }
  const rows = mergeRows(today, snap, stored, now, opts.cfg, trusted);
  const body: LiveBody = {
    live: headline(snap, rows, stored, today, opts.cfg),
    server_time: yangonDateTime(now),
    result: rows.map((r) => ({ open_time: r.openTime, set: r.set, value: r.value, twod: r.twod })),
    trading: tradingToday(now, today, holidays, named, opts.cfg),
  };
  return { body, json: JSON.stringify(body), builtAt: now };
}

/** Today's trading day and, while betting is closed, when it opens next (Yangon wall time). */
export function tradingToday(now: Date, today: string, holidays: ReadonlySet<string>, named: ReadonlyMap<string, string>, cfg: TwoDConfig): LiveTrading {
  const weekday = isTradingDay(today, new Set());
  const name = named.get(today);
  const trading_day = weekday && !holidays.has(today);
  const next = nextSession(now, holidays, cfg, HOLIDAYS_AHEAD_DAYS);
  const open = next !== null && next.opensAt.getTime() <= now.getTime();
  return {
    trading_day,
    closed_reason: trading_day ? null : weekday ? 'holiday' : 'weekend',
    holiday: name !== undefined ? { name, ...holidayKey(name) } : null,
    opens_at: open || !next ? null : yangonDateTime(next.opensAt),
  };
}

/** The holidays of the past month and the coming ones, and today's confirmed results, as far as they could be read. */
async function readStored(
  db: Db,
  today: string,
): Promise<{ holidays: Set<string>; named: Map<string, string>; stored: Map<string, StoredResult>; error?: Error }> {
  let stored = new Map<string, StoredResult>();
  let named = new Map<string, string>();
  try {
    named = new Map((await listHolidays(db, addDays(today, -31), addDays(today, HOLIDAYS_AHEAD_DAYS))).map((h) => [h.date, h.name]));
    stored = await confirmedResults(db, [today]);
  } catch (err) {
    return { holidays: new Set(named.keys()), named, stored, error: err as Error };
  }
  return { holidays: new Set(named.keys()), named, stored };
}

/** The headline: the source's figure, or outside the market the latest draw (stored result first). */
function headline(snap: LiveSnapshot, rows: LiveRow[], stored: Map<string, StoredResult>, today: string, cfg: TwoDConfig): LiveBody['live'] {
  const live = { twod: snap.live.twod, date: snap.live.date, time: snap.live.time, set: snap.live.set, value: snap.live.value };
  if (snap.live.status !== 'closed') return live;
  const latestDraw = rows.filter((r) => SESSIONS.some((s) => drawOpenTime(s, cfg) === r.openTime)).at(-1);
  const previous = stored.get(`${snap.live.date}:evening`);
  if (snap.live.date === today && latestDraw) {
    return { twod: latestDraw.twod, date: today, time: latestDraw.openTime, set: latestDraw.set, value: latestDraw.value };
  }
  if (snap.live.date !== today && previous) {
    const row = printedRow(drawOpenTime('evening', cfg), previous);
    return { twod: row.twod, date: snap.live.date, time: row.openTime, set: row.set, value: row.value };
  }
  return live;
}

export type LiveService = ReturnType<typeof createLiveService>;
