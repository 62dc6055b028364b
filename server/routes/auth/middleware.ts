import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { fail, unauthenticated } from '../../lib/http';
import { refuse } from '../../i18n/refusals';
import { sessionStore } from '../../domain/sessions';
import { bearerToken } from './user-payload';

/**
 * Guards a route with `Authorization: Bearer <token>`: sets c.var.user and c.var.tokenId, or
 * answers 401 { "message": "Unauthenticated." }. Usage: `routes.use('/x/*', requireUser(deps))`.
 * The session may come from this process's session cache, with balances a few seconds old;
 * a route that shows c.var.user's balances asks for `{ balances: true }` (a fresh read).
 * A player whose password an operator reset is refused (403 auth.password_change_required) until
 * they choose a new one, except on the routes marked `duringPasswordChange` (decision 0034).
 */
export function requireUser(deps: Deps, opts: { balances?: boolean; duringPasswordChange?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const store = sessionStore(deps);
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const session = token ? await store.resolve(token, opts) : null;
    if (!session) return unauthenticated(c);
    if (session.user.mustChangePassword && !opts.duringPasswordChange) return fail(c, 403, refuse('auth.password_change_required'));
    c.set('user', session.user);
    c.set('tokenId', session.tokenId);
    await next();
  };
}
