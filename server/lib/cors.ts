import type { Context, MiddlewareHandler } from 'hono';
import { isPlausibleHost } from './public-origin';
import { log } from './log';

/**
 * Cross-origin access to the API by allow-list (issue 15, decision 0015). A page on another
 * origin — the existing player site on its own domain, the Mini App on a CDN — calls the API with
 * `Authorization` and JSON, so every call is preflighted. `CORS_ORIGINS` lists the origins whose
 * pages may do so; unset, only same-origin pages can (a same-origin call needs no grant).
 *
 * - A preflight from a listed origin answers 204 with the methods and headers the contract uses
 *   and a max-age; from any other origin 403 with no grant, so the browser refuses the call.
 * - An answer to a listed origin names that origin (never `*`) and exposes the headers a client
 *   reads; no `Access-Control-Allow-Credentials`, ever: tokens are Bearer headers, not cookies.
 * - `Vary: Origin` on every API answer while a list is set, so a cache never hands one origin's
 *   grant (or its absence) to another.
 * - The 2D live feed (`/api/live`, `/live`) is public data: any origin, `*`, as before.
 * - The operator API (`/api/admin`) is never granted: no page on another origin needs it.
 */

/** Every method a player-facing call uses (DELETE: unlinking Telegram). */
export const CORS_METHODS = 'GET, HEAD, POST, DELETE';
/**
 * Request headers beyond the CORS-safelisted ones. `Accept-Language` is safelisted for the values
 * browsers send, and `Accept` always is.
 */
export const CORS_REQUEST_HEADERS = 'authorization, content-type, idempotency-key, x-lang';
/** Response headers a client reads beyond the safelisted ones (a replayed money call, a 429/503's wait). */
export const CORS_EXPOSE_HEADERS = 'Idempotent-Replayed, Retry-After';
/** Seconds a browser may reuse a preflight (Chromium's own cap is 7200). */
export const CORS_MAX_AGE_SECONDS = 7200;

const PUBLIC_PATHS = new Set(['/api/live', '/live']);
const isOperatorPath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');

/**
 * An entry of CORS_ORIGINS as browsers send it in `Origin` (`https://site.example.com`, lower
 * case, no default port), or null when the entry is not exactly an http(s) origin: `*`, a
 * wildcard host, a path, a query, credentials or junk never match anything.
 */
export function parseOrigin(entry: string): string | null {
  const text = entry.trim();
  if (!/^https?:\/\/[^/?#@\\\s]+\/?$/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return isPlausibleHost(url.host) ? url.origin : null;
}

/** Splits CORS_ORIGINS into the origins it grants and the entries that are not origins. */
export function readCorsOrigins(entries: readonly string[]): { origins: Set<string>; invalid: string[] } {
  const origins = new Set<string>();
  const invalid: string[] = [];
  for (const entry of entries) {
    const origin = parseOrigin(entry);
    if (origin) origins.add(origin);
    else invalid.push(entry);
  }
  return { origins, invalid };
}

/** Sets a header on the finished answer; a Response with immutable headers is copied first. */
function setOnAnswer(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

function appendVaryOrigin(c: Context): void {
  const vary = c.res.headers.get('Vary');
  if (!vary) setOnAnswer(c, 'Vary', 'Origin');
  else if (!vary.split(',').some((v) => v.trim().toLowerCase() === 'origin' || v.trim() === '*')) setOnAnswer(c, 'Vary', `${vary}, Origin`);
}

function preflight(c: Context, allowOrigin: string): Response {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': allowOrigin,
    'Access-Control-Allow-Methods': CORS_METHODS,
    'Access-Control-Allow-Headers': CORS_REQUEST_HEADERS,
    'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
  };
  if (allowOrigin !== '*') headers.Vary = 'Origin';
  return c.body(null, 204, headers);
}

/** The middleware for `/api/*` and `/live`; `entries` is CORS_ORIGINS as listed. */
export function corsPolicy(entries: readonly string[]): MiddlewareHandler {
  const { origins, invalid } = readCorsOrigins(entries);
  // A production start refuses these (config-check.ts); a development one ignores them, loudly.
  if (invalid.length) log.warn(`CORS_ORIGINS: ignoring entries that are not origins: ${invalid.join(', ')}`);
  const listed = origins.size > 0;

  return async (c, next) => {
    const path = c.req.path;
    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (PUBLIC_PATHS.has(path)) {
      if (isPreflight) return preflight(c, '*');
      await next();
      return;
    }
    const origin = c.req.header('origin');
    const granted = origin !== undefined && origins.has(origin) && !isOperatorPath(path);
    if (isPreflight) {
      if (granted) return preflight(c, origin);
      c.header('Vary', 'Origin');
      return c.body(null, 403);
    }
    if (granted) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    }
    await next();
    // A Response built outside the context (a 304, a replayed answer) lacks what was prepared.
    if (granted && !c.res.headers.has('Access-Control-Allow-Origin')) {
      setOnAnswer(c, 'Access-Control-Allow-Origin', origin);
      setOnAnswer(c, 'Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    }
    if (listed) appendVaryOrigin(c);
  };
}
