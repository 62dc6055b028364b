/**
 * What POST /twod-bet accepts (api-contract.md § 2D lottery), checked before any transaction:
 * `totalAmount`, `amounts: [{ num: "05", amount }]` and an optional `session`. Every problem is
 * reported in the Laravel 422 shape, one field per key ("amounts.0.num", "totalAmount" …).
 */
import { HttpError, type FieldErrors } from '../../lib/http';
import { formatMoney, kyat } from '../../lib/money';
import { NUMERIC_TEXT_MAX, isDigitsText, isNumericText, isOverNumericCap } from '../../lib/numeric-text';
import { asciiDigits } from '../../lib/validation';
import { sessionFromLegacyId, type Session } from './calendar';
import { refuse } from '../../i18n/refusals';

/** Whole Kyat per line. */
export const MIN_LINE_KYAT = 100;
export const MAX_LINE_KYAT = 1_000_000;
export const MAX_LINES = 100;

export const MIN_BET_MESSAGE = refuse('two_d.min_bet', { amount: '100' });
export const MAX_BET_MESSAGE = refuse('two_d.max_bet', { amount: '1,000,000' });

export interface BetLine {
  /** Two ASCII digits, "00" … "99". */
  num: string;
  /** pya. */
  amount: bigint;
}

export interface BetInput {
  /** In the order sent; every num appears once. */
  lines: BetLine[];
  /** pya; equals the sum of the lines. */
  total: bigint;
  /** The session asked for, or undefined to join whichever is open now. */
  session: Session | undefined;
}

const TWO_DIGITS = /^\d{2}$/;
/** A whole amount written with zero decimals ("1500.00"), as some clients format totals. */
const WHOLE_WITH_ZERO_DECIMALS = /^(\d+)\.0+$/;

type Whole = { ok: true; value: bigint } | { ok: false; message: string };

/** A non-negative whole number of Kyat from a JSON number or a numeric string (Burmese digits allowed). */
function wholeKyat(field: string, value: unknown): Whole {
  const no = (message: string): Whole => ({ ok: false, message });
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return no(refuse('field.required', { field }));
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return no(refuse('field.number', { field }));
    if (!Number.isInteger(value)) return no(refuse('field.integer', { field }));
    if (value < 0) return no(refuse('field.min', { field, min: 0 }));
    if (!Number.isSafeInteger(value)) return no(refuse('field.too_large', { field }));
    return { ok: true, value: BigInt(value) };
  }
  if (typeof value === 'string') {
    const text = asciiDigits(value.trim());
    // Refused unread: no amount is this long, and no pattern runs over an attacker's megabyte.
    if (isOverNumericCap(text)) return no(refuse('field.max_chars', { field, max: NUMERIC_TEXT_MAX }));
    const zeroDecimals = WHOLE_WITH_ZERO_DECIMALS.exec(text);
    const digits = zeroDecimals ? zeroDecimals[1]! : text;
    if (isDigitsText(digits)) return { ok: true, value: BigInt(digits) };
    if (isNumericText(text, { exponent: false })) return no(text.startsWith('-') ? refuse('field.min', { field, min: 0 }) : refuse('field.integer', { field }));
    return no(refuse('field.number', { field }));
  }
  return no(refuse('field.number', { field }));
}

/** Two ASCII digits after turning Burmese digits ၀-၉ into ASCII, or null. */
export function normaliseNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = asciiDigits(value.trim());
  return TWO_DIGITS.test(text) ? text : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the body; returns the bet or throws the 422 the app's error handler renders. */
export function parseBetInput(body: Record<string, unknown>): BetInput {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };

  const lines: BetLine[] = [];
  const raw = body.amounts;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
    add('amounts', refuse('field.required', { field: 'amounts' }));
  } else if (!Array.isArray(raw)) {
    add('amounts', refuse('field.array', { field: 'amounts' }));
  } else if (raw.length > MAX_LINES) {
    add('amounts', refuse('field.max_items', { field: 'amounts', max: MAX_LINES }));
  } else {
    const seen = new Set<string>();
    raw.forEach((item, i) => {
      if (!isRecord(item)) {
        add(`amounts.${i}`, refuse('two_d.line_shape', { field: `amounts.${i}` }));
        return;
      }
      const num = normaliseNumber(item.num);
      if (item.num === undefined || item.num === null || item.num === '') {
        add(`amounts.${i}.num`, refuse('field.required', { field: `amounts.${i}.num` }));
      } else if (num === null) {
        add(`amounts.${i}.num`, refuse('two_d.number_format', { field: `amounts.${i}.num` }));
      } else if (seen.has(num)) {
        add(`amounts.${i}.num`, refuse('two_d.duplicate_number', { number: num }));
      } else {
        seen.add(num);
      }
      const amount = wholeKyat(`amounts.${i}.amount`, item.amount);
      if (!amount.ok) add(`amounts.${i}.amount`, amount.message);
      else if (amount.value < BigInt(MIN_LINE_KYAT)) add(`amounts.${i}.amount`, MIN_BET_MESSAGE);
      else if (amount.value > BigInt(MAX_LINE_KYAT)) add(`amounts.${i}.amount`, MAX_BET_MESSAGE);
      else if (num !== null) lines.push({ num, amount: kyat(amount.value) });
    });
  }

  const total = wholeKyat('totalAmount', body.totalAmount);
  const linesOk = Object.keys(errors).length === 0;
  const sum = lines.reduce((acc, l) => acc + l.amount, 0n);
  if (!total.ok) add('totalAmount', total.message);
  else if (linesOk && kyat(total.value) !== sum) {
    add('totalAmount', refuse('two_d.sum_mismatch', { sum: formatMoney(sum) }));
  }

  let session: Session | undefined;
  const rawSession = body.session;
  if (rawSession !== undefined && rawSession !== null && rawSession !== '') {
    const s = sessionFromLegacyId(typeof rawSession === 'string' ? rawSession.trim() : rawSession);
    if (s) session = s;
    else add('session', refuse('field.selected_invalid', { field: 'session' }));
  }

  if (Object.keys(errors).length > 0) throw new HttpError(422, refuse('validation.invalid'), null, errors);
  return { lines, total: sum, session };
}
