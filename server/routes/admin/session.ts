/**
 * Operator sign-in (decision 0018): POST /session { user_name, password, totp } → a session
 * token; POST /session/setup { user_name, setup_code, password, totp } completes enrolment and
 * signs in; DELETE /session signs out; GET /me says who is calling and which routes they may use;
 * POST /me/password changes the password (the operator's other sessions end). Wrong passwords and
 * codes are rate-limited like the players' sign-in: per (operator, address), per address, and a
 * growing delay per operator. Each writes its own audit row (access.ts: audit 'self').
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { authenticate, completeSetup, type OperatorRow } from '../../domain/operators/accounts';
import type { Actor } from '../../domain/operators/roles';
import { changePasswordAudited, endAuditedSession, openAuditedSession, recordFailedSignIn } from '../../domain/operators/sign-in';
import { refuse } from '../../i18n/refusals';
import { clientIp } from '../../lib/client-ip';
import { fail, ok } from '../../lib/http';
import { guardFailures } from '../../lib/rate-limit';
import { bodyFields } from '../../lib/request-input';
import { asciiDigits, stringField } from '../../lib/validation';
import { loginDelayMs } from '../auth/login';
import { routesFor } from './access';

export const OPERATOR_PASSWORD_MIN = 10;
const userNameField = stringField('user_name', { max: 50 });
const passwordField = stringField('password', { max: 128, trim: false });
const newPasswordField = stringField('password', { min: OPERATOR_PASSWORD_MIN, max: 128, trim: false });
const totpField = stringField('totp', { max: 10, normalise: (t) => asciiDigits(t).replace(/\s/g, '') });
const signInBody = { user_name: userNameField, password: passwordField, totp: totpField };
const setupBody = { user_name: userNameField, setup_code: stringField('setup_code', { max: 64 }), password: newPasswordField, totp: totpField };
const passwordBody = { current_password: stringField('current_password', { max: 128, trim: false }), password: newPasswordField, totp: totpField };

type Ctx = Context<AppEnv>;

/** The sign-in limits (lib/rate-limit.ts): only failures count. */
function loginGuard(c: Ctx, deps: Deps, userName: string) {
  const ip = clientIp(c, deps.env.TRUST_PROXY);
  const who = userName.toLowerCase().slice(0, 64);
  const accountKey = `oplogin:user:${who}`;
  const pairKey = `oplogin:pair:${who}:${ip}`;
  const guard = guardFailures(deps.database.db, {
    failures: [
      { key: pairKey, max: deps.env.OPERATOR_LOGIN_MAX_PER_USER_IP },
      { key: `oplogin:ip:${ip}`, max: deps.env.OPERATOR_LOGIN_MAX_PER_IP },
      { key: accountKey, max: Number.MAX_SAFE_INTEGER },
    ],
    now: deps.clock.now(),
    windowSeconds: deps.env.LOGIN_WINDOW_SECONDS,
  });
  return { guard, accountKey, pairKey, ip };
}

/** Runs one guarded attempt: 429 when blocked, the growing delay, failures counted. */
async function guarded<T>(c: Ctx, deps: Deps, userName: string, attempt: () => Promise<T | { refused: string }>) {
  const { guard: pending, accountKey, pairKey, ip } = loginGuard(c, deps, userName);
  const guard = await pending;
  if (guard.blocked) {
    c.header('Retry-After', String(guard.retryAfter));
    return { response: fail(c, 429, refuse('admin.too_many_logins', { seconds: guard.retryAfter })) };
  }
  let result: T | { refused: string };
  try {
    const wait = loginDelayMs(await guard.failuresSoFar(accountKey), deps.env.LOGIN_DELAY_AFTER, deps.env.LOGIN_MAX_DELAY_MS);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    result = await attempt();
  } catch (err) {
    await guard.succeeded();
    throw err;
  }
  if (typeof result === 'object' && result !== null && 'refused' in result) await guard.failed();
  else await guard.succeeded([pairKey]);
  return { result, ip };
}

