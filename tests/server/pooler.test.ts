import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import type { Database } from '../../server/db/client';
import { sharesBackends } from '../../server/db/pooler';
import { runStatement, statement } from '../../server/db/statement';
import { SESSION_CHANNEL } from '../../server/domain/session-cache';
import { readEnv, testEnv } from '../../server/env';
import { seedDemo } from '../../server/db/seed';
import { createTestDatabase, pgPooledUrl, pgTestUrl, pooledKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';

/**
 * Behind PgBouncer in transaction mode (decision 0028): what breaks without DATABASE_POOLER, what
 * the setting changes, how `auto` finds the pooler, and what falls back without DATABASE_DIRECT_URL.
 * The money, session-cache, Digit Bet batch and 2D settlement suites run pooled as well (`pooledKinds`).
 */

/** A named statement, as the money routes send them; the backend's pid shows which server connection ran it. */
const probe = statement<{ n: number; pid: number }>('kp_test_pooler_probe', 'select $1::int as n, pg_backend_pid() as pid');

/**
 * Runs `probe` through the database's pool, then has another PgBouncer client hold the server
 * connection that parsed it (PgBouncer hands out the one released last) and runs `probe` again:
 * the pool's connection is the same, the server connection behind it is not.
 */
async function probeAcrossServerConnections(database: Database): Promise<{ first: number; holder: number; second: () => Promise<{ pid: number }> }> {
  const [first] = await runStatement(database.db, probe, [1]);
  const holder = new pg.Client({ connectionString: await pooledUrlOf(database) });
  await holder.connect();
  await holder.query('begin');
  const { rows } = await holder.query('select pg_backend_pid() as pid');
  held.push(holder);
  return { first: first!.pid, holder: rows[0].pid, second: async () => (await runStatement(database.db, probe, [2]))[0]! };
}

const held: pg.Client[] = [];
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

  it('DATABASE_POOLER=none: a statement named on one server connection is unknown on the next (the hazard is real)', async () => {
    const database = await createTestDatabase(kind, { pooler: 'none' });
    open.push(database);
    const run = await probeAcrossServerConnections(database);
    expect(run.holder, 'the holder took the server connection that parsed the name').toBe(run.first);
    await expect(run.second()).rejects.toMatchObject({ code: '26000', message: expect.stringContaining('kp_test_pooler_probe') });
  });

  it('DATABASE_POOLER=transaction: the same statements go unnamed and run on whichever server connection is free', async () => {
    const database = await createTestDatabase(kind, { pooler: 'transaction' });
    open.push(database);
    const run = await probeAcrossServerConnections(database);
    expect(run.holder).toBe(run.first);
    const second = await run.second();
    expect(second.pid, 'another server connection ran it').not.toBe(run.first);
  });

  it('DATABASE_POOLER=auto finds the pooler (two connections served by one backend) and sends statements unnamed', async () => {
    expect(await sharesBackends(pgPooledUrl!)).toBe(true);
    expect(await sharesBackends(pgTestUrl!), 'PostgreSQL itself never shares a backend').toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const database = await createTestDatabase(kind, { pooler: 'auto' });
    open.push(database);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('DATABASE_POOLER=transaction'));
    const run = await probeAcrossServerConnections(database);
    expect((await run.second()).pid).not.toBe(run.first);
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
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
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
    ['PREPARE / DEALLOCATE', /[`'"]\s*(prepare|deallocate)\s+\w+/i],
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
        if (pattern.test(code)) found.push(`server/${file}: ${what}`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
    expect(SESSION_STATE[1]![1].test("sql`set statement_timeout = 100`"), 'the SET pattern catches one').toBe(true);
    expect(SESSION_STATE[1]![1].test("sql`set local statement_timeout = 100`")).toBe(false);
  });
});
