/**
 * Sign in with Telegram (docs/telegram.md): POST /auth/telegram { init_data, referral_code? }
 * answers exactly like /login. A Telegram user seen before signs into their player; a new one
 * becomes a player under the agent named by start_param (ref_<CODE>), else the body's
 * referral_code, else TELEGRAM_DEFAULT_REFERRAL — or 422 errors.referral_code. Bad, tampered,
 * foreign-bot or stale data: 401, nothing written. Link/unlink attach Telegram to a web player; a
 * Telegram-only player may set a first password (POST /auth/password) to use the web site too.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { agentIdByReferralCode } from '../../domain/agents';
import { createTelegramPlayer, linkTelegram, playerByTelegramId, addFirstPassword, unlinkTelegram } from '../../domain/player-accounts';
import { verifyInitData, type TelegramUser } from '../../domain/telegram/init-data';
import { parseStartParam } from '../../../shared/start-param';
import { burmeseUnicode } from '../../lib/burmese-unicode';
import { clientIp } from '../../lib/client-ip';
import { HttpError, fail, ok } from '../../lib/http';
import { guardFailures, hitRateLimits } from '../../lib/rate-limit';
import { readBody } from '../../lib/request-body';
import { addFieldError, parseFields, throwIfInvalid, validateFields } from '../../lib/validation';
import { CONFIRMATION_MISMATCH, confirms, newPasswordField } from './fields';
import { hashPassword } from '../../lib/passwords';
import { ACTIVE, issueToken } from '../../domain/sessions';
import { noteSignIn, notePasswordChanged, noteTelegramLinked } from './sign-in-notices';
import { loginUserPayload, userPayload } from './user-payload';
import { refuse } from '../../i18n/refusals';
import { admitTelegramSignUp, reserveReferralGuess } from './sign-up-limits';
import { telegramSigningToken } from '../../lib/published-secrets';

/** `referral_code`: trimmed, at most its first 50 characters; none when not text or blank (the link's or the default code decides). */
const referralBody = { referral_code: z.unknown().transform((v) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 50) : undefined)) };

const BAD_DATA = refuse('telegram.bad_data');
const STALE_DATA = refuse('telegram.stale_data');
const USED_DATA = refuse('telegram.used_data');

/**
 * Sign-ins one init data string may make while it is fresh (TELEGRAM_AUTH_MAX_AGE_SECONDS): a launch,
 * a retry or two; the app keeps its own session afterwards, so a reload sends none. A string copied
 * out of a player's app is not a key for the whole window. Counted in `rate_limits` by its SHA-256
 * (one atomic upsert, shared by every server process; swept with the other counters).
 */
export const SIGN_INS_PER_INIT_DATA = 3;

/** Counts one sign-in with this init data; true when it has made its SIGN_INS_PER_INIT_DATA already. */
async function initDataUsedUp(deps: Deps, raw: unknown, now: Date): Promise<boolean> {
  const hash = createHash('sha256').update(String(raw)).digest('base64url');
  const key = `telegram:init-data:${hash}`;
  const hit = await hitRateLimits(deps.database.db, [{ key, max: SIGN_INS_PER_INIT_DATA }], now, deps.env.TELEGRAM_AUTH_MAX_AGE_SECONDS);
  return hit.blocked;
}
const NEEDS_REFERRAL = refuse('auth.referral_needed');
const INVALID_REFERRAL = refuse('auth.referral_invalid');

/** The verified Telegram user, or a thrown 401 (or 404 when sign-in with Telegram is off). */
function telegramUserOf(deps: Deps, raw: unknown): { user: TelegramUser; startParam?: string } {
  // The published mock token signs only on a development start with TELEGRAM_DEV_MOCK.
  const token = telegramSigningToken(deps.env);
  if (!token) throw new HttpError(404, refuse('telegram.disabled'));
  const result = verifyInitData(raw, token, deps.clock.now(), deps.env.TELEGRAM_AUTH_MAX_AGE_SECONDS);
  if (!result.ok) throw new HttpError(401, result.reason === 'stale' ? STALE_DATA : BAD_DATA);
  return result;
}

/** Telegram passes names as the player typed them: a Zawgyi name is stored in Unicode. */
const displayName = (u: TelegramUser) =>
  burmeseUnicode([u.firstName, u.lastName].filter(Boolean).join(' ').trim()).slice(0, 100) || u.username || 'Telegram player';

/** POST /auth/telegram. */
export async function telegramSignIn(c: Context<AppEnv>, deps: Deps) {
  const { db } = deps.database;
  const { env } = deps;
  const now = deps.clock.now();
  const ip = clientIp(c, env.TRUST_PROXY);
  const body = await readBody(c);
  const checked = await guardedTelegramUser(deps, body, ip, now);
  if ('retryAfter' in checked) {
    c.header('Retry-After', String(checked.retryAfter));
    return fail(c, 429, refuse('auth.too_many_logins', { seconds: checked.retryAfter }));
  }
  const { tg } = checked;
  if (await initDataUsedUp(deps, body.init_data, now)) return fail(c, 401, USED_DATA);

  const known = await playerByTelegramId(db, tg.user.id);
  if (known) {
    if (known.status !== ACTIVE) return fail(c, 403, refuse('auth.not_activated'));
    const token = await issueToken(db, known.id, now, env.TOKEN_TTL_DAYS);
    await noteSignIn(c, deps, known.id, now, tg.user.languageCode);
    return ok(c, { user: loginUserPayload(known), token }, 'User login successfully.');
  }

  // A new Telegram account is not counted per address (decision 0031): its referral code is.
  const referral = await referralAgent(deps, tg, body, ip);
  if ('retryAfter' in referral) {
    c.header('Retry-After', String(referral.retryAfter));
    return fail(c, 429, refuse('auth.too_many_signups', { seconds: referral.retryAfter }));
  }
  const user = await createTelegramPlayer(db, { name: displayName(tg.user), telegramId: tg.user.id, agentId: referral.agentId }, now);
  const token = await issueToken(db, user.id, now, env.TOKEN_TTL_DAYS);
  await noteSignIn(c, deps, user.id, now, tg.user.languageCode);
  return ok(c, { user: loginUserPayload(user), token }, 'User register successfully.');
}

