/**
 * Numbers written as text (form posts, numeric strings in JSON, feed figures), read in linear time.
 *
 * A pattern such as /^\d+\.?\d*$/ gives the engine many ways to split a run of digits between
 * `\d+` and `\d*`; on a long run that ends badly it tries them all (quadratic: a 32,708-digit
 * amount cost 1.4 s of CPU). So every numeric text is capped in length BEFORE any pattern runs,
 * and the patterns below have exactly one way to match each character (a run of digits is
 * always ended by a different literal: '.', 'e', or the end).
 */

/**
 * The longest numeric text read. No amount, id or figure needs more; longer is refused unread
 * (lib/schemas.ts words it as `field.max_chars`).
 */
export const NUMERIC_TEXT_MAX = 32;

export function isOverNumericCap(text: string): boolean {
  return text.length > NUMERIC_TEXT_MAX;
}

export interface NumericParts {
  sign: '' | '+' | '-';
  /** Digits before the point; may be empty (".5"). */
  whole: string;
  /** Digits after the point; undefined without a point, '' for "1.". */
  fraction: string | undefined;
  /** The exponent with its sign ("-3"), undefined without one. */
  exponent: string | undefined;
}

// Unambiguous: sign, digits, optional point and digits, optional e and digits.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const INTEGER = /^[+-]?\d+$/;
const DIGITS = /^\d+$/;

/**
 * PHP's is_numeric in decimal form, which Laravel's `numeric` rule uses ("12", "-1.5", ".5",
 * "1.", "1e3"; no hex, no "Infinity", no spaces), split into its parts. Null when the text is
 * not such a number, or longer than NUMERIC_TEXT_MAX (check isOverNumericCap first to say so).
 */
export function numericParts(text: string, opts: { exponent?: boolean } = {}): NumericParts | null {
  if (isOverNumericCap(text)) return null;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, whole, fraction, exponent] = m as unknown as [string, NumericParts['sign'], string, string | undefined, string | undefined];
  if (whole === '' && !fraction) return null; // "", ".", "+", "e5"
  if (exponent !== undefined && opts.exponent === false) return null;
  return { sign, whole, fraction, exponent };
}

/** Laravel's `numeric` (PHP is_numeric), capped. */
export function isNumericText(text: string, opts: { exponent?: boolean } = {}): boolean {
  return numericParts(text, opts) !== null;
}

/** An optionally signed run of ASCII digits, capped. */
export function isIntegerText(text: string): boolean {
  return !isOverNumericCap(text) && INTEGER.test(text);
}

/** ASCII digits only, capped. */
export function isDigitsText(text: string): boolean {
  return !isOverNumericCap(text) && DIGITS.test(text);
}

/** "1234567.5" → "1,234,567.5" without a look-ahead pattern (which rescans the rest at every digit). */
export function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}
