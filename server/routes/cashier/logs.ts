import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { countDeposits, countWithdrawals, listDeposits, listWithdrawals } from '../../domain/cashier-requests';
import { ok } from '../../lib/http';
import { pageParam, paginated } from '../../lib/paginate';
import { depositJson, logRow, withdrawJson } from './requests';

/** The player's own requests, newest first: the short logs and the paginated request logs. */
export const LOG_CAP = 100;
export const REQUEST_LOG_PER_PAGE = 10;

export async function depositLog(c: Context<AppEnv>, deps: Deps) {
  const rows = await listDeposits(deps.database.db, { userId: c.var.user.id }, { limit: LOG_CAP });
  return ok(c, rows.map(logRow));
}

export async function withdrawLog(c: Context<AppEnv>, deps: Deps) {
  const rows = await listWithdrawals(deps.database.db, { userId: c.var.user.id }, { limit: LOG_CAP });
  return ok(c, rows.map(logRow));
}

const pageSlice = (page: number) => ({ limit: REQUEST_LOG_PER_PAGE, offset: (page - 1) * REQUEST_LOG_PER_PAGE });

export async function depositRequestLog(c: Context<AppEnv>, deps: Deps) {
  const { db } = deps.database;
  const page = pageParam(c);
  const mine = { userId: c.var.user.id };
  const [rows, total] = await Promise.all([listDeposits(db, mine, pageSlice(page)), countDeposits(db, mine)]);
  return ok(c, paginated(c, deps.env.PUBLIC_URL, rows.map(depositJson), total, page, REQUEST_LOG_PER_PAGE));
}

export async function withdrawRequestLog(c: Context<AppEnv>, deps: Deps) {
  const { db } = deps.database;
  const page = pageParam(c);
  const mine = { userId: c.var.user.id };
  const [rows, total] = await Promise.all([listWithdrawals(db, mine, pageSlice(page)), countWithdrawals(db, mine)]);
  return ok(c, paginated(c, deps.env.PUBLIC_URL, rows.map(withdrawJson), total, page, REQUEST_LOG_PER_PAGE));
}
