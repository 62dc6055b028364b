/**
 * What every money form shares: amounts as typed, field errors, failure text and the
 * Idempotency-Key (style.md, Machines 8). A key is created when the player confirms, sent again
 * when they retry a request whose outcome is unknown, and dropped when what they ask for changes,
 * after a success, or after a definite refusal.
 * Randomness enters once per actor as `keySeed` (input, or a fresh UUID); each confirm derives
 * `<seed>-<n>`, so transitions stay pure and generated paths replay exactly.
 */
import type { ApiErrorInfo } from '../../api/types';
import { createIdempotencyKey } from '../../lib/idempotency';
import { normaliseDigits } from '../../lib/money';
import { NETWORK_ERROR } from '../../lib/fixed-texts';
export { NETWORK_ERROR };


export interface KeySeedOption {
  keySeed?: string;
}

/**
 * Input every money machine accepts; tests pass a fixed seed. `void` keeps the input optional
 * (xstate drops `undefined` from an input type it infers, which would make `input` required).
 */
export type KeyInput = KeySeedOption | void;

export interface KeyFields {
  /** The pending request's key: set from confirm until an answer settles it. */
  key: string | null;
  keySeed: string;
  keysIssued: number;
}

export function initialKeyFields(input: KeyInput): KeyFields {
  return { key: null, keySeed: (input || {}).keySeed ?? createIdempotencyKey(), keysIssued: 0 };
}

/** At confirm: the pending key again (a retry of the same request), or the next one. */
export function confirmKey({ key, keySeed, keysIssued }: KeyFields): Pick<KeyFields, 'key' | 'keysIssued'> {
  if (key !== null) return { key, keysIssued };
  return { key: `${keySeed}-${keysIssued + 1}`, keysIssued: keysIssued + 1 };
}

/** The pending key while what is asked stays the same; an edit makes the next request a new one. */
export const keyIfSame = (same: boolean, fields: Pick<KeyFields, 'key'>) => (same ? fields.key : null);

/** The server may have acted (no answer, 409 still processing, 5xx): a retry must not act twice. */
export const outcomeUnknown = (status: number) => status === 0 || status === 409 || status >= 500;

export function keyAfterFailure(fields: KeyFields, error: ApiErrorInfo): Pick<KeyFields, 'key'> {
  return { key: outcomeUnknown(error.status) ? fields.key : null };
}

/** A typed amount as whole Kyat above 0 (Burmese digits read as ASCII), or null. */
export function wholeAmount(typed: string): number | null {
  const digits = normaliseDigits(typed).trim();
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The amount a form sends; one the server must refuse is sent as 0 so it says why. */
export const requestAmount = (typed: string) => wholeAmount(typed) ?? 0;

export function withoutField(errors: Record<string, string>, field: string): Record<string, string> {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** What a form shows when its options could not be loaded. */
export const loadFailureMessage = (error: ApiErrorInfo) => (error.status === 0 ? NETWORK_ERROR : error.message);

/** The general message of a failed submit: none when field errors speak, the network text for status 0. */
export function failureMessage(error: ApiErrorInfo): string | null {
  if (error.status === 0) return NETWORK_ERROR;
  return Object.keys(error.fieldErrors).length ? null : error.message;
}
