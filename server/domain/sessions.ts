import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Deps, SessionUser } from '../types/app';
import type { Db } from '../db/client';
import { tokens, users } from '../db/schema';
import { runStatement, statement } from '../db/statement';
import { DUPLICATE_PREPARED_STATEMENT, UNDEFINED_PREPARED_STATEMENT, pgError } from '../lib/pg-error';
import { SESSION_CHANNEL, SessionCache } from './session-cache';

/**
 * Players' sessions (the token store): bearer tokens are 32 random bytes (base64url) handed to the
 * client once; only their SHA-256 is stored. Expiry slides with use, refreshed at most once a minute per token so that reads stay
 * a single SELECT. Revoked tokens and banned users are refused on the next request.
 */

export type { SessionUser };

export interface Session {
  tokenId: number;
  user: SessionUser;
}

export const ACTIVE = 1;
/** Sliding expiry is written back at most this often per token. */
export const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The columns that make a SessionUser, for selects. */
export const sessionUserColumns = {
  id: users.id,
  userName: users.userName,
  name: users.name,
  phone: users.phone,
  status: users.status,
  agentId: users.agentId,
  balance: users.balance,
  mainBalance: users.mainBalance,
  telegramLinked: sql<boolean>`${users.telegramId} is not null`.mapWith(Boolean),
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
  mustChangePassword: users.mustChangePassword,
};

export function expiryFrom(now: Date, ttlDays: number): Date {
  return new Date(now.getTime() + ttlDays * DAY_MS);
}

/** Issues a token for a user; `db` may be a transaction. Returns the raw token. */
export async function issueToken(db: Db, userId: number, now: Date, ttlDays: number): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(tokens).values({
    userId,
    tokenHash: hash,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: expiryFrom(now, ttlDays),
  });
  return token;
}

export async function revokeToken(db: Db, tokenId: number, now: Date): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revokedAt)));
}

/** Revokes every live token of the user except `keepTokenId`. */
export async function revokeOtherTokens(db: Db, userId: number, keepTokenId: number, now: Date): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.userId, userId), ne(tokens.id, keepTokenId), isNull(tokens.revokedAt)));
}

interface LookupRow {
  tokenId: number;
  lastUsedAt: Date;
  expiresAt: Date;
  user: SessionUser;
}
type Lookup = (hash: string) => Promise<LookupRow | undefined>;

/** node-postgres: a named statement, parsed once per pooled connection (statement.ts). */
function postgresLookup(db: Db): Lookup {
  return async (hash) => {
    const [row] = await runStatement(db, POSTGRES_LOOKUP, [hash]);
    return row && lookupRow(row);
  };
}

const PGLITE_STATEMENT = 'kp_session_lookup';
/** A token's live row and its player (both drivers; see postgresLookup and pgliteLookup). */
const SESSION_LOOKUP_SQL = `select t.id as token_id, t.last_used_at, t.expires_at,
  u.id as user_id, u.user_name, u.name, u.phone, u.status, u.agent_id,
  u.telegram_id is not null as telegram_linked, u.password_hash is not null as has_password, u.must_change_password,
  u.balance::text as balance, u.main_balance::text as main_balance
  from tokens t join users u on u.id = t.user_id
  where t.token_hash = $1 and t.revoked_at is null limit 1`;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const POSTGRES_LOOKUP = statement<Record<string, unknown>>('auth_session_lookup', SESSION_LOOKUP_SQL);

/** One token's session, in the columns of the lookup statement. */
function lookupRow(row: Record<string, unknown>): LookupRow {
  return {
    tokenId: Number(row.token_id),
    lastUsedAt: row.last_used_at as Date,
    expiresAt: row.expires_at as Date,
    user: {
      id: Number(row.user_id),
      userName: row.user_name as string,
      name: row.name as string,
      phone: (row.phone as string | null) ?? null,
      status: Number(row.status),
      agentId: Number(row.agent_id),
      balance: BigInt(row.balance as string),
      mainBalance: BigInt(row.main_balance as string),
      telegramLinked: row.telegram_linked === true,
      hasPassword: row.has_password === true,
      mustChangePassword: row.must_change_password === true,
    },
  };
}

