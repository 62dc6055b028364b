import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TrustProxy } from '../env';
import { ipList, type IpList } from './ip-list';

const lists = new WeakMap<string[], IpList>();
const listOf = (proxies: string[]) => {
  let list = lists.get(proxies);
  if (!list) lists.set(proxies, (list = ipList(proxies)));
  return list;
};

/**
 * The caller's address for rate limits and allow-lists: the address the last trusted proxy saw.
 * X-Forwarded-For is appended to by each proxy, so only its right-most entries are ours; anything
 * to their left was written by the client and is ignored (TRUST_PROXY: hops or proxy addresses).
 */
export function clientIp(c: Context, trust: TrustProxy): string {
  const socket = socketAddress(c);
  if (trust.hops === 0 && trust.proxies.length === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (trust.hops > 0) {
    if (forwarded.length === 0) return socket;
    return normaliseIp(forwarded[Math.max(0, forwarded.length - trust.hops)]!);
  }
  const trusted = listOf(trust.proxies);
  if (!trusted.has(socket)) return socket;
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = normaliseIp(forwarded[i]!);
    if (!trusted.has(hop)) return hop;
  }
  return socket;
}

/**
 * Whether the request came through a proxy TRUST_PROXY names, so its own headers (X-Request-Id)
 * are the proxy's: with a hop count, any request (the operator says every one comes through it);
 * with addresses, only a request whose socket is one of them.
 */
export function fromTrustedProxy(c: Context, trust: TrustProxy): boolean {
  if (trust.hops > 0) return true;
  return trust.proxies.length > 0 && listOf(trust.proxies).has(socketAddress(c));
}

function socketAddress(c: Context): string {
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
