import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './types';
import { groupedQuery, type GroupedConfig } from './grouped-query';
import { runStatement, type Param, type Statement } from './statement';

/**
 * A transaction for the money routes, one round trip shorter at each end on PostgreSQL: BEGIN
 * travels with the transaction's first statement and COMMIT with its last (grouped-query.ts),
 * so an idempotent exchange costs four round trips instead of six. Same guarantees as
 * `db.transaction`: everything commits together or not at all, and a throw rolls it back.
 */
export interface Transaction {
  /** The drizzle handle for domain code (applyMovements, inserts, selects). */
  tx: Tx;
  /**
   * Runs the transaction's last statement and commits with it. Once it resolves the transaction
   * is committed and over: nothing may run on `tx` afterwards, and nothing thrown afterwards
   * undoes it, so return straight after.
   */
  commitWith<Row>(s: Statement<Row>, params: Param[]): Promise<Row[]>;
}

export type InTransaction = <T>(work: (t: Transaction) => Promise<T>) => Promise<T>;

/** PGlite (its round trips stay inside the process): drizzle's transaction. */
export function drizzleTransactions(db: Db): InTransaction {
  return (work) =>
    db.transaction((tx) => work({ tx, commitWith: (s, params) => runStatement(tx, s, params) }));
}

/** node-postgres: a pooled connection per transaction, BEGIN and COMMIT grouped with statements. */
export function postgresTransactions(db: Db, pool: pg.Pool): InTransaction {
  const links = new WeakMap<pg.PoolClient, Link>();
  return async (work) => {
    const client = await pool.connect();
    let link = links.get(client);
    if (!link) links.set(client, (link = new Link(client, db)));
    link.state = 'begin-pending';
    let broken: Error | undefined;
    try {
      const result = await work(link);
      await link.finish();
      return result;
    } catch (err) {
      broken = await link.abort();
      throw err;
    } finally {
      link.state = 'idle';
      client.release(broken); // a connection whose ROLLBACK failed is discarded, not reused
    }
  };
}

type State = 'idle' | 'begin-pending' | 'open' | 'committed';

/**
 * One pooled connection as a transaction: drizzle's transaction object runs its statements
 * through `query` here, which sends the deferred BEGIN with the first of them. Kept for the
 * connection's lifetime so that drizzle's transaction object (which builds a query helper per
 * table) is made once per connection rather than per request.
 */
class Link implements Transaction {
  state: State = 'idle';
  readonly tx: Tx;

  constructor(
    private readonly client: pg.PoolClient,
    db: Db,
  ) {
    // drizzle builds these inside db.transaction(); the same parts, bound to this connection.
    // drizzle only ever calls query() on its client, which this provides.
    type SessionArgs = ConstructorParameters<typeof NodePgSession>;
    const { dialect } = db as unknown as { dialect: SessionArgs[1] };
    const schema = { schema: db._.schema, fullSchema: db._.fullSchema, tableNamesMap: db._.tableNamesMap };
    const session = new NodePgSession(this as unknown as SessionArgs[0], dialect, schema as never);
    this.tx = new NodePgTransaction(dialect, session, schema as never) as unknown as Tx;
  }

  /** drizzle's session and runStatement call this as they would call a pg client. */
  query(config: GroupedConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const withValues = values === undefined ? config : { ...config, values };
    switch (this.state) {
      case 'begin-pending':
        this.state = 'open';
        return groupedQuery(this.client, withValues, { begin: true, commit: false });
      case 'open':
        return this.client.query(withValues as pg.QueryConfig);
      default:
        return Promise.reject(new Error(`a statement outside its transaction (${this.state})`));
    }
  }

  /** A property, so that it can be destructured off the Transaction. */
  readonly commitWith = <Row>(s: Statement<Row>, params: Param[]) => this.commitGrouped(s, params);

  private async commitGrouped<Row>(s: Statement<Row>, params: Param[]): Promise<Row[]> {
    const begin = this.state === 'begin-pending';
    if (!begin && this.state !== 'open') throw new Error(`commitWith in a transaction that is ${this.state}`);
    if (begin) this.state = 'open'; // should it fail, BEGIN may have run: abort() rolls back
    const result = await groupedQuery(this.client, { name: s.name, text: s.text, values: params }, { begin, commit: true });
    this.state = 'committed';
    return result.rows as Row[];
  }

  /** The work returned: commit, unless it already did or never sent a statement. */
  async finish(): Promise<void> {
    if (this.state !== 'open') return;
    const { command } = await this.client.query('commit');
    this.state = 'committed';
    if (command !== 'COMMIT') throw new Error(`COMMIT answered ${command}`); // it had failed: rolled back
  }

  /** The work threw: roll back whatever began. Returns the error if the connection is unusable. */
  async abort(): Promise<Error | undefined> {
    if (this.state !== 'open') return undefined;
    try {
      await this.client.query('rollback');
      return undefined;
    } catch (err) {
      return err as Error;
    }
  }
}
