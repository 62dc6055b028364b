import { NodePgSession } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

/**
 * Hand-written SQL for the hottest statements (money, sessions), run on the connection a drizzle
 * handle is bound to (the pool, or a transaction's connection), without drizzle's query
 * building and result mapping on every call. On node-postgres the statement is named, so each
 * pooled connection parses and plans it once; PGlite runs it as a plain parameterised query.
 * Behind a pooler in transaction mode (DATABASE_POOLER=transaction, decision 0028) it goes
 * unnamed: the server connection that parsed a name is not the one the next Bind reaches.
 * Rows come back as the driver gives them: cast bigint and money columns to text in the SQL.
 */
export interface Statement<Row> {
  /** Unique per SQL text: node-postgres refuses one name for two texts on a connection. */
  readonly name: string;
  readonly text: string;
  /** Only carries the row type. */
  readonly row?: Row;
}

/** A parameter as the drivers send it: text, a number, or SQL null. */
export type Param = string | number | null;

export function statement<Row>(name: string, text: string): Statement<Row> {
  return { name, text };
}

/**
 * The connections that must not name statements: PgBouncer (1.18, Debian's) and other
 * transaction-mode poolers hand each transaction whichever server connection is free, so a name
 * parsed on one is unknown on the next ("prepared statement does not exist") or, worse, another
 * process's statement of that name. Marked by openPostgres (pooler.ts) as the pool opens them.
 */
const unnamed = new WeakSet<object>();

/**
 * From now on `client` sends every statement unnamed: whatever hands pg a config with a name
 * (runStatement, drizzle's `.prepare(name)`, the transaction link) has it dropped here, and
 * grouped-query.ts asks `nameOn` for the statements it sends itself.
 */
export function sendUnnamed(client: pg.ClientBase): void {
  if (unnamed.has(client)) return;
  unnamed.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const withoutName = (config: unknown) =>
    typeof config === 'object' && config !== null && 'name' in config && typeof (config as { submit?: unknown }).submit !== 'function'
      ? { ...config, name: undefined }
      : config;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => query(withoutName(config), ...rest);
}

/** The name to send a statement under on `client`: its own, or none behind a transaction-mode pooler. */
export function nameOn(client: object, name: string | undefined): string | undefined {
  return name !== undefined && unnamed.has(client) ? undefined : name;
}

/** What both drivers' clients (pg Pool, PoolClient, PGlite, PGlite's transaction) offer. */
interface NodePgClient {
  query(config: { name: string | undefined; text: string; values: Param[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteClient {
  query(text: string, params: Param[]): Promise<{ rows: unknown[] }>;
}

/** A drizzle database or transaction (both keep their session in `_`). */
interface DrizzleHandle {
  readonly _: { readonly session: unknown };
}

export async function runStatement<Row>(on: DrizzleHandle, s: Statement<Row>, params: Param[]): Promise<Row[]> {
  const session = on._.session;
  // drizzle keeps the driver's client on its session; there is no public accessor.
  const client = (session as unknown as { client: unknown }).client;
  if (session instanceof NodePgSession) {
    const result = await (client as NodePgClient).query({ name: s.name, text: s.text, values: params });
    return result.rows as Row[];
  }
  const result = await (client as PgliteClient).query(s.text, params);
  return result.rows as Row[];
}
