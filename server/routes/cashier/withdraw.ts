import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { WITHDRAW_MIN_KYAT } from '../../domain/cashier';
import { resolvePayoutType } from '../../domain/cashier-accounts';
import { WithdrawalsHeld, requestWithdrawal } from '../../domain/cashier-requests';
import { InsufficientBalance, type Tx } from '../../domain/ledger';
import { HttpError, OK_STATUS } from '../../lib/http';
import { runIdempotent } from '../../lib/idempotency';
import { PYA_PER_KYAT, kyat } from '../../lib/money';
import { readBody } from '../../lib/request-body';
import { addFieldError, throwIfInvalid, validateFields } from '../../lib/validation';
import { checkOwnPassword } from '../auth/password-check';
import { WITHDRAW_ORDER, invalidSelection, withdrawShape } from './fields';
import { withdrawJson } from './requests';
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
 * kind 'withdraw_hold') and remembers the payout account (domain/cashier-requests.ts
 * requestWithdrawal). A rejection later releases the hold.
 */
export async function createWithdrawal(c: Context<AppEnv>, deps: Deps) {
  const user = c.var.user;
  const { password, ...request } = await validateWithdrawal(c, deps);
  const refused = await checkPassword(c, deps, password);
  if (refused) return refused;
  const now = deps.clock.now();
  return runIdempotent(c, deps.database, user.id, async (tx) => {
    const row = await placeWithdrawal(tx, user.id, request, now);
    return { status: 200, body: { status: OK_STATUS, message: 'Withdraw Request Success', data: withdrawJson(row) } };
  });
}

/** The domain's withdrawal with its refusals as answers: held (403, until when) or more than the game balance (400). */
async function placeWithdrawal(tx: Tx, userId: number, input: Parameters<typeof requestWithdrawal>[2], now: Date) {
  try {
    return await requestWithdrawal(tx, userId, input, now);
  } catch (err) {
    if (err instanceof WithdrawalsHeld) throw new HttpError(403, refuse('cashier.withdraw_held', { until: err.until.toISOString() }));
    if (err instanceof InsufficientBalance) throw new HttpError(400, withdrawShort(err.available ?? 0n));
    throw err;
  }
}

async function validateWithdrawal(c: Context<AppEnv>, deps: Deps) {
  const { values, errors: found } = validateFields(withdrawShape, await readBody(c));
  let errors = found;
  // A payment type, or a /banks row of the player's own agent (domain/cashier-accounts.ts: resolvePayoutType).
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
