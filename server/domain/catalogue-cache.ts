import type { Clock } from '../lib/clock';

/**
 * A small in-process cache for the public catalogue and home content, which every visitor reads.
 *
 * Each server process keeps its own copy for at most `ttlMs`; behind a load balancer that only
 * delays the visibility of an operator's edit by the TTL, never serves one player's data to
 * another (everything cached here is public). Concurrent misses share one load (no stampede), a
 * failed load is not cached, and `invalidateCatalogue()` drops every entry of every cache in this
 * process at once (the admin side calls it after an edit).
 */
export const CATALOGUE_TTL_MS = 30_000;

/** Bumped by invalidateCatalogue(); an entry loaded under an older generation is stale. */
let generation = 0;

export function invalidateCatalogue(): void {
  generation += 1;
}

interface Entry<T> {
  value: Promise<T>;
  generation: number;
  expiresAt: number;
}

export class TtlCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = CATALOGUE_TTL_MS,
    /** Oldest entries are dropped beyond this many keys. */
    private readonly maxEntries = 500,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.generation === generation && hit.expiresAt > now) return hit.value;

    const entry: Entry<T> = { value: load(), generation, expiresAt: now + this.ttlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }
}

/** One cache per database (tests run several servers over different databases in one process). */
const caches = new WeakMap<object, TtlCache>();

export function cacheFor(database: object, clock: Clock): TtlCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new TtlCache(clock);
    caches.set(database, cache);
  }
  return cache;
}
