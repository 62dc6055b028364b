import { HttpError } from '../../lib/http';
import { kyat } from '../../lib/money';
import { NUMERIC_TEXT_MAX, isIntegerText, isNumericText, isOverNumericCap } from '../../lib/numeric-text';
import { asciiDigits } from '../../lib/validation';
import { english, refuse } from '../../i18n/refusals';

/** The largest exchange, in whole Kyat. */
export const MAX_EXCHANGE_KYAT = 1_000_000_000;

type Checked = { ok: true; kyat: bigint } | { ok: false; message: string };

/**
 * Laravel's `required|numeric|integer|min:1|max:1000000000` on one field, stopping at the first
 * rule that fails (as `bail` does), so each refusal carries exactly one message: a refusal token
 * (i18n/refusals.ts), worded in the request's language at the envelope. JSON numbers and numeric
 * strings (form posts) are both accepted; strings are compared as exact integers, so
 * "9007199254740993" is not rounded into range.
 */
export function checkWholeKyatCoded(field: string, value: unknown, max = MAX_EXCHANGE_KYAT): Checked {
  const no = (message: string): Checked => ({ ok: false, message });

  let text: string | undefined;
  if (typeof value === 'string') {
    text = asciiDigits(value.trim());
    if (text === '') return no(refuse('field.required', { field }));
    // Refused unread: no amount is this long, and no pattern runs over an attacker's megabyte.
    if (isOverNumericCap(text)) return no(refuse('field.max_chars', { field, max: NUMERIC_TEXT_MAX }));
  } else if (value === undefined || value === null) {
    return no(refuse('field.required', { field }));
  } else if (typeof value !== 'number' || !Number.isFinite(value)) {
    return no(refuse('field.number', { field }));
  }

  if (text !== undefined) {
    if (!isNumericText(text)) return no(refuse('field.number', { field }));
    if (!isIntegerText(text)) return no(refuse('field.integer', { field }));
    const whole = BigInt(text);
    if (whole < 1n) return no(refuse('field.min', { field, min: 1 }));
    if (whole > BigInt(max)) return no(refuse('field.max', { field, max }));
    return { ok: true, kyat: kyat(whole) };
  }
  const n = value as number;
  if (!Number.isInteger(n)) return no(refuse('field.integer', { field }));
  if (n < 1) return no(refuse('field.min', { field, min: 1 }));
  if (n > max) return no(refuse('field.max', { field, max }));
  return { ok: true, kyat: kyat(n) };
}

/** The same check with the refusal in English words (operator tools, tests). */
export function checkWholeKyat(field: string, value: unknown, max = MAX_EXCHANGE_KYAT): Checked {
  const checked = checkWholeKyatCoded(field, value, max);
  return checked.ok ? checked : { ok: false, message: english(checked.message) };
}

/** The body's `amount` in pya, or the 422 the app's error handler renders. */
export function requireAmount(body: Record<string, unknown>): bigint {
  const checked = checkWholeKyatCoded('amount', body.amount);
  if (checked.ok) return checked.kyat;
  throw new HttpError(422, refuse('validation.invalid'), null, { amount: [checked.message] });
}