/** A new session for a signed-in operator, audited in the same transaction. */
async function signIn(c: Ctx, deps: Deps, row: OperatorRow, action: string, ip: string) {
  const input = { action, hours: deps.env.OPERATOR_SESSION_HOURS, ip, userAgent: c.req.header('user-agent') ?? null };
  const opened = await openAuditedSession(deps.database.db, row, input, deps.clock.now());
  const operator = { user_name: row.userName, display_name: row.displayName, role: row.role };
  return ok(c, { token: opened.token, expires_at: opened.expiresAt.toISOString(), idle_minutes: deps.env.OPERATOR_IDLE_MINUTES, operator, routes: routesFor(operator.role as Actor['role']) }, 'Signed in.');
}

async function failedSignIn(deps: Deps, userName: string, action: string, ip: string | undefined) {
  await recordFailedSignIn(deps.database.db, { userName, action, ip: ip ?? null }, deps.clock.now());
}

async function postSession(c: Ctx, deps: Deps) {
  const values = await bodyFields(c, signInBody);
  const userName = values.user_name;
  const run = await guarded(c, deps, userName, () => authenticate(deps.database.db, { userName, password: values.password, code: values.totp }, deps.clock.now()));
  if ('response' in run) return run.response;
  if ('refused' in run.result) {
    await failedSignIn(deps, userName, 'session.login_failed', run.ip);
    return fail(c, 401, refuse('admin.credentials'));
  }
  return signIn(c, deps, run.result.row, 'session.login', run.ip!);
}

async function postSetup(c: Ctx, deps: Deps) {
  const values = await bodyFields(c, setupBody);
  const userName = values.user_name;
  const input = { userName, setupCode: values.setup_code, password: values.password, code: values.totp };
  const run = await guarded(c, deps, userName, () => completeSetup(deps.database.db, input, deps.clock.now()));
  if ('response' in run) return run.response;
  if ('refused' in run.result) {
    await failedSignIn(deps, userName, 'operator.setup_failed', run.ip);
    return fail(c, 401, refuse('admin.setup_invalid'));
  }
  return signIn(c, deps, run.result.row, 'operator.setup', run.ip!);
}

async function deleteSession(c: Ctx, deps: Deps) {
  const actor = c.var.admin.actor;
  if (actor.kind !== 'operator') return fail(c, 409, 'The ADMIN_TOKEN is not a session; there is nothing to sign out.');
  await endAuditedSession(deps.database.db, actor, clientIp(c, deps.env.TRUST_PROXY), deps.clock.now());
  return ok(c, null, 'Signed out.');
}

function getMe(c: Ctx) {
  const actor = c.var.admin.actor;
  const who = actor.kind === 'operator' ? { user_name: actor.name, display_name: actor.displayName } : { user_name: actor.name, display_name: 'ADMIN_TOKEN' };
  return ok(c, { actor: actor.kind, ...who, role: actor.role, routes: routesFor(actor.role) });
}

async function postPassword(c: Ctx, deps: Deps) {
  const actor = c.var.admin.actor;
  if (actor.kind !== 'operator') return fail(c, 409, 'The ADMIN_TOKEN has no password.');
  const values = await bodyFields(c, passwordBody);
  const now = deps.clock.now();
  const input = { current: values.current_password, next: values.password, code: values.totp, ip: clientIp(c, deps.env.TRUST_PROXY) };
  const run = await guarded(c, deps, actor.name, () => changePasswordAudited(deps.database.db, actor, input, now));
  if ('response' in run) return run.response;
  if ('refused' in run.result) return fail(c, 401, refuse('admin.credentials'));
  return ok(c, { sessions_ended: run.result.ended }, 'Password changed; your other sessions have ended.');
}

/** Mounted by routes/admin before the other routes; the gate lets the public two through unauthenticated. */
export function sessionRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const limit = bodyLimit({ maxSize: 4096, onError: (c) => fail(c, 413, refuse('request.too_large')) });
  if (!deps.env.OPERATOR_LOGIN) {
    routes.post('/session', (c) => fail(c, 404, 'Operator sign-in is off on this server (OPERATOR_LOGIN=0).'));
    routes.post('/session/setup', (c) => fail(c, 404, 'Operator sign-in is off on this server (OPERATOR_LOGIN=0).'));
  } else {
    routes.post('/session', limit, (c) => postSession(c, deps));
    routes.post('/session/setup', limit, (c) => postSetup(c, deps));
  }
  routes.delete('/session', (c) => deleteSession(c, deps));
  routes.get('/me', (c) => getMe(c));
  routes.post('/me/password', limit, (c) => postPassword(c, deps));
  return routes;
}
