/**
 * The books check on a schedule (decision 0029): every BOOKS_CHECK_HOURS hours (default 24; 0
 * turns it off) at slots anchored on BOOKS_CHECK_AT, Yangon time (default 04:00: after the
 * evening draw has settled, before the day's play). Every server process wakes each minute; at
 * most one runs a slot: under the books lock it reads the last scheduled run and runs only when
 * none started at or after the slot. A process that starts after a missed slot catches up once.
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { booksChecks } from '../db/schema';
import type { Clock } from '../lib/clock';
import { checkAndRecord, tryBooksLock, type RecordedCheck } from './books-runs';
import { yangonAt } from './two-d/calendar';
import { log, errFields } from '../lib/log';

export interface BooksScheduleConfig {
  /** Hours between runs; 0: no schedule. */
  hours: number;
  /** Yangon 'HH:mm' a slot falls on. */
  at: string;
}

const HOUR_MS = 3_600_000;

/** The latest slot at or before `now`. */
export function dueSlot(now: Date, cfg: BooksScheduleConfig): Date {
  const anchor = yangonAt('2000-01-03', cfg.at).getTime();
  const period = cfg.hours * HOUR_MS;
  return new Date(anchor + Math.floor((now.getTime() - anchor) / period) * period);
}

export type ScheduledOutcome = { ran: RecordedCheck } | { skipped: 'not_due' | 'busy' };

/** One wake-up: runs and records the check when its slot has no run yet and no other check is running. */
export async function runScheduledCheck(database: Database, clock: Clock, cfg: BooksScheduleConfig, actor: string): Promise<ScheduledOutcome> {
  const slot = dueSlot(clock.now(), cfg);
  return database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!(await tryBooksLock(tx))) return { skipped: 'busy' as const };
    const [done] = await tx
      .select({ id: booksChecks.id })
      .from(booksChecks)
      .where(and(eq(booksChecks.trigger, 'schedule'), gte(booksChecks.startedAt, slot)))
      .orderBy(desc(booksChecks.startedAt))
      .limit(1);
    if (done) return { skipped: 'not_due' as const };
    return { ran: await checkAndRecord(tx, { trigger: 'schedule', actor, now: () => clock.now() }) };
  });
}

/** What a run says in the server's log. */
function logOutcome(outcome: ScheduledOutcome): void {
  if (!('ran' in outcome)) return;
  const { summary, ok } = outcome.ran;
  const line = `[books] ${summary.wallets} wallets, ${summary.ledgerRows} ledger rows, ${summary.records} records in ${summary.durationMs} ms`;
  if (ok) log.info(`${line}: ok`);
  else log.warn(`${line}: ${summary.discrepancies} DISCREPANCIES (npm run admin -- books)`);
}

/**
 * Starts the schedule (server/index.ts); the timer does not keep the process alive. Returns stop(),
 * which waits for a run in progress to finish, so the database can close after it.
 */
export function startBooksSchedule(
  deps: { database: Database; clock: Clock; cfg: BooksScheduleConfig; actor?: string },
  tickMs = 60_000,
): () => Promise<void> {
  if (deps.cfg.hours <= 0) return async () => undefined;
  const actor = deps.actor ?? `schedule:${process.pid}`;
  let lastSlot = -1;
  let running: Promise<void> | null = null;
  let stopped = false;
  const wake = () => {
    const slot = dueSlot(deps.clock.now(), deps.cfg).getTime();
    if (running || stopped || slot === lastSlot) return;
    running = runScheduledCheck(deps.database, deps.clock, deps.cfg, actor)
      .then((outcome) => {
        // 'busy': another process is running it; look again at the next wake-up.
        if (!('skipped' in outcome && outcome.skipped === 'busy')) lastSlot = slot;
        logOutcome(outcome);
      })
      .catch((err: unknown) => log.warn({ err: errFields(err) }, 'books: scheduled check failed'))
      .finally(() => {
        running = null;
      });
  };
  wake();
  const timer = setInterval(wake, tickMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
