/**
 * Who may sign up, and when a sign-up must first prove some work (decision 0031). Every limit is
 * counted before the work (one atomic upsert per key), so a parallel burst cannot slip past, and
 * given back when the sign-up does not happen:
 * - per address, a high ceiling (REGISTER_MAX_PER_IP): carrier-grade NAT puts a town's phones behind
 *   one address; past REGISTER_POW_AFTER_PER_IP the sign-up solves an invisible proof of work;
 * - per device (the id the site keeps in localStorage and sends as `device_id`; optional, a request
 *   without one is limited by its address alone): REGISTER_MAX_PER_DEVICE, proof of work past
 *   REGISTER_POW_AFTER_PER_DEVICE — a phone makes one account, a script makes many;
 * - per referral code (REGISTER_MAX_PER_REFERRAL), web and Telegram alike;
 * - wrong referral codes per address and device (REGISTER_MAX_BAD_REFERRALS_PER_DEVICE; the address
 *   as a whole REGISTER_MAX_BAD_REFERRALS_PER_IP), counted before the code is looked up and given
 *   back when it is right, so parallel guesses cannot outrun the count.
 * A Telegram sign-up (signed init data, a Telegram account not seen before) is not counted per address.
 */
import type { Challenge } from 'altcha-lib';
import type { Deps } from '../../types/app';
import { acceptProof, newChallenge } from '../../lib/proof-of-work';
import { guardFailures, hitRateLimits, refundRateLimit, type RateLimitResult, type RateLimitRule } from '../../lib/rate-limit';

export type Admission =
  | { kind: 'admitted'; giveBack: () => Promise<void> }
  | { kind: 'wait'; retryAfter: number }
  | { kind: 'prove'; challenge: Challenge };

/** A device id as the site makes them (a UUID, or any 16–64 letters, digits, `-` and `_`); else none. */
export function deviceIdOf(raw: unknown): string | undefined {
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(raw) ? raw : undefined;
}

/** The referral code a request names (trimmed, case as typed, at most 50 characters), for its limit. */
export function referralCodeOf(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw.trim() ? raw.trim().slice(0, 50) : undefined;
}

const giveBackAll = (deps: Deps, hit: RateLimitResult) => async () => {
  for (const [key, window] of hit.windows) await refundRateLimit(deps.database.db, key, window);
};

async function hitAll(deps: Deps, rules: RateLimitRule[]) {
  const hit = await hitRateLimits(deps.database.db, rules, deps.clock.now(), deps.env.REGISTER_WINDOW_SECONDS);
  return { hit, giveBack: giveBackAll(deps, hit) };
}

/** A web sign-up (POST /register): counted per address, device and referral code; a proof of work past the soft limits. */
export async function admitWebSignUp(deps: Deps, who: { ip: string; deviceId?: string; referralCode?: string; proof?: unknown }): Promise<Admission> {
  const { env } = deps;
  const ipKey = `register:ip:${who.ip}`;
  const deviceKey = `register:device:${who.deviceId}`;
  const rules: RateLimitRule[] = [{ key: ipKey, max: env.REGISTER_MAX_PER_IP }];
  if (who.deviceId) rules.push({ key: deviceKey, max: env.REGISTER_MAX_PER_DEVICE });
  if (who.referralCode) rules.push({ key: `register:referral:${who.referralCode}`, max: env.REGISTER_MAX_PER_REFERRAL });
  const { hit, giveBack } = await hitAll(deps, rules);
  if (hit.blocked) {
    await giveBack();
    return { kind: 'wait', retryAfter: hit.retryAfter };
  }
  const busyAddress = hit.counts.get(ipKey)! > env.REGISTER_POW_AFTER_PER_IP;
  const busyDevice = who.deviceId !== undefined && hit.counts.get(deviceKey)! > env.REGISTER_POW_AFTER_PER_DEVICE;
  const now = deps.clock.now();
  if ((busyAddress || busyDevice) && !(await acceptProof(deps.database.db, env, who.proof, now))) {
    await giveBack();
    return { kind: 'prove', challenge: await newChallenge(deps.database.db, env, now) };
  }
  return { kind: 'admitted', giveBack };
}

/** A new Telegram player: counted per referral code only (the Telegram account is the one-per-person check). */
export async function admitTelegramSignUp(deps: Deps, referralCode: string): Promise<Admission> {
  const { hit, giveBack } = await hitAll(deps, [{ key: `register:referral:${referralCode}`, max: deps.env.REGISTER_MAX_PER_REFERRAL }]);
  if (!hit.blocked) return { kind: 'admitted', giveBack };
  await giveBack();
  return { kind: 'wait', retryAfter: hit.retryAfter };
}

/**
 * Reserves one wrong-referral guess before the code is looked up (lib/rate-limit.ts guardFailures:
 * counted first, so a parallel burst gets exactly the limit; a right code gives it back). Counted
 * per address AND device (`device_id` on the web, the Telegram account in the Mini App): someone
 * else's wrong codes behind a shared carrier address do not block a phone with a right code. The
 * address as a whole has a wider ceiling (REGISTER_MAX_BAD_REFERRALS_PER_IP) against a guesser
 * who makes up a new device for every guess.
 */
export interface ReferralGuess {
  blocked: boolean;
  retryAfter: number;
  /** The code was right (or none was checked): the reservation is given back. */
  right(): Promise<void>;
  /** The request is answered: a wrong code's guess stays counted, its check is no longer in flight. */
  settle(): Promise<void>;
}

export async function reserveReferralGuess(deps: Deps, who: { ip: string; device?: string }): Promise<ReferralGuess> {
  const { env } = deps;
  const guard = await guardFailures(deps.database.db, {
    failures: [
      { key: `register:bad-referral:${who.ip}:${who.device ?? '-'}`, max: env.REGISTER_MAX_BAD_REFERRALS_PER_DEVICE },
      { key: `register:bad-referral:${who.ip}`, max: env.REGISTER_MAX_BAD_REFERRALS_PER_IP },
    ],
    now: deps.clock.now(),
    windowSeconds: env.REGISTER_WINDOW_SECONDS,
  });
  return { blocked: guard.blocked, retryAfter: guard.retryAfter, right: () => guard.succeeded(), settle: () => guard.failed() };
}
