/**
 * What POST /digitbet and POST /digitbet/seed/rotate accept, checked before any transaction
 * opens. Every problem is a Laravel-style 422 (one message per field, the first rule that fails);
 * `rolled_number` and `outcome`, which legacy clients send, are ignored: the server rolls.
 */
import { PYA_PER_KYAT, parseMoney } from '../../lib/money';
import { checkDecimal, checkIntegerBetween, isMissing as missing, optionalPrintableAscii } from '../../lib/schemas';
import { parseFields } from '../../lib/validation';
import { invalidInput, type FieldErrors } from '../refusal';
import { BET_TYPES, type BetType } from './outcome';
import { CLIENT_SEED_MAX } from './roll';
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

/** `required|integer|between:min,max`; numeric strings allowed (lib/schemas.ts). */
const integerIn = checkIntegerBetween;

/** `required|numeric|min:1|decimal:0,2`, in pya. */
function betAmount(value: unknown): { ok: true; value: bigint } | { ok: false; message: string } {
  const checked = checkDecimal('bet_amount', value, 1);
  return checked.ok ? { ok: true, value: parseMoney(checked.value) } : checked;
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

  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return { betType: betType!, digit, betAmount: (amount as { value: bigint }).value, multiplier: (multiplier as { value: number }).value, stake };
}

const clientSeedBody = { client_seed: optionalPrintableAscii('client_seed', CLIENT_SEED_MAX) };

/**
 * The rotate body's optional `client_seed`: absent, null or blank means "pick a random one"
 * (undefined); otherwise 1–64 printable ASCII characters without spaces, or a 422.
 */
export function parseClientSeed(body: Record<string, unknown>): string | undefined {
  return parseFields(clientSeedBody, body).client_seed;
}
