import { createRequire } from 'node:module';
import pg from 'pg';
import { nameOn } from './statement';

/**
 * One statement (groupedQuery) sent to PostgreSQL together with BEGIN before and/or COMMIT
 * after: one write, one Sync, one round trip, where node-postgres
 * would spend one per command. Each round trip costs the server a write and a read on the
 * socket and a turn of the event loop, which is most of what an exchange costs it
 * (bench/money.ts).
 *
 * It is as safe as sending them one by one because of the Sync: after an error PostgreSQL skips
 * every message up to the next Sync (protocol docs, "Pipelining"). So the statement never runs
 * if BEGIN failed, and COMMIT never runs if the statement failed (the transaction is left
 * aborted, for the caller's ROLLBACK). Results: the statement's own; a COMMIT that the server
 * answers with anything else is an error.
 *
 * It is pg's own Query with a different sequence of extended-protocol messages, so pg's result
 * handling (several results in one Sync group, row modes, type parsers) serves it unchanged.
 */
export interface Grouping {
  begin: boolean;
  commit: boolean;
}

export interface GroupedConfig {
  text: string;
  /** Named statements are parsed once per connection. */
  name?: string;
  values?: unknown[];
  rowMode?: 'array';
  types?: unknown;
}

/** pg's QueryResult, enough of it for callers (drizzle reads rows and fields). */
export type GroupedResult = pg.QueryResult;

/** The internals of pg's Query and Connection used here: the same calls pg's Query.prepare makes. */
interface Wire {
  parse(msg: { text: string; name?: string; types?: unknown }): void;
  bind(msg: { portal?: string; statement?: string; values?: unknown[]; binary?: boolean }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(msg: { portal?: string }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
}
interface QueryInternals {
  text: string;
  name?: string;
  values?: unknown[];
  types?: unknown;
  portal: string;
  binary?: boolean;
  callback?: (err: Error | null, results?: GroupedResult | GroupedResult[]) => void;
  hasBeenParsed(connection: Wire): boolean;
  submit(connection: Wire): Error | null;
}
const PgQuery = pg.Query as unknown as new (config: GroupedConfig) => QueryInternals;
/** pg's conversion of JS values to parameters (Dates, Buffers, arrays, JSON), as Query.prepare uses. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

class GroupedQuery extends PgQuery {
  private mapped: unknown[] = [];

  constructor(
    config: GroupedConfig,
    private readonly grouping: Grouping,
  ) {
    super(config);
  }

  override submit(connection: Wire): Error | null {
    // Converted before anything is written: a value that cannot be sent fails the query alone.
    try {
      this.mapped = (this.values ?? []).map((v) => prepareValue(v));
    } catch (err) {
      return err as Error;
    }
    return super.submit(connection); // checks, then corks the socket around prepare()
  }

  /** pg sends a query without parameters as a simple query; this one always uses the extended protocol. */
  requiresPreparation(): boolean {
    return true;
  }

  prepare(connection: Wire): void {
    // BEGIN and COMMIT use the unnamed statement. A named statement is parsed before BEGIN: pg
    // marks it parsed at the first ParseComplete it sees while this query runs, which must be
    // its own (were BEGIN to fail, its own Parse would be skipped). An unnamed one is parsed
    // after BEGIN, which would otherwise replace it.
    const parseNamed = this.name !== undefined && !this.hasBeenParsed(connection);
    if (parseNamed) {
      connection.parse({ text: this.text, name: this.name, types: this.types });
      connection.submittedNamedStatements[this.name!] = this.text;
    }
    if (this.grouping.begin) control(connection, 'begin');
    if (this.name === undefined) connection.parse({ text: this.text, types: this.types });
    connection.bind({ portal: this.portal, statement: this.name, values: this.mapped, binary: this.binary });
    connection.describe({ type: 'P', name: this.portal });
    connection.execute({ portal: this.portal });
    if (this.grouping.commit) control(connection, 'commit');
    connection.sync();
  }
}

/** A command without parameters or rows, through the unnamed statement and portal. */
function control(connection: Wire, command: 'begin' | 'commit'): void {
  connection.parse({ text: command });
  connection.bind({});
  connection.execute({});
}

/** Runs `config` on `client` with BEGIN before it and/or COMMIT after it, in one round trip. */
export function groupedQuery(client: pg.ClientBase, config: GroupedConfig, grouping: Grouping): Promise<GroupedResult> {
  return new Promise((resolve, reject) => {
    const query = new GroupedQuery({ ...config, name: nameOn(client, config.name) }, grouping);
    query.callback = (err, results) => {
      if (err) return reject(err);
      const all = Array.isArray(results) ? results : [results!];
      const own = all[grouping.begin ? 1 : 0];
      const committed = all[all.length - 1]?.command === 'COMMIT';
      if (grouping.begin && all[0]?.command !== 'BEGIN') return reject(new Error(`BEGIN answered ${all[0]?.command}`));
      if (grouping.commit && !committed) return reject(new Error(`COMMIT answered ${all[all.length - 1]?.command}`));
      resolve(own!);
    };
    client.query(query as unknown as pg.Submittable);
  });
}
