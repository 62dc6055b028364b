import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';
import { runStatement, statement } from '../db/statement';
import type { Clock } from '../lib/clock';

/**
 * In-process caches for what every visitor reads: the public catalogue and the home content
 * (docs/decisions/0017-api-throughput.md).
 *
 * `CatalogueCache` keeps an entry until the catalogue changes, not for a fixed time: every write
 * to a catalogue or content table bumps the one row of `catalogue_version` in the writer's
 * transaction (statement triggers, migration 0010), whichever process or tool made it.
 *  - PostgreSQL (several processes behind a balancer): before answering from its cache a process
 *    reads that row, so an edit committed before a request arrived is always seen by it. The
 *    read is shared: requests that arrive while one is in flight wait for the next one (which
 *    starts after they arrived), so there is at most one in flight and one waiting per process.
 *  - PGlite (one process): the trigger's NOTIFY reaches the process when the edit commits, so no
 *    query is needed per request.
 * `invalidateCatalogue()` also drops every entry of this process at once.
 *
 * Everything cached here is public (never one player's data). Concurrent misses share one load,
 * and a failed load is not cached.
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

/** A cache whose entries live `ttlMs` (or until invalidateCatalogue()); for what no trigger covers. */
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
    return remember(this.entries, key, entry, this.maxEntries);
  }
}

/** Stores `entry` under `key` (newest last, oldest dropped beyond `max`); forgets it if its load fails. */
function remember<T, E extends { value: Promise<T> }>(entries: Map<string, { value: Promise<unknown> }>, key: string, entry: E, max: number): Promise<T> {
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > max) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.value;
}

// ─── The catalogue's version ─────────────────────────────────────────────────────────────────

/** The catalogue version as of now: a number at hand (PGlite), or a read that starts after this call (PostgreSQL). */
interface VersionSource {
  current(): number | Promise<number>;
}

const READ_VERSION = statement<{ version: string }>('catalogue_version_read', `select version::text as version from catalogue_version where id = 1`);
export const CATALOGUE_CHANNEL = 'kp_catalogue';

/**
 * PostgreSQL: one shared read of the version row at a time (see the header). A caller never gets
 * a read that started before it called: one in flight may not see an edit committed just before.
 */
export class PolledVersion implements VersionSource {
  /** Settles (never rejects) when the read in flight is done. */
  private inFlight: Promise<void> | undefined;
  private queued: Promise<number> | undefined;

  constructor(private readonly read: () => Promise<number>) {}

  current(): Promise<number> {
    if (!this.inFlight) return this.start();
    // The read in flight may have started before this request arrived: wait for the next one.
    return (this.queued ??= this.inFlight.then(() => {
      this.queued = undefined;
      return this.start();
    }));
  }

  private start(): Promise<number> {
    const read = this.read();
    const done: Promise<void> = read.then(
      () => this.finished(done),
      () => this.finished(done),
    );
    this.inFlight = done;
    return read;
  }

  private finished(read: Promise<void>): void {
    if (this.inFlight === read) this.inFlight = undefined;
  }
}

/** PGlite: a counter bumped by the trigger's NOTIFY, delivered as the writing statement (or COMMIT) returns. */
class NotifiedVersion implements VersionSource {
  private count = 0;
  private readonly ready: Promise<number>;
  private listening = false;

  constructor(database: Database) {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    this.ready = client
      .listen(CATALOGUE_CHANNEL, () => {
        this.count += 1;
      })
      .then(() => {
        this.listening = true;
        return this.count;
      });
    // A database closed before the listener started (a request then answers 503 through the
    // promise); with no request yet, that must not surface as an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  current(): number | Promise<number> {
    return this.listening ? this.count : this.ready;
  }
}

// ─── The catalogue cache ─────────────────────────────────────────────────────────────────────

interface VersionedEntry<T> {
  value: Promise<T>;
  /** The catalogue version read before the load started: the data is at least that new. */
  version: number;
  generation: number;
  /** Only for entries that also depend on something no trigger covers (e.g. withdrawals). */
  expiresAt: number;
}

/** Reads of one request, all at the catalogue version read for it (one version read per request). */
export interface CacheReader {
  /**
   * The cached value of `key` if nothing in the catalogue changed since it was loaded (and,
   * with `ttlMs`, it is younger than that); otherwise `load()`'s, shared with concurrent callers.
   */
  get<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T>;
}

export class CatalogueCache {
  private readonly entries = new Map<string, VersionedEntry<unknown>>();

  constructor(
    private readonly versions: VersionSource,
    private readonly clock: Clock,
    /** Oldest entries are dropped beyond this many keys. */
    private readonly maxEntries = 5_000,
  ) {}

  /** A reader for one request: its reads are fresh as of the moment it was asked for. */
  reader(): CacheReader | Promise<CacheReader> {
    const version = this.versions.current();
    if (typeof version === 'number') return this.readerAt(version);
    return version.then((v) => this.readerAt(v));
  }

  /** One read on its own (a reader for a single key). */
  async get<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T> {
    return (await this.reader()).get(key, load, ttlMs);
  }

  private readerAt(version: number): CacheReader {
    return { get: (key, load, ttlMs) => this.at(version, key, load, ttlMs) };
  }

  private at<T>(version: number, key: string, load: () => Promise<T>, ttlMs: number | undefined): Promise<T> {
    const hit = this.entries.get(key) as VersionedEntry<T> | undefined;
    // An entry loaded under a later version than this request read is newer still: good for it too.
    if (hit && hit.version >= version && hit.generation === generation && (ttlMs === undefined || hit.expiresAt > this.clock.now().getTime())) {
      return hit.value;
    }
    const expiresAt = ttlMs === undefined ? Infinity : this.clock.now().getTime() + ttlMs;
    const entry: VersionedEntry<T> = { value: load(), version, generation, expiresAt };
    return remember(this.entries, key, entry, this.maxEntries);
  }
}

/** One cache per database (tests run several servers over different databases in one process). */
const caches = new WeakMap<Database, CatalogueCache>();

export function cacheFor(database: Database, clock: Clock): CatalogueCache {
  let cache = caches.get(database);
  if (!cache) {
    const versions =
      database.kind === 'pglite'
        ? new NotifiedVersion(database)
        : new PolledVersion(async () => Number((await runStatement(database.db, READ_VERSION, []))[0]?.version ?? 0));
    cache = new CatalogueCache(versions, clock);
    caches.set(database, cache);
  }
  return cache;
}
