import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { accountForLogin } from '../../domain/player-accounts';
import { clientIp } from '../../lib/client-ip';
import { fail, ok } from '../../lib/http';
import { guardFailures, sweepRateLimits, type FailureGuard } from '../../lib/rate-limit';
import { readBody } from '../../lib/request-body';
import { throwIfInvalid, validateFields } from '../../lib/validation';
import { loginNameField, loginPasswordField } from './fields';
import { verifyPassword } from '../../lib/passwords';
import { ACTIVE, issueToken, type SessionUser } from '../../domain/sessions';
import { loginUserPayload } from './user-payload';
import { noteSignIn } from './sign-in-notices';
import { refuse } from '../../i18n/refusals';

const shape = { user_name: loginNameField, password: loginPasswordField };
/** Share of logins that also sweep idle rate-limit rows. */
const SWEEP_CHANCE = 0.01;

/**
 * POST /login: by user name or phone. Only wrong passwords count (docs/operator.md § Sign-in
 * limits): per (account, address) tightly and per address generously, both 429 + Retry-After;
 * per account a growing delay, never a lockout — a guesser elsewhere cannot lock the player out.
 */
export async function login(c: Context<AppEnv>, deps: Deps) {
  const { values, errors } = validateFields(shape, await readBody(c));
  throwIfInvalid(errors);
  const { db } = deps.database;
  const { env } = deps;
  const now = deps.clock.now();
  const user = await accountForLogin(db, values.user_name!);

  // By id when the account exists, so user name and phone share one budget.
  const account = user ? String(user.id) : values.user_name!.toLowerCase().slice(0, 64);
  const ip = clientIp(c, env.TRUST_PROXY);
  const pairKey = `login:pair:${account}:${ip}`;
  const accountKey = `login:user:${account}`;
  const guard = await guardFailures(db, {
    failures: [
      { key: pairKey, max: env.LOGIN_MAX_PER_USER_IP },
      { key: `login:ip:${ip}`, max: env.LOGIN_MAX_PER_IP },
      // Counted for the delay below; its max is never reached in practice.
      { key: accountKey, max: Number.MAX_SAFE_INTEGER },
    ],
    now,
    windowSeconds: env.LOGIN_WINDOW_SECONDS,
  });
  if (Math.random() < SWEEP_CHANCE) await sweepRateLimits(db, now);
  if (guard.blocked) {
    c.header('Retry-After', String(guard.retryAfter));
    return fail(c, 429, refuse('auth.too_many_logins', { seconds: guard.retryAfter }));
  }
  const verified = await verifiedUser(guard, accountKey, env, user, values.password!);
  if (!verified) return fail(c, 401, refuse('auth.credentials'));
  await guard.succeeded([pairKey]);
  return signIn(c, deps, verified, now);
}

/**
 * The user when the password is theirs, after the account's growing delay; else null, counted as a
 * failure. Anything thrown gives the attempt back.
 */
async function verifiedUser<U extends { passwordHash: string | null }>(
  guard: FailureGuard,
  accountKey: string,
  env: Deps['env'],
  user: U | undefined,
  password: string,
): Promise<U | null> {
  try {
    const failures = await guard.failuresSoFar(accountKey);
    const wait = loginDelayMs(failures, env.LOGIN_DELAY_AFTER, env.LOGIN_MAX_DELAY_MS);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      await guard.failed();
      return null;
    }
    return user;
  } catch (err) {
    await guard.succeeded();
    throw err;
  }
}

/** An active player gets a new session token; any other status is refused. */
async function signIn(c: Context<AppEnv>, deps: Deps, user: SessionUser & { passwordHash: string | null }, now: Date) {
  if (user.status !== ACTIVE) return fail(c, 403, refuse('auth.not_activated'));
  const token = await issueToken(deps.database.db, user.id, now, deps.env.TOKEN_TTL_DAYS);
  await noteSignIn(c, deps, user.id, now);
  const { passwordHash: _hash, ...sessionUser } = user;
  return ok(c, { user: loginUserPayload(sessionUser), token }, 'User login successfully.');
}

/** 0 up to `after` account failures in the window, then 250 ms doubling per failure, capped. */
export function loginDelayMs(failures: number, after: number, maxMs: number): number {
  if (failures < after) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(failures - after, 16));
}
