/**
 * The 2D scheduler (docs/two-d.md): every few seconds, for each draw of the last days whose draw
 * time has passed and that is not settled or voided yet —
 *   - no result, and the source decides results → store the source's figures (confirmed for the
 *     simulation, or the feed with TWO_D_FEED_CONFIRM; otherwise provisional for an operator);
 *   - a confirmed result → settle;
 *   - still no confirmed result `voidAfterMinutes` after the draw → void and refund.
 * Weekends and holidays have no draws: nothing happens, except that slips left pending on a day
 * later declared a holiday are voided and refunded after the window. Every step is idempotent and
 * serialised per draw in the database, so several processes may tick at once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { twoDSettlements, twoDSlips } from '../../db/schema';
import type { Env } from '../../env';
import type { Clock } from '../../lib/clock';
import { yangonDate } from '../../lib/time';
import { addDays, drawAt, isTradingDay, SESSIONS, voidAt, type Session, type TwoDConfig } from './calendar';
import { holidaySet } from './holidays';
import { confirmedResults, recordSourceResult, type ConfirmedHook, type StoredResult } from './results';
import { resultsDigest } from '../telegram/results-digest';
import { twoDRuntime } from './runtime';
import { ResultConfirmed, settleDraw, voidDraw, type SettlementSummary } from './settlement';
import type { ResultSource } from './sources';
import { log, errFields } from '../../lib/log';

export interface TickDeps {
  db: Db;
  cfg: TwoDConfig;
  clock: Clock;
  /** Where a passed draw's figures come from, or null (operator entry only). */
  source: ResultSource | null;
  /** Store the source's figures confirmed (else provisional). */
  autoConfirm: boolean;
  /** Runs in the transaction that stores a confirmed result (the daily results to Telegram subscribers). */
  onConfirmed?: ConfirmedHook;
  /** How many days back unsettled draws are looked for (after downtime). Default 7. */
  lookbackDays?: number;
}

export interface TickReport {
  stored: { date: string; session: Session; status: 'confirmed' | 'provisional' }[];
  settled: SettlementSummary[];
  voided: SettlementSummary[];
  errors: { date: string; session: Session; message: string }[];
}

const key = (date: string, session: string) => `${date}:${session}`;

export async function runTwoDTick(deps: TickDeps, now: Date): Promise<TickReport> {
  const report: TickReport = { stored: [], settled: [], voided: [], errors: [] };
  const today = yangonDate(now);
  const dates = Array.from({ length: (deps.lookbackDays ?? 7) + 1 }, (_, i) => addDays(today, -i)).reverse();
  const state = await tickState(deps, dates, today);

  for (const date of dates) {
    for (const session of SESSIONS) {
      if (state.closed.has(key(date, session)) || now.getTime() < drawAt(date, session, deps.cfg).getTime()) continue;
      const late = now.getTime() >= voidAt(date, session, deps.cfg).getTime();
      try {
        await tickDraw(deps, state, { date, session, late }, now, report);
      } catch (err) {
        // A result confirmed just now: the next tick settles it. Anything else is reported.
        if (err instanceof ResultConfirmed) continue;
        report.errors.push({ date, session, message: (err as Error).message });
      }
    }
  }
  return report;
}

/** What a tick knows of the looked-back dates, keyed `date:session`; `confirmed` grows as results are stored. */
interface TickState {
  holidays: Set<string>;
  closed: Set<string>;
  withPendingSlips: Set<string>;
  confirmed: Map<string, StoredResult>;
}

async function tickState(deps: TickDeps, dates: string[], today: string): Promise<TickState> {
  const [holidays, done, pending] = await Promise.all([
    holidaySet(deps.db, dates[0]!, today),
    deps.db
      .select({ date: twoDSettlements.drawDate, session: twoDSettlements.session })
      .from(twoDSettlements)
      .where(inArray(twoDSettlements.drawDate, dates)),
    deps.db
      .selectDistinct({ date: twoDSlips.drawDate, session: twoDSlips.session })
      .from(twoDSlips)
      .where(and(inArray(twoDSlips.drawDate, dates), eq(twoDSlips.status, 'pending'))),
  ]);
  const closed = new Set(done.map((r) => key(r.date, r.session)));
  const withPendingSlips = new Set(pending.map((r) => key(r.date, r.session)));
  const confirmed = await confirmedResults(deps.db, dates);
  return { holidays, closed, withPendingSlips, confirmed };
}

