/**
 * What the person on call looks at (issue 28, decision 0033): the queues and their oldest item, the
 * day's play per family, the open 2D draw's exposure, draws past their time without a confirmed
 * result, players with a live session and the last books check. One read for both the metrics
 * (server/lib/metrics.ts, business gauges) and the console's dashboard, so they never disagree.
 * Each query is one indexed aggregate; the metrics cache the answer a few seconds.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { booksChecks, depositRequests, ledger, tokens, twoDBets, twoDResults, twoDSlips, withdrawRequests } from '../../db/schema';
import { yangonDate, yangonDayStart } from '../../lib/time';
import { drawsPassed, openSession, type Session, type TwoDConfig } from '../two-d/calendar';
import { holidaySet } from '../two-d/holidays';
import { FAMILY_KINDS, countRows, foldFamilies, sumMoney, type Family } from './console-reads';

/** A token used within this long counts as a live session (the dashboard's "online"). */
export const LIVE_SESSION_MINUTES = 15;

export interface Queue {
  count: number;
  amount: bigint;
  /** When the oldest pending request was made; null when none waits. */
  oldestAt: Date | null;
}

export interface LiveFigures {
  at: Date;
  deposits: Queue;
  withdrawals: Queue;
  /** Today's (Yangon) bets: count and stakes (pya) per family. */
  families: Record<Family, { bets: number; stakes: bigint }>;
  /** The draw open for bets now, its stakes and the largest payout one number would cost; null when 2D is closed. */
  openDraw: { date: string; session: Session; stakes: bigint; worstPayout: bigint } | null;
  /** Today's draws whose draw time has passed with no confirmed result. */
  overdueDraws: number;
  liveSessions: number;
  lastBooksCheck: { ok: boolean; finishedAt: Date; discrepancies: number } | null;
  /**
   * Telegram messages (issue 29): waiting to go (pending or being sent), the oldest waiting one's
   * age, and those that failed in the last 24 hours (refused, out of retries, or unknown after a crash).
   */
  telegram: { queued: number; oldestQueuedAt: Date | null; failed: number };
}

async function queue(db: Db, table: typeof depositRequests | typeof withdrawRequests): Promise<Queue> {
  const [row] = await db
    .select({ count: countRows, amount: sumMoney(table.amount), oldest: sql<string | null>`min(${table.createdAt})::text` })
    .from(table)
    .where(eq(table.status, 0));
  return { count: row?.count ?? 0, amount: row?.amount ?? 0n, oldestAt: row?.oldest ? new Date(row.oldest) : null };
}

async function todaysPlay(db: Db, now: Date): Promise<LiveFigures['families']> {
  const from = yangonDayStart(yangonDate(now));
  const to = new Date(from.getTime() + 24 * 3600_000);
  const rows = await db
    .select({ kind: ledger.kind, amount: sumMoney(ledger.amount), count: countRows })
    .from(ledger)
    .where(and(gte(ledger.createdAt, from), lt(ledger.createdAt, to), inArray(ledger.kind, [...FAMILY_KINDS])))
    .groupBy(ledger.kind);
  const folded = foldFamilies(rows);
  return Object.fromEntries(Object.entries(folded).map(([f, v]) => [f, { bets: v.count, stakes: v.bets }])) as LiveFigures['families'];
}

async function openDrawExposure(db: Db, open: { date: string; session: Session } | null): Promise<LiveFigures['openDraw']> {
  if (!open) return null;
  const perNumber = db
    .select({ stakes: sql<string>`sum(${twoDBets.betAmount})`.as('stakes'), payout: sql<string>`sum(${twoDBets.potentialPayout})`.as('payout') })
    .from(twoDBets)
    .innerJoin(twoDSlips, eq(twoDSlips.id, twoDBets.slipId))
    .where(and(eq(twoDBets.drawDate, open.date), eq(twoDBets.session, open.session), sql`${twoDSlips.status} <> 'voided'`))
    .groupBy(twoDBets.betNumber)
    .as('per_number');
  const [row] = await db.select({ stakes: sql<string>`coalesce(sum(${perNumber.stakes}), 0)::text`.mapWith(BigInt), worst: sql<string>`coalesce(max(${perNumber.payout}), 0)::text`.mapWith(BigInt) }).from(perNumber);
  return { ...open, stakes: row?.stakes ?? 0n, worstPayout: row?.worst ?? 0n };
}

async function overdue(db: Db, date: string, passed: Session[]): Promise<number> {
  if (passed.length === 0) return 0;
  const confirmed = await db
    .select({ session: twoDResults.session })
    .from(twoDResults)
    .where(and(eq(twoDResults.drawDate, date), eq(twoDResults.status, 'confirmed')));
  return passed.filter((s) => !confirmed.some((r) => r.session === s)).length;
}

async function lastBooksCheck(db: Db): Promise<LiveFigures['lastBooksCheck']> {
  const [row] = await db
    .select({ ok: booksChecks.ok, finishedAt: booksChecks.finishedAt, discrepancies: sql<number>`coalesce((${booksChecks.summary}->>'discrepancies')::int, 0)` })
    .from(booksChecks)
    .orderBy(desc(booksChecks.startedAt))
    .limit(1);
  return row ? { ok: row.ok, finishedAt: new Date(row.finishedAt), discrepancies: Number(row.discrepancies) } : null;
}

/** The outbox's figures; a draw's fan-out still to be written (its players' messages) waits too. */
async function telegramOutbox(db: Db, now: Date): Promise<LiveFigures['telegram']> {
  const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const rows = (await db.execute(sql`
    select (select count(*)::int from telegram_outbox where status in ('pending', 'sending')) as queued,
           (select min(t)::text from (select min(created_at) as t from telegram_outbox where status = 'pending'
                                      union all select min(created_at) from telegram_fanouts where status = 'pending') waiting) as oldest,
           (select count(*)::int from telegram_outbox where status in ('failed', 'unknown') and created_at >= ${since}::timestamptz) as failed`)) as unknown as {
    rows: { queued: number; oldest: string | null; failed: number }[];
  };
  const row = rows.rows[0];
  return { queued: Number(row?.queued ?? 0), oldestQueuedAt: row?.oldest ? new Date(row.oldest) : null, failed: Number(row?.failed ?? 0) };
}

/** Every live figure at `now`, the queries in parallel. */
export async function liveFigures(db: Db, now: Date, cfg: TwoDConfig): Promise<LiveFigures> {
  const today = yangonDate(now);
  const holidays = await holidaySet(db, today, today);
  const open = openSession(now, holidays, cfg);
  const [deposits, withdrawals, families, openDraw, overdueDraws, [live], books, telegram] = await Promise.all([
    queue(db, depositRequests),
    queue(db, withdrawRequests),
    todaysPlay(db, now),
    openDrawExposure(db, open ? { date: open.date, session: open.session } : null),
    overdue(db, today, drawsPassed(today, now, holidays, cfg)),
    db.select({ n: sql<number>`count(distinct ${tokens.userId})::int` }).from(tokens).where(gte(tokens.lastUsedAt, new Date(now.getTime() - LIVE_SESSION_MINUTES * 60_000))),
    lastBooksCheck(db),
    telegramOutbox(db, now),
  ]);
  return { at: now, deposits, withdrawals, families, openDraw, overdueDraws, liveSessions: live?.n ?? 0, lastBooksCheck: books, telegram };
}
