/**
 * What the transfer machine's two uses share: a direction between the main and game wallets, the
 * amount as typed, and the one exchange request they make. `use` says which screen the actor serves.
 */
import type { ApiErrorInfo, ExchangeDirection, ExchangeRequest } from '../../api/types';
import { normaliseDigits } from '../../lib/money';
import {
  confirmKey,
  initialKeyFields,
  keyAfterFailure,
  keyIfSame,
  wholeAmount,
  type KeyFields,
  type KeySeedOption,
} from '../shared/money-form';

/** The Exchange Balance dialog (profile tab) or the internal transfer page (/wallet/internal-transfer). */
export type TransferUse = 'exchange' | 'internalTransfer';

export const DEFAULT_DIRECTION: ExchangeDirection = 'mainToGame';

export interface TransferFields extends KeyFields {
  use: TransferUse;
  direction: ExchangeDirection;
  amount: string;
  error: string | null;
}

export interface TransferInput extends KeySeedOption {
  use: TransferUse;
}

export function initialTransfer(input: TransferInput): TransferFields {
  return { use: input.use, direction: DEFAULT_DIRECTION, amount: '', error: null, ...initialKeyFields(input) };
}

/** A new amount clears the error; only a different amount makes the next request a new one. */
export function withAmount(fields: TransferFields, typed: string): Partial<TransferFields> {
  const amount = normaliseDigits(typed);
  return { amount, error: null, key: keyIfSame(amount === fields.amount, fields) };
}

/** The other way round: what was typed stays, the next request is a new one. */
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
