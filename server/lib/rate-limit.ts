import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Fixed-window counters in the `rate_limits` table. Each hit is one atomic upsert, so several
 * server processes behind a load balancer share the same counts.
 */
export interface RateLimitRule {
  key: string;
  max: number;
}

export interface RateLimitResult {
  /** True when any rule is over its limit. */
  blocked: boolean;
  /** Seconds until the longest-blocked window ends (0 when not blocked). */
  retryAfter: number;
  /** The window each key is counted in (to refund a hit). */
  windows: Map<string, Date>;
}

/** Rows idle this long are swept; longer than any window a caller uses. */
const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

/** Counts one hit on every rule's key (one statement) and reports whether any is over. */
export async function hitRateLimits(
  db: Db,
  rules: RateLimitRule[],
  now: Date,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values(rules.map((rule) => ({ key: rule.key, count: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });

  let retryAfter = 0;
  const windows = new Map<string, Date>();
  for (const row of rows) {
    windows.set(row.key, row.windowStart);
    const rule = rules.find((r) => r.key === row.key);
    if (rule && row.count > rule.max) {
      const left = Math.ceil((row.windowStart.getTime() + windowMs - now.getTime()) / 1000);
      retryAfter = Math.max(retryAfter, left, 1);
    }
  }
  return { blocked: retryAfter > 0, retryAfter, windows };
}

/** Takes back one hit (e.g. a successful login should not count against a shared IP). */
export async function refundRateLimit(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes long-idle counters so the table does not grow without bound. */
export async function sweepRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - SWEEP_AFTER_MS)));
}
