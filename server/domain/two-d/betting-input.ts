/**
 * What POST /twod-bet accepts (api-contract.md § 2D lottery), checked before any transaction:
 * `totalAmount`, `amounts: [{ num: "05", amount }]` and an optional `session`. Every problem is
 * reported in the Laravel 422 shape, one field per key ("amounts.0.num", "totalAmount" …).
 */
import { formatMoney, kyat } from '../../lib/money';
import { checkTwoDigitNumber, checkWhole } from '../../lib/schemas';
import { invalidInput, type FieldErrors } from '../refusal';
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

/**
 * A non-negative whole number of Kyat (lib/schemas.ts): a JSON number or a numeric string, Burmese
 * digits allowed, "1500.00" read as 1500; "1e3" is not a number here, and "-1.5" is below 0.
 */
const wholeKyat = (field: string, value: unknown) => checkWhole(field, value, { min: 0, minFirst: true, exponent: false, zeroDecimals: true });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type AddError = (field: string, message: string) => void;

/** Checks the body; returns the bet or throws the `invalid` refusal (domain/refusal.ts). */
export function parseBetInput(body: Record<string, unknown>): BetInput {
  const errors: FieldErrors = {};
  const add: AddError = (field, message) => {
    (errors[field] ??= []).push(message);
  };

  const lines = checkLines(body.amounts, add);

  const total = wholeKyat('totalAmount', body.totalAmount);
  const linesOk = Object.keys(errors).length === 0;
  const sum = lines.reduce((acc, l) => acc + l.amount, 0n);
  if (!total.ok) add('totalAmount', total.message);
  else if (linesOk && kyat(total.value) !== sum) {
    add('totalAmount', refuse('two_d.sum_mismatch', { sum: formatMoney(sum) }));
  }

  const session = checkSession(body.session, add);

  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return { lines, total: sum, session };
}

/** The valid lines of `amounts`; every problem goes to `add`. */
function checkLines(raw: unknown, add: AddError): BetLine[] {
  const lines: BetLine[] = [];
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
    add('amounts', refuse('field.required', { field: 'amounts' }));
  } else if (!Array.isArray(raw)) {
    add('amounts', refuse('field.array', { field: 'amounts' }));
  } else if (raw.length > MAX_LINES) {
    add('amounts', refuse('field.max_items', { field: 'amounts', max: MAX_LINES }));
  } else {
    const seen = new Set<string>();
    raw.forEach((item, i) => {
      const line = checkLine(item, i, seen, add);
      if (line) lines.push(line);
    });
  }
  return lines;
}

/** Line `i`: its number (once per slip) and its whole-Kyat amount within the limits. */
function checkLine(item: unknown, i: number, seen: Set<string>, add: AddError): BetLine | null {
  if (!isRecord(item)) {
    add(`amounts.${i}`, refuse('two_d.line_shape', { field: `amounts.${i}` }));
    return null;
  }
  const checked = checkTwoDigitNumber(`amounts.${i}.num`, item.num);
  const num = checked.ok ? checked.value : null;
  if (!checked.ok) add(`amounts.${i}.num`, checked.message);
  else if (seen.has(checked.value)) add(`amounts.${i}.num`, refuse('two_d.duplicate_number', { number: checked.value }));
  else seen.add(checked.value);
  const amount = wholeKyat(`amounts.${i}.amount`, item.amount);
  if (!amount.ok) add(`amounts.${i}.amount`, amount.message);
  else if (amount.value < BigInt(MIN_LINE_KYAT)) add(`amounts.${i}.amount`, MIN_BET_MESSAGE);
  else if (amount.value > BigInt(MAX_LINE_KYAT)) add(`amounts.${i}.amount`, MAX_BET_MESSAGE);
  else if (num !== null) return { num, amount: kyat(amount.value) };
  return null;
}

/** The session asked for (a legacy id or name), undefined when none was. */
function checkSession(rawSession: unknown, add: AddError): Session | undefined {
  if (rawSession === undefined || rawSession === null || rawSession === '') return undefined;
  const s = sessionFromLegacyId(typeof rawSession === 'string' ? rawSession.trim() : rawSession);
  if (!s) add('session', refuse('field.selected_invalid', { field: 'session' }));
  return s ?? undefined;
}
