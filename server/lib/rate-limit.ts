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
  await refundRateLimits(db, new Map([[key, windowStart]]));
}

/**
 * Takes back one hit on each key, in the window it was counted in: one row per statement, so a
 * refund never holds one counter's row lock while waiting for another's (a multi-row UPDATE could
 * lock them in another order than the counting upsert, a deadlock on PostgreSQL).
 */
export async function refundRateLimits(db: Db, windows: Map<string, Date>): Promise<void> {
  for (const [key, windowStart] of windows) {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  }
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes long-idle counters so the table does not grow without bound. */
export async function sweepRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - SWEEP_AFTER_MS)));
}

export interface FailureGuard {
  blocked: boolean;
  retryAfter: number;
  /** The failures counted under `key` so far, not counting checks still in flight (for progressive delays). */
  failuresSoFar: (key: string) => Promise<number>;
  /** A wrong answer: the attempt stays counted; its check is no longer in flight. */
  failed(): Promise<void>;
  /** A right answer (or no answer was checked): the attempt is given back; `clear` keys are reset. */
  succeeded(clear?: string[]): Promise<void>;
}

/** How long a check blocked only by other checks still in flight waits before trying again, and how often. */
const BUSY_WAIT_MS = 50;
const BUSY_TRIES = 100;

/** The counter of `key`'s checks in flight (counted in `key` too, until they end). */
const flightKeyOf = (key: string) => `${key}#try`;

/**
 * A guarded check (a password, a referral code, signed init data). The attempt is counted on every
 * failure key in one atomic statement BEFORE the check runs, so a parallel burst of wrong answers
 * cannot outrun a limit: with `max` 5, at most 5 checks ever run (wrong ones stay counted, the
 * rest are 429). A right answer gives its count back, so right answers never use up a limit (a
 * player's parallel withdrawals, a carrier NAT's many players); an attempt blocked only by checks
 * still in flight — not by failures — waits a moment and tries again rather than being refused.
 */
// Long because count-before-check is one sequence (count every key, read the windows, wait out in-flight checks, give back): its parts share one attempt's state.
export async function guardFailures(db: Db, opts: { failures: RateLimitRule[]; now: Date; windowSeconds: number }): Promise<FailureGuard> {
  const { failures, now, windowSeconds } = opts;
  const flights = failures.map((rule) => ({ key: flightKeyOf(rule.key), max: Number.MAX_SAFE_INTEGER }));
  /** The counters' values in their live windows, and the seconds until the blocking ones end. */
  const read = async (keys: string[]) => {
    const rows = await db.select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart }).from(rateLimits).where(inArray(rateLimits.key, keys));
    const endsIn = (key: string) => {
      const row = rows.find((r) => r.key === key);
      return row ? Math.ceil((row.windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000) : 0;
    };
    const live = (key: string) => (endsIn(key) > 0 ? rows.find((r) => r.key === key)!.count : 0);
    return Object.assign(live, { endsIn });
  };
  const failuresSoFar = async (key: string) => {
    const live = await read([key, flightKeyOf(key)]);
    return Math.max(0, live(key) - live(flightKeyOf(key)));
  };
  const noop = async () => undefined;
  const refused = (retryAfter: number): FailureGuard => ({ blocked: true, retryAfter, failuresSoFar, failed: noop, succeeded: noop });
  for (let attempt = 1; ; attempt++) {
    const hit = await hitRateLimits(db, [...failures, ...flights], now, windowSeconds);
    const windowsOf = (rules: RateLimitRule[]) => new Map(rules.map((rule) => [rule.key, hit.windows.get(rule.key)!]));
    if (!hit.blocked) {
      let done = false;
      const once = async (step: () => Promise<void>) => {
        if (done) return;
        done = true;
        await step();
      };
      return {
        blocked: false,
        retryAfter: 0,
        failuresSoFar,
        failed: () => once(() => refundRateLimits(db, windowsOf(flights))),
        succeeded: (clear: string[] = []) =>
          once(async () => {
            await refundRateLimits(db, windowsOf([...failures, ...flights]));
            for (const key of clear) await clearRateLimit(db, key);
          }),
      };
    }
    await refundRateLimits(db, windowsOf([...failures, ...flights]));
    // Blocked by failures already counted, or only by checks still in flight (which may be right)?
    const spent = (count: (key: string) => number) => failures.some((rule) => count(rule.key) - count(flightKeyOf(rule.key)) >= rule.max);
    if (spent((key) => hit.counts.get(key)!)) return refused(hit.retryAfter);
    // Wait (reading, not counting) until a check in flight ends, then try again.
    for (;;) {
      if (attempt++ >= BUSY_TRIES) return refused(1);
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
      const live = await read([...failures, ...flights].map((rule) => rule.key));
      if (spent(live)) return refused(Math.max(1, ...failures.map((rule) => live.endsIn(rule.key))));
      if (failures.every((rule) => live(rule.key) < rule.max)) break;
    }
  }
}
