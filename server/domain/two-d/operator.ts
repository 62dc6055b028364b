/**
 * The operator's 2D levers besides results: per-number break overrides (the default break comes
 * from TWO_D_DEFAULT_BREAK) and closures of a head digit ('head', '1' closes 10–19) or of single
 * numbers ('number', '12'). Bets read them under the counter lock (betting.ts).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoDClosures, twoDNumberLimits, twoDSlips } from '../../db/schema';

export type ClosureKind = 'head' | 'number';

export interface NumberLimit {
  number: string;
  breakAmount: bigint;
  updatedAt: Date;
}

export async function listLimits(db: Db): Promise<NumberLimit[]> {
  return db.select().from(twoDNumberLimits).orderBy(asc(twoDNumberLimits.number));
}

export async function setLimit(db: Db, number: string, breakAmount: bigint, now: Date): Promise<NumberLimit> {
  const [row] = await db
    .insert(twoDNumberLimits)
    .values({ number, breakAmount, updatedAt: now })
    .onConflictDoUpdate({ target: twoDNumberLimits.number, set: { breakAmount, updatedAt: now } })
    .returning();
  return row!;
}

/** Back to the default break; false when the number had no override. */
export async function removeLimit(db: Db, number: string): Promise<boolean> {
  const rows = await db.delete(twoDNumberLimits).where(eq(twoDNumberLimits.number, number)).returning();
  return rows.length > 0;
}

export interface Closure {
  id: number;
  kind: ClosureKind;
  value: string;
  createdAt: Date;
}

export async function listClosures(db: Db): Promise<Closure[]> {
  const rows = await db.select().from(twoDClosures).orderBy(asc(twoDClosures.kind), asc(twoDClosures.value));
  return rows.map((r) => ({ ...r, kind: r.kind as ClosureKind }));
}

/** Closes a head or a number; false when it was closed already. */
export async function addClosure(db: Db, kind: ClosureKind, value: string, now: Date): Promise<boolean> {
  const rows = await db.insert(twoDClosures).values({ kind, value, createdAt: now }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Reopens it; false when it was not closed. */
export async function removeClosure(db: Db, kind: ClosureKind, value: string): Promise<boolean> {
  const rows = await db
    .delete(twoDClosures)
    .where(and(eq(twoDClosures.kind, kind), eq(twoDClosures.value, value)))
    .returning();
  return rows.length > 0;
}

/** The numbers a closure covers. */
export function closedNumbers(kind: ClosureKind, value: string): string[] {
  return kind === 'number' ? [value] : Array.from({ length: 10 }, (_, i) => `${value}${i}`);
}

/** The pending slips on a draw date: a holiday added on it voids and refunds them after the draw window. */
export async function pendingSlipsOn(db: Db, date: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoDSlips)
    .where(and(eq(twoDSlips.drawDate, date), eq(twoDSlips.status, 'pending')));
  return row?.n ?? 0;
}
