/**
 * The provably fair Digit Bet roll, recomputed in the browser with WebCrypto (domain-notes.md,
 * docs/digit-bet.md). The server does the same with node:crypto; neither trusts the other's code.
 *   bytes = HMAC-SHA256(key = server seed BYTES, message = UTF-8 `${clientSeed}:${nonce}`)
 *   f = b0/256 + b1/256² + b2/256³ + b3/256⁴;  digit = floor(f × 10)
 *   commitment = hex(SHA-256(server seed BYTES))
 * `crypto.subtle` exists only in secure contexts (https, localhost): elsewhere every call rejects
 * with FAIR_UNSUPPORTED.
 */
import type { DigitBetRow, RevealedSeed } from '../api/types';

export const FAIR_UNSUPPORTED = 'Web Crypto is not available here (it needs https).';

/** A server seed as shown: 32 bytes, 64 hex characters. */
export const isServerSeed = (hex: string) => /^[0-9a-fA-F]{64}$/.test(hex.trim());
/** A client seed: 1–64 printable ASCII characters, no spaces. */
export const isClientSeed = (seed: string) => /^[\x21-\x7e]{1,64}$/.test(seed);
/** A nonce as typed: a whole number from 0. */
export const isNonce = (typed: string) => /^\d{1,15}$/.test(typed.trim());

function subtle(): SubtleCrypto {
  const s = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (!s) throw new Error(FAIR_UNSUPPORTED);
  return s;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const clean = hex.trim();
  if (clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) throw new Error(`not hex: ${hex}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** hex(SHA-256(seed bytes)): the commitment shown before the seed was used. */
export async function seedHash(serverSeedHex: string): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle().digest('SHA-256', hexToBytes(serverSeedHex))));
}

/** HMAC-SHA256(server seed bytes, `${clientSeed}:${nonce}`). */
export async function rollBytes(serverSeedHex: string, clientSeed: string, nonce: number): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', hexToBytes(serverSeedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', key, new TextEncoder().encode(`${clientSeed}:${nonce}`)));
}

/** floor(f × 10) for f = b0/256 + b1/256² + b2/256³ + b3/256⁴ (exact in doubles: 36 bits). */
export function digitFromBytes(bytes: Uint8Array): number {
  const f = bytes[0]! / 256 + bytes[1]! / 256 ** 2 + bytes[2]! / 256 ** 3 + bytes[3]! / 256 ** 4;
  return Math.floor(f * 10);
}

export async function fairDigit(serverSeedHex: string, clientSeed: string, nonce: number): Promise<number> {
  return digitFromBytes(await rollBytes(serverSeedHex, clientSeed, nonce));
}

/** One bet of a revealed seed, recomputed. */
export interface VerifiedBet {
  id: number;
  nonce: number;
  betType: DigitBetRow['betType'];
  digit: number | null;
  /** What the server said it rolled. */
  rolled: number;
  /** What this browser computes from the revealed seed. */
  computed: number;
  ok: boolean;
}

export interface SeedVerification {
  seedId: number;
  /** SHA-256(revealed seed) equals the hash shown before any bet. */
  hashOk: boolean;
  bets: VerifiedBet[];
}

/** Recomputes every bet of a revealed seed pair and checks the seed against its commitment. */
export async function verifySeed(seed: RevealedSeed, rows: readonly DigitBetRow[]): Promise<SeedVerification> {
  const hashOk = (await seedHash(seed.serverSeed)) === seed.serverSeedHash.toLowerCase();
  const bets = await Promise.all(
    [...rows]
      .sort((a, b) => (a.nonce ?? 0) - (b.nonce ?? 0))
      .map(async (row): Promise<VerifiedBet> => {
        const nonce = row.nonce ?? 0;
        const computed = await fairDigit(seed.serverSeed, row.clientSeed || seed.clientSeed, nonce);
        return { id: row.id, nonce, betType: row.betType, digit: row.digit, rolled: row.rolledNumber, computed, ok: computed === row.rolledNumber };
      }),
  );
  return { seedId: seed.seedId, hashOk, bets };
}

/** The manual form: a digit and the seed's hash (to compare with a commitment by eye). */
export interface ManualRoll {
  digit: number;
  serverSeedHash: string;
}

export async function manualRoll(serverSeedHex: string, clientSeed: string, nonce: number): Promise<ManualRoll> {
  const [digit, serverSeedHash] = await Promise.all([fairDigit(serverSeedHex, clientSeed, nonce), seedHash(serverSeedHex)]);
  return { digit, serverSeedHash };
}
