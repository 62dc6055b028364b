import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { userPayments, users, withdrawRequests } from '../../db/schema';
import { PENDING, WITHDRAW_MIN_KYAT } from '../../domain/cashier';
import { InsufficientBalance, applyMovements, type Tx } from '../../domain/ledger';
import { HttpError, OK_STATUS } from '../../lib/http';
import { runIdempotent } from '../../lib/idempotency';
import { PYA_PER_KYAT, kyat } from '../../lib/money';
import { readBody } from '../../lib/request-body';
import { addFieldError, throwIfInvalid, validateFields } from '../../lib/validation';
import { checkOwnPassword } from '../auth/password-check';
import { resolvePayoutType } from './accounts';
import { WITHDRAW_ORDER, invalidSelection, withdrawShape } from './fields';
import { listWithdrawals, withdrawJson } from './requests';
import { refuse } from '../../i18n/refusals';

export const WRONG_PASSWORD = refuse('cashier.wrong_password');
/**
 * A withdrawal the game balance cannot cover names what it holds (whole Kyat, what could be
 * withdrawn) and the minimum withdrawal (decision 0032): "Insufficient Balance" alone left a
 * 10,000 depositor who had played anything without a way to understand why.
 */
export const withdrawShort = (availablePya: bigint) =>
  refuse('cashier.withdraw_short', { available: (availablePya / PYA_PER_KYAT).toLocaleString('en-US'), minimum: WITHDRAW_MIN_KYAT.toLocaleString('en-US') });
export const ACCOUNT_NOT_YOURS = refuse('cashier.account_not_yours');

/**
 * POST /withdrawfinicial: re-checks the login password (before any transaction: argon2 is slow),
 * then in ONE transaction writes the request, holds its amount from the game balance (ledger
 * kind 'withdraw_hold') and remembers the payout account. A rejection later releases the hold.
 */
export async function createWithdrawal(c: Context<AppEnv>, deps: Deps) {
  const user = c.var.user;
  const input = await validateWithdrawal(c, deps);
  const refused = await checkPassword(c, deps, input.password);
  if (refused) return refused;
  const now = deps.clock.now();
  return runIdempotent(c, deps.database, user.id, async (tx) => {
    await refuseWhileHeld(tx, user.id, now);
    const id = await holdWithdrawal(tx, user.id, input, now);
    await tx
      .insert(userPayments)
      .values({ userId: user.id, paymentTypeId: input.paymentTypeId, accountName: input.accountName, accountNo: input.accountNumber, updatedAt: now })
      .onConflictDoUpdate({
        target: [userPayments.userId, userPayments.paymentTypeId, userPayments.accountNo],
        set: { accountName: sql`excluded.account_name`, updatedAt: sql`excluded.updated_at` },
      });
    const [row] = await listWithdrawals(tx, { where: eq(withdrawRequests.id, id), orderBy: [], limit: 1 });
    return { status: 200, body: { status: OK_STATUS, message: 'Withdraw Request Success', data: withdrawJson(row!) } };
  });
}

async function validateWithdrawal(c: Context<AppEnv>, deps: Deps) {
  const { values, errors: found } = validateFields(withdrawShape, await readBody(c));
  let errors = found;
  // A payment type, or a /banks row of the player's own agent (accounts.ts: resolvePayoutType).
  const payout = values.payment_type_id === undefined ? undefined : await resolvePayoutType(deps.database.db, c.var.user.agentId, values.payment_type_id);
  if (payout && !payout.ok) {
    const refusal = payout.refusal === 'not_yours' ? ACCOUNT_NOT_YOURS : invalidSelection('payment_type_id');
    errors = addFieldError(errors, 'payment_type_id', refusal, WITHDRAW_ORDER);
  }
  throwIfInvalid(errors);
  return {
    paymentTypeId: payout?.ok ? payout.paymentTypeId : values.payment_type_id!,
    accountName: values.account_name!,
    accountNumber: values.account_number!,
    amount: kyat(values.amount!),
    password: values.password!,
  };
}

/** The login password again (auth/password-check.ts): a 429 response, a thrown 422, or undefined when right. */
async function checkPassword(c: Context<AppEnv>, deps: Deps, password: string): Promise<Response | undefined> {
  const checked = await checkOwnPassword(c, deps, password);
  if (checked instanceof Response) return checked;
  if (!checked) throwIfInvalid({ password: [WRONG_PASSWORD] });
  return undefined;
}

/**
 * An operator's password reset holds the player's withdrawals (decision 0034): read under the
 * player's row lock, so a reset committing now is seen by every request after it. The lock is
 * FOR NO KEY UPDATE, the ledger's own (domain/ledger.ts): FOR UPDATE would conflict with the KEY
 * SHARE that concurrent withdrawals' inserts take on the user row — a deadlock under a burst.
 */
async function refuseWhileHeld(tx: Tx, userId: number, now: Date): Promise<void> {
  const [row] = await tx.select({ until: users.withdrawHoldUntil }).from(users).where(eq(users.id, userId)).for('no key update');
  if (row?.until && row.until.getTime() > now.getTime()) throw new HttpError(403, refuse('cashier.withdraw_held', { until: row.until.toISOString() }));
}

/** The request row and its hold on the game balance, in the caller's transaction. */
async function holdWithdrawal(
  tx: Tx,
  userId: number,
  input: { paymentTypeId: number; accountName: string; accountNumber: string; amount: bigint },
  now: Date,
): Promise<number> {
  const { paymentTypeId, accountName, accountNumber, amount } = input;
  const [created] = await tx
    .insert(withdrawRequests)
    .values({ userId, paymentTypeId, accountName, accountNumber, amount, status: PENDING, createdAt: now })
    .returning({ id: withdrawRequests.id });
  const id = created!.id;
  try {
    await applyMovements(tx, userId, [{ wallet: 'game', amount: -amount, kind: 'withdraw_hold', reference: `withdraw_request:${id}` }]);
  } catch (err) {
    if (err instanceof InsufficientBalance) throw new HttpError(400, withdrawShort(err.available ?? 0n));
    throw err;
  }
  return id;
}
