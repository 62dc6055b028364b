/**
 * Backups of the embedded database (decision 0030, docs/operator.md § Backups): PGlite's own dump
 * of its data folder (`dumpDataDir`, a tar), taken between transactions, and a restore that loads
 * such a tar into a fresh folder, opens it as the server would (migrations included) and reads the
 * books back. PostgreSQL installs use PostgreSQL's tools (pg_dump / pg_restore) instead.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromPglite, type Database, type Db } from './client';

/** The open PGlite behind an embedded Database (drizzle keeps its client as `$client`). */
function pgliteOf(database: Database): PGlite {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind !== 'pglite' || !(client instanceof PGlite)) throw new Error('not an embedded (PGlite) database');
  return client;
}

/**
 * The data folder as one uncompressed tar, consistent: a CHECKPOINT first (so a restore has little
 * WAL to replay), then the dump while PGlite's transaction lock is held. Every statement and every
 * transaction on PGlite takes that lock, so none is half-open while the files are read; the server's
 * requests wait for the length of the dump (the files are read into memory, then the lock is let go).
 */
export async function dumpEmbedded(database: Database): Promise<Blob> {
  return dumpClient(pgliteOf(database));
}

async function dumpClient(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
}

/**
 * The same dump of a data folder no process has open (the CLI's `backup --offline`; the caller has
 * made sure the server is stopped). Opened without migrating: a backup never changes what it copies.
 */
export async function dumpFolder(dataDir: string): Promise<Blob> {
  const client = new PGlite(dataDir);
  try {
    await client.waitReady;
    return await dumpClient(client);
  } finally {
    await client.close();
  }
}

/** Size and sha256 (hex) of a dump, read as a stream (no second copy in memory). */
export async function describeDump(dump: Blob): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of dump.stream() as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return { bytes: dump.size, sha256: hash.digest('hex') };
}

const BLOCK = 512;

/**
 * Whether `tar` is a whole archive: a number of 512-byte blocks ending in the two zero blocks a tar
 * writer puts last. A file cut short (a copy stopped half way) fails this before PGlite sees it.
 */
export function isWholeTar(tar: Uint8Array): boolean {
  if (tar.length < 3 * BLOCK || tar.length % BLOCK !== 0) return false;
  return tar.subarray(tar.length - 2 * BLOCK).every((byte) => byte === 0);
}

/** What a restored database holds, and whether its books balance. Money in pya. */
export interface BooksSummary {
  players: number;
  ledgerRows: number;
  gameWallets: bigint;
  mainWallets: bigint;
  /** Players whose game or main wallet differs from the sum of that wallet's ledger rows. */
  offLedger: number;
  /** Players with a negative wallet. */
  negative: number;
}

/** Counts, totals and the wallet = sum(ledger) check over every player, in one statement. */
export async function booksSummary(db: Db): Promise<BooksSummary> {
  const result = await db.execute(sql`
    with sums as (
      select user_id,
             coalesce(sum(amount) filter (where wallet = 'game'), 0) as game,
             coalesce(sum(amount) filter (where wallet = 'main'), 0) as main,
             count(*) as n
        from ledger group by user_id)
    select count(*)::int as players,
           coalesce(sum(s.n), 0)::text as ledger_rows,
           coalesce(sum(u.balance), 0)::text as game,
           coalesce(sum(u.main_balance), 0)::text as main,
           (count(*) filter (where u.balance <> coalesce(s.game, 0) or u.main_balance <> coalesce(s.main, 0)))::int as off_ledger,
           (count(*) filter (where u.balance < 0 or u.main_balance < 0))::int as negative
      from users u left join sums s on s.user_id = u.id`);
  // Both drivers answer { rows }; the shared Db type does not say so.
  const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0]!;
  return {
    players: Number(row.players),
    ledgerRows: Number(row.ledger_rows),
    gameWallets: BigInt(row.game!),
    mainWallets: BigInt(row.main!),
    offLedger: Number(row.off_ledger),
    negative: Number(row.negative),
  };
}

/**
 * Loads a dump (an uncompressed tar) into `dataDir` (absent or empty: PGlite refuses a folder that
 * holds a database), opens it as the server would at start (migrations applied: a backup from an
 * earlier release reaches this release's schema) and reads the books. Throws if any step fails.
 */
export async function restoreInto(tar: Uint8Array, dataDir: string): Promise<BooksSummary> {
  const client = await PGlite.create(dataDir, { loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>], { type: 'application/x-tar' }) });
  let database: Database;
  try {
    database = await fromPglite(client);
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
  try {
    return await booksSummary(database.db);
  } finally {
    await database.close();
  }
}
