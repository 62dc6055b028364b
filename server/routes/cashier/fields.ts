import { DEPOSIT_MIN_KYAT, REQUEST_MAX_KYAT, WITHDRAW_MIN_KYAT } from '../../domain/cashier';
import { burmeseUnicode } from '../../lib/burmese-unicode';
import { digitsText, selectedId, wholeKyat } from '../../lib/schemas';
import { stringField } from '../../lib/validation';
import { refuse } from '../../i18n/refusals';

/**
 * The cashier's fields with Laravel's wording, composed from lib/schemas.ts. Multipart and form
 * bodies carry strings, JSON carries numbers: both are accepted, and Burmese digits ၀-၉ read as 0-9.
 */

/** A required whole-Kyat amount in [min, max] (Laravel: required|integer|min|max, no `numeric`), as a number. */
export function wholeKyatField(field: string, min: number, max: number = REQUEST_MAX_KYAT) {
  return wholeKyat(field, { min, max, numeric: false }).transform(Number);
}

/** A required id that must name one of a set of rows (Laravel: required|exists). */
export const idField = selectedId;

export const invalidSelection = (field: string) => refuse('field.selected_invalid', { field });

export const depositShape = {
  agent_payment_type_id: idField('agent_payment_type_id'),
  amount: wholeKyatField('amount', DEPOSIT_MIN_KYAT),
  refrence_no: digitsText('refrence_no', 6, 6),
};

export const withdrawShape = {
  payment_type_id: idField('payment_type_id'),
  account_name: stringField('account_name', { max: 100, normalise: burmeseUnicode }),
  account_number: digitsText('account_number', 6, 20),
  amount: wholeKyatField('amount', WITHDRAW_MIN_KYAT),
  password: stringField('password', { max: 128, trim: false }),
};

export const DEPOSIT_ORDER = ['agent_payment_type_id', 'amount', 'refrence_no', 'receipt'] as const;
export const WITHDRAW_ORDER = ['payment_type_id', 'account_name', 'account_number', 'amount', 'password'] as const;