/**
 * PGlite: its parameterised query() costs six protocol round trips into WASM per call, which
 * caps GET /api/user well under target. A server-side PREPARE run with a simple-protocol
 * EXECUTE is one round trip and skips planning; the only value inlined is our own SHA-256 hex.
 */
function pgliteLookup(db: Db): Lookup {
  const client = (db as unknown as { $client: PGlite }).$client;
  let prepared: Promise<void> | undefined;
  const prepare = () =>
    (prepared ??= client.exec(`prepare ${PGLITE_STATEMENT}(text) as ${SESSION_LOOKUP_SQL}`).then(
      () => undefined,
      (err: unknown) => {
        if (pgError(err)?.code === DUPLICATE_PREPARED_STATEMENT) return; // another store on this client
        prepared = undefined;
        throw err;
      },
    ));
  const run = async (hash: string) => {
    await prepare();
    const [result] = await client.exec(`execute ${PGLITE_STATEMENT}('${hash}')`);
    return result?.rows[0] as Record<string, unknown> | undefined;
  };
  return async (hash) => {
    if (!SHA256_HEX.test(hash)) throw new Error('not a token hash');
    let row: Record<string, unknown> | undefined;
    try {
      row = await run(hash);
    } catch (err) {
      if (pgError(err)?.code !== UNDEFINED_PREPARED_STATEMENT) throw err;
      prepared = undefined; // the session lost it (e.g. DISCARD ALL): prepare again
      row = await run(hash);
    }
    return row && lookupRow(row);
  };
}

function prepareTouch(db: Db) {
  // Guarded by last_used_at so concurrent requests write the refresh once.
  return db
    .update(tokens)
    .set({
      lastUsedAt: sql`${sql.placeholder('now')}::timestamptz`,
      expiresAt: sql`${sql.placeholder('expires')}::timestamptz`,
    })
    .where(and(eq(tokens.id, sql.placeholder('id')), sql`${tokens.lastUsedAt} < ${sql.placeholder('stale')}::timestamptz`))
    .prepare('auth_session_touch');
}

export interface SessionStore {
  /**
   * The live session for a raw token, or null (unknown, revoked, expired, banned). The player's
   * balances in it are as of a lookup up to a few seconds old (session-cache.ts) unless
   * `balances` asks for a fresh read, as GET /user does; money routes read the wallet themselves.
   */
  resolve(token: string, opts?: { balances?: boolean }): Promise<Session | null>;
}

const stores = new WeakMap<Deps, SessionStore>();

/** One store (and one set of prepared statements) per app. */
export function sessionStore(deps: Deps): SessionStore {
  let store = stores.get(deps);
  if (!store) {
    store = createSessionStore(deps);
    stores.set(deps, store);
  }
  return store;
}

const usable = (row: LookupRow, now: Date): boolean => row.expiresAt.getTime() > now.getTime() && row.user.status === ACTIVE;

function createSessionStore(deps: Deps): SessionStore {
  const { db } = deps.database;
  const lookup = deps.database.kind === 'pglite' ? pgliteLookup(db) : postgresLookup(db);
  const touch = prepareTouch(db);
  const cache = new SessionCache<LookupRow>(deps.database.channel(SESSION_CHANNEL), () => deps.clock.now().getTime());
  const find = async (hash: string, fresh: boolean): Promise<LookupRow | undefined> => {
    const cached = fresh ? undefined : cache.get(hash);
    if (cached) return cached;
    const ticket = cache.begin();
    const row = await lookup(hash);
    // Only a session that may be used is kept: a refusal (banned, expired) is read afresh each time,
    // so lifting a ban lets the player back with their next request, not when the change is heard.
    if (row && usable(row, deps.clock.now())) cache.store(ticket, hash, row.user.id, row);
    return row;
  };
  return {
    async resolve(token, opts) {
      const hash = hashToken(token);
      const row = await find(hash, opts?.balances === true);
      if (!row) return null;
      const now = deps.clock.now();
      if (!usable(row, now)) return null;
      if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        const expiresAt = expiryFrom(now, deps.env.TOKEN_TTL_DAYS);
        await touch.execute({
          id: row.tokenId,
          now: now.toISOString(),
          expires: expiresAt.toISOString(),
          stale: new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString(),
        });
        cache.update(hash, { ...row, lastUsedAt: now, expiresAt });
      }
      return { tokenId: row.tokenId, user: row.user };
    },
  };
}
