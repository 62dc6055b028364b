/**
 * GET /metrics in Prometheus's text format (issue 28, decision 0033). Never open to the internet by
 * default: on the public port only with METRICS_TOKEN as a bearer token (404 without one set); on
 * the admin listener (ADMIN_PORT, loopback by default) without one, or with it when it is set.
 * METRICS=off: 404 on both.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { scrapeText } from '../../lib/metrics-cluster';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token equals METRICS_TOKEN (compared in constant time). */
function tokenMatches(c: Context, token: string): boolean {
  const header = c.req.header('authorization') ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

export function metricsHandler(deps: Deps, listener: 'public' | 'admin') {
  return async (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    const token = deps.env.METRICS_TOKEN;
    if (!deps.metrics || (listener === 'public' && !token)) return c.text('Not found', 404);
    if (token && !tokenMatches(c, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized', 401);
    }
    const text = await scrapeText(deps.metrics);
    return c.body(text, 200, { 'Content-Type': deps.metrics.registry.contentType });
  };
}
