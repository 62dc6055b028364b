/**
 * What we keep of the aggregator's callbacks: every call in seamless_calls (excerpts of both
 * bodies, for disputes), and every sign claimed with a hash of the body it came with, so a
 * captured sign replayed on a forged batch is refused (docs/seamless.md).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seamlessCalls, seamlessSigns } from '../db/schema';

/** The call log keeps this much of each request and answer (with the request's full size). */
export const LOG_EXCERPT_CHARS = 8 * 1024;
/** One claim in this many sweeps the claims older than twice the request_time window. */
const SWEEP_ONE_IN = 200;

const excerpt = (text: string) => (text.length > LOG_EXCERPT_CHARS ? `${text.slice(0, LOG_EXCERPT_CHARS)}…[truncated]` : text);

export interface SeamlessCall {
  endpoint: string;
  /** The raw request body and the answer's text. */
  request: string;
  response: string;
  httpStatus: number;
  at: Date;
}

/** Keeps one call in the log. */
export async function recordSeamlessCall(db: Db, call: SeamlessCall): Promise<void> {
  await db.insert(seamlessCalls).values({
    endpoint: call.endpoint,
    requestBody: excerpt(call.request),
    requestBytes: Buffer.byteLength(call.request),
    responseBody: excerpt(call.response),
    httpStatus: call.httpStatus,
    createdAt: call.at,
  });
}

export interface SignClaim {
  action: string;
  requestTime: string;
  sign: string;
  /** The raw body the sign came with. */
  raw: string;
}

/**
 * Records (action, request_time, sign) with a hash of the body it came with. True when this is the
 * first use, or a repeat with the same body (an aggregator's retry, answered idempotently); false
 * when the same sign arrives with another body — a captured sign replayed on a forged batch.
 * `maxAgeSeconds` is the request_time window: claims older than twice it are swept now and then.
 */
export async function claimSign(db: Db, claim: SignClaim, now: Date, maxAgeSeconds: number): Promise<boolean> {
  const { action, requestTime, sign } = claim;
  const bodyHash = createHash('sha256').update(claim.raw).digest('hex');
  const key = and(eq(seamlessSigns.action, action), eq(seamlessSigns.requestTime, requestTime), eq(seamlessSigns.sign, sign));
  const inserted = await db
    .insert(seamlessSigns)
    .values({ action, requestTime, sign: sign.slice(0, 128), bodyHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ bodyHash: seamlessSigns.bodyHash });
  if (Math.random() * SWEEP_ONE_IN < 1) {
    const cutoff = new Date(now.getTime() - 2 * maxAgeSeconds * 1000);
    void db.delete(seamlessSigns).where(lt(seamlessSigns.createdAt, cutoff)).catch(() => undefined);
  }
  if (inserted.length) return true;
  const [seen] = await db.select({ bodyHash: seamlessSigns.bodyHash }).from(seamlessSigns).where(key);
  return seen?.bodyHash === bodyHash;
}
