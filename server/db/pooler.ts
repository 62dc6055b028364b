import pg from 'pg';
import { sendUnnamed } from './statement';
import { log } from '../lib/log';

/**
 * PostgreSQL behind a connection pooler (decision 0028, docs/operator.md § Connection poolers).
 * In transaction mode (PgBouncer, pgcat, Supabase's pooler) each transaction runs on whichever
 * server connection is free, so nothing may outlive one: no named prepared statements (sent
 * unnamed instead, statement.ts) and no LISTEN (it goes over `directUrl`, a connection straight
 * to PostgreSQL, or the caches fall back to never trusting themselves). Session mode behaves as
 * a direct connection.
 */
export type PoolerMode = 'auto' | 'none' | 'transaction';

export interface Pooling {
  /** auto (the default): find out at start; none: direct, or a pooler in session mode. */
  pooler?: PoolerMode;
  /** Where LISTEN connects when DATABASE_URL reaches a transaction-mode pooler. */
  directUrl?: string;
}

/**
 * Whether two connections through `url` were served by one PostgreSQL backend. Only a pooler
 * that hands server connections out per transaction does that: directly, or in session mode, a
 * backend serves one client until it disconnects, and the first client here is still connected.
 * It can prove a pooler, never its absence (a busy one may hand the second client another).
 */
export async function sharesBackends(url: string): Promise<boolean> {
  const clients = [0, 1].map(() => new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 }));
  try {
    const pids: unknown[] = [];
    for (const client of clients) {
      await client.connect();
      pids.push((await client.query('select pg_backend_pid() as pid')).rows[0]?.pid);
    }
    return pids[0] === pids[1];
  } catch {
    return false; // the start's own connection reports an unreachable database
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  }
}

/**
 * Sets `pool` up for what is in front of PostgreSQL and returns the URL LISTEN may use (undefined:
 * none, the channels stay silent). Says at start what a transaction-mode pooler costs.
 */
export async function prepareForPooler(pool: pg.Pool, url: string, pooling: Pooling): Promise<string | undefined> {
  const mode = pooling.pooler ?? 'auto';
  if (mode === 'none') return url;
  if (mode === 'auto') {
    if (!(await sharesBackends(url))) return url;
    log.warn(
      'database: DATABASE_URL reaches a pooler in transaction mode (two connections were served by one backend): ' +
        'statements go unnamed. Set DATABASE_POOLER=transaction to say so.',
    );
  }
  pool.on('connect', (client) => sendUnnamed(client));
  if (pooling.directUrl) return pooling.directUrl;
  log.warn(
    'database: behind a transaction-mode pooler without DATABASE_DIRECT_URL: no LISTEN, so the session ' +
      'cache never trusts itself (every request looks its token up: correct, slower). ' +
      'Set DATABASE_DIRECT_URL to a connection straight to PostgreSQL.',
  );
  return undefined;
}
