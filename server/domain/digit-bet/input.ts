/**
 * What POST /digitbet and POST /digitbet/seed/rotate accept, checked before any transaction
 * opens. Every problem is a Laravel-style 422 (one message per field, the first rule that fails);
 * `rolled_number` and `outcome`, which legacy clients send, are ignored: the server rolls.
 */
import { HttpError, type FieldErrors } from '../../lib/http';
import { PYA_PER_KYAT, parseMoney } from '../../lib/money';
import { NUMERIC_TEXT_MAX, isIntegerText, isNumericText, isOverNumericCap } from '../../lib/numeric-text';
import { asciiDigits } from '../../lib/validation';
import { BET_TYPES, type BetType } from './outcome';
import { CLIENT_SEED_MAX, isClientSeed } from './roll';
import { refuse } from '../../i18n/refusals';

export const MIN_MULTIPLIER = 1;
export const MAX_MULTIPLIER = 100;

export interface DigitBetInput {
  betType: BetType;
  /** 0–9 for a digit bet, null otherwise. */
  digit: number | null;
  /** pya, ≥ 1 Ks. */
  betAmount: bigint;
  multiplier: number;
  /** pya: betAmount × multiplier. */
  stake: bigint;
}

/** "Maximum stake is 1,000,000 Ks" for the configured cap. */
export function maxStakeMessage(maxStakeKyat: number): string {
  return refuse('digit.max_stake', { amount: maxStakeKyat.toLocaleString('en-US') });
}

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Whole Kyat with up to two decimals; only ever run on text within the numeric cap. */
const TWO_DECIMALS = /^\d+(?:\.\d{1,2})?$/;

/** Burmese digits as ASCII, trimmed; undefined when it is longer than any number (read no further). */
function cappedText(value: string): string | undefined {
  const text = asciiDigits(value.trim());
  return isOverNumericCap(text) ? undefined : text;
}

/** Laravel treats '' as missing (ConvertEmptyStringsToNull). */
function missing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A JSON number, or the numeric string a form post sends (Burmese digits allowed), as text. */
function numericText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') {
    const text = cappedText(value);
    return text !== undefined && isNumericText(text) ? text : null;
  }
  return null;
}

/** An integer within [min, max] (`required|integer|between:min,max`); numeric strings allowed. */
function integerIn(field: string, value: unknown, min: number, max: number): Checked<number> {
  const no = (message: string): Checked<number> => ({ ok: false, message });
  if (missing(value)) return no(refuse('field.required', { field }));
  let n: number;
  if (typeof value === 'number' && Number.isInteger(value)) n = value;
  else if (typeof value === 'string') {
    const text = cappedText(value);
    if (text === undefined) return no(refuse('field.max_chars', { field, max: NUMERIC_TEXT_MAX }));
    if (!isIntegerText(text)) return no(refuse('field.integer', { field }));
    n = Number(text);
  } else return no(refuse('field.integer', { field }));
  if (n < min || n > max) return no(refuse('field.between', { field, min, max }));
  return { ok: true, value: n + 0 }; // + 0 turns -0 into 0
}

/** `required|numeric|min:1|decimal:0,2`, in pya. */
function betAmount(value: unknown): Checked<bigint> {
  const field = 'bet_amount';
  const no = (message: string): Checked<bigint> => ({ ok: false, message });
  if (missing(value)) return no(refuse('field.required', { field }));
  if (typeof value === 'string' && cappedText(value) === undefined) return no(refuse('field.max_chars', { field, max: NUMERIC_TEXT_MAX }));
  const text = numericText(value);
  if (text === null) return no(refuse('field.number', { field }));
  if (Number(text) < 1) return no(refuse('field.min', { field, min: 1 }));
  if (!TWO_DECIMALS.test(text.replace(/^\+/, ''))) return no(refuse('field.decimals', { field }));
  return { ok: true, value: parseMoney(text.replace(/^\+/, '')) };
}

export function parseDigitBet(body: Record<string, unknown>, maxStakeKyat: number): DigitBetInput {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  let betType: BetType | undefined;
  const rawType = typeof body.bet_type === 'string' ? body.bet_type.trim() : body.bet_type;
  if (missing(rawType)) add('bet_type', refuse('field.required', { field: 'bet_type' }));
  else if (typeof rawType !== 'string' || !BET_TYPES.includes(rawType as BetType)) add('bet_type', refuse('field.selected_invalid', { field: 'bet_type' }));
  else betType = rawType as BetType;

  let digit: number | null = null;
  if (betType === 'digit') {
    const checked = integerIn('digit', body.digit, 0, 9);
    if (checked.ok) digit = checked.value;
    else add('digit', checked.message === refuse('field.required', { field: 'digit' }) ? refuse('digit.digit_required') : checked.message);
  } else if (betType !== undefined && !missing(body.digit)) {
    add('digit', refuse('digit.digit_prohibited'));
  }

  const amount = betAmount(body.bet_amount);
  if (!amount.ok) add('bet_amount', amount.message);
  const multiplier = integerIn('multiplier', body.multiplier, MIN_MULTIPLIER, MAX_MULTIPLIER);
  if (!multiplier.ok) add('multiplier', multiplier.message);

  let stake = 0n;
  if (amount.ok && multiplier.ok) {
    stake = amount.value * BigInt(multiplier.value);
    if (stake > BigInt(maxStakeKyat) * PYA_PER_KYAT) add('bet_amount', maxStakeMessage(maxStakeKyat));
  }

  if (Object.keys(errors).length > 0) throw new HttpError(422, refuse('validation.invalid'), null, errors);
  return { betType: betType!, digit, betAmount: (amount as { value: bigint }).value, multiplier: (multiplier as { value: number }).value, stake };
}

/**
 * The rotate body's optional `client_seed`: absent, null or blank means "pick a random one"
 * (undefined); otherwise 1–64 printable ASCII characters without spaces, or a 422.
 */
export function parseClientSeed(body: Record<string, unknown>): string | undefined {
  const raw = body.client_seed;
  if (raw === undefined || raw === null) return undefined;
  const field = 'client_seed';
  const fail = (message: string): never => {
    throw new HttpError(422, refuse('validation.invalid'), null, { client_seed: [message] });
  };
  if (typeof raw !== 'string') return fail(refuse('field.string', { field }));
  const text = raw.trim();
  if (text === '') return undefined;
  if (text.length > CLIENT_SEED_MAX) return fail(refuse('field.max_chars', { field, max: CLIENT_SEED_MAX }));
  if (!isClientSeed(text)) return fail(refuse('field.printable_ascii', { field }));
  return text;
}
