import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { describeMigration, migrate, pgliteRunner, poolRunner, type MigrateReport } from './migrate';
import { drizzleTransactions, postgresTransactions, type InTransaction } from './transaction';
import { pgliteChannel, postgresChannel, silentChannel, type Channel } from './notifications';
import { prepareForPooler, type Pooling } from './pooler';
import { queryErrors, type DatabaseProbe } from '../lib/db-probe';
import { log } from '../lib/log';

/** Both drivers share the Db type: PGlite (embedded) and node-postgres (DATABASE_URL). */
export type { Db, DbOrTx, Schema, Tx } from './types';
import type { Db } from './types';
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** A transaction for the money routes: fewer round trips than db.transaction (transaction.ts). */
  inTransaction: InTransaction;
  /** A LISTEN channel, opened on first use (one per name), closed with the database. */
  channel(name: string): Channel;
  close(): Promise<void>;
  /** The pool's figures for the metrics (decision 0033). */
  probe?: DatabaseProbe;
}

/** `channel` and `close` for a database whose channels `open` makes. */
function withChannels(open: (name: string) => Channel, closeDatabase: () => Promise<void>) {
  const channels = new Map<string, Channel>();
  return {
    channel(name: string): Channel {
      let channel = channels.get(name);
      if (!channel) {
        channel = open(name);
        channels.set(name, channel);
      }
      return channel;
    },
    async close() {
      await Promise.all([...channels.values()].map((channel) => channel.close()));
      channels.clear();
      await closeDatabase();
    },
  };
}

export { migrationsFolder } from './migrate';

/** Migrations and SQL functions run by server/db/migrate.ts (decision 0026): locked, one transaction. */
function logMigration(report: MigrateReport): void {
  const line = describeMigration(report);
  if (line) log.info(line);
}

/** Counts a failed call in the metrics: a promise's rejection, or a node-postgres callback's error. */
function counted<F extends (...args: never[]) => unknown>(fn: F, inFlight?: { n: number }): F {
  return function (this: unknown, ...args: never[]) {
    const last = args[args.length - 1] as unknown;
    if (typeof last === 'function') {
      args[args.length - 1] = ((err: unknown, ...rest: unknown[]) => {
        if (err) queryErrors.count++;
        return (last as (...a: unknown[]) => unknown)(err, ...rest);
      }) as never;
    }
    const result = fn.apply(this, args);
    if (result instanceof Promise) {
      if (inFlight) inFlight.n++;
      result.then(
        () => inFlight && inFlight.n--,
        () => {
          if (inFlight) inFlight.n--;
          queryErrors.count++;
        },
      );
    }
    return result;
  } as F;
}

/** PGlite runs one statement at a time: one in use, the rest waiting. */
function pgliteProbe(client: PGlite): DatabaseProbe {
  const inFlight = { n: 0 };
  client.query = counted(client.query.bind(client), inFlight) as typeof client.query;
  client.exec = counted(client.exec.bind(client), inFlight) as typeof client.exec;
  client.transaction = counted(client.transaction.bind(client), inFlight) as typeof client.transaction;
  return { pool: () => ({ size: 1, inUse: Math.min(inFlight.n, 1), waiting: Math.max(inFlight.n - 1, 0) }) };
}

/** node-postgres: its pool's counts; every connection's queries counted when they fail. */
function postgresProbe(pool: pg.Pool, size: number): DatabaseProbe {
  pool.on('connect', (client) => {
    client.query = counted(client.query.bind(client)) as typeof client.query;
  });
  return { pool: () => ({ size, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }) };
}

/** Wraps an open PGlite: migrations applied, ready to use. */
export async function fromPglite(client: PGlite, migrateNow = true): Promise<Database> {
  const probe = pgliteProbe(client);
  const db = drizzlePglite(client, { schema });
  if (migrateNow) logMigration(await migrate(pgliteRunner(client)));
  const typed = db as unknown as Db;
  const channels = withChannels((name) => pgliteChannel(client, name), () => client.close());
  return { db: typed, kind: 'pglite', inTransaction: drizzleTransactions(typed), probe, ...channels };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  return fromPglite(client);
}

export async function openPostgres(url: string, poolSize = 10, pooling: Pooling = {}): Promise<Database> {
  // A host that drops packets would otherwise hang every request; refused or slow connections answer 503.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle connection that dies (a database restart, a failover, an admin's terminate) emits
  // 'error' on the pool; unhandled, that would crash the server. The pool replaces the client.
  pool.on('error', (err) => log.warn({ err: { message: err.message } }, 'database: idle connection lost'));
  const probe = postgresProbe(pool, poolSize);
  const listenUrl = await prepareForPooler(pool, url, pooling); // decision 0028
  const db = drizzlePg(pool, { schema });
  logMigration(await migrate(poolRunner(pool)));
  const typed = db as unknown as Db;
  const listen = (name: string) => (listenUrl ? postgresChannel(listenUrl, name, (sql) => pool.query(sql)) : silentChannel());
  const channels = withChannels(listen, () => pool.end());
  return { db: typed, kind: 'postgres', inTransaction: postgresTransactions(typed, pool), probe, ...channels };
}

export async function openDatabase(opts: { url?: string; dataDir: string; poolSize?: number } & Pooling): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize, opts) : openPglite(opts.dataDir);
}

/** The server's settings that say which database to open (server/env.ts). */
interface DatabaseSettings {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_SIZE?: number;
  DATABASE_POOLER?: Pooling['pooler'];
  DATABASE_DIRECT_URL?: string;
}

/** The database the server's environment names (server/index.ts, and the bench's one-process server). */
export function openDatabaseOf(env: DatabaseSettings): Promise<Database> {
  return openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE, pooler: env.DATABASE_POOLER, directUrl: env.DATABASE_DIRECT_URL });
}
