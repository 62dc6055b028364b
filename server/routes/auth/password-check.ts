import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { passwordHashOf } from '../../domain/player-accounts';
import { fail } from '../../lib/http';
import { guardFailures } from '../../lib/rate-limit';
import { verifyPassword } from '../../lib/passwords';
import { refuse } from '../../i18n/refusals';

/**
 * The logged-in player's password asked again (withdraw, change password). Only wrong answers
 * count (LOGIN_MAX_PER_USER per window, counted before the check), so a stolen token is no password oracle while a player's
 * parallel requests with the right password all pass. Returns a 429 response, or whether it matched.
 */
export async function checkOwnPassword(c: Context<AppEnv>, deps: Deps, password: string): Promise<Response | boolean> {
  const { db } = deps.database;
  const userId = c.var.user.id;
  const key = `password:user:${userId}`;
  const guard = await guardFailures(db, {
    failures: [{ key, max: deps.env.LOGIN_MAX_PER_USER }],
    now: deps.clock.now(),
    windowSeconds: deps.env.LOGIN_WINDOW_SECONDS,
  });
  if (guard.blocked) {
    c.header('Retry-After', String(guard.retryAfter));
    return fail(c, 429, refuse('auth.too_many_attempts', { seconds: guard.retryAfter }));
  }
  try {
    const hash = await passwordHashOf(db, userId);
    const right = hash !== undefined && (await verifyPassword(hash, password));
    await (right ? guard.succeeded([key]) : guard.failed());
    return right;
  } catch (err) {
    await guard.succeeded();
    throw err;
  }
}
