/**
 * The accounts money moves through (api-contract.md § Cashier): the agent's receiving accounts a
 * deposit names, the payment types a withdrawal goes to, and the player's saved payout accounts.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agentPaymentAccounts, paymentTypes, userPayments } from '../db/schema';
import type { DbOrTx, Tx } from '../db/types';

const ACTIVE = 1;

/** The agent's active receiving accounts on active payment types, in the agent's order. */
export function agentAccounts(db: DbOrTx, agentId: number) {
  return db
    .select({
      id: agentPaymentAccounts.id,
      accountName: agentPaymentAccounts.accountName,
      accountNo: agentPaymentAccounts.accountNo,
      paymentTypeId: paymentTypes.id,
      paymentType: paymentTypes.name,
      img: paymentTypes.img,
    })
    .from(agentPaymentAccounts)
    .innerJoin(paymentTypes, eq(paymentTypes.id, agentPaymentAccounts.paymentTypeId))
    .where(and(eq(agentPaymentAccounts.agentId, agentId), eq(agentPaymentAccounts.status, ACTIVE), eq(paymentTypes.status, ACTIVE)))
    .orderBy(asc(agentPaymentAccounts.sort), asc(agentPaymentAccounts.id));
}

export type AgentAccount = Awaited<ReturnType<typeof agentAccounts>>[number];

/** One of the agent's active accounts by id, or undefined (someone else's agent, inactive, unknown). */
export async function findAgentAccount(db: DbOrTx, agentId: number, id: number): Promise<AgentAccount | undefined> {
  const rows = await agentAccounts(db, agentId);
  return rows.find((row) => row.id === id);
}

/**
 * What a withdrawal's `payment_type_id` names (decision 0015). The existing frontend sends the id
 * of the `/banks` row the player picked (an account of their agent); other clients send a payment
 * type id. Both are small integers from separate sequences, so one number can be both:
 * 1. an account of the player's OWN agent (active or not: a form opened before the operator
 *    switched it off still means it) → that account's payment type, if the type is active;
 * 2. otherwise an active payment type → that type;
 * 3. otherwise an account of another agent → refused (`cashier.account_not_yours`);
 * 4. otherwise refused as an invalid selection.
 * The agent's own account wins because that is what the existing frontend means, and our site
 * sends an account id too (a `/banks` row of the chosen type, src/app/live-money.ts), so a number
 * that is both is read the way every current client means it. Another agent's account never
 * names anything for this player.
 */
export type PayoutType = { ok: true; paymentTypeId: number } | { ok: false; refusal: 'invalid' | 'not_yours' };

export async function resolvePayoutType(db: Db, agentId: number, id: number): Promise<PayoutType> {
  const [[account], type] = await Promise.all([
    db
      .select({ agentId: agentPaymentAccounts.agentId, paymentTypeId: paymentTypes.id, typeStatus: paymentTypes.status })
      .from(agentPaymentAccounts)
      .innerJoin(paymentTypes, eq(paymentTypes.id, agentPaymentAccounts.paymentTypeId))
      .where(eq(agentPaymentAccounts.id, id)),
    findActivePaymentType(db, id),
  ]);
  if (account && account.agentId === agentId) {
    return account.typeStatus === ACTIVE ? { ok: true, paymentTypeId: account.paymentTypeId } : { ok: false, refusal: 'invalid' };
  }
  if (type) return { ok: true, paymentTypeId: type.id };
  return { ok: false, refusal: account ? 'not_yours' : 'invalid' };
}

/** An active payment type by id (withdrawals may go to any of them). */
export async function findActivePaymentType(db: Db, id: number) {
  const [row] = await db
    .select({ id: paymentTypes.id, name: paymentTypes.name })
    .from(paymentTypes)
    .where(and(eq(paymentTypes.id, id), eq(paymentTypes.status, ACTIVE)));
  return row;
}

/** The player's saved payout accounts with their payment type, the latest used first. */
export function savedPayoutAccounts(db: DbOrTx, userId: number) {
  return db
    .select({
      updatedAt: userPayments.updatedAt,
      id: userPayments.id,
      paymentTypeId: paymentTypes.id,
      paymentType: paymentTypes.name,
      accountName: userPayments.accountName,
      accountNo: userPayments.accountNo,
    })
    .from(userPayments)
    .innerJoin(paymentTypes, eq(paymentTypes.id, userPayments.paymentTypeId))
    .where(eq(userPayments.userId, userId))
    .orderBy(desc(userPayments.updatedAt), desc(userPayments.id));
}

export type SavedPayoutAccount = Awaited<ReturnType<typeof savedPayoutAccounts>>[number];

export interface PayoutAccount {
  paymentTypeId: number;
  accountName: string;
  accountNumber: string;
}

/** Saves the account a withdrawal went to (or renames it and marks it the latest used), in the caller's transaction. */
export async function rememberPayoutAccount(tx: Tx, userId: number, account: PayoutAccount, now: Date): Promise<void> {
  await tx
    .insert(userPayments)
    .values({ userId, paymentTypeId: account.paymentTypeId, accountName: account.accountName, accountNo: account.accountNumber, updatedAt: now })
    .onConflictDoUpdate({
      target: [userPayments.userId, userPayments.paymentTypeId, userPayments.accountNo],
      set: { accountName: sql`excluded.account_name`, updatedAt: sql`excluded.updated_at` },
    });
}
