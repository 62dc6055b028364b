import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app';
import { unauthenticated } from '../../lib/http';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Guards the admin API with `Authorization: Bearer <ADMIN_TOKEN>`. Both sides are hashed first so
 * the comparison is constant-time and of equal length whatever was sent; anything else is 401.
 */
export function requireAdmin(adminToken: string): MiddlewareHandler<AppEnv> {
  const expected = digest(adminToken);
  return async (c, next) => {
    const match = /^Bearer\s+(\S{1,1000})\s*$/i.exec(c.req.header('authorization') ?? '');
    const given = digest(match?.[1] ?? '');
    // Evaluate the comparison even without a token, so timing does not tell the two apart.
    const equal = timingSafeEqual(given, expected);
    if (!match || !equal) return unauthenticated(c);
    await next();
  };
}
