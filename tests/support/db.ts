import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { fromPglite, openPostgres, type Database, type Db, type DbKind } from '../../server/db/client';
import { silentChannel } from '../../server/db/notifications';
import type { Pooling } from '../../server/db/pooler';
import * as schema from '../../server/db/schema';
import { postgresTransactions } from '../../server/db/transaction';
import { releaseDatabase } from './pooler';

/**
 * Database tests run on PGlite and on PostgreSQL: TEST_DATABASE_URL, else the local server, else a
 * throw-away one the global setup started (tests/support/global-db.ts); TEST_DATABASE_URL=off for
 * PGlite only. Each test file gets a fresh, migrated database.
 */
function providedUrl(): string | null {
  // Outside a vitest run (a bench or script importing this) there is nothing provided.
  try {
    return inject('pgTestUrl');
  } catch {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    return url === 'off' ? null : url;
  }
}
export const pgTestUrl: string | null = providedUrl();
export const dbKinds: DbKind[] = pgTestUrl ? ['pglite', 'postgres'] : ['pglite'];

/**
 * `pooled`: a PostgreSQL test database reached through PgBouncer in transaction mode
 * (tests/support/pooler-setup.ts), opened as DATABASE_POOLER=transaction with
 * DATABASE_DIRECT_URL straight to PostgreSQL (decision 0028).
 */
export type TestDbKind = DbKind | 'pooled';
function provided(key: 'pgPooledUrl' | 'pgPoolerAdminUrl'): string | null {
  try {
    return inject(key) ?? null;
  } catch {
    return null; // outside a vitest run: no pooler
  }
}
export const pgPooledUrl = provided('pgPooledUrl');
export const pgPoolerAdminUrl = provided('pgPoolerAdminUrl');
/** dbKinds, and `pooled` too when the run has a pooler: for the suites that must also hold behind one. */
export const pooledKinds: TestDbKind[] = pgPooledUrl ? [...dbKinds, 'pooled'] : dbKinds;

let template: Promise<PGlite> | undefined;

async function pgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = new PGlite();
    await client.waitReady;
    await fromPglite(client); // migrates
    return client;
  })();
  return template;
}

/** A fresh migrated database; `pooling` overrides how a `pooled` one is opened (the hazard tests). */
export async function createTestDatabase(kind: TestDbKind, pooling: Pooling = {}): Promise<Database> {
  if (kind === 'pglite') {
    const clone = (await (await pgliteTemplate()).clone()) as PGlite;
    return fromPglite(clone, false);
  }
  const adminUrl = pgTestUrl;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is off');
  const name = `kp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = kind === 'pooled' ? await openPooled(name, url.toString(), pooling) : await openPostgres(url.toString(), 20);
  return {
    ...database,
    async close() {
      await database.close();
      if (kind === 'pooled') await releaseDatabase(pgPoolerAdminUrl!, name); // PgBouncer keeps server connections
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      // pool.end() resolves before every backend has gone; give them a moment before forcing.
      for (let i = 0; i < 40; i++) {
        const { rows } = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** `name`, created on PostgreSQL (`directUrl`), opened through PgBouncer. */
function openPooled(name: string, directUrl: string, pooling: Pooling): Promise<Database> {
  if (!pgPooledUrl) throw new Error('no pooler in this run (tests/support/pooler-setup.ts)');
  const url = new URL(pgPooledUrl);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 20, { pooler: 'transaction', directUrl, ...pooling });
}

/** A new, empty PostgreSQL database; returns its URL and a drop. */
export async function emptyPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgTestUrl! });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgTestUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: pgTestUrl! });
      await a.connect();
      // A pool's end() resolves before its clients' sockets have closed: give them a moment, so
      // FORCE does not terminate a client still closing (its FATAL would reach no listener).
      for (let i = 0; i < 40; i++) {
        const { rows } = await a.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** node-postgres pointed at a port where nothing listens (connection refused): every query fails to connect. */
export function unreachablePostgres(): Database {
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', inTransaction: postgresTransactions(db, pool), channel: () => silentChannel(), close: () => pool.end() };
}

/** The URL of the PostgreSQL database a test server's pool is connected to (for a second "process" on it). */
export async function currentDatabaseUrl(database: Database): Promise<string> {
  const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(pgTestUrl!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

/** Row counts of every table but the rate limiter's (a refused request may count against its caller). */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const res = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, number> = {};
  for (const { table_name } of res.rows) {
    const counted = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`)) as unknown as { rows: { n: number }[] };
    out[table_name] = Number(counted.rows[0]!.n);
  }
  return out;
}
