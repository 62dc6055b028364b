import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionFileError } from '../../server/db/functions';
import { functionsFolder, migrate, migrationsFolder, pgliteRunner, poolRunner, type MigrateReport, type MigrationRunner } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { createTestDatabase, currentDatabaseUrl, dbKinds, pgTestUrl } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * SQL functions as source files (decision 0026): server/db/functions/<name>.sql replaces what the
 * migrations created, with identical bodies; a changed file is applied once, in the migrator's
 * locked transaction; an older body never comes back; a signature or result never changes under
 * one name; a process calling the function while a new body lands keeps working.
 */

const FUNCTIONS = `
  SELECT p.proname AS name, p.prosrc AS body, pg_get_function_identity_arguments(p.oid) AS args, pg_get_function_result(p.oid) AS result
    FROM pg_proc AS p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1, 3`;

/** A copy of the functions folder with `edit` applied to one file. */
function editedFunctions(name: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-fn-'));
  cpSync(functionsFolder, dir, { recursive: true });
  const file = join(dir, `${name}.sql`);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return dir;
}

const marked = (marker: string) => (text: string) => text.replace(/\nEND\n\$\$;\n$/, () => `\n\t-- ${marker}\nEND\n$$;\n`);

describe('function files take over from the migrations (PGlite)', () => {
  it('a fresh database gets the functions the migrations created, with their arguments and results, and the files\' bodies', async () => {
    const byMigrations = new PGlite();
    await drizzleMigrate(drizzle(byMigrations), { migrationsFolder });
    type Fn = { name: string; body: string; args: string; result: string };
    // The bodies were the migrations' byte for byte when the files took over; a file changes its
    // body from then on (kp_digit_bets since issue 27), never its arguments or result.
    const fileBody = (name: string) => /\$\$([\s\S]*)\$\$;\s*$/.exec(readFileSync(join(functionsFolder, `${name}.sql`), 'utf8'))![1];
    const expected = (await byMigrations.query<Fn>(FUNCTIONS)).rows.map((f) => ({ ...f, body: fileBody(f.name) }));
    const ours = new PGlite();
    const report = await migrate(pgliteRunner(ours));
    expect(report.functions.length).toBe(expected.length);
    expect((await ours.query(FUNCTIONS)).rows).toEqual(expected);
    // Nothing to do the second time.
    expect(await migrate(pgliteRunner(ours))).toMatchObject({ applied: [], functions: [], kept: [] });
    await Promise.all([byMigrations.close(), ours.close()]);
  }, 60_000);
});

