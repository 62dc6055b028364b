import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { resolveSession } from '../../domain/operators/sessions';
import { TOKEN_ACTOR, type Actor } from '../../domain/operators/roles';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The bearer credential of a request, if it has one of a sane shape. */
export function bearer(c: Context): string | null {
  const match = /^Bearer\s+(\S{1,1000})\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * Who is calling: `Authorization: Bearer <ADMIN_TOKEN>` (compared hashed, in constant time) is
 * the token actor (owner: the CLI and automation); any other bearer is looked up as an operator
 * session (unless OPERATOR_LOGIN=0). Null: 401.
 */
export function actorResolver(deps: Deps, adminToken: string) {
  const expected = digest(adminToken);
  return async (c: Context<AppEnv>): Promise<Actor | null> => {
    const given = bearer(c);
    // Evaluate the comparison even without a token, so timing does not tell the two apart.
    const equal = timingSafeEqual(digest(given ?? ''), expected);
    if (given && equal) return TOKEN_ACTOR;
    if (!given || !deps.env.OPERATOR_LOGIN) return null;
    const session = await resolveSession(deps.database.db, given, deps.clock.now(), {
      hours: deps.env.OPERATOR_SESSION_HOURS,
      idleMinutes: deps.env.OPERATOR_IDLE_MINUTES,
    });
    if (!session) return null;
    const { sessionId, operatorId, userName, displayName, role } = session;
    return { kind: 'operator', role, name: userName, operatorId, sessionId, displayName };
  };
}
