/**
 * Running the books check and recording it (decision 0029): one check at a time across every
 * server process (a transaction-scoped advisory lock: released by the commit, or by the
 * database when a process dies; it also holds behind a transaction-mode pooler), and each run's
 * result in `books_checks`. The operator's check, the CLI's and the schedule's all come here.
 */
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { booksChecks } from '../db/schema';
import { checkBooks, type BooksResult } from './books';

/** The advisory lock every books check takes ('kpbk'). */
export const BOOKS_LOCK_KEY = 0x6b70626b;

export type BooksTrigger = 'schedule' | 'operator' | 'cli';

/** Another books check is running (in this process or another): this one did not start. */
export class BooksCheckRunning extends Error {
  constructor() {
    super('a books check is already running');
    this.name = 'BooksCheckRunning';
  }
}

export interface RecordedCheck extends BooksResult {
  id: number;
  startedAt: Date;
  finishedAt: Date;
  trigger: BooksTrigger;
  actor: string;
}

/** Takes the books lock in the caller's transaction; false when another check holds it. */
export async function tryBooksLock(tx: Db): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${BOOKS_LOCK_KEY}) as locked`)) as unknown as {
    rows: { locked: boolean | string }[];
  };
  const locked = result.rows[0]?.locked;
  return locked === true || locked === 't';
}

export interface RunInput {
  trigger: BooksTrigger;
  actor: string;
  now: () => Date;
}

/**
 * Runs the check and records it, in `db`'s transaction (a savepoint inside the admin audit's),
 * under the lock. Throws BooksCheckRunning when another check holds the lock. (PGlite has one
 * connection: there a second request waits for the first's transaction, then runs.)
 */
export async function runBooksCheck(db: Db, input: RunInput): Promise<RecordedCheck> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!(await tryBooksLock(tx))) throw new BooksCheckRunning();
    return checkAndRecord(tx, input);
  });
}

/** The check and its row, under a lock the caller holds. */
export async function checkAndRecord(tx: Db, input: RunInput): Promise<RecordedCheck> {
  const startedAt = input.now();
  const result = await checkBooks(tx);
  const finishedAt = new Date(startedAt.getTime() + result.summary.durationMs);
  const [row] = await tx
    .insert(booksChecks)
    .values({ startedAt, finishedAt, ok: result.ok, summary: result.summary, discrepancies: result.discrepancies, trigger: input.trigger, actor: input.actor })
    .returning({ id: booksChecks.id });
  return { ...result, id: row!.id, startedAt, finishedAt, trigger: input.trigger, actor: input.actor };
}

/** The last `limit` recorded checks, newest first. */
export async function recentChecks(db: Db, limit: number): Promise<RecordedCheck[]> {
  const rows = await db.select().from(booksChecks).orderBy(desc(booksChecks.startedAt), desc(booksChecks.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    ok: r.ok,
    summary: r.summary as RecordedCheck['summary'],
    discrepancies: r.discrepancies as RecordedCheck['discrepancies'],
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    trigger: r.trigger as BooksTrigger,
    actor: r.actor,
  }));
}
