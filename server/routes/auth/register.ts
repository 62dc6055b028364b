import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { agents, users } from '../../db/schema';
import { clientIp } from '../../lib/client-ip';
import { HttpError, fail, ok } from '../../lib/http';
import { hitRateLimits, peekRateLimits, refundRateLimit } from '../../lib/rate-limit';
import { isUniqueViolation } from '../../lib/pg-error';
import { readBody } from '../../lib/request-body';
import { addFieldError, throwIfInvalid, validateFields } from '../../lib/validation';
import { CONFIRMATION_MISMATCH, confirms, nameField, newPasswordField, phoneField, referralCodeField } from './fields';
import { hashPassword } from '../../lib/passwords';
import { ACTIVE, issueToken, type SessionUser } from '../../domain/sessions';
import { userPayload } from './user-payload';
import { insertUserWithFreshName } from './user-name';
import { refuse } from '../../i18n/refusals';

const ORDER = ['name', 'phone', 'password', 'referral_code'] as const;
const PHONE_TAKEN = refuse('auth.phone_taken');
const shape = { name: nameField, phone: phoneField, password: newPasswordField, referral_code: referralCodeField };

/**
 * POST /register: a new player under an agent's referral code; answers { user, token }. Limited
 * per address (docs/operator.md § Sign-in limits): REGISTER_MAX_PER_IP sign-ups per window, counted
 * before the work so a parallel burst cannot slip past, and given back when the form is refused;
 * REGISTER_MAX_BAD_REFERRALS_PER_IP wrong referral codes, so codes cannot be guessed.
 */
export async function register(c: Context<AppEnv>, deps: Deps) {
  const body = await readBody(c);
  const { db } = deps.database;
  const { env } = deps;
  const now = deps.clock.now();
  const ip = clientIp(c, env.TRUST_PROXY);
  const badReferralKey = `register:bad-referral:${ip}`;
  const guessing = await peekRateLimits(db, [{ key: badReferralKey, max: env.REGISTER_MAX_BAD_REFERRALS_PER_IP }], now, env.REGISTER_WINDOW_SECONDS);
  if (guessing.blocked) return tooMany(c, guessing.retryAfter);
  const signUpKey = `register:ip:${ip}`;
  const signUps = await hitRateLimits(db, [{ key: signUpKey, max: env.REGISTER_MAX_PER_IP }], now, env.REGISTER_WINDOW_SECONDS);
  const giveBack = () => refundRateLimit(db, signUpKey, signUps.windows.get(signUpKey)!);
  if (signUps.blocked) {
    await giveBack();
    return tooMany(c, signUps.retryAfter);
  }
  try {
    const input = await checkRegistration(deps, body, badReferralKey, now);
    const { user, token } = await createPlayer(deps, input);
    return ok(c, { user: userPayload(user), token }, 'User register successfully.');
  } catch (err) {
    // A refused form is not a sign-up: the address keeps its allowance.
    await giveBack();
    throw err;
  }
}

/** The form's fields, the phone not taken and the referral code an agent's (a wrong one counted against the address); else a thrown 422. */
async function checkRegistration(deps: Deps, body: Record<string, unknown>, badReferralKey: string, now: Date) {
  const { db } = deps.database;
  const { env } = deps;
  const { values, errors: found } = validateFields(shape, body);
  let errors = found;
  if (!confirms(body, values.password)) errors = addFieldError(errors, 'password', CONFIRMATION_MISMATCH, ORDER);
  if (values.phone !== undefined) {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.phone, values.phone)).limit(1);
    if (taken) errors = addFieldError(errors, 'phone', PHONE_TAKEN, ORDER);
  }
  let agentId: number | undefined;
  if (values.referral_code !== undefined) {
    const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.referralCode, values.referral_code));
    agentId = agent?.id;
    if (!agent) {
      errors = addFieldError(errors, 'referral_code', refuse('auth.referral_invalid'), ORDER);
      await hitRateLimits(db, [{ key: badReferralKey, max: env.REGISTER_MAX_BAD_REFERRALS_PER_IP }], now, env.REGISTER_WINDOW_SECONDS);
    }
  }
  throwIfInvalid(errors);
  return { name: values.name!, phone: values.phone!, password: values.password!, agentId: agentId! };
}

function tooMany(c: Context<AppEnv>, retryAfter: number) {
  c.header('Retry-After', String(retryAfter));
  return fail(c, 429, refuse('auth.too_many_signups', { seconds: retryAfter }));
}

async function createPlayer(deps: Deps, input: { name: string; phone: string; password: string; agentId: number }) {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    return await deps.database.db.transaction(async (tx) => {
      const { id, userName } = await insertUserWithFreshName(tx, {
        name: input.name,
        phone: input.phone,
        passwordHash,
        agentId: input.agentId,
        createdAt: now,
        updatedAt: now,
      });
      const token = await issueToken(tx, id, now, deps.env.TOKEN_TTL_DAYS);
      const user: SessionUser = {
        id,
        userName,
        name: input.name,
        phone: input.phone,
        status: ACTIVE,
        agentId: input.agentId,
        balance: 0n,
        mainBalance: 0n,
        telegramLinked: false,
        hasPassword: true,
      };
      return { user, token };
    });
  } catch (err) {
    // Two registrations raced for the same phone: the loser gets the usual 422.
    if (isUniqueViolation(err, 'users_phone_key')) throw new HttpError(422, PHONE_TAKEN, null, { phone: [PHONE_TAKEN] });
    throw err;
  }
}
