import { z } from 'zod';
import { isCalendarDate } from '../domain/two-d/calendar';
import { refuse } from '../i18n/refusals';
import { canonicalPhone } from './phone';
import { NUMERIC_TEXT_MAX, isDigitsText, isIntegerText, isOverNumericCap, numericParts } from './numeric-text';
import { asciiDigits, stringField, validateFields, type StringRule } from './validation';

/**
 * The shared pieces every body and query schema is composed from (decision 0021). Each piece is a
 * zod schema for ONE field whose issues are refusal tokens worded as Laravel words them, so
 * `validateFields` / `parseFields` (lib/validation.ts) give the contract's 422 with its codes.
 *
 * Numbers: JSON numbers and numeric strings (form posts) are both read; strings are trimmed, Burmese
 * digits ၀-၉ read as 0-9, anything longer than NUMERIC_TEXT_MAX is refused unread, and every
 * pattern that runs is one of lib/numeric-text.ts (linear time).
 */

/** Laravel's ConvertEmptyStringsToNull: absent, null and blank text are all "missing". */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A number as the input wrote it: JSON numbers as they are, text trimmed with Burmese digits as ASCII. */
export type NumberReading =
  | { kind: 'missing' }
  | { kind: 'too_long' }
  | { kind: 'not_number' }
  /** Numeric but with a fraction or exponent ("1.5", "1e3"); `negative` for "-1.5". */
  | { kind: 'not_integer'; negative: boolean }
  /** A JSON number beyond the safe integers (1e20): its digits cannot be trusted. */
  | { kind: 'unsafe'; negative: boolean }
  | { kind: 'whole'; value: bigint };

/** "1500.00": a whole amount with zero decimals, as some clients format totals (text within the cap only). */
const ZERO_DECIMALS = /^(\d+)\.0+$/;

/**
 * Reads a whole number. `exponent: false` makes "1e3" not a number at all (the 2D slip); with
 * `zeroDecimals` "1500.00" reads as 1500.
 */
export function readWholeNumber(value: unknown, opts: { exponent?: boolean; zeroDecimals?: boolean } = {}): NumberReading {
  if (isMissing(value)) return { kind: 'missing' };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { kind: 'not_number' };
    if (!Number.isInteger(value)) return { kind: 'not_integer', negative: value < 0 };
    if (!Number.isSafeInteger(value)) return { kind: 'unsafe', negative: value < 0 };
    return { kind: 'whole', value: BigInt(value) };
  }
  if (typeof value !== 'string') return { kind: 'not_number' };
  let text = asciiDigits(value.trim());
  // Refused unread: no number is this long, and no pattern runs over an attacker's megabyte.
  if (isOverNumericCap(text)) return { kind: 'too_long' };
  if (opts.zeroDecimals) text = ZERO_DECIMALS.exec(text)?.[1] ?? text;
  const parts = numericParts(text, { exponent: opts.exponent });
  if (!parts) return { kind: 'not_number' };
  if (!isIntegerText(text)) return { kind: 'not_integer', negative: parts.sign === '-' };
  return { kind: 'whole', value: BigInt(text) };
}

