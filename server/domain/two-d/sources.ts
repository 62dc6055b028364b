/**
 * Where 2D figures come from (docs/two-d.md): a simulated SET feed (random, stored per install:
 * simulation.ts) or an external live feed in the `/live` shape, behind one interface. The
 * third source, an operator entering figures, writes results directly (results.ts).
 */
import { yangonDate } from '../../lib/time';
import { addDays, isCalendarDate, isTradingDay, yangonAt, type Session, type TwoDConfig } from './calendar';
import { BadFigure, isTwoD, normaliseSetIndex, normaliseSetValue, twoDFromSet, withThousands } from './number-rule';
import { EVENING_CLOSE, EVENING_OPEN, MORNING_CLOSE, MORNING_OPEN, type DrawFigures, type SimulationStore } from './simulation';
import { log } from '../../lib/log';

export type { DrawFigures } from './simulation';

/** One result row of the `/live` shape; set and value as printed ("1,346.23"). */
export interface LiveRow {
  openTime: string;
  set: string;
  value: string;
  twod: string;
}

export interface LiveSnapshot {
  /** The latest figures: moving while the market is open, else the last draw's. */
  live: { date: string; time: string; set: string; value: string; twod: string; status: 'open' | 'closed' };
  /** The rows of today (Yangon) that have happened, oldest first; none on a non-trading day. */
  rows: LiveRow[];
  /**
   * Where these figures come from: 'feed', or 'simulated' (also when the external feed has never
   * answered and the simulation stands in). `stale`: the feed is failing; older or simulated
   * figures are shown.
   */
  source: 'simulated' | 'feed';
  stale: boolean;
}

export interface ResultSource {
  readonly name: 'simulated' | 'feed';
  current(now: Date, holidays: ReadonlySet<string>): Promise<LiveSnapshot>;
  /** A draw's final figures once the source has them at `now`; null before (or when unknown). */
  resultFor(date: string, session: Session, now: Date): Promise<DrawFigures | null>;
}

/** open_time of the rows: 11:00 and 15:00 are informational, the draws settle. */
export const INFO_MORNING = '11:00:00';
export const INFO_EVENING = '15:00:00';
export const drawOpenTime = (session: Session, cfg: TwoDConfig) =>
  `${session === 'morning' ? cfg.morningDraw : cfg.eveningDraw}:00`;

// --- the simulated SET feed (simulation.ts stores it) ------------------------------------------

const printed = (f: DrawFigures) => ({ set: withThousands(f.setIndex), value: withThousands(f.value), twod: f.twod });

function minuteOfDay(now: Date, date: string): number {
  return Math.floor((now.getTime() - yangonAt(date, '00:00').getTime()) / 60_000);
}

/** The last trading day strictly before `date` (looking back at most 30 days). */
function previousTradingDay(date: string, holidays: ReadonlySet<string>): string | null {
  for (let i = 1; i <= 30; i++) {
    const d = addDays(date, -i);
    if (isTradingDay(d, holidays)) return d;
  }
  return null;
}

export function simulatedSource(cfg: TwoDConfig, store: SimulationStore): ResultSource {
  return {
    name: 'simulated',
    async current(now, holidays) {
      const today = yangonDate(now);
      const trading = isTradingDay(today, holidays);
      const rows = trading ? await simulatedRows(cfg, store, today, now) : [];
      const live = await simulatedLive(cfg, store, { today, trading, holidays, now });
      return { live, rows, source: 'simulated', stale: false };
    },
    async resultFor(date, session, now) {
      const at = yangonAt(date, session === 'morning' ? cfg.morningDraw : cfg.eveningDraw);
      return now.getTime() >= at.getTime() ? store.draw(date, session, now) : null;
    },
  };
}

