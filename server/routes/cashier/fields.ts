import { z } from 'zod';
import { DEPOSIT_MIN_KYAT, REQUEST_MAX_KYAT, WITHDRAW_MIN_KYAT } from '../../domain/cashier';
import { burmeseUnicode } from '../../lib/burmese-unicode';
import { asciiDigits, stringField } from '../../lib/validation';
import { refuse } from '../../i18n/refusals';

/**
 * The cashier's fields with Laravel's wording. Multipart and form bodies carry strings, JSON
 * carries numbers: both are accepted, and Burmese digits ၀-၉ read as 0-9.
 */

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A whole number as text (ASCII digits, optional minus), or null when it is not one. */
function integerText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : null;
  if (typeof value !== 'string') return null;
  const text = asciiDigits(value.trim());
  return /^-?\d{1,40}$/.test(text) ? text : null;
}

/** A required whole-Kyat amount in [min, max] (Laravel: required|integer|min|max). */
export function wholeKyatField(field: string, min: number, max: number = REQUEST_MAX_KYAT) {
  return z.unknown().transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (isMissing(value)) return fail(refuse('field.required', { field }));
    const text = integerText(value);
    if (text === null) return fail(refuse('field.integer', { field }));
    const n = BigInt(text);
    if (n < BigInt(min)) return fail(refuse('field.min', { field, min }));
    if (n > BigInt(max)) return fail(refuse('field.max', { field, max }));
    return Number(n);
  });
}

/** A required id that must name one of a set of rows (Laravel: required|exists). */
export function idField(field: string) {
  return z.unknown().transform((value, ctx) => {
    if (isMissing(value)) {
      ctx.addIssue({ code: 'custom', message: refuse('field.required', { field }) });
      return z.NEVER;
    }
    const text = integerText(value);
    const n = text === null ? NaN : Number(text);
    if (!Number.isSafeInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message: invalidSelection(field) });
      return z.NEVER;
    }
    return n;
  });
}

export const invalidSelection = (field: string) => refuse('field.selected_invalid', { field });

/** A digits-only string; a JSON number is read as its digits. */
function digitsField(field: string, pattern: RegExp, message: string) {
  const inner = stringField(field, { max: 50, normalise: asciiDigits, pattern, patternMessage: message });
  return z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v), inner);
}

export const depositShape = {
  agent_payment_type_id: idField('agent_payment_type_id'),
  amount: wholeKyatField('amount', DEPOSIT_MIN_KYAT),
  refrence_no: digitsField('refrence_no', /^\d{6}$/, refuse('field.digits', { field: 'refrence_no', digits: 6 })),
};

export const withdrawShape = {
  payment_type_id: idField('payment_type_id'),
  account_name: stringField('account_name', { max: 100, normalise: burmeseUnicode }),
  account_number: digitsField('account_number', /^\d{6,20}$/, refuse('field.digits_between', { field: 'account_number', min: 6, max: 20 })),
  amount: wholeKyatField('amount', WITHDRAW_MIN_KYAT),
  password: stringField('password', { max: 128, trim: false }),
};

export const DEPOSIT_ORDER = ['agent_payment_type_id', 'amount', 'refrence_no', 'receipt'] as const;
export const WITHDRAW_ORDER = ['payment_type_id', 'account_name', 'account_number', 'amount', 'password'] as const;
