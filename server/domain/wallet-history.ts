/**
 * A player's own wallet history, newest first, a page at a time: the exchanges between the main
 * and the game wallet, and every ledger row (GET /exchange-transactions-log, GET /transactions).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { exchanges, ledger } from '../db/schema';

/** Which rows of the list: `limit` of them after the first `offset`. */
export interface PageSlice {
  limit: number;
  offset: number;
}

/** The player's exchanges (no user record): id, amount, legacy type word, time; and how many there are. */
export async function exchangeHistory(db: Db, userId: number, slice: PageSlice) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: exchanges.id, amount: exchanges.amount, type: exchanges.type, createdAt: exchanges.createdAt })
      .from(exchanges)
      .where(eq(exchanges.userId, userId))
      .orderBy(desc(exchanges.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(exchanges).where(eq(exchanges.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The player's ledger rows, both wallets; and how many there are. */
export async function ledgerHistory(db: Db, userId: number, slice: PageSlice) {
  const [rows, [total]] = await Promise.all([
    db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.id)).limit(slice.limit).offset(slice.offset),
    db.select({ n: count() }).from(ledger).where(eq(ledger.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