export interface WholeRule {
  min: number;
  /** Omitted: no upper bound here (the caller words its own, as the 2D slip does). */
  max?: number;
  /**
   * Laravel's `numeric` before `integer` (default): "abc" is "must be a number". Without it
   * (`required|integer`, the cashier), anything not an integer is "must be an integer".
   */
  numeric?: boolean;
  /** `min` checked before `integer`: "-1.5" is "must be at least 0" (the 2D slip). */
  minFirst?: boolean;
  exponent?: boolean;
  zeroDecimals?: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The first rule a whole amount breaks, or its value (the rules in Laravel's order, as `bail` stops). */
export function checkWhole(field: string, value: unknown, rule: WholeRule): Checked<bigint> {
  const no = (message: string): Checked<bigint> => ({ ok: false, message });
  const { min, max, numeric = true } = rule;
  const reading = readWholeNumber(value, rule);
  switch (reading.kind) {
    case 'missing':
      return no(refuse('field.required', { field }));
    case 'too_long':
      return no(refuse('field.max_chars', { field, max: NUMERIC_TEXT_MAX }));
    case 'not_number':
      return no(refuse(numeric ? 'field.number' : 'field.integer', { field }));
    case 'not_integer':
      return no(rule.minFirst && reading.negative ? refuse('field.min', { field, min }) : refuse('field.integer', { field }));
    case 'unsafe':
      if (reading.negative) return no(refuse('field.min', { field, min }));
      return no(max === undefined ? refuse('field.too_large', { field }) : refuse('field.max', { field, max }));
    case 'whole':
      if (reading.value < BigInt(min)) return no(refuse('field.min', { field, min }));
      if (max !== undefined && reading.value > BigInt(max)) return no(refuse('field.max', { field, max }));
      return { ok: true, value: reading.value };
  }
}

/** `required|integer|between:min,max` (Digit Bet's digit and multiplier). */
export function checkIntegerBetween(field: string, value: unknown, min: number, max: number): Checked<number> {
  const reading = readWholeNumber(value);
  if (reading.kind === 'missing') return { ok: false, message: refuse('field.required', { field }) };
  if (reading.kind === 'too_long') return { ok: false, message: refuse('field.max_chars', { field, max: NUMERIC_TEXT_MAX }) };
  if (reading.kind !== 'whole' && reading.kind !== 'unsafe') return { ok: false, message: refuse('field.integer', { field }) };
  if (reading.kind === 'unsafe' || reading.value < BigInt(min) || reading.value > BigInt(max)) {
    return { ok: false, message: refuse('field.between', { field, min, max }) };
  }
  return { ok: true, value: Number(reading.value) + 0 }; // + 0 turns -0 into 0
}

/** Whole Kyat with up to two decimals; only ever run on text within the numeric cap. */
const TWO_DECIMALS = /^\d+(?:\.\d{1,2})?$/;

/** `required|numeric|min:min|decimal:0,2` (Laravel-style numeric), as its text ("1500.5"). */
export function checkDecimal(field: string, value: unknown, min: number): Checked<string> {
  const no = (message: string): Checked<string> => ({ ok: false, message });
  if (isMissing(value)) return no(refuse('field.required', { field }));
  let text: string | null = null;
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : null;
  else if (typeof value === 'string') {
    const t = asciiDigits(value.trim());
    if (isOverNumericCap(t)) return no(refuse('field.max_chars', { field, max: NUMERIC_TEXT_MAX }));
    text = numericParts(t) ? t : null;
  }
  if (text === null) return no(refuse('field.number', { field }));
  if (Number(text) < min) return no(refuse('field.min', { field, min }));
  const unsigned = text.replace(/^\+/, '');
  if (!TWO_DECIMALS.test(unsigned)) return no(refuse('field.decimals', { field }));
  return { ok: true, value: unsigned };
}

/** A zod schema from a check: its failure becomes the field's one issue. */
export function fromCheck<T>(check: (value: unknown) => Checked<T>) {
  return z.unknown().transform((value, ctx) => {
    const checked = check(value);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });
}

/** A required whole-Kyat amount (bigint, whole Kyat) in [min, max]. */
export const wholeKyat = (field: string, rule: WholeRule) => fromCheck((v) => checkWhole(field, v, rule));

/** Two ASCII digits "00"…"99" after trimming and reading Burmese digits; null when it is not. */
export function twoDigits(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = asciiDigits(value.trim());
  return text.length === 2 && isDigitsText(text) ? text : null;
}

/** A required 2D number ("05"; Burmese digits allowed); only an absent, null or empty one is "required". */
export function checkTwoDigitNumber(field: string, value: unknown): Checked<string> {
  if (value === undefined || value === null || value === '') return { ok: false, message: refuse('field.required', { field }) };
  const num = twoDigits(value);
  return num === null ? { ok: false, message: refuse('two_d.number_format', { field }) } : { ok: true, value: num };
}

export const twoDigitNumber = (field: string) => fromCheck((v) => checkTwoDigitNumber(field, v));

/** A required id naming a row (`required|exists`): anything but a positive safe integer is "invalid". */
export const selectedId = (field: string) =>
  fromCheck<number>((value) => {
    if (isMissing(value)) return { ok: false, message: refuse('field.required', { field }) };
    const reading = readWholeNumber(value);
    if (reading.kind !== 'whole' || reading.value < 1n) return { ok: false, message: refuse('field.selected_invalid', { field }) };
    return { ok: true, value: Number(reading.value) };
  });

/** An optional query id ("?seed_id=12"): undefined when absent or blank, else a positive integer or "must be an integer". */
export const optionalIdQuery = (field: string) =>
  fromCheck<number | undefined>((value) => {
    if (isMissing(value)) return { ok: true, value: undefined };
    const text = typeof value === 'string' ? asciiDigits(value.trim()) : String(value);
    // A safe positive integer as plain digits: no sign, no leading zero, at most 16 digits.
    if (text.length > 16 || !isDigitsText(text) || text.startsWith('0')) return { ok: false, message: refuse('field.integer', { field }) };
    return { ok: true, value: Number(text) };
  });

/** A digits-only string of `min`–`max` digits (a JSON number is read as its digits; Burmese digits allowed). */
export function digitsText(field: string, min: number, max: number) {
  const message = min === max ? refuse('field.digits', { field, digits: min }) : refuse('field.digits_between', { field, min, max });
  const inner = stringField(field, { max: 50, normalise: asciiDigits, pattern: new RegExp(`^\\d{${min},${max}}$`), patternMessage: message });
  return z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v), inner);
}

/** The canonical phone (lib/phone.ts): 09…, +959…, 959…, spaces and dashes are one phone. */
export const phone = (field = 'phone') => stringField(field, { max: 20, normalise: canonicalPhone, pattern: /^\+?[0-9]{6,}$/ });

