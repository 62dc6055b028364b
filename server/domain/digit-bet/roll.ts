/**
 * The provably fair roll's seeds (domain-notes.md § Provably fair Digit Bet; docs/digit-bet.md).
 * The roll itself is computed in the bet's statement by kp_digit_roll (migration 0014), from the
 * keys its pair stores; the browser's verifier implements the same algorithm on WebCrypto; both
 * check the same known vectors (tests/server/digit-bet-sql.test.ts).
 *
 *   bytes = HMAC-SHA256(key = server seed BYTES, message = UTF-8 `${clientSeed}:${nonce}`)
 *   f     = b0/256 + b1/256² + b2/256³ + b3/256⁴
 *   digit = floor(f × 10)
 *
 * The server seed is 32 random bytes shown as 64 lowercase hex characters; its commitment is the
 * hex SHA-256 of those bytes, shown before any bet is made under it.
 */
import { createHash, randomBytes } from 'node:crypto';

const SEED_HEX = /^[0-9a-f]{64}$/;
/** 1–64 printable ASCII characters, no space (\x21–\x7e). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;
export const CLIENT_SEED_MAX = 64;

export function isServerSeedHex(text: string): boolean {
  return SEED_HEX.test(text);
}

export function isClientSeed(text: string): boolean {
  return CLIENT_SEED_PATTERN.test(text);
}

/**
 * Demo installs only (DEMO_DIGIT_SERVER_SEED, docs/digit-bet.md § Demo): every new seed pair gets
 * this server seed, so a QA plan can name the client seed that rolls the digit a step needs. A
 * production start refuses the setting (config-check.ts) and `demoServerSeedOf` ignores it under
 * NODE_ENV=production, so a real install's seeds stay random. One per process: set by createApp.
 */
let demoServerSeed: string | null = null;

/** The demo server seed an environment asks for, or null (never in production). */
export function demoServerSeedOf(env: { NODE_ENV?: string; DEMO_DIGIT_SERVER_SEED?: string }): string | null {
  return env.NODE_ENV === 'production' ? null : (env.DEMO_DIGIT_SERVER_SEED ?? null);
}

export function applyDemoServerSeed(seed: string | null): void {
  if (seed !== null && !SEED_HEX.test(seed)) throw new RangeError('a server seed is 64 lowercase hex characters');
  demoServerSeed = seed;
}

/** A fresh server seed: 32 random bytes as 64 lowercase hex characters (on a demo with DEMO_DIGIT_SERVER_SEED, that one). */
export function newServerSeed(): string {
  return demoServerSeed ?? randomBytes(32).toString('hex');
}

/** The default client seed: 16 random lowercase hex characters. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

function seedBytes(serverSeedHex: string): Buffer {
  if (!SEED_HEX.test(serverSeedHex)) throw new RangeError('a server seed is 64 lowercase hex characters');
  return Buffer.from(serverSeedHex, 'hex');
}

/** The commitment: hex(SHA-256(seed bytes)). */
export function hashServerSeed(serverSeedHex: string): string {
  return createHash('sha256').update(seedBytes(serverSeedHex)).digest('hex');
}
