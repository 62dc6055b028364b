import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { fail, ok } from '../../lib/http';
import { login } from './login';
import { requireUser } from './middleware';
import { changePassword } from './password';
import { register } from './register';
import { setFirstPassword, telegramLink, telegramSignIn, telegramUnlink } from './telegram';
import { revokeToken } from '../../domain/sessions';
import { userPayload } from './user-payload';
import { endShanSessions } from '../../domain/launch-sessions';
import { refuse } from '../../i18n/refusals';

export { requireUser } from './middleware';
export type { SessionUser } from '../../domain/sessions';

/** Small forms only: an oversized body is refused before it is read. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Accounts (api-contract.md § Accounts). There is deliberately no /player-change-password:
 * the legacy route let anyone reset any password by id.
 */
export function authRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  // These answers show the player with their balances (GET /user, link, password): read fresh.
  const auth = requireUser(deps, { balances: true });
  // What a player whose password an operator reset may still do: see why, choose one, leave (decision 0034).
  const authDuringReset = requireUser(deps, { balances: true, duringPasswordChange: true });
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, refuse('request.too_large')),
  });

  routes.post('/register', limitBody, (c) => register(c, deps));
  routes.post('/login', limitBody, (c) => login(c, deps));
  routes.post('/logout', authDuringReset, async (c) => {
    await revokeToken(deps.database.db, c.var.tokenId, deps.clock.now());
    // Its game launches end with it (the aggregator's by their session, the demo Shan provider's here).
    await endShanSessions(deps.database.db, c.var.user.userName);
    return ok(c, null, 'Logout successfully.');
  });
  routes.get('/user', authDuringReset, (c) => ok(c, userPayload(c.var.user)));
  routes.post('/change-password', authDuringReset, limitBody, (c) => changePassword(c, deps));
  // Sign in with Telegram (docs/telegram.md).
  routes.post('/auth/telegram', limitBody, (c) => telegramSignIn(c, deps));
  routes.post('/auth/telegram/link', auth, limitBody, (c) => telegramLink(c, deps));
  routes.delete('/auth/telegram/link', auth, (c) => telegramUnlink(c, deps));
  routes.post('/auth/password', auth, limitBody, (c) => setFirstPassword(c, deps));
  return routes;
}
