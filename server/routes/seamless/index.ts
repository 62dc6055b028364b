import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { recordSeamlessCall } from '../../domain/seamless-calls';
import { SeamlessCode, isSeamlessEndpoint, type SeamlessEndpoint } from '../../domain/seamless-protocol';
import { clientIp } from '../../lib/client-ip';
import { ipList } from '../../lib/ip-list';
import { parseJsonText } from '../../lib/json-text';
import { checkPath } from '../../lib/request-input';
import { choice } from '../../lib/schemas';
import { answerCallback, type CallbackResponse } from './callbacks';
import { log, errFields } from '../../lib/log';

/** `:endpoint`: one of the aggregator's callbacks; any other is its "Unknown callback" (404). */
const endpointPath = { endpoint: choice('endpoint', (v) => (typeof v === 'string' && isSeamlessEndpoint(v) ? v : null)) };

/** A real batch is a few kB; the cap bounds what an unsigned caller can make us read. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The aggregator's callbacks: POST /api/v1/api/seamless/{balance,withdraw,deposit,pushbetdata}
 * (docs/seamless.md). Always HTTP 200 with `{ data: [...] }`: the result codes are in the body.
 * Only SEAMLESS_ALLOWED_IPS may call when it is set; every call is kept in seamless_calls, bounded.
 */
export function seamlessCallbackRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const allowed = ipList(deps.env.SEAMLESS_ALLOWED_IPS);
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ code: SeamlessCode.InternalError, message: 'Request body too large', data: [] }, 413),
  });

  routes.post('/:endpoint', async (c, next) => {
    // Before reading a byte of the body: an address the operator did not list gets one small refusal.
    if (allowed.size && !allowed.has(clientIp(c, deps.env.TRUST_PROXY))) {
      return c.json({ code: SeamlessCode.InvalidSignature, message: 'Address not allowed', data: [] }, 403);
    }
    return next();
  });

  routes.post('/:endpoint', limit, async (c) => {
    const { endpoint } = checkPath(c, endpointPath).values;
    if (!endpoint) return c.json({ code: SeamlessCode.InternalError, message: 'Unknown callback', data: [] }, 404);
    const raw = await c.req.text();
    const text = JSON.stringify(await answerRaw(deps, endpoint, raw));
    await logCall(deps, endpoint, raw, text);
    return c.body(text, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });
  return routes;
}

/** The answer to the raw body; a body that is not JSON is answered as a malformed request, a failure as 999. */
async function answerRaw(deps: Deps, endpoint: SeamlessEndpoint, raw: string): Promise<CallbackResponse> {
  let parsed: unknown;
  try {
    parsed = parseJsonText(raw);
  } catch {
    parsed = undefined;
  }
  try {
    return await answerCallback(deps, endpoint, parsed, raw);
  } catch (err) {
    log.error({ err: errFields(err) }, 'seamless callback failed');
    return { code: SeamlessCode.InternalError, message: 'Internal error', data: [] };
  }
}

/** Keeps the call in seamless_calls (excerpts of both bodies); a failure to log never fails the call. */
async function logCall(deps: Deps, endpoint: SeamlessEndpoint, raw: string, text: string): Promise<void> {
  try {
    await recordSeamlessCall(deps.database.db, { endpoint, request: raw, response: text, httpStatus: 200, at: deps.clock.now() });
  } catch (err) {
    log.error({ err: errFields(err) }, 'seamless call log failed');
  }
}
