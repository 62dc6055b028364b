import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { agentIdByReferralCode } from '../../domain/agents';
import { createWebPlayer, phoneTaken } from '../../domain/player-accounts';
import { clientIp } from '../../lib/client-ip';
import { HttpError, fail, ok } from '../../lib/http';
import { readBody } from '../../lib/request-body';
import { addFieldError, throwIfInvalid, validateFields } from '../../lib/validation';
import { CONFIRMATION_MISMATCH, confirms, nameField, newPasswordField, phoneField, referralCodeField } from './fields';
import { hashPassword } from '../../lib/passwords';
import { userPayload } from './user-payload';
import { noteSignIn } from './sign-in-notices';
import { refuse } from '../../i18n/refusals';
import { admitWebSignUp, deviceIdOf, referralCodeOf, reserveReferralGuess, type ReferralGuess } from './sign-up-limits';

const ORDER = ['name', 'phone', 'password', 'referral_code'] as const;
const PHONE_TAKEN = refuse('auth.phone_taken');
const shape = { name: nameField, phone: phoneField, password: newPasswordField, referral_code: referralCodeField };

/**
 * POST /register: a new player under an agent's referral code; answers { user, token }. Limited
 * (./sign-up-limits.ts, decision 0031) per address with a high ceiling, per device (`device_id`,
 * optional) and per referral code, counted before the work and given back when the form is
 * refused; past the soft limits a 428 `auth.proof_needed` carries an ALTCHA challenge in `data`,
 * and the same form with its solution in `altcha` goes through. Wrong referral codes are counted
 * per address before the code is looked up, so parallel guesses cannot outrun the count.
 */
export async function register(c: Context<AppEnv>, deps: Deps) {
  const body = await readBody(c);
  const ip = clientIp(c, deps.env.TRUST_PROXY);
  const guess = await reserveReferralGuess(deps, { ip, device: deviceIdOf(body.device_id) });
  if (guess.blocked) return tooMany(c, guess.retryAfter);
  try {
    return await signUpAdmitted(c, deps, body, ip, guess);
  } finally {
    await guess.settle();
  }
}

/** The sign-up once its referral guess is reserved: the limits, the form, the player. */
async function signUpAdmitted(c: Context<AppEnv>, deps: Deps, body: Record<string, unknown>, ip: string, guess: ReferralGuess) {
  const admission = await admitWebSignUp(deps, { ip, deviceId: deviceIdOf(body.device_id), referralCode: referralCodeOf(body.referral_code), proof: body.altcha });
  if (admission.kind !== 'admitted') {
    await guess.right();
    if (admission.kind === 'wait') return tooMany(c, admission.retryAfter);
    return fail(c, 428, refuse('auth.proof_needed'), { challenge: admission.challenge });
  }
  try {
    const input = await checkRegistration(deps, body, guess.right);
    const { user, token } = await createPlayer(deps, input);
    // Its first place is recorded (never told), so a later sign-in elsewhere is known to be new.
    await noteSignIn(c, deps, user.id, deps.clock.now());
    return ok(c, { user: userPayload(user), token }, 'User register successfully.');
  } catch (err) {
    // A refused form is not a sign-up: the address, device and code keep their allowance.
    await admission.giveBack();
    throw err;
  }
}

/** The form's fields, the phone not taken and the referral code an agent's (a wrong one keeps its reserved guess); else a thrown 422. */
async function checkRegistration(deps: Deps, body: Record<string, unknown>, rightReferral: () => Promise<void>) {
  const { db } = deps.database;
  const { values, errors: found } = validateFields(shape, body);
  let errors = found;
  if (!confirms(body, values.password)) errors = addFieldError(errors, 'password', CONFIRMATION_MISMATCH, ORDER);
  if (values.phone !== undefined && (await phoneTaken(db, values.phone))) errors = addFieldError(errors, 'phone', PHONE_TAKEN, ORDER);
  let agentId: number | undefined;
  if (values.referral_code !== undefined) {
    agentId = await agentIdByReferralCode(db, values.referral_code);
    if (agentId === undefined) errors = addFieldError(errors, 'referral_code', refuse('auth.referral_invalid'), ORDER);
  }
  if (agentId !== undefined || values.referral_code === undefined) await rightReferral();
  throwIfInvalid(errors);
  return { name: values.name!, phone: values.phone!, password: values.password!, agentId: agentId! };
}

function tooMany(c: Context<AppEnv>, retryAfter: number) {
  c.header('Retry-After', String(retryAfter));
  return fail(c, 429, refuse('auth.too_many_signups', { seconds: retryAfter }));
}

async function createPlayer(deps: Deps, input: { name: string; phone: string; password: string; agentId: number }) {
  const passwordHash = await hashPassword(input.password);
  const { name, phone, agentId } = input;
  const created = await createWebPlayer(deps.database.db, { name, phone, passwordHash, agentId }, deps.clock.now(), deps.env.TOKEN_TTL_DAYS);
  // Two registrations raced for the same phone: the loser gets the usual 422.
  if ('refused' in created) throw new HttpError(422, PHONE_TAKEN, null, { phone: [PHONE_TAKEN] });
  return created;
}