type VerifiedTelegram = { user: TelegramUser; startParam?: string };

/**
 * The verified init data, or how long the address must wait. Forged data costs an HMAC, not
 * argon2, but is still limited per address like wrong passwords; a refusal is thrown (and counted).
 */
async function guardedTelegramUser(deps: Deps, body: Record<string, unknown>, ip: string, now: Date): Promise<{ tg: VerifiedTelegram } | { retryAfter: number }> {
  const { env } = deps;
  const guard = await guardFailures(deps.database.db, {
    failures: [{ key: `telegram:ip:${ip}`, max: env.LOGIN_MAX_PER_IP }],
    now,
    windowSeconds: env.LOGIN_WINDOW_SECONDS,
  });
  if (guard.blocked) return { retryAfter: guard.retryAfter };
  let tg: VerifiedTelegram;
  try {
    tg = telegramUserOf(deps, body.init_data);
  } catch (err) {
    await guard.failed();
    throw err;
  }
  await guard.succeeded();
  return { tg };
}

/**
 * The agent a new Telegram player joins: start_param's code, else the body's referral_code, else
 * TELEGRAM_DEFAULT_REFERRAL. None, or an unknown one (a wrong guess, counted per address before the
 * look-up), is a thrown 422; too many wrong guesses from the address, or too many sign-ups under the
 * code this window, how long to wait.
 */
async function referralAgent(deps: Deps, tg: VerifiedTelegram, body: Record<string, unknown>, ip: string): Promise<{ agentId: number } | { retryAfter: number }> {
  const fromLink = parseStartParam(tg.startParam).referralCode;
  const fromBody = parseFields(referralBody, body).referral_code;
  const code = fromLink ?? fromBody ?? deps.env.TELEGRAM_DEFAULT_REFERRAL;
  if (!code) throwIfInvalid({ referral_code: [NEEDS_REFERRAL] });
  const guess = await reserveReferralGuess(deps, { ip, device: `telegram:${tg.user.id}` });
  if (guess.blocked) return { retryAfter: guess.retryAfter };
  let agentId: number;
  try {
    const agent = await agentIdByReferralCode(deps.database.db, code!);
    if (agent === undefined) throwIfInvalid({ referral_code: [INVALID_REFERRAL] });
    agentId = agent!;
    await guess.right();
  } finally {
    await guess.settle();
  }
  const admission = await admitTelegramSignUp(deps, code!);
  if (admission.kind === 'wait') return { retryAfter: admission.retryAfter };
  return { agentId };
}

/** POST /auth/telegram/link (bearer): the next Telegram launch needs no password; Telegram's language_code is kept for messages. */
export async function telegramLink(c: Context<AppEnv>, deps: Deps) {
  const body = await readBody(c);
  const tg = telegramUserOf(deps, body.init_data);
  const me = c.var.user;
  if ((await linkTelegram(deps.database.db, me.id, tg.user.id, deps.clock.now())) === 'taken') return fail(c, 409, refuse('telegram.link_taken'));
  await noteTelegramLinked(deps, me.id, tg.user.languageCode);
  return ok(c, { user: userPayload({ ...me, telegramLinked: true }) }, 'Telegram linked.');
}

/** DELETE /auth/telegram/link (bearer): refused while the player has no password (they would be locked out). */
export async function telegramUnlink(c: Context<AppEnv>, deps: Deps) {
  const me = c.var.user;
  if (!me.hasPassword) return fail(c, 422, refuse('telegram.unlink_needs_password'));
  await unlinkTelegram(deps.database.db, me.id, deps.clock.now());
  return ok(c, { user: userPayload({ ...me, telegramLinked: false }) }, 'Telegram unlinked.');
}

/** POST /auth/password (bearer): a Telegram-only player's first password, so the web site works too (a security notice tells them). */
export async function setFirstPassword(c: Context<AppEnv>, deps: Deps) {
  const body = await readBody(c);
  const { values, errors: found } = validateFields({ password: newPasswordField }, body);
  let errors = found;
  if (!confirms(body, values.password)) errors = addFieldError(errors, 'password', CONFIRMATION_MISMATCH, ['password']);
  throwIfInvalid(errors);
  const me = c.var.user;
  const passwordHash = await hashPassword(values.password!);
  const now = deps.clock.now();
  if (!(await addFirstPassword(deps.database.db, me.id, passwordHash, now))) return fail(c, 409, refuse('telegram.has_password'));
  await notePasswordChanged(deps, me.id, now, true);
  return ok(c, { user: userPayload({ ...me, hasPassword: true }) }, 'Password set.');
}
