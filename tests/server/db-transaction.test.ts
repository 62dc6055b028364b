import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { groupedQuery } from '../../server/db/grouped-query';
import { agents } from '../../server/db/schema';
import { runStatement, statement } from '../../server/db/statement';
import { createTestDatabase, dbKinds, pgTestUrl } from '../support/db';

/**
 * Database.inTransaction (server/db/transaction.ts), the transaction the money routes run in: on
 * PostgreSQL its BEGIN travels with the first statement and its COMMIT with the last
 * (grouped-query.ts). Whatever the grouping, it commits all or nothing.
 */

const INSERT_AGENT = statement<{ id: string }>(
  'test_tx_insert_agent',
  `insert into agents (name, referral_code) values ($1::text, $2::text) returning id::text as id`,
);
/** Fails when PostgreSQL parses it. */
const BROKEN = statement<never>('test_tx_broken', `select * from no_such_table where x = $1::int`);
describe.each(dbKinds)('Database.inTransaction (%s)', (kind) => {
  let database: Database;
  let seq = 0;
  const code = () => `TX${kind}${++seq}`;
  const exists = async (referralCode: string) =>
    (await database.db.select().from(agents).where(eq(agents.referralCode, referralCode))).length === 1;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('commits drizzle statements and the statement that commits, together, and returns the result', async () => {
    const [a, b] = [code(), code()];
    const result = await database.inTransaction(async ({ tx, commitWith }) => {
      await tx.insert(agents).values({ name: 'A', referralCode: a });
      const [row] = await commitWith(INSERT_AGENT, ['B', b]);
      return Number(row!.id);
    });
    expect(result).toBeGreaterThan(0);
    expect([await exists(a), await exists(b)]).toEqual([true, true]);
  });

  it('a throw rolls back every statement before it', async () => {
    const [a, b] = [code(), code()];
    const boom = new Error('refused');
    await expect(
      database.inTransaction(async ({ tx }) => {
        await runStatement(tx, INSERT_AGENT, ['A', a]);
        await tx.insert(agents).values({ name: 'B', referralCode: b });
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect([await exists(a), await exists(b)]).toEqual([false, false]);
  });

  it('a failing last statement commits nothing', async () => {
    const [a, taken] = [code(), code()];
    await database.db.insert(agents).values({ name: 'Taken', referralCode: taken });
    await expect(
      database.inTransaction(async ({ tx, commitWith }) => {
        await runStatement(tx, INSERT_AGENT, ['A', a]);
        await commitWith(INSERT_AGENT, ['Duplicate', taken]); // unique violation
      }),
    ).rejects.toThrow();
    expect(await exists(a)).toBe(false);
  });

  it('a failing first statement leaves nothing, and the connections it used work afterwards', async () => {
    // More rounds than the pool has connections, so that the failure meets fresh and reused ones.
    for (let round = 0; round < 25; round++) {
      await expect(database.inTransaction(({ tx }) => runStatement(tx, BROKEN, [round]))).rejects.toThrow(/no_such_table/);
      const a = code();
      await database.inTransaction(async ({ tx, commitWith }) => {
        await runStatement(tx, INSERT_AGENT, ['A', a]);
        await commitWith(INSERT_AGENT, ['B', code()]);
      });
      expect(await exists(a)).toBe(true);
    }
  });

  it('without commitWith, commits when the work returns', async () => {
    const a = code();
    await database.inTransaction(async ({ tx }) => {
      await tx.insert(agents).values({ name: 'A', referralCode: a });
    });
    expect(await exists(a)).toBe(true);
  });

  it('a single statement that begins and commits, and work that sends nothing', async () => {
    const a = code();
    await database.inTransaction(({ commitWith }) => commitWith(INSERT_AGENT, ['A', a]));
    expect(await exists(a)).toBe(true);
    expect(await database.inTransaction(async () => 'nothing sent')).toBe('nothing sent');
  });

  it('concurrent transactions each see only their own uncommitted rows', async () => {
    const codes = Array.from({ length: 30 }, code);
    await Promise.all(
      codes.map((c, i) =>
        database
          .inTransaction(async ({ tx, commitWith }) => {
            await runStatement(tx, INSERT_AGENT, ['A', c]);
            if (i % 3 === 0) throw new Error('rolled back');
            await commitWith(INSERT_AGENT, ['B', `${c}b`]);
          })
          .catch(() => undefined),
      ),
    );
    const found = await Promise.all(codes.map(exists));
    expect(found).toEqual(codes.map((_, i) => i % 3 !== 0));
  });

  if (kind === 'postgres') {
    it('nothing runs on the transaction once commitWith has committed it', async () => {
      const [a, b] = [code(), code()];
      const failure = await database
        .inTransaction(async ({ tx, commitWith }) => {
          await commitWith(INSERT_AGENT, ['A', a]);
          await tx.insert(agents).values({ name: 'B', referralCode: b });
        })
        .catch((err: Error) => err);
      // drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
      expect(String((failure as Error).cause)).toMatch(/outside its transaction/);
      expect([await exists(a), await exists(b)]).toEqual([true, false]);
    });
  }
});

/** The grouping itself, on one plain connection: what PostgreSQL runs and skips, and pg's bookkeeping. */
describe.runIf(pgTestUrl)('groupedQuery (postgres)', () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: pgTestUrl! });
    await client.connect();
    await client.query('create temporary table grouped_t (x int unique)');
  });
  afterAll(async () => {
    await client?.end();
  });

  const count = async () => (await client.query('select count(*)::int as n from grouped_t')).rows[0].n as number;

  it('BEGIN with a statement opens a transaction; a statement with COMMIT ends it', async () => {
    const first = await groupedQuery(client, { text: 'insert into grouped_t values ($1) returning x', values: [1] }, { begin: true, commit: false });
    expect(first.rows).toEqual([{ x: 1 }]);
    expect(client.getTransactionStatus()).toBe('T');
    const last = await groupedQuery(client, { text: 'insert into grouped_t values ($1) returning x', values: [2] }, { begin: false, commit: true });
    expect(last.rows).toEqual([{ x: 2 }]);
    expect(client.getTransactionStatus()).toBe('I');
    expect(await count()).toBe(2);
    await client.query('delete from grouped_t');
  });

  it('COMMIT does not run after its statement failed: the transaction stays open, aborted, for ROLLBACK', async () => {
    await groupedQuery(client, { text: 'insert into grouped_t values ($1)', values: [7] }, { begin: true, commit: false });
    await expect(
      groupedQuery(client, { text: 'insert into grouped_t values ($1)', values: [7] }, { begin: false, commit: true }),
    ).rejects.toThrow(/duplicate key/);
    // Had COMMIT run, it would have ended the transaction (as a rollback) and this would succeed.
    await expect(client.query('select 1')).rejects.toThrow(/current transaction is aborted/);
    await client.query('rollback');
    expect(await count()).toBe(0);
  });

  it('a named statement whose group failed before its Parse completed is parsed again next time', async () => {
    // An aborted transaction refuses everything but ROLLBACK, the Parse included.
    await client.query('begin');
    await client.query('select 1/0').catch(() => undefined);
    const named = { name: 'grouped_named', text: 'select $1::int as n' };
    try {
      await expect(groupedQuery(client, { ...named, values: [1] }, { begin: true, commit: false })).rejects.toThrow(/aborted/);
    } finally {
      await client.query('rollback');
    }
    // Had pg counted BEGIN's ParseComplete as the statement's, this would bind a statement that does not exist.
    const again = await groupedQuery(client, { ...named, values: [2] }, { begin: true, commit: true });
    expect(again.rows).toEqual([{ n: 2 }]);
    const reused = await groupedQuery(client, { ...named, values: [3] }, { begin: true, commit: true });
    expect(reused.rows).toEqual([{ n: 3 }]);
    expect(client.getTransactionStatus()).toBe('I');
  });

  it('an unnamed statement after BEGIN runs itself, not BEGIN', async () => {
    const result = await groupedQuery(client, { text: 'select $1::text as t', values: ['own'] }, { begin: true, commit: true });
    expect(result.rows).toEqual([{ t: 'own' }]);
  });
});
