import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Whether an error means the database cannot be reached right now (rather than that a query was
 * wrong): the answer is then 503 with Retry-After, which clients and load balancers retry,
 * instead of a 500. Recognised through drizzle's `cause` chain, for node-postgres and PGlite.
 */

/** Socket-level failures reaching PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01–57P03 (shutting
 * down, crashed, not accepting connections yet), 53300 (too many connections).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** node-postgres' and PGlite's own wording for a lost or closed connection. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  'database did not answer', // ours: readiness timeout
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : undefined;
    if (code && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (MESSAGES.some((m) => message.includes(m))) return true;
    // Node's AggregateError (ECONNREFUSED on both ::1 and 127.0.0.1) carries its reasons in `errors`.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = candidate.cause;
  }
  return false;
}

/** Seconds a client should wait before retrying after a 503. */
export const DB_RETRY_AFTER_SECONDS = 5;
/** How long /readyz waits for `select 1`. */
export const READY_TIMEOUT_MS = 2000;

/** Runs `select 1`, failing after `timeoutMs`: the readiness probe (GET /readyz). */
export async function databaseReady(database: Database, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database did not answer')), timeoutMs);
  });
  try {
    await Promise.race([database.db.execute(sql`select 1`), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
