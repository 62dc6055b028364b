import { HttpError } from '../../lib/http';
import { kyat } from '../../lib/money';
import { NUMERIC_TEXT_MAX, isIntegerText, isNumericText, isOverNumericCap } from '../../lib/numeric-text';
import { asciiDigits } from '../../lib/validation';

/** The largest exchange, in whole Kyat. */
export const MAX_EXCHANGE_KYAT = 1_000_000_000;

type Checked = { ok: true; kyat: bigint } | { ok: false; message: string };

/**
 * Laravel's `required|numeric|integer|min:1|max:1000000000` on one field, stopping at the first
 * rule that fails (as `bail` does), so each refusal carries exactly one message. JSON numbers and
 * numeric strings (form posts) are both accepted; strings are compared as exact integers, so
 * "9007199254740993" is not rounded into range.
 */
export function checkWholeKyat(field: string, value: unknown, max = MAX_EXCHANGE_KYAT): Checked {
  const label = field.replace(/_/g, ' ');
  const refuse = (rule: string): Checked => ({ ok: false, message: `The ${label} field ${rule}` });

  let text: string | undefined;
  if (typeof value === 'string') {
    text = asciiDigits(value.trim());
    if (text === '') return refuse('is required.');
    // Refused unread: no amount is this long, and no pattern runs over an attacker's megabyte.
    if (isOverNumericCap(text)) return refuse(`must not be greater than ${NUMERIC_TEXT_MAX} characters.`);
  } else if (value === undefined || value === null) {
    return refuse('is required.');
  } else if (typeof value !== 'number' || !Number.isFinite(value)) {
    return refuse('must be a number.');
  }

  if (text !== undefined) {
    if (!isNumericText(text)) return refuse('must be a number.');
    if (!isIntegerText(text)) return refuse('must be an integer.');
    const whole = BigInt(text);
    if (whole < 1n) return refuse('must be at least 1.');
    if (whole > BigInt(max)) return refuse(`must not be greater than ${max}.`);
    return { ok: true, kyat: kyat(whole) };
  }
  const n = value as number;
  if (!Number.isInteger(n)) return refuse('must be an integer.');
  if (n < 1) return refuse('must be at least 1.');
  if (n > max) return refuse(`must not be greater than ${max}.`);
  return { ok: true, kyat: kyat(n) };
}

/** The body's `amount` in pya, or the 422 the app's error handler renders. */
export function requireAmount(body: Record<string, unknown>): bigint {
  const checked = checkWholeKyat('amount', body.amount);
  if (checked.ok) return checked.kyat;
  throw new HttpError(422, checked.message, null, { amount: [checked.message] });
}
