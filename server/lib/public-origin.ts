import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The site's public origin, for the absolute URLs we hand out (pagination links, game launch
 * and lobby URLs). PUBLIC_URL when set — production requires it (config-check.ts), because a
 * Host header is whatever the client sent. Without it (development) the request's own origin,
 * but only when its Host is a plausible host[:port]; anything else falls back to the address
 * the request actually reached (the socket), never reflected.
 */
export function publicOrigin(c: Context, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const host = c.req.header('host');
  if (host !== undefined && isPlausibleHost(host)) {
    const url = new URL(c.req.url);
    if (url.host === host.toLowerCase()) return url.origin;
  }
  return localOrigin(c);
}

/** A DNS name or IPv4 address, or a bracketed IPv6 one, with an optional port; nothing else. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export function isPlausibleHost(host: string): boolean {
  if (host.length > 260 || !HOST.test(host)) return false;
  const port = /:(\d{1,5})$/.exec(host)?.[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * This very server, as the socket the request arrived on sees it (http://127.0.0.1:3000): what
 * the client connected to, not what its Host header says. `app.request()` in unit tests has no
 * socket: then the request URL's origin.
 */
export function localOrigin(c: Context): string {
  const bindings = c.env as { incoming?: IncomingMessage; server?: { incoming?: IncomingMessage } } | undefined;
  const socket = (bindings?.incoming ?? bindings?.server?.incoming)?.socket;
  if (socket?.localPort) {
    let host = socket.localAddress ?? '127.0.0.1';
    if (host.startsWith('::ffff:')) host = host.slice(7);
    if (host === '' || host === '0.0.0.0' || host === '::') host = '127.0.0.1';
    return `http://${host.includes(':') ? `[${host}]` : host}:${socket.localPort}`;
  }
  return new URL(c.req.url).origin;
}
