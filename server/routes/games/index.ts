import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import type { LaunchAdapter } from '../../domain/seamless-launch';
import { fail } from '../../lib/http';
import { requireUser } from '../auth/middleware';
import { gameLogs } from './game-logs';
import { launchAdapterFor, launchGame } from './launch';
import { refuse } from '../../i18n/refusals';

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The player's side of seamless games (api-contract.md § Games): launching one, and the game
 * logs of what they played. Guards are per route so this router claims no other paths.
 */
export function gamePlayRoutes(deps: Deps, adapter: LaunchAdapter = launchAdapterFor(deps)) {
  const routes = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, refuse('request.too_large')) });

  routes.post('/seamless/launch-game', auth, limitBody, (c) => launchGame(c, deps, adapter));
  routes.get('/player/game-logs', auth, (c) => gameLogs(c, deps));
  return routes;
}
