import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Deps } from '../../types/app';
import { demoShanSessions } from '../../db/schema';
import { launchRequestBody, readLaunchAnswer, type ShanProviderAdapter } from '../../domain/shan/launch';
import { verifySigned } from '../../domain/shan/sign';
import { ShanCode } from '../../domain/shan/wallet';
import { shanKey } from '../../lib/install-secrets';

/**
 * The demo Shan provider's launch: it accepts a signed launch request from an operator it knows
 * (SHAN_OPERATOR_CODES, sharing SHAN_SECRET_KEY), opens a session and answers the URL of its
 * table page. The session token is random and opaque; only its SHA-256 is stored, with an expiry.
 */

export const SESSION_TTL_SECONDS = 2 * 60 * 60;

export interface DemoSession {
  tokenHash: string;
  operatorCode: string;
  memberAccount: string;
}

export function sessionHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ProviderAnswer {
  status: 200 | 400 | 401;
  body: Record<string, unknown>;
}

/** POST /demo-shan/api/launch, as a function: the HTTP route and the in-process adapter share it. */
export async function acceptLaunch(deps: Deps, body: unknown, origin: string): Promise<ProviderAnswer> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { status: 400, body: { code: ShanCode.InvalidRequest, message: 'Invalid request' } };
  }
  const b = body as Record<string, unknown>;
  const now = deps.clock.now();
  const verified = verifySigned(b, shanKey(deps.env), deps.env.SHAN_OPERATOR_CODES, now);
  if (!verified.ok) {
    const message = verified.reason === 'time' ? 'request_time is too far from our clock' : 'Invalid signature';
    return { status: 401, body: { code: ShanCode.InvalidSignature, message } };
  }
  const member = b.member_account;
  if (typeof member !== 'string' || member.trim() === '' || member.length > 64) {
    return { status: 400, body: { code: ShanCode.InvalidRequest, message: 'member_account is required' } };
  }
  const token = randomBytes(32).toString('base64url');
  const { db } = deps.database;
  await db.delete(demoShanSessions).where(lt(demoShanSessions.expiresAt, now));
  await db.insert(demoShanSessions).values({
    tokenHash: sessionHash(token),
    operatorCode: verified.operatorCode,
    memberAccount: member,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { status: 200, body: { launch_game_url: `${origin}/demo-shan/play?session=${token}` } };
}

/** The unexpired session a token opens, or undefined. */
export async function sessionOf(deps: Deps, token: unknown): Promise<DemoSession | undefined> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await deps.database.db
    .select({ tokenHash: demoShanSessions.tokenHash, operatorCode: demoShanSessions.operatorCode, memberAccount: demoShanSessions.memberAccount })
    .from(demoShanSessions)
    .where(and(eq(demoShanSessions.tokenHash, sessionHash(token)), gt(demoShanSessions.expiresAt, deps.clock.now())));
  return row;
}

/**
 * The operator adapter for the built-in demo provider: the same signed request a real provider
 * gets, handed to the provider's launch in-process, its answer read the same way.
 */
export function demoShanProvider(deps: Deps): ShanProviderAdapter {
  return {
    async launch(req) {
      const body: unknown = JSON.parse(JSON.stringify(launchRequestBody(deps.env, deps.clock, req)));
      const answer = await acceptLaunch(deps, body, req.origin);
      return readLaunchAnswer(answer.status, answer.body);
    },
  };
}
