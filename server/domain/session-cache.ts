import type { Channel } from '../db/notifications';

/**
 * The sessions this process has checked lately, so that a money request does not pay a database
 * round trip for its bearer token (docs/decisions/0023-session-cache.md). Safe because it is told:
 * every change that could end or alter a session (a token revoked, deleted or shortened, a player
 * banned, renamed, linked, given a password; migration 0013) is announced on `kp_sessions` at
 * COMMIT, and a process drops that player's entries when it hears it. It caches nothing while it
 * cannot hear (channel.heard() is 0: no listener yet, a lost connection, a pooler that swallows
 * notifications), and an entry is never older than SESSION_CACHE_TTL_MS whatever happens.
 *
 * A lookup that started before a change was heard must not store what it read: `begin()` takes a
 * ticket, `store()` refuses a ticket older than the latest change, loss or (re)start of hearing.
 * Balances are not cached: a cached session is for routes that read the wallet themselves.
 */
export const SESSION_CACHE_TTL_MS = 10_000;
export const SESSION_CHANNEL = 'kp_sessions';
const MAX_ENTRIES = 100_000;

interface Entry<T> {
  value: T;
  userId: number;
  storedAt: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every change heard and every loss of hearing. */
  private changes = 0;

  constructor(
    private readonly channel: Channel,
    private readonly now: () => number,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {
    channel.subscribe(
      (payload) => this.changed(payload),
      () => this.clear(),
    );
  }

  /** The ticket for a lookup about to start; 'closed' when nothing may be cached now. */
  begin(): string {
    const heard = this.channel.heard();
    return heard ? `${heard}:${this.changes}` : 'closed';
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.channel.heard() || this.now() - entry.storedAt >= this.ttlMs) {
      this.forget(key, entry.userId);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps what a lookup read, unless anything was heard (or hearing changed) since its ticket. */
  store(ticket: string, key: string, userId: number, value: T): void {
    if (ticket === 'closed' || ticket !== this.begin()) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(key, { value, userId, storedAt: this.now() });
    let keys = this.byUser.get(userId);
    if (!keys) this.byUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  /** Replaces a stored value in place (e.g. a sliding expiry written back), keeping its age. */
  update(key: string, value: T): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = value;
  }

  get size(): number {
    return this.entries.size;
  }

  private changed(payload: string): void {
    this.changes += 1;
    if (payload === '*') return this.clear();
    const userId = Number(payload);
    if (!Number.isSafeInteger(userId)) return this.clear();
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  private clear(): void {
    this.changes += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  private forget(key: string, userId: number): void {
    this.entries.delete(key);
    this.byUser.get(userId)?.delete(key);
  }
}