/** The rows of `date` whose time has come at `now`. */
async function simulatedRows(cfg: TwoDConfig, store: SimulationStore, date: string, now: Date): Promise<LiveRow[]> {
  const plan: [string, () => Promise<DrawFigures>][] = [
    [INFO_MORNING, () => store.figures(date, '11:00', now)],
    [drawOpenTime('morning', cfg), () => store.draw(date, 'morning', now)],
    [INFO_EVENING, () => store.figures(date, '15:00', now)],
    [drawOpenTime('evening', cfg), () => store.draw(date, 'evening', now)],
  ];
  const due = plan.filter(([time]) => yangonAt(date, time.slice(0, 5)).getTime() <= now.getTime());
  const rows: LiveRow[] = [];
  for (const [openTime, figures] of due) rows.push({ openTime, ...printed(await figures()) });
  return rows;
}

/** The headline at `now`: moving while the market is open, else the latest close or draw. */
async function simulatedLive(
  cfg: TwoDConfig,
  store: SimulationStore,
  { today, trading, holidays, now }: { today: string; trading: boolean; holidays: ReadonlySet<string>; now: Date },
): Promise<LiveSnapshot['live']> {
  const minute = minuteOfDay(now, today);
  const at = async (hhmm: string, status: 'open' | 'closed', figures?: DrawFigures) =>
    ({ date: today, time: `${hhmm}:00`, ...printed(figures ?? (await store.figures(today, hhmm, now))), status }) as const;
  const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  if (!trading || minute < MORNING_OPEN) {
    const last = previousTradingDay(today, holidays) ?? addDays(today, -1);
    return { date: last, time: drawOpenTime('evening', cfg), ...printed(await store.draw(last, 'evening', now)), status: 'closed' };
  }
  if (minute < MORNING_CLOSE || (minute >= EVENING_OPEN && minute < EVENING_CLOSE)) return at(hhmm, 'open');
  if (hhmm >= cfg.eveningDraw) return at(cfg.eveningDraw, 'closed', await store.draw(today, 'evening', now));
  if (minute >= EVENING_CLOSE) return at('16:10', 'closed'); // final, not yet published
  if (hhmm >= cfg.morningDraw) return at(cfg.morningDraw, 'closed', await store.draw(today, 'morning', now));
  return at('12:00', 'closed'); // the morning close, not yet published
}

// --- the external feed ------------------------------------------------------------------------

export interface FeedSnapshot {
  date: string;
  live: { twod: string; time: string; set: string; value: string };
  rows: (LiveRow & { date: string })[];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function clockTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1]!.padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/** The `/live` shape from another server, checked; null when it is not that shape. */
export function parseFeed(body: unknown): FeedSnapshot | null {
  if (typeof body !== 'object' || body === null) return null;
  const { live, result } = body as { live?: Record<string, unknown>; result?: unknown };
  if (typeof live !== 'object' || live === null) return null;
  const date = str(live.date).slice(0, 10);
  const twod = str(live.twod);
  if (!isCalendarDate(date) || !isTwoD(twod)) return null;
  const rows: FeedSnapshot['rows'] = [];
  for (const raw of Array.isArray(result) ? result : []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const r = raw as Record<string, unknown>;
    const openTime = clockTime(str(r.open_time));
    const rowDate = str(r.stock_date ?? r.date).slice(0, 10);
    if (!openTime || !isTwoD(str(r.twod))) continue;
    rows.push({ openTime, set: str(r.set), value: str(r.value), twod: str(r.twod), date: isCalendarDate(rowDate) ? rowDate : date });
  }
  rows.sort((a, b) => a.openTime.localeCompare(b.openTime));
  return { date, live: { twod, time: clockTime(str(live.time)) ?? str(live.time), set: str(live.set), value: str(live.value) }, rows };
}

