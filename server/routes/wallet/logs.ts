import { count, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { exchanges, ledger } from '../../db/schema';
import { ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { pageParam, paginated } from '../../lib/paginate';
import { yangonDateTime } from '../../lib/time';

export const EXCHANGE_LOG_PER_PAGE = 15;
export const TRANSACTIONS_PER_PAGE = 20;

/** GET /exchange-transactions-log: the player's own exchanges, newest first (no user record). */
export async function exchangeLog(c: Context<AppEnv>, deps: Deps) {
  const { db } = deps.database;
  const userId = c.var.user.id;
  const page = pageParam(c);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: exchanges.id, amount: exchanges.amount, type: exchanges.type, createdAt: exchanges.createdAt })
      .from(exchanges)
      .where(eq(exchanges.userId, userId))
      .orderBy(desc(exchanges.id))
      .limit(EXCHANGE_LOG_PER_PAGE)
      .offset((page - 1) * EXCHANGE_LOG_PER_PAGE),
    db.select({ n: count() }).from(exchanges).where(eq(exchanges.userId, userId)),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    amount: formatMoney(r.amount),
    type: r.type,
    created_at: r.createdAt.toISOString(),
  }));
  return ok(c, paginated(c, deps.env.PUBLIC_URL, data, total?.n ?? 0, page, EXCHANGE_LOG_PER_PAGE));
}

/** "+500.00" for a credit, "-500.00" for a debit. */
export function signedMoney(pya: bigint): string {
  return pya < 0n ? formatMoney(pya) : `+${formatMoney(pya)}`;
}

/** GET /transactions: the player's ledger, newest first. */
export async function transactions(c: Context<AppEnv>, deps: Deps) {
  const { db } = deps.database;
  const userId = c.var.user.id;
  const page = pageParam(c);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledger)
      .where(eq(ledger.userId, userId))
      .orderBy(desc(ledger.id))
      .limit(TRANSACTIONS_PER_PAGE)
      .offset((page - 1) * TRANSACTIONS_PER_PAGE),
    db.select({ n: count() }).from(ledger).where(eq(ledger.userId, userId)),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    wallet: r.wallet,
    kind: r.kind,
    amount: signedMoney(r.amount),
    balance_before: formatMoney(r.balanceBefore),
    balance_after: formatMoney(r.balanceAfter),
    reference: r.reference,
    created_at: r.createdAt.toISOString(),
    datetime: yangonDateTime(r.createdAt),
  }));
  return ok(c, paginated(c, deps.env.PUBLIC_URL, data, total?.n ?? 0, page, TRANSACTIONS_PER_PAGE));
}
