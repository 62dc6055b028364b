import { and, eq, inArray, lt, sql } from 'drizzle-orm';
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
  /** Each key's count in its window, this hit included. */
  counts: Map<string, number>;
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
  const counts = new Map<string, number>();
  for (const row of rows) {
    windows.set(row.key, row.windowStart);
    counts.set(row.key, row.count);
    const rule = rules.find((r) => r.key === row.key);
    if (rule && row.count > rule.max) {
      const left = Math.ceil((row.windowStart.getTime() + windowMs - now.getTime()) / 1000);
      retryAfter = Math.max(retryAfter, left, 1);
    }
  }
  return { blocked: retryAfter > 0, retryAfter, windows, counts };
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

/** Reads the counters without counting: blocked when any has reached its max in the window. */
export async function peekRateLimits(db: Db, rules: RateLimitRule[], now: Date, windowSeconds: number): Promise<{ blocked: boolean; retryAfter: number }> {
  const windowMs = windowSeconds * 1000;
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(inArray(rateLimits.key, rules.map((r) => r.key)));
  let retryAfter = 0;
  for (const row of rows) {
    const rule = rules.find((r) => r.key === row.key);
    const left = Math.ceil((row.windowStart.getTime() + windowMs - now.getTime()) / 1000);
    if (rule && left > 0 && row.count >= rule.max) retryAfter = Math.max(retryAfter, left);
  }
  return { blocked: retryAfter > 0, retryAfter };
}

export interface FailureGuard {
  blocked: boolean;
  retryAfter: number;
  /** The failures read by this guard, before this attempt (for progressive delays). */
  failuresSoFar: (key: string) => Promise<number>;
  /** A wrong answer: every failure counter goes up. */
  failed(): Promise<void>;
  /** A right answer: nothing is counted; `clear` keys are reset. */
  succeeded(clear?: string[]): Promise<void>;
}

/** Password checks that may run at once for one key; more wait for a second (429 Retry-After: 1). */
export const MAX_IN_FLIGHT = 16;

/**
 * Counts failures only, so right answers never use up a limit (a player's parallel withdrawals, a
 * carrier NAT's many players), yet a burst of parallel guesses cannot outrun the count: at most
 * MAX_IN_FLIGHT checks per `inFlightKey` run at once, and the failure counters are read while a
 * slot is held (a slot is freed only after its failure is counted).
 */
export async function guardFailures(
  db: Db,
  opts: { failures: RateLimitRule[]; inFlightKey: string; now: Date; windowSeconds: number },
): Promise<FailureGuard> {
  const { failures, now, windowSeconds } = opts;
  const noop = async () => undefined;
  const failuresSoFar = async (key: string) => {
    const [row] = await db.select({ count: rateLimits.count, windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key));
    return row && row.windowStart.getTime() + windowSeconds * 1000 > now.getTime() ? row.count : 0;
  };
  // The in-flight slot first, then the failure count: a slot freed by a finished guess is only
  // freed after that guess's failure is counted (failed() below), so whoever takes the slot sees
  // it. Peeking first let a request read the count, then take a slot freed in between, and pass
  // the bound by one under load.
  const flight = await hitRateLimits(db, [{ key: opts.inFlightKey, max: MAX_IN_FLIGHT }], now, windowSeconds);
  const release = () => refundRateLimit(db, opts.inFlightKey, flight.windows.get(opts.inFlightKey)!);
  if (flight.blocked) {
    await release();
    return { blocked: true, retryAfter: 1, failuresSoFar, failed: noop, succeeded: noop };
  }
  const peek = await peekRateLimits(db, failures, now, windowSeconds);
  if (peek.blocked) {
    await release();
    return { ...peek, failuresSoFar, failed: noop, succeeded: noop };
  }
  return {
    blocked: false,
    retryAfter: 0,
    failuresSoFar,
    async failed() {
      await hitRateLimits(db, failures, now, windowSeconds);
      await release();
    },
    async succeeded(clear = []) {
      await release();
      for (const key of clear) await clearRateLimit(db, key);
    },
  };
}
