import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, Deps } from '../../app';
import { seamlessCalls } from '../../db/schema';
import { SeamlessCode, isSeamlessEndpoint } from '../../domain/seamless-protocol';
import { DEV_SEAMLESS_SECRET } from '../../env';
import { answerCallback, type CallbackResponse } from './callbacks';

/** A batch of transactions is a few kB; anything near this is not an aggregator. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The aggregator's callbacks: POST /api/v1/api/seamless/{balance,withdraw,deposit,pushbetdata}
 * (docs/seamless.md). Always HTTP 200 with `{ data: [...] }`: the result codes are in the body.
 * Every call — request body as received and the answer — is kept in seamless_calls.
 */
export function seamlessCallbackRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  if (deps.env.NODE_ENV === 'production' && deps.env.SEAMLESS_SECRET_KEY === DEV_SEAMLESS_SECRET) {
    console.warn('WARNING: SEAMLESS_SECRET_KEY is not set: seamless callbacks are signed with the public development secret.');
  }
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ code: SeamlessCode.InternalError, message: 'Request body too large', data: [] }, 413),
  });

  routes.post('/:endpoint', limit, async (c) => {
    const endpoint = c.req.param('endpoint');
    if (!isSeamlessEndpoint(endpoint)) return c.json({ code: SeamlessCode.InternalError, message: 'Unknown callback', data: [] }, 404);
    const raw = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    let response: CallbackResponse;
    try {
      response = await answerCallback(deps, endpoint, parsed);
    } catch (err) {
      console.error('seamless callback failed', err);
      response = { code: SeamlessCode.InternalError, message: 'Internal error', data: [] };
    }
    const text = JSON.stringify(response);
    try {
      await deps.database.db
        .insert(seamlessCalls)
        .values({ endpoint, requestBody: raw, responseBody: text, httpStatus: 200, createdAt: deps.clock.now() });
    } catch (err) {
      console.error('seamless call log failed', err);
    }
    return c.body(text, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });
  return routes;
}
