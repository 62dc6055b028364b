import { createHmac } from 'node:crypto';
import { signMatches } from '../../lib/signature';

/**
 * The Shan provider protocol's signature (docs/shan.md), one helper for both directions (our
 * launch request to the provider, the provider's callbacks to us):
 *
 *   sign = hex(HMAC-SHA256(SHAN_SECRET_KEY, `${operator_code}|${request_time}|${payload}`))
 *
 * where payload is the JSON body without `sign`, serialised with its keys sorted (at every
 * level; arrays keep their order) and no whitespace. request_time is unix seconds; a request
 * more than MAX_SKEW_SECONDS away from our clock (either way) is refused.
 */

export const MAX_SKEW_SECONDS = 300;

/** JSON with object keys sorted at every level, no whitespace. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The signed text of a body (its `sign`, if any, left out). */
export function canonicalText(body: Record<string, unknown>): string {
  const { sign: _sign, ...payload } = body;
  return `${String(body.operator_code)}|${String(body.request_time)}|${canonicalJson(payload)}`;
}

export function shanSign(secret: string, body: Record<string, unknown>): string {
  return createHmac('sha256', secret).update(canonicalText(body), 'utf8').digest('hex');
}

/** `fields` with request_time (now, unix seconds) and its sign added. */
export function signedBody<T extends { operator_code: string }>(
  secret: string,
  fields: T,
  now: Date,
): T & { request_time: number; sign: string } {
  const body = { ...fields, request_time: Math.floor(now.getTime() / 1000) };
  return { ...body, sign: shanSign(secret, body) };
}

export type Verified = { ok: true; operatorCode: string } | { ok: false; reason: 'operator' | 'sign' | 'time' };

/**
 * Checks a signed body: a known operator code, the signature (always computed, so an unknown
 * operator costs the same), and request_time (unix seconds, number or digit string) within
 * MAX_SKEW_SECONDS of `now`.
 */
export function verifySigned(body: Record<string, unknown>, secret: string, operators: readonly string[], now: Date): Verified {
  const operatorCode = typeof body.operator_code === 'string' ? body.operator_code : '';
  const signOk = signMatches(body.sign, shanSign(secret, body));
  if (!operators.includes(operatorCode)) return { ok: false, reason: 'operator' };
  if (!signOk) return { ok: false, reason: 'sign' };
  const t = body.request_time;
  const seconds = typeof t === 'number' ? t : typeof t === 'string' && /^\d{1,12}$/.test(t) ? Number(t) : NaN;
  if (!Number.isSafeInteger(seconds) || Math.abs(now.getTime() / 1000 - seconds) > MAX_SKEW_SECONDS) {
    return { ok: false, reason: 'time' };
  }
  return { ok: true, operatorCode };
}