describe.each(dbKinds)('changing a function file (%s)', (kind) => {
  let close: () => Promise<void>;
  let runner: MigrationRunner;
  let query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  const dirs: string[] = [];
  const folder = (dir: string) => (dirs.push(dir), dir);

  beforeAll(async () => {
    if (kind === 'pglite') {
      const client = new PGlite();
      runner = pgliteRunner(client);
      query = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
      close = () => client.close();
    } else {
      const database = await createTestDatabase('postgres');
      const pool = new pg.Pool({ connectionString: await currentDatabaseUrl(database), max: 1 });
      runner = poolRunner(pool);
      query = async (text, params) => (await pool.query(text, params)).rows;
      close = async () => (await pool.end(), await database.close());
    }
    await migrate(runner);
  }, 60_000);
  afterAll(async () => {
    await close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const body = async (name: string) => (await query('SELECT prosrc FROM pg_proc WHERE proname = $1', [name])).map((r) => r.prosrc as string);
  const shapes = async (name: string) =>
    (await query('SELECT pg_get_function_identity_arguments(oid) AS a, pg_get_function_result(oid) AS r FROM pg_proc WHERE proname = $1', [name])).map((r) => `${r.a} -> ${r.r}`);
  const history = async () => (await query('SELECT name, sha256 FROM drizzle.kp_sql_functions ORDER BY id')).map((r) => `${r.name}:${r.sha256}`);

  it('a changed body is applied once, and the older body is not put back (an old process restarting)', async () => {
    const v2 = folder(editedFunctions('kp_digit_win', marked('v2: a body change')));
    expect(await migrate(runner, { functionsFolder: v2 })).toMatchObject({ functions: ['kp_digit_win'], kept: [] });
    expect((await body('kp_digit_win'))[0]).toContain('v2: a body change');
    expect(await migrate(runner, { functionsFolder: v2 })).toMatchObject({ functions: [], kept: [] });
    // The release before (today's file) starts again: it keeps the newer body.
    expect(await migrate(runner)).toMatchObject({ functions: [], kept: ['kp_digit_win'] });
    expect((await body('kp_digit_win'))[0]).toContain('v2: a body change');
    // The function still computes what it did: a 5 on digit 5 pays `five`.
    expect(await query('SELECT kp_digit_win($1, $2, $3, $4, $5, $6, $7)::text AS w', ['digit', 5, 5, 100, 5, 10, 2])).toEqual([{ w: '1000' }]);
  });

  it('an added argument under the same name is refused, and nothing is committed', async () => {
    const before = { shapes: await shapes('kp_digit_win'), history: await history() };
    const wider = folder(editedFunctions('kp_digit_win', (t) => t.replace('payout_big_small bigint)', 'payout_big_small bigint, bonus bigint)')));
    const refused = migrate(runner, { functionsFolder: wider });
    await expect(refused).rejects.toBeInstanceOf(FunctionFileError);
    await expect(refused).rejects.toThrow(/kp_digit_win\.sql refused: the database has \(bet_type text, .*payout_big_small bigint\) → bigint, .*bonus bigint\) → bigint/);
    expect(await shapes('kp_digit_win')).toEqual(before.shapes);
    expect(await history()).toEqual(before.history);
  });

  it('a changed result under the same name is refused', async () => {
    const before = await shapes('kp_digit_roll');
    const wider = folder(editedFunctions('kp_digit_roll', (t) => t.replace('RETURNS int', 'RETURNS bigint')));
    await expect(migrate(runner, { functionsFolder: wider })).rejects.toThrow(/kp_digit_roll\.sql refused: .*cannot change return type/);
    expect(await shapes('kp_digit_roll')).toEqual(before);
  });

  it('a file that defines another function than its name is refused before anything runs', async () => {
    const dir = folder(editedFunctions('kp_digit_roll', (t) => t.replace('FUNCTION "kp_digit_roll"', 'FUNCTION "kp_digit_roll_two"')));
    await expect(migrate(runner, { functionsFolder: dir })).rejects.toThrow(/kp_digit_roll\.sql refused: it must hold exactly one CREATE OR REPLACE FUNCTION "kp_digit_roll"/);
    expect(await shapes('kp_digit_roll_two')).toEqual([]);
  });
});

describe.runIf(pgTestUrl)('a rolling deploy: the old process bets while the new kp_digit_bets lands (PostgreSQL)', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer('postgres');
    await seedDemo(server.database.db);
    dir = editedFunctions('kp_digit_bets', marked('v2: the next release'));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every bet placed before, during and after the new body is applied is answered and booked', async () => {
    const players = await Promise.all([0, 1, 2, 3].map(() => registerPlayer(server)));
    for (const p of players) await fund(server.database.db, p.id, { game: 1_000 });
    const statuses: number[] = [];
    let stop = false;
    const bettor = async (token: string) => {
      while (!stop) statuses.push((await server.call('POST', '/api/digitbet', { token, body: { bet_type: 'small', bet_amount: 1, multiplier: 1 } })).status);
    };
    const running = players.map((p) => bettor(p.token));
    let report: MigrateReport | undefined;
    let rows: { prosrc: string }[] = [];
    let before = 0;
    let during = 0;
    try {
      await new Promise((r) => setTimeout(r, 400));
      before = statuses.length;
      // The new release's start, as its own process would: its own connection, its own transaction.
      const pool = new pg.Pool({ connectionString: await currentDatabaseUrl(server.database), max: 1 });
      report = await migrate(poolRunner(pool), { functionsFolder: dir });
      ({ rows } = await pool.query<{ prosrc: string }>(`SELECT prosrc FROM pg_proc WHERE proname = 'kp_digit_bets'`));
      await pool.end();
      during = statuses.length;
      await new Promise((r) => setTimeout(r, 400));
    } finally {
      stop = true;
      await Promise.all(running);
    }
    expect(report?.functions).toEqual(['kp_digit_bets']);
    expect(rows[0]?.prosrc).toContain('v2: the next release');
    expect(before).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(during);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (const p of players) expectBalanced(await books(server.database.db, p.id));
  }, 60_000);
});
