/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through `otpauth`, and the sealing of each operator's
 * secret at rest: AES-256-GCM under a key derived (HKDF) from the install secret `operator_totp`
 * (lib/install-secrets.ts). A dump of the operators table alone does not give the codes away.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { installSecret } from '../../lib/install-secrets';

export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step either side of now are accepted (clock drift of a phone). */
const WINDOW = 1;
const ISSUER = 'KyatPlay';

function totpOf(base32: string, label = 'operator') {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) });
}

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans or imports. */
export const totpUri = (base32: string, userName: string): string => totpOf(base32, userName).toString();

/** The current code (tests, and nothing else, need to produce one). */
export const totpCode = (base32: string, at: Date): string => totpOf(base32).generate({ timestamp: at.getTime() });

/** The time step `code` belongs to, if it is valid within the window around `now`; else null. */
export function totpStep(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

async function sealingKey(db: Db): Promise<Buffer> {
  const secret = await installSecret(db, 'operator_totp');
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'hex'), Buffer.alloc(0), 'kyatplay operator totp v1', 32));
}

export async function sealSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export async function openSecret(db: Db, sealed: string): Promise<string> {
  const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(db), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
