import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { exchangeHistory, ledgerHistory } from '../../domain/wallet-history';
import { ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { pageParam, paginated } from '../../lib/paginate';
import { yangonDateTime } from '../../lib/time';

export const EXCHANGE_LOG_PER_PAGE = 15;
export const TRANSACTIONS_PER_PAGE = 20;

/** GET /exchange-transactions-log: the player's own exchanges, newest first (no user record). */
export async function exchangeLog(c: Context<AppEnv>, deps: Deps) {
  const page = pageParam(c);
  const slice = { limit: EXCHANGE_LOG_PER_PAGE, offset: (page - 1) * EXCHANGE_LOG_PER_PAGE };
  const { rows, total } = await exchangeHistory(deps.database.db, c.var.user.id, slice);
  const data = rows.map((r) => ({
    id: r.id,
    amount: formatMoney(r.amount),
    type: r.type,
    created_at: r.createdAt.toISOString(),
  }));
  return ok(c, paginated(c, deps.env.PUBLIC_URL, data, total, page, EXCHANGE_LOG_PER_PAGE));
}

/** "+500.00" for a credit, "-500.00" for a debit. */
export function signedMoney(pya: bigint): string {
  return pya < 0n ? formatMoney(pya) : `+${formatMoney(pya)}`;
}

/** GET /transactions: the player's ledger, newest first. */
export async function transactions(c: Context<AppEnv>, deps: Deps) {
  const page = pageParam(c);
  const slice = { limit: TRANSACTIONS_PER_PAGE, offset: (page - 1) * TRANSACTIONS_PER_PAGE };
  const { rows, total } = await ledgerHistory(deps.database.db, c.var.user.id, slice);
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
  return ok(c, paginated(c, deps.env.PUBLIC_URL, data, total, page, TRANSACTIONS_PER_PAGE));
}
