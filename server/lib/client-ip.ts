import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP for rate limiting: the socket's address, or the first X-Forwarded-For hop when
 * the server runs behind a trusted proxy (env TRUST_PROXY).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return normaliseIp(first);
  }
  try {
    return normaliseIp(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // No Node socket (app.request in unit tests).
    return 'unknown';
  }
}

/** "::ffff:10.0.0.1" → "10.0.0.1"; capped so a forged header cannot make huge keys. */
function normaliseIp(ip: string): string {
  const plain = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  return plain.slice(0, 64).toLowerCase();
}
