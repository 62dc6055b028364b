/**
 * Reading the shapes the API contract allows (api-contract.md, Conventions): the Laravel
 * paginator, its legacy variants, money POST answers, and loose row fields.
 */
import { ApiError, OK_STATUS } from './client';
import { SOMETHING_WRONG } from '../lib/fixed-texts';
import type { PageOf } from './types';

type Row = Record<string, unknown>;

export const isRow = (value: unknown): value is Row => !!value && typeof value === 'object' && !Array.isArray(value);

/** A field as text: strings as they are, numbers printed, anything else ''. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A money field as the contract's two-decimal string; numbers (legacy) are printed so. */
export function money(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : text(value);
}

/** A numeric field (number or numeric string), or null. */
export function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** A name that is either a string or `{ name }` (payment_type comes both ways). */
export function nameOf(value: unknown): string {
  return isRow(value) ? text(value.name) : text(value);
}

/** A plain list as a single page. */
export function onePage<T>(items: T[]): PageOf<T> {
  return { items, page: 1, lastPage: 1, total: items.length };
}

const isPaginator = (value: Row) => Array.isArray(value.data) && ('current_page' in value || 'last_page' in value);

/**
 * Any list answer as a page: the envelope around a Laravel paginator, `data.data` without the
 * paginator fields, `{ data: list }`, a bare list, or a single object where a list is expected.
 */
export function toPage<T>(body: unknown, mapRow: (row: unknown) => T = (row) => row as T): PageOf<T> {
  let value = body;
  for (let depth = 0; depth < 4; depth++) {
    if (Array.isArray(value)) return onePage(value.map(mapRow));
    if (!isRow(value)) return onePage([]);
    if (isPaginator(value)) {
      const items = (value.data as unknown[]).map(mapRow);
      const page = Math.max(1, numberOrNull(value.current_page) ?? 1);
      const lastPage = Math.max(page, numberOrNull(value.last_page) ?? page);
      return { items, page, lastPage, total: numberOrNull(value.total) ?? items.length };
    }
    if (!('data' in value)) return onePage([mapRow(value)]);
    value = value.data;
  }
  return onePage([]);
}

/**
 * A money POST's answer: its message when the envelope says success (or has no status at all),
 * else an ApiError. A refusal inside an HTTP 200 envelope (legacy) reads as a 400.
 */
export function okMessage(body: unknown, fallback: string, failure: string): string {
  const envelope = isRow(body) ? body : {};
  const message = text(envelope.message);
  if (envelope.status !== undefined && envelope.status !== OK_STATUS) {
    throw new ApiError(400, message || failure, {}, envelope.data ?? null);
  }
  return message || fallback;
}

/** 'Something Went Wrong!' is the client's stand-in for an answer without a message. */
const NO_SERVER_MESSAGE = SOMETHING_WRONG;

/** Rethrows a failed call with `failure` in place of the client's stand-in text. */
export function withFailureText(err: unknown, failure: string): never {
  if (err instanceof ApiError && err.status !== 0 && (!err.message || err.message === NO_SERVER_MESSAGE)) {
    throw new ApiError(err.status, failure, err.fieldErrors, err.data);
  }
  throw err;
}
