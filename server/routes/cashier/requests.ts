import { count, eq, type SQL } from 'drizzle-orm';
import { agentPaymentAccounts, depositRequests, paymentTypes, users, withdrawRequests } from '../../db/schema';
import { statusLabel } from '../../domain/cashier';
import type { DepositRow, WithdrawRow } from '../../domain/cashier-requests';
import type { DbOrTx } from '../../domain/ledger';
import { formatMoney } from '../../lib/money';
import { yangonDateTime } from '../../lib/time';

/**
 * The wire shapes of deposit and withdraw requests (the reads: domain/cashier-requests.ts), for
 * the player's logs and the admin API.
 */
export type { DepositRow, WithdrawRow } from '../../domain/cashier-requests';

/** A deposit request: the created row, a request-log row. */
export function depositJson(r: DepositRow) {
  return {
    id: r.id,
    user_id: r.userId,
    agent_payment_type_id: r.agentPaymentAccountId,
    // The legacy request log names the receiving account this way.
    user_payment_id: r.agentPaymentAccountId,
    amount: formatMoney(r.amount),
    refrence_no: r.refrenceNo,
    receipt: r.receipt,
    payment_type: r.paymentType,
    account_name: r.accountName,
    account_number: r.accountNumber,
    status: r.status,
    note: r.note,
    datetime: yangonDateTime(r.createdAt),
    created_at: r.createdAt.toISOString(),
  };
}

/** A withdraw request: the created row, a request-log row. */
export function withdrawJson(r: WithdrawRow) {
  return {
    id: r.id,
    user_id: r.userId,
    payment_type_id: r.paymentTypeId,
    payment_type: r.paymentType,
    account_name: r.accountName,
    account_number: r.accountNumber,
    amount: formatMoney(r.amount),
    status: r.status,
    note: r.note,
    datetime: yangonDateTime(r.createdAt),
    created_at: r.createdAt.toISOString(),
  };
}

/** A row of /depositlogfinicial or /withdrawlogfinicial. */
export function logRow(r: DepositRow | WithdrawRow) {
  return {
    id: r.id,
    datetime: yangonDateTime(r.createdAt),
    payment_type: r.paymentType,
    account_name: r.accountName,
    account_number: r.accountNumber,
    amount: formatMoney(r.amount),
    status: statusLabel(r.status),
  };
}

// --- Until routes/admin/requests.ts reads through domain/cashier-requests.ts (helper A, issue 27) --
// The SQL-taking reads it still calls; delete them, and this file's line in
// tests/architecture/routes-through-domain.test.ts, once nothing imports them.

const depositColumns = {
  id: depositRequests.id,
  userId: depositRequests.userId,
  agentPaymentAccountId: depositRequests.agentPaymentAccountId,
  amount: depositRequests.amount,
  refrenceNo: depositRequests.refrenceNo,
  receipt: depositRequests.receipt,
  status: depositRequests.status,
  note: depositRequests.note,
  decidedAt: depositRequests.decidedAt,
  createdAt: depositRequests.createdAt,
  paymentTypeId: paymentTypes.id,
  paymentType: paymentTypes.name,
  accountName: agentPaymentAccounts.accountName,
  accountNumber: agentPaymentAccounts.accountNo,
  userName: users.userName,
  playerName: users.name,
};

const withdrawColumns = {
  id: withdrawRequests.id,
  userId: withdrawRequests.userId,
  amount: withdrawRequests.amount,
  status: withdrawRequests.status,
  note: withdrawRequests.note,
  decidedAt: withdrawRequests.decidedAt,
  firstApprovedByName: withdrawRequests.firstApprovedByName,
  firstApprovedAt: withdrawRequests.firstApprovedAt,
  createdAt: withdrawRequests.createdAt,
  paymentTypeId: paymentTypes.id,
  paymentType: paymentTypes.name,
  accountName: withdrawRequests.accountName,
  accountNumber: withdrawRequests.accountNumber,
  userName: users.userName,
  playerName: users.name,
};

export interface ListQuery {
  where?: SQL;
  orderBy: SQL | SQL[];
  limit: number;
  offset?: number;
}

export function listDeposits(db: DbOrTx, q: ListQuery) {
  return db
    .select(depositColumns)
    .from(depositRequests)
    .innerJoin(agentPaymentAccounts, eq(agentPaymentAccounts.id, depositRequests.agentPaymentAccountId))
    .innerJoin(paymentTypes, eq(paymentTypes.id, agentPaymentAccounts.paymentTypeId))
    .innerJoin(users, eq(users.id, depositRequests.userId))
    .where(q.where)
    .orderBy(...[q.orderBy].flat())
    .limit(q.limit)
    .offset(q.offset ?? 0);
}

export function listWithdrawals(db: DbOrTx, q: ListQuery) {
  return db
    .select(withdrawColumns)
    .from(withdrawRequests)
    .innerJoin(paymentTypes, eq(paymentTypes.id, withdrawRequests.paymentTypeId))
    .innerJoin(users, eq(users.id, withdrawRequests.userId))
    .where(q.where)
    .orderBy(...[q.orderBy].flat())
    .limit(q.limit)
    .offset(q.offset ?? 0);
}

export async function countDeposits(db: DbOrTx, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(depositRequests).where(where);
  return row?.n ?? 0;
}

export async function countWithdrawals(db: DbOrTx, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawRequests).where(where);
  return row?.n ?? 0;
}
