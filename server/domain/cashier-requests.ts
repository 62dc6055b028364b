/**
 * Players' deposit and withdraw requests (api-contract.md § Cashier): reading them with what a
 * person needs to recognise them (payment type, account, player), and writing a new one. A
 * deposit moves no money until an operator approves it (cashier-decisions.ts); a withdrawal holds
 * its amount from the game balance at once, in the transaction that writes it.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { agentPaymentAccounts, depositRequests, paymentTypes, users, withdrawRequests } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';
import { isUniqueViolation } from '../lib/pg-error';
import { PENDING } from './cashier';
import { rememberPayoutAccount, type PayoutAccount } from './cashier-accounts';
import { applyMovements } from './ledger';

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

/** Which requests: every given field must match (none given: all of them). */
export interface RequestFilter {
  id?: number;
  userId?: number;
  /** cashier.ts PENDING, APPROVED or REJECTED. */
  status?: number;
}

/** `limit` requests after the first `offset`, newest first. */
export interface RequestSlice {
  limit: number;
  offset?: number;
}

type RequestTable = typeof depositRequests | typeof withdrawRequests;

function whereOf(table: RequestTable, filter: RequestFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.id !== undefined) parts.push(eq(table.id, filter.id));
  if (filter.userId !== undefined) parts.push(eq(table.userId, filter.userId));
  if (filter.status !== undefined) parts.push(eq(table.status, filter.status));
  return parts.length ? and(...parts) : undefined;
}

export function listDeposits(db: DbOrTx, filter: RequestFilter, slice: RequestSlice) {
  return db
    .select(depositColumns)
    .from(depositRequests)
    .innerJoin(agentPaymentAccounts, eq(agentPaymentAccounts.id, depositRequests.agentPaymentAccountId))
    .innerJoin(paymentTypes, eq(paymentTypes.id, agentPaymentAccounts.paymentTypeId))
    .innerJoin(users, eq(users.id, depositRequests.userId))
    .where(whereOf(depositRequests, filter))
    .orderBy(desc(depositRequests.id))
    .limit(slice.limit)
    .offset(slice.offset ?? 0);
}

export function listWithdrawals(db: DbOrTx, filter: RequestFilter, slice: RequestSlice) {
  return db
    .select(withdrawColumns)
    .from(withdrawRequests)
    .innerJoin(paymentTypes, eq(paymentTypes.id, withdrawRequests.paymentTypeId))
    .innerJoin(users, eq(users.id, withdrawRequests.userId))
    .where(whereOf(withdrawRequests, filter))
    .orderBy(desc(withdrawRequests.id))
    .limit(slice.limit)
    .offset(slice.offset ?? 0);
}

export async function countDeposits(db: DbOrTx, filter: RequestFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(depositRequests).where(whereOf(depositRequests, filter));
  return row?.n ?? 0;
}

export async function countWithdrawals(db: DbOrTx, filter: RequestFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawRequests).where(whereOf(withdrawRequests, filter));
  return row?.n ?? 0;
}

export type DepositRow = Awaited<ReturnType<typeof listDeposits>>[number];
export type WithdrawRow = Awaited<ReturnType<typeof listWithdrawals>>[number];

/** A pending deposit with this reference number already waits on that account (the partial unique index says so). */
export class DuplicateReference extends Error {
  constructor() {
    super('A pending deposit already has this reference number');
    this.name = 'DuplicateReference';
  }
}

export interface NewDeposit {
  userId: number;
  agentPaymentAccountId: number;
  amount: bigint;
  refrenceNo: string;
  /** The stored receipt's file name, or null. */
  receipt: string | null;
  createdAt: Date;
}

/** Writes a pending deposit request in the caller's transaction and reads it back; DuplicateReference when its reference waits already. */
export async function createDepositRequest(tx: Tx, values: NewDeposit): Promise<DepositRow> {
  let id: number;
  try {
    const [row] = await tx
      .insert(depositRequests)
      .values({ ...values, status: PENDING })
      .returning({ id: depositRequests.id });
    id = row!.id;
  } catch (err) {
    // The partial unique index decides, so two racing requests cannot both pass.
    if (isUniqueViolation(err, 'deposit_pending_ref')) throw new DuplicateReference();
    throw err;
  }
  const [created] = await listDeposits(tx, { id }, { limit: 1 });
  return created!;
}

/** An operator's password reset holds the player's withdrawals until `until` (decision 0034). */
export class WithdrawalsHeld extends Error {
  constructor(readonly until: Date) {
    super(`Withdrawals are held until ${until.toISOString()}`);
    this.name = 'WithdrawalsHeld';
  }
}

/**
 * A withdraw request, in the caller's ONE transaction: refused while the player's withdrawals are
 * held; else the request row, its hold on the game balance (ledger kind 'withdraw_hold', under the
 * wallet row lock; InsufficientBalance when the game balance cannot cover it) and the payout
 * account remembered. A rejection later releases the hold. Returns the request as read back.
 */
export async function requestWithdrawal(tx: Tx, userId: number, input: PayoutAccount & { amount: bigint }, now: Date): Promise<WithdrawRow> {
  await refuseWhileHeld(tx, userId, now);
  const id = await holdWithdrawal(tx, userId, input, now);
  await rememberPayoutAccount(tx, userId, input, now);
  const [row] = await listWithdrawals(tx, { id }, { limit: 1 });
  return row!;
}

/**
 * Reads the hold under the player's row lock, so a reset committing now is seen by every request
 * after it. The lock is FOR NO KEY UPDATE, the ledger's own (ledger.ts): FOR UPDATE would conflict
 * with the KEY SHARE that concurrent withdrawals' inserts take on the user row — a deadlock under a burst.
 */
async function refuseWhileHeld(tx: Tx, userId: number, now: Date): Promise<void> {
  const [row] = await tx.select({ until: users.withdrawHoldUntil }).from(users).where(eq(users.id, userId)).for('no key update');
  if (row?.until && row.until.getTime() > now.getTime()) throw new WithdrawalsHeld(row.until);
}

/** The request row and its hold on the game balance. */
async function holdWithdrawal(tx: Tx, userId: number, input: PayoutAccount & { amount: bigint }, now: Date): Promise<number> {
  const { paymentTypeId, accountName, accountNumber, amount } = input;
  const [created] = await tx
    .insert(withdrawRequests)
    .values({ userId, paymentTypeId, accountName, accountNumber, amount, status: PENDING, createdAt: now })
    .returning({ id: withdrawRequests.id });
  const id = created!.id;
  await applyMovements(tx, userId, [{ wallet: 'game', amount: -amount, kind: 'withdraw_hold', reference: `withdraw_request:${id}` }]);
  return id;
}
