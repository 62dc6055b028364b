import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The demo aggregator's launch token: who plays which game, until when. HMAC-SHA256 signed with a
 * key derived from SEAMLESS_SECRET_KEY (shared by our launch adapter and the demo aggregator, as
 * an operator and its aggregator share a secret). It carries no balance: the slot asks the
 * wallet through the signed seamless callbacks.
 */
export interface LaunchClaims {
  member_account: string;
  game_code: string;
  game_name: string;
  product_code: number;
  game_type: string;
  /** Unix seconds. */
  exp: number;
  /** The login session (tokens.id) it was issued under, and when (unix seconds): see domain/launch-sessions.ts. */
  sid: number;
  iat: number;
  /** Makes every token unique. */
  nonce: string;
}

export const TOKEN_TTL_SECONDS = 2 * 60 * 60;

export function launchTokenKey(seamlessSecret: string): Buffer {
  return createHash('sha256').update(`kyatplay-demo-aggregator-launch:${seamlessSecret}`).digest();
}

export function signLaunchToken(claims: Omit<LaunchClaims, 'nonce'>, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, nonce: randomBytes(9).toString('base64url') })).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

/** The claims of a genuine, unexpired token; undefined for anything else. */
export function verifyLaunchToken(token: unknown, key: Buffer, now: Date): LaunchClaims | undefined {
  if (typeof token !== 'string' || token.length > 2048) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(payload, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: LaunchClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LaunchClaims;
  } catch {
    return undefined;
  }
  if (
    typeof claims !== 'object' ||
    claims === null ||
    typeof claims.member_account !== 'string' ||
    typeof claims.game_code !== 'string' ||
    typeof claims.game_name !== 'string' ||
    typeof claims.product_code !== 'number' ||
    typeof claims.game_type !== 'string' ||
    typeof claims.exp !== 'number'
  ) {
    return undefined;
  }
  if (claims.exp * 1000 <= now.getTime()) return undefined;
  return claims;
}

function mac(payload: string, key: Buffer): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}
