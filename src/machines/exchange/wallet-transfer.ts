/**
 * What the Exchange Balance dialog and the internal transfer page share: a direction between the
 * main and game wallets, the amount as typed, and the one exchange request they make.
 */
import type { ApiErrorInfo, ExchangeDirection, ExchangeRequest } from '../../api/types';
import { normaliseDigits } from '../../lib/money';
import { confirmKey, initialKeyFields, keyAfterFailure, keyIfSame, wholeAmount, type KeyFields, type KeyInput } from '../shared/money-form';

export const DEFAULT_DIRECTION: ExchangeDirection = 'mainToGame';

export interface TransferFields extends KeyFields {
  direction: ExchangeDirection;
  amount: string;
  error: string | null;
}

export type TransferInput = KeyInput;

export function initialTransfer(input: TransferInput): TransferFields {
  return { direction: DEFAULT_DIRECTION, amount: '', error: null, ...initialKeyFields(input) };
}

/** A new amount clears the error; only a different amount makes the next request a new one. */
export function withAmount(fields: TransferFields, typed: string): Partial<TransferFields> {
  const amount = normaliseDigits(typed);
  return { amount, error: null, key: keyIfSame(amount === fields.amount, fields) };
}

export function withDirectionToggled(fields: TransferFields): Partial<TransferFields> {
  return { direction: fields.direction === 'mainToGame' ? 'gameToMain' : 'mainToGame', error: null, key: null };
}

export const hasValidAmount = (fields: TransferFields) => wholeAmount(fields.amount) !== null;

/** Something to send: an amount that is neither empty nor zero (0, 00, 0.00, ၀). */
export const hasSomeAmount = (fields: Pick<TransferFields, 'amount'>) => !/^0*(?:\.0*)?$/.test(normaliseDigits(fields.amount).trim());

export const confirmed = (fields: TransferFields): Partial<TransferFields> => ({ error: null, ...confirmKey(fields) });

export function failed(fields: TransferFields, error: ApiErrorInfo, message: string): Partial<TransferFields> {
  return { error: message, ...keyAfterFailure(fields, error) };
}

/** After a success: the amount is spent, the next request is a new one. */
export const settled: Partial<TransferFields> = { amount: '', error: null, key: null };

export function exchangeRequest({ direction, amount, key }: TransferFields): ExchangeRequest {
  return { direction, amount: wholeAmount(amount) ?? 0, key: key ?? '' };
}
