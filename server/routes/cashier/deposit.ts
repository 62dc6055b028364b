import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { findAgentAccount } from '../../domain/cashier-accounts';
import { DuplicateReference, createDepositRequest, type NewDeposit } from '../../domain/cashier-requests';
import type { Tx } from '../../domain/ledger';
import { uploadDir } from '../../env';
import { HttpError, OK_STATUS } from '../../lib/http';
import { runIdempotent } from '../../lib/idempotency';
import { kyat } from '../../lib/money';
import { readBody } from '../../lib/request-body';
import { addFieldError, throwIfInvalid, validateFields } from '../../lib/validation';
import { DEPOSIT_ORDER, depositShape, invalidSelection } from './fields';
import { checkReceipt, discardReceipt, storeReceipt, type CheckedReceipt } from './receipts';
import { depositJson } from './requests';
import { refuse } from '../../i18n/refusals';

export const DUPLICATE_REFERENCE = refuse('cashier.duplicate_reference');

/**
 * POST /depositfinicial: a pending deposit request into one of the agent's receiving accounts.
 * No money moves now; an operator's approval credits the game balance. Everything is checked
 * before anything is written; the receipt file is removed again when the row is not committed.
 */
export async function createDeposit(c: Context<AppEnv>, deps: Deps) {
  const user = c.var.user;
  const { input, receipt } = await validateDeposit(c, deps);
  return withStoredReceipt(deps, receipt, async (receiptName, committed) =>
    runIdempotent(c, deps.database, user.id, async (tx) => {
      const created = await insertDeposit(tx, { ...input, userId: user.id, receipt: receiptName, createdAt: deps.clock.now() });
      committed();
      return { status: 200, body: { status: OK_STATUS, message: 'Deposit Request Success', data: depositJson(created) } };
    }),
  );
}

/** Every field, the account (the player's own agent's, active) and the receipt's bytes; 422 otherwise. */
async function validateDeposit(c: Context<AppEnv>, deps: Deps) {
  const body = await readBody(c);
  const { values, errors: found } = validateFields(depositShape, body);
  let errors = found;
  if (values.agent_payment_type_id !== undefined) {
    const account = await findAgentAccount(deps.database.db, c.var.user.agentId, values.agent_payment_type_id);
    if (!account) errors = addFieldError(errors, 'agent_payment_type_id', invalidSelection('agent_payment_type_id'), DEPOSIT_ORDER);
  }
  const checked = await checkReceipt(body.receipt, deps.env.MAX_RECEIPT_BYTES);
  if ('error' in checked) errors = addFieldError(errors, 'receipt', checked.error, DEPOSIT_ORDER);
  throwIfInvalid(errors);
  const input = {
    agentPaymentAccountId: values.agent_payment_type_id!,
    amount: kyat(values.amount!),
    refrenceNo: values.refrence_no!,
  };
  return { input, receipt: 'receipt' in checked ? checked.receipt : null };
}

/** The pending request (domain/cashier-requests.ts); a reference already waiting on the account is a 409. */
async function insertDeposit(tx: Tx, values: NewDeposit) {
  try {
    return await createDepositRequest(tx, values);
  } catch (err) {
    if (err instanceof DuplicateReference) throw new HttpError(409, DUPLICATE_REFERENCE);
    throw err;
  }
}

/**
 * Stores the receipt (if any) before the transaction, so the transaction stays short, and removes
 * it unless the operation that names it ran and committed. A replayed Idempotency-Key never runs
 * the operation, so its fresh copy of the file is removed too.
 */
async function withStoredReceipt(
  deps: Deps,
  receipt: CheckedReceipt | null,
  run: (name: string | null, committed: () => void) => Promise<Response>,
): Promise<Response> {
  const dir = uploadDir(deps.env);
  const name = receipt ? await storeReceipt(dir, receipt) : null;
  let used = false;
  let response: Response | undefined;
  try {
    response = await run(name, () => {
      used = true;
    });
    return response;
  } finally {
    // `used` is set inside the transaction: it counts only if the transaction then committed.
    if (name && (!used || !response)) await discardReceipt(dir, name);
  }
}
