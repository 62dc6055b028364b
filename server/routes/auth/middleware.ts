import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { unauthenticated } from '../../lib/http';
import { sessionStore } from '../../domain/sessions';
import { bearerToken } from './user-payload';

/**
 * Guards a route with `Authorization: Bearer <token>`: sets c.var.user and c.var.tokenId, or
 * answers 401 { "message": "Unauthenticated." }. Usage: `routes.use('/x/*', requireUser(deps))`.
 */
export function requireUser(deps: Deps): MiddlewareHandler<AppEnv> {
  const store = sessionStore(deps);
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const session = token ? await store.resolve(token) : null;
    if (!session) return unauthenticated(c);
    c.set('user', session.user);
    c.set('tokenId', session.tokenId);
    await next();
  };
}
