import type { Context, MiddlewareHandler } from 'hono';
import { APP_START_CSP_SOURCE, TELEGRAM_EARLY_CSP_SOURCE } from './page-scripts';

/**
 * The security headers of every answer: the site, the API, static files, 404s and errors alike.
 * Pages that need a stricter or different policy (the demo game pages, the game frame) set their
 * own Content-Security-Policy and Referrer-Policy, which win: these are only defaults.
 */

/** Telegram's web clients (web.telegram.org/k, /a …) show the Mini App in an iframe. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'] as const;

/**
 * The built site (dist/index.html) loads nothing from other origins: scripts, fonts and API calls
 * are our own; its two inline scripts (./page-scripts.ts: the Telegram launch's early sign-in,
 * and the app's start after the first paint) are allowed by their hashes alone. The Telegram SDK is bundled (@twa-dev/sdk),
 * not fetched from telegram.org. Exceptions, each for a reason:
 * - style-src 'unsafe-inline': inside Telegram's web client the SDK adds a <style> whose text
 *   web.telegram.org sends (set_custom_style); React's style props go through the CSSOM anyway.
 * - img-src / media-src https:: catalogue art, payment logos and managed videos may live on an
 *   operator's or aggregator's CDN. Images and media cannot run script.
 * - frame-ancestors: ourselves and Telegram's web clients; any other site framing the money
 *   screens is refused.
 */
export const SITE_CSP = [
  "default-src 'self'",
  `script-src 'self' ${TELEGRAM_EARLY_CSP_SOURCE} ${APP_START_CSP_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  `frame-ancestors 'self' ${TELEGRAM_FRAME_ANCESTORS.join(' ')}`,
].join('; ');

/** Powerful features the site never uses, off for it and anything it frames. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=()';

/** Origin only to other sites (some game providers allow-list operators by Referer), nothing over http. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** One year; not includeSubDomains, which would bind the operator's other hosts too. */
export const HSTS = 'max-age=31536000';

export function securityHeaders(opts: { publicUrl: string | undefined }): MiddlewareHandler {
  const headers: [string, string][] = [
    ['Content-Security-Policy', SITE_CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', REFERRER_POLICY],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
  // HSTS only when the site is served over https: over http a browser ignores it, and it would
  // pin a development host that later runs without TLS.
  if (opts.publicUrl?.startsWith('https://')) headers.push(['Strict-Transport-Security', HSTS]);

  return async (c: Context, next) => {
    // Prepared before the handler: every response built through the context carries them, at no
    // extra cost, and a handler's own c.header(...) replaces a default.
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // A Response built outside the context (rare) lacks them: add what is missing.
    const res = c.res;
    if (!res.headers.has('X-Content-Type-Options')) {
      for (const [name, value] of headers) if (!res.headers.has(name)) c.header(name, value);
    }
  };
}
