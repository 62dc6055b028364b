import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { realShanProvider, type ShanProviderAdapter } from '../../domain/shan/launch';
import { ShanCode, type ShanAnswer } from '../../domain/shan/wallet';
import { fail } from '../../lib/http';
import { requireUser } from '../auth/middleware';
import { demoShanProvider } from '../../demo-providers/shan/provider';
import { CALLBACK_KINDS, answerShanCallback, type CallbackKind } from './callbacks';
import { shanInfo, shanLaunch } from './launch';
import { parseJsonText } from '../../lib/json-text';
import { refuse } from '../../i18n/refusals';
import { checkPath } from '../../lib/request-input';
import { choice } from '../../lib/schemas';
import { log, errFields } from '../../lib/log';

/** `:kind`: one of the Shan provider's callbacks; any other is its "Unknown callback" (404). */
const kindPath = { kind: choice('kind', (v) => ((CALLBACK_KINDS as readonly unknown[]).includes(v) ? (v as CallbackKind) : null)) };

/** The demo provider unless SHAN_PROVIDER_URL names a real one. */
export function shanProviderFor(deps: Deps): ShanProviderAdapter {
  return deps.env.SHAN_PROVIDER_URL ? realShanProvider(deps.env, deps.clock) : demoShanProvider(deps);
}

/**
 * Shan Koe Mee, our side as the operator (docs/shan.md): the player's launch and the launcher's
 * info, and the provider's signed callbacks /shan/callback/{balance,bet,settle} (always HTTP 200,
 * the outcome in `code`). Guards are per route so this router claims no other paths.
 */
export function shanRoutes(deps: Deps, provider: ShanProviderAdapter = shanProviderFor(deps)) {
  const routes = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const limitBody = bodyLimit({ maxSize: 16 * 1024, onError: (c) => fail(c, 413, refuse('request.too_large')) });
  const limitCallback = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => c.json({ code: ShanCode.InvalidRequest, message: 'Request body too large' }, 413),
  });

  routes.post('/shan-launch-game', auth, limitBody, (c) => shanLaunch(c, deps, provider));
  routes.get('/shan/info', (c) => shanInfo(c, deps));
  routes.post('/shan/callback/:kind', limitCallback, async (c) => {
    const { kind } = checkPath(c, kindPath).values;
    if (!kind) return c.json({ code: ShanCode.InvalidRequest, message: 'Unknown callback' }, 404);
    let body: unknown;
    try {
      body = parseJsonText(await c.req.text());
    } catch {
      body = undefined;
    }
    let answer: ShanAnswer;
    try {
      answer = await answerShanCallback(deps, kind, body);
    } catch (err) {
      log.error({ err: errFields(err) }, 'shan callback failed');
      answer = { code: ShanCode.InvalidRequest, message: 'Internal error' };
    }
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });
  return routes;
}
