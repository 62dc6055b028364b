import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { bodyLimit } from '../../lib/body-limit';
import { fail } from '../../lib/http';
import { requireUser } from '../auth';
import { exchange } from './exchange';
import { exchangeLog, transactions } from './logs';
import { oneAtATime } from './one-at-a-time';
import { refuse } from '../../i18n/refusals';

/** An amount is a few bytes; anything large is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

/** Wallets (api-contract.md § Two wallets): exchanges between them and the player's logs. */
export function walletRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const smallBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, refuse('request.too_large')),
  });

  const perPlayer = oneAtATime();
  routes.post('/exchange-main-to-game', auth, smallBody, (c) => exchange(c, deps, 'mainToGame', perPlayer));
  routes.post('/exchange-game-to-main', auth, smallBody, (c) => exchange(c, deps, 'gameToMain', perPlayer));
  routes.get('/exchange-transactions-log', auth, (c) => exchangeLog(c, deps));
  routes.get('/transactions', auth, (c) => transactions(c, deps));
  return routes;
}