/** A passed draw not yet closed; `late`: past its void time. */
interface DueDraw {
  date: string;
  session: Session;
  late: boolean;
}

/** One draw's step: void a holiday's pending slips, store the source's figures, settle, or void when late. */
async function tickDraw(deps: TickDeps, state: TickState, draw: DueDraw, now: Date, report: TickReport): Promise<void> {
  const { date, session, late } = draw;
  const k = key(date, session);
  if (!isTradingDay(date, state.holidays)) {
    if (late && state.withPendingSlips.has(k)) report.voided.push(await voidDraw(deps.db, date, session, deps.clock));
    return;
  }
  if (!state.confirmed.has(k) && deps.source) await storeSourceResult(deps, deps.source, state, draw, now, report);
  if (state.confirmed.has(k)) {
    const summary = await settleDraw(deps.db, date, session, deps.clock);
    if (!summary.already) report.settled.push(summary);
  } else if (late) {
    const summary = await voidDraw(deps.db, date, session, deps.clock);
    if (!summary.already) report.voided.push(summary);
  }
}

/** Stores the source's figures of the draw, if it has them; a confirmed one joins `state.confirmed`. */
async function storeSourceResult(deps: TickDeps, source: ResultSource, state: TickState, draw: DueDraw, now: Date, report: TickReport): Promise<void> {
  const { date, session } = draw;
  const figures = await source.resultFor(date, session, now);
  const status = deps.autoConfirm ? 'confirmed' : 'provisional';
  if (figures && (await recordSourceResult(deps.db, { date, session, figures, source: source.name, status }, now, deps.onConfirmed))) {
    report.stored.push({ date, session, status });
    if (status === 'confirmed') for (const [k2, r] of await confirmedResults(deps.db, [date])) state.confirmed.set(k2, r);
  }
}

/** Tick dependencies from the process's 2D runtime (the same the routes use). */
export function tickDeps(deps: { database: Database; env: Env; clock: Clock }): TickDeps {
  const rt = twoDRuntime(deps);
  return {
    db: deps.database.db,
    cfg: rt.cfg,
    clock: deps.clock,
    source: rt.feed ?? (rt.simulate ? rt.simulated : null),
    autoConfirm: rt.feed ? deps.env.TWO_D_FEED_CONFIRM : rt.simulate,
    onConfirmed: resultsDigest(deps.env),
  };
}

/**
 * Starts the feed polling and the tick loop (server/index.ts). Ticks never overlap in one
 * process; the timers do not keep the process alive. Returns stop(), which starts no further tick
 * and resolves once a tick in progress has finished (so the database can close after it).
 */
export function startTwoDScheduler(deps: { database: Database; env: Env; clock: Clock }, intervalMs = 5000): () => Promise<void> {
  const rt = twoDRuntime(deps);
  rt.feed?.start(deps.clock);
  const tick = tickDeps(deps);
  let current: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (current || stopped) return;
    current = tickAndReport(tick, deps.clock, rt.live).finally(() => (current = undefined));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    rt.feed?.stop();
    await current;
  };
}

/** One tick, its outcome logged; never throws. */
async function tickAndReport(tick: TickDeps, clock: Clock, live: { invalidate(): void }): Promise<void> {
  try {
    const report = await runTwoDTick(tick, clock.now());
    // Draws nobody bet on are settled quietly (a fresh install catches up on the last week).
    for (const s of report.settled.filter((x) => x.bets > 0)) log.info(`two-d: settled ${s.date} ${s.session}: ${s.twod}, ${s.winners} winner(s), ${s.bets} line(s)`);
    for (const s of report.voided.filter((x) => x.bets > 0)) log.info(`two-d: voided ${s.date} ${s.session}: ${s.bets} line(s) refunded`);
    for (const e of report.errors) log.warn(`two-d: ${e.date} ${e.session}: ${e.message}`);
    if (report.settled.length || report.voided.length) live.invalidate();
  } catch (err) {
    log.warn({ err: errFields(err) }, 'two-d: tick failed');
  }
}
