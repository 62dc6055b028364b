import { statusLabel } from '../../domain/cashier';
import type { DepositRow, WithdrawRow } from '../../domain/cashier-requests';
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