/** Printable ASCII without spaces, 1–max characters; absent, null or blank is undefined. */
export const optionalPrintableAscii = (field: string, max: number) =>
  fromCheck<string | undefined>((raw) => {
    if (raw === undefined || raw === null) return { ok: true, value: undefined };
    if (typeof raw !== 'string') return { ok: false, message: refuse('field.string', { field }) };
    const text = raw.trim();
    if (text === '') return { ok: true, value: undefined };
    if (text.length > max) return { ok: false, message: refuse('field.max_chars', { field, max }) };
    if (!/^[\x21-\x7e]+$/.test(text)) return { ok: false, message: refuse('field.printable_ascii', { field }) };
    return { ok: true, value: text };
  });

/** An optional `YYYY-MM-DD` (a real calendar date); undefined when absent or blank. */
export const optionalCalendarDate = (field: string) =>
  fromCheck<string | undefined>((raw) => {
    if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { ok: true, value: undefined };
    const date = typeof raw === 'string' ? raw.trim() : raw;
    return isCalendarDate(date) ? { ok: true, value: date } : { ok: false, message: refuse('field.date_format', { field }) };
  });

/** One of a set, or "The selected … is invalid." (`optional` allows absent). */
export const choice = <T>(field: string, pick: (value: unknown) => T | null) =>
  fromCheck<T>((raw) => {
    const picked = pick(raw);
    return picked === null ? { ok: false, message: refuse('field.selected_invalid', { field }) } : { ok: true, value: picked };
  });

/** A required non-negative integer up to `max` (an id or code the client echoes); anything else is "must be an integer". */
export const integerCode = (field: string, max: number) =>
  fromCheck<number>((value) => {
    if (value === undefined || value === null || value === '') return { ok: false, message: refuse('field.required', { field }) };
    const reading = readWholeNumber(value);
    if (reading.kind !== 'whole' || reading.value < 0n || reading.value > BigInt(max)) return { ok: false, message: refuse('field.integer', { field }) };
    return { ok: true, value: Number(reading.value) };
  });

// --- Pieces of the operator console's shapes (routes/admin/**, routes/two-d-results/admin.ts) ---

/** The longest id written as digits: 15 digits stay within the safe integers. */
const ID_DIGITS_MAX = 15;

/** An id as plain ASCII digits ("12", "0012"): 1–15 of them, 1 … `max`; else "must be an integer". */
export function checkIdText(field: string, value: unknown, max = Number.MAX_SAFE_INTEGER): Checked<number> {
  const whole = typeof value === 'string' && value.length <= ID_DIGITS_MAX && isDigitsText(value) ? Number(value) : 0;
  return whole >= 1 && whole <= max ? { ok: true, value: whole } : { ok: false, message: refuse('field.integer', { field }) };
}

/** A required id as digits (a path's `:id`; the route answers its own 404 for a bad one). */
export const idText = (field: string, max?: number) => fromCheck((v) => checkIdText(field, v, max));

/** An optional id filter (`?type=3`): absent or empty is undefined, else an id as digits. */
export const optionalIdText = (field: string, max?: number) =>
  fromCheck<number | undefined>((v) => (v === undefined || v === '' ? { ok: true, value: undefined } : checkIdText(field, v, max)));

/** `?hot=1`: absent, empty or "0" is false, "1" is true; anything else is "The selected … is invalid.". */
export const queryFlag = (field: string) => choice(field, (v) => (v === undefined || v === '' || v === '0' ? false : v === '1' ? true : null));

/** An optional text: absent, null or blank is undefined; anything else follows `stringField`'s rule. */
export const optionalString = (field: string, rule: StringRule) => z.preprocess((v) => (isMissing(v) ? undefined : v), stringField(field, rule).optional());

/** A JSON whole number ≥ 1 (a list's id: `[12, 40]`); text, fractions and unsafe numbers are "must be an integer". */
export const positiveJsonInteger = (field: string) =>
  fromCheck<number>((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 ? { ok: true, value: v } : { ok: false, message: refuse('field.integer', { field }) }));

/** A required JSON array of at most `max` items (each item is then checked by `checkItems`). */
export const itemList = (field: string, max: number) =>
  fromCheck<unknown[]>((v) => {
    if (v === undefined || v === null) return { ok: false, message: refuse('field.required', { field }) };
    if (!Array.isArray(v)) return { ok: false, message: refuse('field.array', { field }) };
    if (v.length > max) return { ok: false, message: refuse('field.max_items', { field, max }) };
    return { ok: true, value: v };
  });

/** Each item of `list` checked by `piece`, as the fields `<field>.0`, `<field>.1`, … (their errors keyed so). */
export function checkItems<T extends z.ZodType>(field: string, list: readonly unknown[], piece: (field: string) => T) {
  const names = list.map((_, i) => `${field}.${i}`);
  const shape = Object.fromEntries(names.map((name) => [name, piece(name)])) as Record<string, T>;
  return validateFields(shape, Object.fromEntries(names.map((name, i) => [name, list[i]])));
}