/** A row's figures when they are real SET figures that give its twod by our rule; else null. */
export function feedRowFigures(row: { set: string; value: string; twod: string }): DrawFigures | null {
  try {
    const setIndex = normaliseSetIndex(row.set);
    const value = normaliseSetValue(row.value);
    return twoDFromSet(setIndex, value) === row.twod ? { setIndex, value, twod: row.twod } : null;
  } catch (err) {
    if (err instanceof BadFigure) return null;
    throw err;
  }
}

export interface ExternalFeed extends ResultSource {
  /** Fetches the feed once; true when it answered in shape. Never throws. */
  poll(now: Date): Promise<boolean>;
  /** Polls every `pollSeconds` until stop(); the timer never keeps the process alive. */
  start(clock: { now(): Date }): void;
  stop(): void;
  /** When the last good answer arrived, or null. */
  lastGoodAt(): Date | null;
}

export interface FeedOptions {
  url: string;
  pollSeconds: number;
  cfg: TwoDConfig;
  fallback: ResultSource;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The feed's last good answer and whether it is failing now. */
interface FeedState {
  last: { snapshot: FeedSnapshot; at: Date } | null;
  failing: boolean;
}

/**
 * Polls TWO_D_FEED_URL. A failed or malformed answer keeps the last good snapshot; until the feed
 * has answered once, the simulated feed stands in for display (flagged `stale`). Results are
 * only read from a good answer whose row for the draw carries figures that fit the rule.
 */
export function externalFeed(opts: FeedOptions): ExternalFeed {
  const doFetch = opts.fetch ?? fetch;
  const state: FeedState = { last: null, failing: false };
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<boolean> | null = null;

  return {
    name: 'feed',
    poll(now) {
      inFlight ??= fetchFeed(opts, doFetch, state, now).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    start(clock) {
      if (timer) return;
      void this.poll(clock.now());
      timer = setInterval(() => void this.poll(clock.now()), opts.pollSeconds * 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    lastGoodAt: () => state.last?.at ?? null,
    async current(now, holidays) {
      if (!state.last) return { ...(await opts.fallback.current(now, holidays)), stale: true };
      return feedLive(state.last.snapshot, now, opts.cfg, state.failing);
    },
    async resultFor(date, session) {
      const row = state.last?.snapshot.rows.find((r) => r.date === date && r.openTime === drawOpenTime(session, opts.cfg));
      return row ? feedRowFigures(row) : null;
    },
  };
}

/** Fetches the feed once into `state`; true when it answered in shape. Warns once per failing spell. */
async function fetchFeed(opts: FeedOptions, doFetch: typeof fetch, state: FeedState, now: Date): Promise<boolean> {
  try {
    const res = await doFetch(opts.url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
    const snapshot = res.ok ? parseFeed(await res.json()) : null;
    if (!snapshot) throw new Error(res.ok ? 'not the /live shape' : `HTTP ${res.status}`);
    state.last = { snapshot, at: now };
    state.failing = false;
    return true;
  } catch (err) {
    if (!state.failing) log.warn(`two-d: live feed ${opts.url} failed: ${(err as Error).message}; keeping the last good figures`);
    state.failing = true;
    return false;
  }
}

/** The feed's last good snapshot as the live view of `now`: today's rows, open until the evening draw is in. */
function feedLive(snapshot: FeedSnapshot, now: Date, cfg: TwoDConfig, stale: boolean): LiveSnapshot {
  const today = yangonDate(now);
  const liveRow = snapshot.rows.findLast((r) => r.openTime === snapshot.live.time);
  return {
    live: {
      date: snapshot.date,
      time: snapshot.live.time,
      set: snapshot.live.set || liveRow?.set || '',
      value: snapshot.live.value || liveRow?.value || '',
      twod: snapshot.live.twod,
      status: snapshot.date === today && !snapshot.rows.some((r) => r.openTime === drawOpenTime('evening', cfg)) ? 'open' : 'closed',
    },
    rows: snapshot.rows.filter((r) => r.date === today).map(({ date: _date, ...row }) => row),
    source: 'feed',
    stale,
  };
}
