/**
 * The first middleware of both listeners (issue 28, decision 0033): a request id for every request
 * (the trusted proxy's X-Request-Id, else a new one) returned on every answer, one access log line
 * (time, id, method, route template, status, duration, bytes, the player or operator when known)
 * and the request's count and duration in the metrics. The line never carries the URL, a header or
 * a body: those hold tokens, init data and account numbers.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { TrustProxy } from '../env';
import type { AppEnv } from '../types/app';
import { fromTrustedProxy } from './client-ip';
import { accessLog, type AccessLine, type Logger } from './log';
import type { Metrics } from './metrics';

/** What a proxy's id may look like (a UUID, a hex trace id, an nginx $request_id); anything else is replaced. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Marks the app's own sub-requests (the first screen's data, routes/shell): not the client's, not logged. */
export const INTERNAL = Object.freeze({ internal: true });

export function requestIdOf(c: Context, trust: TrustProxy): string {
  const given = c.req.header('x-request-id');
  if (given && VALID_ID.test(given) && fromTrustedProxy(c, trust)) return given;
  return randomUUID();
}

/** Who made the request, once the route's middleware knows: the player's id, or the operator (into `line`). */
function addWho(c: Context<AppEnv>, line: AccessLine): void {
  const user = c.get('user');
  if (user) {
    line.user = user.id;
    return;
  }
  const admin = c.get('admin');
  if (admin) line.operator = admin.actor.kind === 'operator' ? `operator:${admin.actor.operatorId}` : admin.actor.name;
}

function setHeader(c: Context, id: string): void {
  try {
    c.res.headers.set('X-Request-Id', id);
  } catch {
    // A response with immutable headers (a fetched one): copy it.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('X-Request-Id', id);
  }
}

export function observe(opts: { logger: Logger; metrics?: Metrics; trust: TrustProxy }): MiddlewareHandler<AppEnv> {
  const { logger, metrics, trust } = opts;
  const access = accessLog(logger);
  return async (c, next) => {
    if ((c.env as unknown) === INTERNAL) return next();
    const start = performance.now();
    const id = requestIdOf(c, trust);
    c.set('requestId', id);
    await next();
    setHeader(c, id);
    const seconds = (performance.now() - start) / 1000;
    const route = c.req.routePath;
    const res = c.res;
    const status = res.status;
    const method = c.req.method;
    metrics?.observe(method, route, status, seconds);
    if (logger.isLevelEnabled('info')) {
      const length = res.headers.get('content-length');
      const line: AccessLine = { reqId: id, method, route, status, ms: Math.round(seconds * 10_000) / 10 };
      if (length !== null && Number.isFinite(Number(length))) line.bytes = Number(length);
      addWho(c, line);
      access(line);
    }
  };
}
