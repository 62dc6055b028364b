import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../app';
import { users } from '../../db/schema';
import { clientIp } from '../../lib/client-ip';
import { fail, ok } from '../../lib/http';
import { clearRateLimit, hitRateLimits, refundRateLimit, sweepRateLimits } from '../../lib/rate-limit';
import { readBody } from '../../lib/request-body';
import { throwIfInvalid, validateFields } from '../../lib/validation';
import { loginNameField, loginPasswordField } from './fields';
import { verifyPassword } from './passwords';
import { ACTIVE, issueToken, loginUserPayload, sessionUserColumns } from './session';

const shape = { user_name: loginNameField, password: loginPasswordField };
/** Share of logins that also sweep idle rate-limit rows. */
const SWEEP_CHANCE = 0.01;

/** A phone when all digits (an optional leading +); generated names match in any case. */
export function loginLookup(identifier: string) {
  if (/^\+?[0-9]+$/.test(identifier)) return eq(users.phone, identifier);
  const generated = /^pi(\d{8})$/i.exec(identifier);
  return eq(users.userName, generated ? `Pi${generated[1]}` : identifier);
}

/** POST /login: by user name or phone; rate-limited per account and per IP. */
export async function login(c: Context<AppEnv>, deps: Deps) {
  const { values, errors } = validateFields(shape, await readBody(c));
  throwIfInvalid(errors);
  const { db } = deps.database;
  const now = deps.clock.now();
  const [user] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(loginLookup(values.user_name!))
    .limit(1);

  const limits = await countAttempt(c, deps, user ? String(user.id) : values.user_name!.toLowerCase(), now);
  if (limits.blocked) {
    c.header('Retry-After', String(limits.retryAfter));
    return fail(c, 429, `Too many login attempts. Please try again in ${limits.retryAfter} seconds.`);
  }
  if (!(await verifyPassword(user?.passwordHash, values.password!)) || !user) {
    return fail(c, 401, 'Credentials do not match!');
  }
  if (user.status !== ACTIVE) return fail(c, 403, 'Your account is not activated!');

  await limits.forgive();
  const token = await issueToken(db, user.id, now, deps.env.TOKEN_TTL_DAYS);
  const { passwordHash: _hash, ...sessionUser } = user;
  return ok(c, { user: loginUserPayload(sessionUser), token }, 'User login successfully.');
}

/**
 * Counts the attempt against the account (by id when it exists, so user name and phone share
 * one budget) and the caller's IP, before the password is checked.
 */
async function countAttempt(c: Context<AppEnv>, deps: Deps, account: string, now: Date) {
  const { db } = deps.database;
  const userKey = `login:user:${account}`;
  const ipKey = `login:ip:${clientIp(c, deps.env.TRUST_PROXY)}`;
  const rules = [
    { key: userKey, max: deps.env.LOGIN_MAX_PER_USER },
    { key: ipKey, max: deps.env.LOGIN_MAX_PER_IP },
  ];
  const result = await hitRateLimits(db, rules, now, deps.env.LOGIN_WINDOW_SECONDS);
  if (Math.random() < SWEEP_CHANCE) await sweepRateLimits(db, now);
  return {
    ...result,
    /** A successful login does not count against the account or a shared (carrier NAT) IP. */
    async forgive() {
      await clearRateLimit(db, userKey);
      await refundRateLimit(db, ipKey, result.windows.get(ipKey)!);
    },
  };
}
