import { kyat } from '../../lib/money';
import { checkWhole, wholeKyat } from '../../lib/schemas';
import { parseFields } from '../../lib/validation';
import { english } from '../../i18n/refusals';

/** The largest exchange, in whole Kyat. */
export const MAX_EXCHANGE_KYAT = 1_000_000_000;

/**
 * The exchange body: Laravel's `required|numeric|integer|min:1|max:1000000000` on `amount`, the
 * first failing rule reported (lib/schemas.ts `wholeKyat`). JSON numbers and numeric strings (form
 * posts, Burmese digits) are both accepted; strings are compared as exact integers, so
 * "9007199254740993" is not rounded into range.
 */
export const exchangeBody = { amount: wholeKyat('amount', { min: 1, max: MAX_EXCHANGE_KYAT }) };

type Checked = { ok: true; kyat: bigint } | { ok: false; message: string };

/** The amount check with the refusal in English words (operator tools, tests). */
export function checkWholeKyat(field: string, value: unknown, max = MAX_EXCHANGE_KYAT): Checked {
  const checked = checkWhole(field, value, { min: 1, max });
  return checked.ok ? { ok: true, kyat: kyat(checked.value) } : { ok: false, message: english(checked.message) };
}

/** The body's `amount` in pya, or the 422 refusal. */
export function requireAmount(body: Record<string, unknown>): bigint {
  return kyat(parseFields(exchangeBody, body).amount);
}
