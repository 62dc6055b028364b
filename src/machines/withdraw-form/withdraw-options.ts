/** What the withdraw form starts from: the payment types on offer and the last payout account. */
import type { Bank, PaymentType, UserPayment } from '../../api/types';

export interface WithdrawOptions {
  banks: Bank[];
  /** The player's saved payout accounts, most recently used first (GET /user-payment). */
  saved: UserPayment[];
}

export interface Prefill {
  paymentTypes: PaymentType[];
  paymentTypeId: number | null;
  accountName: string;
  accountNumber: string;
}

/** The banks' payment types, each once, in the order the agent lists them. */
export function paymentTypesOf(banks: Bank[]): PaymentType[] {
  const types = new Map<number, PaymentType>();
  for (const bank of banks) {
    if (!types.has(bank.paymentTypeId)) types.set(bank.paymentTypeId, { id: bank.paymentTypeId, name: bank.paymentTypeName });
  }
  return [...types.values()];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The form prefilled from the most recent payout account; its type only if it is on offer. */
export function prefill({ banks, saved }: WithdrawOptions): Prefill {
  const paymentTypes = paymentTypesOf(banks);
  const recent = saved[0];
  if (!recent) return { paymentTypes, paymentTypeId: null, accountName: '', accountNumber: '' };
  // A legacy saved account names its type only.
  const type =
    paymentTypes.find((t) => t.id === recent.paymentTypeId) ??
    (recent.paymentTypeId === null ? paymentTypes.find((t) => sameName(t.name, recent.paymentTypeName)) : undefined);
  return { paymentTypes, paymentTypeId: type?.id ?? null, accountName: recent.accountName, accountNumber: recent.accountNumber };
}

/**
 * What the wire's `payment_type_id` carries for a chosen payment type: the agent's first `/banks`
 * row of that type, as the existing frontend sends (its select's values are row ids). The server
 * reads a row of the player's own agent before a payment type id (decision 0015), so a number
 * that is both means the same to every client. A type no row offers goes as it is.
 */
export function payoutIdFor(banks: Bank[], paymentTypeId: number): number {
  return banks.find((bank) => bank.paymentTypeId === paymentTypeId)?.id ?? paymentTypeId;
}
