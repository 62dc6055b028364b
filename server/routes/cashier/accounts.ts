import type { AgentAccount, SavedPayoutAccount } from '../../domain/cashier-accounts';

/** The wire shapes of the cashier's accounts (the queries: domain/cashier-accounts.ts). */

/** GET /banks: both naming variants the client reads. */
export function bankRow(a: AgentAccount) {
  return {
    id: a.id,
    name: a.accountName,
    no: a.accountNo,
    bank_id: a.paymentTypeId,
    bank_name: a.paymentType,
    img: a.img,
    payment_type: a.paymentType,
    account_name: a.accountName,
    account_number: a.accountNo,
    image: a.img,
  };
}

/** GET /agent-payment-type. */
export function agentPaymentTypeRow(a: AgentAccount) {
  return {
    id: a.id,
    account_no: a.accountNo,
    account_name: a.accountName,
    payment_type: { id: a.paymentTypeId, name: a.paymentType, img: a.img },
  };
}

/** GET /user-payment?all=1: the player's payout accounts, most recently used first. */
export function savedPayoutsJson(rows: SavedPayoutAccount[]) {
  return rows.map((r) => ({
    id: r.id,
    payment_type: { id: r.paymentTypeId, name: r.paymentType },
    account_name: r.accountName,
    account_no: r.accountNo,
  }));
}

/**
 * GET /user-payment as the existing backend answers it (its UserPaymentControler@index:
 * `UserPayment::with('paymentType')->where('user_id', …)->latest()->first()`): the player's latest
 * payout account as ONE object with its payment type, or null. The existing site reads
 * `user_payment?.payment_type?.name`, `account_name` and `account_no` from it.
 */
export function latestPayoutJson(rows: SavedPayoutAccount[], userId: number) {
  const [r] = rows;
  if (!r) return null;
  return {
    id: r.id,
    user_id: userId,
    payment_type_id: r.paymentTypeId,
    account_name: r.accountName,
    account_no: r.accountNo,
    updated_at: r.updatedAt.toISOString(),
    payment_type: { id: r.paymentTypeId, name: r.paymentType },
  };
}
