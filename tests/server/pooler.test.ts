import { sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import type { Database } from '../../server/db/client';
import { sharesBackends } from '../../server/db/pooler';
import { runStatement, statement } from '../../server/db/statement';
import { SESSION_CHANNEL } from '../../server/domain/session-cache';
import { readEnv, testEnv } from '../../server/env';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from '../../server/db/seed';
import { freePort } from '../support/free-port';
import { releaseDatabase } from '../support/pooler';
import { createTestDatabase, pgPooledUrl, pgPoolerAdminUrl, pgTestUrl, pooledKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { log } from '../../server/lib/log';

/**
 * Behind PgBouncer in transaction mode (decision 0028): what breaks without DATABASE_POOLER, what
 * the setting changes, how `auto` finds the pooler, and what falls back without DATABASE_DIRECT_URL.
 * The money, session-cache, Digit Bet batch and 2D settlement suites run pooled as well (`pooledKinds`).
 */

/** A named statement, as the money routes send them; the backend's pid shows which server connection ran it. */
const probe = statement<{ n: number; pid: number }>('kp_test_pooler_probe', 'select $1::int as n, pg_backend_pid() as pid');
/** The two ways the server names statements: runStatement (statement.ts), and drizzle's `.prepare(name)` (sessions.ts). */
const NAMED: Record<string, (database: Database) => () => Promise<number>> = {
  runStatement: (database) => async () => (await runStatement(database.db, probe, [1]))[0]!.pid,
  'drizzle .prepare': (database) => {
    const prepared = database.db
      .select({ pid: sql<number>`pg_backend_pid()` })
      .from(sql`(select 1) as one`)
      .prepare('kp_test_pooler_drizzle');
    return async () => (await prepared.execute())[0]!.pid;
  },
};

/**
 * Runs a named statement through the database's pool, then has another PgBouncer client hold the
 * server connection that parsed it (PgBouncer hands out the one released last) and runs it again:
 * the pool's connection is the same, the server connection behind it is not.
 */
async function acrossServerConnections(database: Database, named: () => Promise<number>): Promise<{ first: number; holder: number; second: () => Promise<number> }> {
  const first = await named();
  const holder = new pg.Client({ connectionString: await pooledUrlOf(database) });
  await holder.connect();
  await holder.query('begin');
  const { rows } = await holder.query('select pg_backend_pid() as pid');
  held.push(holder);
  return { first, holder: rows[0].pid, second: named };
}

const held: pg.Client[] = [];

/** A statement straight on the test PostgreSQL (its admin database, or `database`). */
async function adminQuery(text: string, database?: string): Promise<pg.QueryResult> {
  const url = new URL(pgTestUrl!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
async function pooledUrlOf(database: Database): Promise<string> {
  const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(pgPooledUrl!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

describe.each(pooledKinds.filter((k) => k === 'pooled'))('behind PgBouncer in transaction mode (%s)', (kind) => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const client of held.splice(0)) await client.end().catch(() => undefined);
    for (const thing of open.splice(0).reverse()) await thing.close();
    vi.restoreAllMocks();
  });

  it.each(Object.keys(NAMED))('DATABASE_POOLER=none: a statement named on one server connection is unknown on the next (%s; the hazard is real)', async (how) => {
    const database = await createTestDatabase(kind, { pooler: 'none' });
    open.push(database);
    const run = await acrossServerConnections(database, NAMED[how]!(database));
    expect(run.holder, 'the holder took the server connection that parsed the name').toBe(run.first);
    const failure = await run.second().then(
      () => 'it ran',
      (err: Error) => err.cause ?? err, // drizzle wraps the driver's error
    );
    expect(failure).toMatchObject({ code: '26000', message: expect.stringMatching(/prepared statement "kp_test_pooler_\w+" does not exist/) });
  });

  it.each(Object.keys(NAMED))('DATABASE_POOLER=transaction: the same statements go unnamed and run on whichever server connection is free (%s)', async (how) => {
    const database = await createTestDatabase(kind, { pooler: 'transaction' });
    open.push(database);
    const run = await acrossServerConnections(database, NAMED[how]!(database));
    expect(run.holder).toBe(run.first);
    expect(await run.second(), 'another server connection ran it').not.toBe(run.first);
  });

  it('DATABASE_POOLER=auto finds the pooler (two connections served by one backend) and sends statements unnamed', async () => {
    expect(await sharesBackends(pgPooledUrl!)).toBe(true);
    expect(await sharesBackends(pgTestUrl!), 'PostgreSQL itself never shares a backend').toBe(false);
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const database = await createTestDatabase(kind, { pooler: 'auto' });
    open.push(database);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('DATABASE_POOLER=transaction'));
    const run = await acrossServerConnections(database, NAMED.runStatement!(database));
    expect(await run.second()).not.toBe(run.first);
  });

  it('LISTEN over DATABASE_DIRECT_URL: the session channel is heard through the pooler', async () => {
    const database = await createTestDatabase(kind);
    open.push(database);
    const channel = database.channel(SESSION_CHANNEL);
    const deadline = Date.now() + 10_000;
    while (channel.heard() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(channel.heard(), 'its probe NOTIFY, sent through PgBouncer, came back on the direct connection').toBeGreaterThan(0);
  });

  describe('without DATABASE_DIRECT_URL', () => {
    let server: TestServer;
    afterAll(() => server?.close());

    it('says so at start, never trusts the session cache, and refuses a logged-out token on the very next request', async () => {
      const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
      const database = await createTestDatabase(kind, { directUrl: undefined });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('without DATABASE_DIRECT_URL'));
      server = await startTestServer(kind, { database });
      await seedDemo(database.db);
      const player = await registerPlayer(server);
      const fairness = async () => (await server.call('GET', '/api/digitbet/fairness', { token: player.token })).status;
      expect(await fairness()).toBe(200);
      expect(await fairness()).toBe(200);
      expect(database.channel(SESSION_CHANNEL).heard(), 'no LISTEN: nothing is heard').toBe(0);
      expect((await server.call('POST', '/api/logout', { token: player.token })).status).toBe(200);
      expect(await fairness(), 'nothing was cached, so nothing stale is served').toBe(401);
    });
  });
});

/** `npm start` as a deploy runs it: WORKERS=2 processes, DATABASE_URL through PgBouncer. */
function startServerProcess(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn('node_modules/.bin/tsx', ['server/index.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, STATIC_DIR: '/nonexistent', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

describe.each(pooledKinds.filter((k) => k === 'pooled'))('the server process behind PgBouncer (%s)', () => {
  const name = `kp_test_${randomBytes(6).toString('hex')}`;
  let run: ReturnType<typeof startServerProcess> | undefined;
  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await new Promise((r) => run!.child.once('exit', r));
    }
    await releaseDatabase(pgPoolerAdminUrl!, name);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('WORKERS=2, DATABASE_POOLER=transaction: migrates and seeds through the pooler, moves money, warns that LISTEN is off', async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const port = await freePort();
    const pooled = new URL(pgPooledUrl!);
    pooled.pathname = `/${name}`;
    run = startServerProcess({ DATABASE_URL: pooled.toString(), DATABASE_POOLER: 'transaction', WORKERS: '2', PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${base}/healthz`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline || run.child.exitCode !== null) throw new Error(`the server did not start:\n${run.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body) });
    const signedIn = await post('/api/login', { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()).data;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/exchange-main-to-game', { amount: 1000 }, { authorization: `Bearer ${token}`, 'idempotency-key': `pooled-${i % 20}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const { rows } = await adminQuery(`select count(*)::int as n, count(distinct reference)::int as exchanges from ledger where kind = 'exchange'`, name);
    expect(rows[0], 'twenty keys, each applied once: two ledger rows each').toEqual({ n: 40, exchanges: 20 });
    expect(run.output()).toContain('without DATABASE_DIRECT_URL');
    expect(run.output(), 'DATABASE_POOLER reached the database: no detection ran').not.toContain('served by one backend');
    expect(run.output()).not.toMatch(/prepared statement/);
  });
});

describe('the production check and a pooler', () => {
  const production = (env: Record<string, string>) =>
    checkProductionConfig(testEnv({ ...readEnv({ NODE_ENV: 'production', ...env }), PUBLIC_URL: 'https://play.example.com' })).notes;

  it('notes a transaction-mode pooler without a direct URL, and a direct URL that is not PostgreSQL; refuses neither', () => {
    const base = { DATABASE_URL: 'postgres://app@pgbouncer:6432/kp' };
    expect(production({ ...base, DATABASE_POOLER: 'transaction' })).toEqual(expect.arrayContaining([expect.stringMatching(/^DATABASE_POOLER=transaction without DATABASE_DIRECT_URL/)]));
    expect(production({ ...base, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: 'postgres://app@db:5432/kp' }).join('\n')).not.toMatch(/DATABASE_DIRECT_URL/);
    expect(production({ ...base, DATABASE_DIRECT_URL: 'http://db:5432/kp' })).toEqual(expect.arrayContaining([expect.stringMatching(/^DATABASE_DIRECT_URL: http: is not postgres/)]));
    expect(production({ ...base, WORKERS: '16', DATABASE_POOL_SIZE: '10' })).toEqual(expect.arrayContaining([expect.stringMatching(/^DATABASE_POOL_SIZE × WORKERS = 160/)]));
    const refusals = checkProductionConfig(testEnv({ ...readEnv({ ...base, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: 'http://x' }) })).problems;
    expect(refusals.join('\n')).not.toMatch(/DATABASE_(POOLER|DIRECT_URL|POOL_SIZE)/);
  });

  it('refuses an unknown DATABASE_POOLER value at start', () => {
    expect(() => readEnv({ DATABASE_POOLER: 'statement' })).toThrow();
    expect(readEnv({}).DATABASE_POOLER).toBe('auto');
  });
});

describe('nothing in server/ needs a session but LISTEN', () => {
  /** What a transaction-mode pooler loses between transactions, as it would appear in the server's SQL. */
  const SESSION_STATE: Array<[string, RegExp]> = [
    ['a session advisory lock (use pg_advisory_xact_lock)', /\bpg_(try_)?advisory_lock(_shared)?\s*\(/i],
    ['SET without LOCAL', /[`'"]\s*(set|SET)\s+(?!local\b|LOCAL\b)((session|SESSION)\s+)?[a-z_.]+\s*(=|to|TO)\s/],
    ['set_config(…, false)', /set_config\s*\([^)]*,\s*false\s*\)/i],
    ['a temporary table', /\bcreate\s+(temp|temporary)\s+table\b/i],
    ['PREPARE / DEALLOCATE', /[`'"]\s*(prepare|deallocate)\s+[\w$]/i],
    ['LISTEN outside db/notifications.ts', /[`'"]\s*(un)?listen\s/i],
  ];

  it('has no session advisory lock, session SET, temporary table or PREPARE; LISTEN only in notifications.ts', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const files = readdirSync('server', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const found: string[] = [];
    for (const file of files) {
      const code = readFileSync(`server/${file}`, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const [what, pattern] of SESSION_STATE) {
        if (what.startsWith('LISTEN') && file === 'db/notifications.ts') continue;
        // PGlite's session lookup PREPAREs on its one in-process connection: no pooler there.
        if (what.startsWith('PREPARE') && file === 'domain/sessions.ts' && /function pgliteLookup/.test(code)) continue;
        if (pattern.test(code)) found.push(`server/${file}: ${what}`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
    expect(SESSION_STATE[1]![1].test("sql`set statement_timeout = 100`"), 'the SET pattern catches one').toBe(true);
    expect(SESSION_STATE[1]![1].test("sql`set local statement_timeout = 100`")).toBe(false);
  });
});
