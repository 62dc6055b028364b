import { execFile, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationEditedError, migrate, migrationsFolder, pgliteRunner, poolRunner, readMigrations } from '../../server/db/migrate';
import { checksumProblems, listedChecksums, migrationChecksums } from '../../scripts/db-migrations';
import { dbKinds, emptyPostgres, pgTestUrl } from '../support/db';

/**
 * Migrations that tell the truth (issue 24, decision 0026): drizzle-kit's snapshot describes
 * schema.ts, the released migrations keep their bytes, and the migrator runs under a lock in one
 * transaction, refusing a database whose applied migration was edited afterwards.
 */

const ROOT = resolve(__dirname, '..', '..');
const run = promisify(execFile);
const KIT = join(ROOT, 'node_modules', '.bin', 'drizzle-kit');
const tags = readMigrations(migrationsFolder).map((m) => m.tag);

/** A scratch folder inside the checkout: drizzle-kit wants `out` relative to where it runs. */
function scratch(prefix: string): string {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  return mkdtempSync(join(ROOT, '.tmp', prefix));
}

function kitConfig(dir: string, extra: string): string {
  const file = join(dir, 'drizzle.config.ts');
  writeFileSync(file, `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './server/db/schema.ts', ${extra} });\n`);
  return file;
}

async function kit(args: string[]): Promise<string> {
  const { stdout, stderr } = await run(KIT, args, { cwd: ROOT, timeout: 120_000, env: { ...process.env, FORCE_COLOR: '0' } });
  return `${stdout}\n${stderr}`;
}

const listing = (dir: string) => [...readdirSync(dir).sort(), ...readdirSync(join(dir, 'meta')).sort()];

