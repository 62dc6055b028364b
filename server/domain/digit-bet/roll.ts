/**
 * The provably fair roll (domain-notes.md § Provably fair Digit Bet; docs/digit-bet.md). Pure:
 * no database, no clock. The browser's verifier implements the same algorithm on WebCrypto; both
 * check the same known vectors.
 *
 *   bytes = HMAC-SHA256(key = server seed BYTES, message = UTF-8 `${clientSeed}:${nonce}`)
 *   f     = b0/256 + b1/256² + b2/256³ + b3/256⁴
 *   digit = floor(f × 10)
 *
 * The server seed is 32 random bytes shown as 64 lowercase hex characters; its commitment is the
 * hex SHA-256 of those bytes, shown before any bet is made under it.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

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

/** A fresh server seed: 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
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

/** The digit 0–9 a bet with this seed pair and nonce rolls. */
export function rollDigit(serverSeedHex: string, clientSeed: string, nonce: number): number {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('a nonce is a whole number ≥ 0');
  const mac = createHmac('sha256', seedBytes(serverSeedHex)).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  // The first four bytes as one 32-bit integer k: f = k / 2³², so floor(f × 10) = floor(10k / 2³²),
  // computed exactly (10k < 2³⁶ fits a double's 53-bit mantissa).
  const k = mac.readUInt32BE(0);
  return Math.floor((k * 10) / 0x1_0000_0000);
}
