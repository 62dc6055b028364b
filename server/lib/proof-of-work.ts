/**
 * The invisible proof of work a sign-up past a soft limit must solve (decision 0031): ALTCHA v2
 * challenges from altcha-lib, PBKDF2-SHA-256, signed with this install's own HMAC keys (generated at
 * first use and kept in the database, like the demo providers' secrets: no two installs share one,
 * none is in the repository). A challenge expires after REGISTER_POW_TTL_SECONDS by the server's
 * clock (its expiry is inside the signed parameters) and is good once: a solved challenge's
 * signature is counted in `rate_limits`, atomically, so a replay — even in parallel — is refused.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { installSecret } from './install-secrets';
import { hitRateLimits } from './rate-limit';

export const POW_ALGORITHM = 'PBKDF2/SHA-256';
/** The largest proof a client may send (a challenge and a solution are a few hundred bytes). */
const MAX_PROOF_CHARS = 4096;

interface Keys {
  signature: string;
  key: string;
}
const keysByDb = new WeakMap<Db, Promise<Keys>>();

/** This install's two HMAC keys (the challenge's and the derived key's), read once per process. */
function keysOf(db: Db): Promise<Keys> {
  let keys = keysByDb.get(db);
  if (!keys) {
    keys = Promise.all([installSecret(db, 'altcha'), installSecret(db, 'altcha-key')]).then(([signature, key]) => ({ signature, key }));
    keys.catch(() => keysByDb.delete(db));
    keysByDb.set(db, keys);
  }
  return keys;
}

/** A new challenge: the answer is a random try in 1..REGISTER_POW_MAX_TRIES, each try REGISTER_POW_COST iterations. */
export async function newChallenge(db: Db, env: Env, now: Date): Promise<Challenge> {
  const keys = await keysOf(db);
  return createChallenge({
    algorithm: POW_ALGORITHM,
    cost: env.REGISTER_POW_COST,
    counter: randomInt(env.REGISTER_POW_MAX_TRIES),
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.key,
    data: { exp: Math.floor(now.getTime() / 1000) + env.REGISTER_POW_TTL_SECONDS },
  });
}

/** The `{ challenge, solution }` a client sent: an object, or its JSON in base64 as the ALTCHA widget sends it. */
function parseProof(raw: unknown): { challenge: Challenge; solution: Solution } | null {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_PROOF_CHARS) return null;
    try {
      value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || JSON.stringify(value).length > MAX_PROOF_CHARS) return null;
  const { challenge, solution } = value as { challenge?: Challenge; solution?: Solution };
  if (!challenge || typeof challenge !== 'object' || !challenge.parameters || typeof challenge.parameters !== 'object') return null;
  if (!solution || typeof solution !== 'object') return null;
  return { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
}

/** Whether `raw` solves a challenge of ours that has not expired and was not used before (it is used now). */
export async function acceptProof(db: Db, env: Env, raw: unknown, now: Date): Promise<boolean> {
  const proof = parseProof(raw);
  if (!proof) return false;
  const keys = await keysOf(db);
  const { challenge, solution } = proof;
  if (challenge.parameters.algorithm !== POW_ALGORITHM) return false;
  let verified = false;
  try {
    verified = (await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: keys.signature, hmacKeySignatureSecret: keys.key })).verified;
  } catch {
    return false;
  }
  const exp = challenge.parameters.data?.exp;
  if (!verified || typeof exp !== 'number' || exp * 1000 <= now.getTime()) return false;
  // Single use: the first to count the signature wins; kept past the challenge's life.
  const used = await hitRateLimits(db, [{ key: `altcha:used:${challenge.signature}`, max: 1 }], now, env.REGISTER_POW_TTL_SECONDS * 2);
  return !used.blocked;
}