describe('drizzle-kit and schema.ts', () => {
  let dir: string;
  beforeAll(() => {
    dir = scratch('kp-kit-');
    cpSync(migrationsFolder, join(dir, 'migrations'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generate on the unchanged schema writes nothing; check passes', async () => {
    const out = relative(ROOT, join(dir, 'migrations'));
    const config = kitConfig(dir, `out: './${out}'`);
    const before = listing(join(dir, 'migrations'));
    const journal = readFileSync(join(dir, 'migrations', 'meta', '_journal.json'));
    expect(await kit(['generate', '--config', config])).toContain('No schema changes, nothing to migrate');
    expect(listing(join(dir, 'migrations'))).toEqual(before);
    expect(readFileSync(join(dir, 'migrations', 'meta', '_journal.json')).equals(journal)).toBe(true);
    expect(await kit(['check', '--config', config])).toContain("Everything's fine");
  }, 120_000);
});

describe('released migrations keep their bytes (server/db/migrations/checksums.json)', () => {
  it('every migration is listed with the sha256 of its bytes, and every listed one exists', () => {
    expect(checksumProblems(listedChecksums(), migrationChecksums())).toEqual([]);
    expect(Object.keys(listedChecksums())).toEqual(expect.arrayContaining(tags));
  });

  it('an edited, an unlisted and a missing migration are each reported', () => {
    const dir = mkdtempSync(join(ROOT, '.tmp', 'kp-sums-'));
    try {
      cpSync(migrationsFolder, dir, { recursive: true });
      appendFileSync(join(dir, '0014_digit_bet_function.sql'), '\n-- a "fix"\n');
      writeFileSync(join(dir, '9999_stray.sql'), 'SELECT 1;');
      unlinkSync(join(dir, '0007_two_d_sim.sql'));
      expect(checksumProblems(listedChecksums(), migrationChecksums(dir)).sort()).toEqual([
        '0007_two_d_sim: listed but missing',
        '0014_digit_bet_function: bytes changed after release',
        '9999_stray: not in checksums.json (npm run db:checksums)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(pgTestUrl)('schema.ts agrees with the migrations (PostgreSQL, drizzle-kit push)', () => {
  /**
   * `drizzle-kit push` compares schema.ts with a database the migrations built. Its programmatic
   * twin (pushSchema in drizzle-kit/api 0.31) cannot read this schema: it drops the parameters of
   * its composite-primary-key query ("bind message supplies 0 parameters"), so the CLI is used.
   * What it reports is exactly this list, and none of it is a difference in behaviour (the test
   * proves it on the database after push ran them):
   *  - three foreign keys whose names differ: 0011 wrote operator_sessions_/audit_log_operator_id_fkey
   *    by hand, and PostgreSQL cuts drizzle's deposit_requests name to 63 characters, so drizzle-kit
   *    never finds it; same columns, target and ON DELETE (asserted below);
   *  - seven bigint defaults: drizzle-kit reads a bigint column's `0` back as a string and proposes
   *    SET DEFAULT 0 for a column whose default already is 0 (asserted unchanged below).
   */
  const EXPECTED = [
    'ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;',
    'ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_operator_id_fkey";',
    'ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_agent_payment_account_id_agent_payment_accounts_id_fk" FOREIGN KEY ("agent_payment_account_id") REFERENCES "public"."agent_payment_accounts"("id") ON DELETE no action ON UPDATE no action;',
    'ALTER TABLE "deposit_requests" DROP CONSTRAINT "deposit_requests_agent_payment_account_id_agent_payment_account";',
    'ALTER TABLE "digit_bets" ALTER COLUMN "win_amount" SET DEFAULT 0;',
    'ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;',
    'ALTER TABLE "operator_sessions" DROP CONSTRAINT "operator_sessions_operator_id_fkey";',
    'ALTER TABLE "seamless_wagers" ALTER COLUMN "bet_amount" SET DEFAULT 0;',
    'ALTER TABLE "seamless_wagers" ALTER COLUMN "payout" SET DEFAULT 0;',
    'ALTER TABLE "two_d_bets" ALTER COLUMN "prize_amount" SET DEFAULT 0;',
    'ALTER TABLE "two_d_counters" ALTER COLUMN "staked" SET DEFAULT 0;',
    'ALTER TABLE "two_d_settlements" ALTER COLUMN "paid" SET DEFAULT 0;',
    'ALTER TABLE "users" ALTER COLUMN "balance" SET DEFAULT 0;',
    'ALTER TABLE "users" ALTER COLUMN "main_balance" SET DEFAULT 0;',
  ];
  const SHAPE = `
    SELECT 'fk ' || conrelid::regclass || ' ' || pg_get_constraintdef(oid) AS item FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace
    UNION ALL SELECT 'default ' || table_name || '.' || column_name || ' ' || column_default FROM information_schema.columns WHERE table_schema = 'public' AND column_default IS NOT NULL
    ORDER BY 1`;

  it('push proposes only the explained name and default differences, and they change nothing', async () => {
    const { url, drop } = await emptyPostgres('kp_mig');
    const dir = scratch('kp-push-');
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(poolRunner(pool));
      const before = (await pool.query<{ item: string }>(SHAPE)).rows.map((r) => r.item);
      const output = await kit(['push', '--verbose', '--config', kitConfig(dir, `dbCredentials: { url: ${JSON.stringify(url)} }`)]);
      const statements = output.split('\n').map((line) => line.trim()).filter((line) => /^(ALTER|CREATE|DROP) /.test(line));
      expect(statements.sort()).toEqual(EXPECTED);
      // After push ran them: every foreign key and default is what it was (only names changed).
      expect((await pool.query<{ item: string }>(SHAPE)).rows.map((r) => r.item)).toEqual(before);
    } finally {
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
      await drop();
    }
  }, 120_000);
});

describe.runIf(pgTestUrl)('migrating under a lock (PostgreSQL)', () => {
  const PROCESSES = 6;

  /** One server start each, as separate node processes: the real openPostgres, all released at one instant. */
  async function startProcesses(url: string, n: number): Promise<{ applied: string[]; functions: string[] }[]> {
    const at = Date.now() + 4_000;
    const script = join(__dirname, '..', 'support', 'migrate-process.ts');
    const runs = Array.from({ length: n }, () => run(join(ROOT, 'node_modules', '.bin', 'tsx'), [script, url, String(at)], { cwd: ROOT, timeout: 120_000 }));
    return (await Promise.all(runs)).map(({ stdout }) => JSON.parse(stdout.trim().split('\n').pop()!));
  }

  it(`${PROCESSES} processes starting at once on an empty database all start; each migration and function applied once`, async () => {
    const { url, drop } = await emptyPostgres('kp_mig');
    try {
      const reports = await startProcesses(url, PROCESSES);
      expect(reports).toHaveLength(PROCESSES);
      const appliers = reports.filter((r) => r.applied.length > 0);
      expect(appliers).toHaveLength(1);
      expect(appliers[0]!.applied).toEqual(tags);
      expect(reports.filter((r) => r.functions.length > 0)).toHaveLength(1);
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const rows = (await pool.query('SELECT created_at::text AS at, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY 1 ORDER BY 1')).rows;
      expect(rows).toHaveLength(tags.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      const functions = (await pool.query('SELECT name, count(*)::int AS n FROM drizzle.kp_sql_functions GROUP BY 1')).rows;
      expect(functions.length).toBe(readdirSync(join(ROOT, 'server', 'db', 'functions')).filter((f) => f.endsWith('.sql')).length);
      expect(functions.every((r) => r.n === 1)).toBe(true);
      await pool.end();
    } finally {
      await drop();
    }
  }, 180_000);

  it('independent pools (separate connections) migrating one empty database together: applied once', async () => {
    const { url, drop } = await emptyPostgres('kp_mig');
    const pools = Array.from({ length: 8 }, () => new pg.Pool({ connectionString: url, max: 1 }));
    try {
      const reports = await Promise.all(pools.map((pool) => migrate(poolRunner(pool))));
      expect(reports.map((r) => r.applied.length).sort((a, b) => b - a)).toEqual([tags.length, 0, 0, 0, 0, 0, 0, 0]);
      const { rows } = await pools[0]!.query('SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS distinct_n FROM drizzle.__drizzle_migrations');
      expect(rows[0]).toEqual({ n: tags.length, distinct_n: tags.length });
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await drop();
    }
  }, 120_000);
});

describe.each(dbKinds)('an applied migration edited afterwards (%s)', (kind) => {
  it('refuses to start, naming the migration, and applies nothing', async () => {
    const dir = scratch('kp-edit-');
    cpSync(migrationsFolder, dir, { recursive: true });
    const pg_ = kind === 'postgres' ? await emptyPostgres('kp_mig') : null;
    const pool = pg_ ? new pg.Pool({ connectionString: pg_.url, max: 1 }) : null;
    const lite = pg_ ? null : new PGlite();
    const runner = pool ? poolRunner(pool) : pgliteRunner(lite!);
    try {
      await migrate(runner, { migrationsFolder: dir });
      // A "fix" to the released function, made in place, and a new migration behind it.
      appendFileSync(join(dir, '0014_digit_bet_function.sql'), '\n--> statement-breakpoint\nCREATE TABLE "edited_fix" ("id" int);\n');
      const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8'));
      journal.entries.push({ idx: journal.entries.length, version: '7', when: 1899999999999, tag: '9999_next', breakpoints: true });
      writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
      writeFileSync(join(dir, '9999_next.sql'), 'CREATE TABLE "next_one" ("id" int);');
      const refused = migrate(runner, { migrationsFolder: dir });
      await expect(refused).rejects.toBeInstanceOf(MigrationEditedError);
      await expect(refused).rejects.toThrow(/migration 0014_digit_bet_function was changed after this database applied it/);
      const query = async (text: string) => (pool ? (await pool.query(text)).rows : (await lite!.query(text)).rows) as Record<string, unknown>[];
      expect(await query(`SELECT to_regclass('next_one') AS t, to_regclass('edited_fix') AS e`)).toEqual([{ t: null, e: null }]);
      expect(await query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([{ n: tags.length }]);
    } finally {
      await pool?.end();
      await lite?.close();
      await pg_?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(pgTestUrl)('the bundled server (dist-server) ships the migrations and the function files', () => {
  const BUNDLE = '.tmp/kp-migrations-bundle';
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: ROOT, env: { ...process.env, KP_SERVER_DIST: BUNDLE }, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`could not bundle the server: ${built.stderr}`);
  }, 60_000);
  afterAll(() => rmSync(join(ROOT, BUNDLE), { recursive: true, force: true }));

  /** Runs the bundle on `url` until it prints that it listens (then SIGTERM) or exits; its output and exit code. */
  function runBundle(url: string): Promise<{ output: string; code: number | null }> {
    const child = spawn(process.execPath, [`${BUNDLE}/index.js`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/KyatPlay on http/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    return new Promise((done) => child.once('exit', (code) => (clearTimeout(timer), done({ output, code }))));
  }

  it('starts on an empty database with every migration and function; refuses a database whose applied migration differs, by name', async () => {
    const { url, drop } = await emptyPostgres('kp_mig');
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const first = await runBundle(url);
      expect(first.output).toMatch(/KyatPlay on http/);
      expect((await pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n).toBe(tags.length);
      const files = readdirSync(join(ROOT, 'server', 'db', 'functions')).filter((f) => f.endsWith('.sql')).length;
      expect((await pool.query('SELECT count(*)::int AS n FROM drizzle.kp_sql_functions')).rows[0].n).toBe(files);
      // As if 0014 had been "fixed" in place after this database applied it.
      const when = readMigrations(migrationsFolder).find((m) => m.tag === '0014_digit_bet_function')!.when;
      await pool.query('UPDATE drizzle.__drizzle_migrations SET hash = $1 WHERE created_at = $2', ['0'.repeat(64), when]);
      const refused = await runBundle(url);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('migration 0014_digit_bet_function was changed after this database applied it');
      expect(refused.output).not.toMatch(/KyatPlay on http/);
    } finally {
      await pool.end();
      await drop();
    }
  }, 120_000);
});
