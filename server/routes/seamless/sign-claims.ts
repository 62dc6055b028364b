import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Deps } from '../../types/app';
import { seamlessSigns } from '../../db/schema';

/** One call in this many sweeps the claims older than twice the request_time window. */
const SWEEP_ONE_IN = 200;

/**
 * Records (action, request_time, sign) with a hash of the body it came with. True when this is the
 * first use, or a repeat with the same body (an aggregator's retry, answered idempotently); false
 * when the same sign arrives with another body — a captured sign replayed on a forged batch.
 */
export async function claimSign(deps: Deps, action: string, requestTime: string, sign: string, raw: string, now: Date): Promise<boolean> {
  const { db } = deps.database;
  const bodyHash = createHash('sha256').update(raw).digest('hex');
  const key = and(eq(seamlessSigns.action, action), eq(seamlessSigns.requestTime, requestTime), eq(seamlessSigns.sign, sign));
  const inserted = await db
    .insert(seamlessSigns)
    .values({ action, requestTime, sign: sign.slice(0, 128), bodyHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ bodyHash: seamlessSigns.bodyHash });
  if (Math.random() * SWEEP_ONE_IN < 1) {
    const cutoff = new Date(now.getTime() - 2 * deps.env.SEAMLESS_MAX_AGE_SECONDS * 1000);
    void db.delete(seamlessSigns).where(lt(seamlessSigns.createdAt, cutoff)).catch(() => undefined);
  }
  if (inserted.length) return true;
  const [seen] = await db.select({ bodyHash: seamlessSigns.bodyHash }).from(seamlessSigns).where(key);
  return seen?.bodyHash === bodyHash;
}
