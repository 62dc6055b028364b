import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

/**
 * hono's bodyLimit, minus its cost on the common request. hono's middleware first reads
 * `c.req.raw.body`, which makes @hono/node-server build a full web Request (a ReadableStream,
 * an AbortController, a copy of the headers) that nothing else on a JSON route needs: about a
 * tenth of the server's CPU per exchange (bench/money.ts). When the client declares its length
 * (Content-Length, no Transfer-Encoding), that declaration is all hono's check looks at too, so
 * it is checked here without touching the body; a body without one (chunked) is counted as it
 * streams in by hono's own middleware. GET and HEAD carry no body and pass, as with hono's.
 */
export function bodyLimit(opts: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const streaming = honoBodyLimit(opts);
  return async (c: Context, next: Next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streaming(c, next);
    return parseInt(length, 10) > opts.maxSize ? opts.onError(c) : next();
  };
}
