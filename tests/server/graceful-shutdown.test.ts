import http from 'node:http';
import pg from 'pg';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { exchanges, idempotencyKeys } from '../../server/db/schema';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { kyat } from '../../server/lib/money';
import { DATABASE_CLOSE_MS } from '../../server/lib/shutdown';
import { createTestDatabase, currentDatabaseUrl, pgTestUrl } from '../support/db';
import { freshPhone } from './accounts-helpers';
import {
  burst,
  childPids,
  MAIN_TO_GAME,
  request,
  sendExchange,
  startServerProcess,
  stopProcess,
  summarise,
  type Answer,
  type Player,
  type Sent,
  type ServerProcess,
} from './graceful-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * A deploy drops nothing (issue 24 item 4, decision 0027). Real server processes on one PostgreSQL
 * database; SIGTERM in the middle of a burst of keyed exchanges over keep-alive connections. Every
 * request the server accepted is answered (never a 5xx, never a reset) and applied once; a request
 * it never accepted fails at the connection and, retried with the same key at a second process (as
 * a load balancer would), is applied once there; the books hold; the process exits 0 within the
 * grace. A slow request is answered after SIGTERM; /readyz says 503 at once. WORKERS=2 drains the
 * same way, and SIGHUP replaces its workers under load without one failed request.
 */

const OPENING_KYAT = 10_000_000;
const CLIENTS = 40;
const GRACE_SECONDS = 10;

let database: Database;
let databaseUrl: string;
/** The other process behind the load balancer: it takes the retries, and the set-up's sign-ups. */
let fallback: ServerProcess;
/** One process per test that signals one. */
const servers = {} as Record<'burst' | 'slow' | 'stuck' | 'workers', ServerProcess>;
const started: ServerProcess[] = [];
let players: Player[] = [];
/** The drain's figures, printed at the end (README § Figures). */
const figures: string[] = [];

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(databaseUrl, { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), ...env });
  started.push(server);
  return server;
}

async function registerAt(base: string): Promise<Player> {
  const body = { name: 'Drain Player', phone: freshPhone(), password: 'secret123', password_confirmation: 'secret123', referral_code: DEMO_REFERRAL_CODE };
  const res = (await request(base, { method: 'POST', path: '/api/register', body })) as Answer;
  expect(res.status, res.body).toBe(200);
  const { user, token } = JSON.parse(res.body).data;
  return { id: user.id, token };
}

/** Every request of `sent` ended in a 200 exactly once: the answers, the key rows and the exchange rows agree, and the books hold. */
async function expectAppliedOnce(sent: Sent[]) {
  const final = sent.map((s) => s.retry ?? s.first);
  expect(final.filter((a) => 'error' in a || a.status !== 200)).toEqual([]);
  const keys = sent.map((s) => s.key);
  const stored = await database.db
    .select({ key: idempotencyKeys.key, n: count() })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.key, keys))
    .groupBy(idempotencyKeys.key);
  expect(stored.length, 'every key is stored').toBe(keys.length);
  expect(stored.filter((r) => r.n !== 1)).toEqual([]);
  await expectBooks();
}

/** Each player's wallets: opening plus every exchange answered 200 (all runs so far), equal to the ledger, none negative. */
const applied: Sent[] = [];
async function expectBooks() {
  const ids = players.map((p) => p.id);
  const rows = await database.db.select({ userId: exchanges.userId }).from(exchanges).where(inArray(exchanges.userId, ids));
  for (const player of players) {
    const mine = applied.filter((s) => s.player.id === player.id);
    expect(rows.filter((r) => r.userId === player.id).length, `player ${player.id}: one exchange row per answered key`).toBe(mine.length);
    const toGame = mine.reduce((sum, s) => sum + (s.path === MAIN_TO_GAME ? s.amount : -s.amount), 0);
    const b = await books(database.db, player.id);
    expect(b.mainBalance).toBe(kyat(OPENING_KYAT - toGame));
    expect(b.balance).toBe(kyat(OPENING_KYAT + toGame));
    expect(b.ledgerRows).toBe(2 + 2 * mine.length);
    expectBalanced(b);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM `server` after `afterMs` of a 40-client burst; retries go to the fallback. */
async function sigtermUnderBurst(server: ServerProcess, run: string, afterMs: number) {
  const load = burst({ target: () => server.url, fallback: fallback.url, players, clients: CLIENTS, run });
  await sleep(afterMs);
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const drainMs = Date.now() - signalled;
  const sent = await load.stop();
  return { sent, code, drainMs, summary: summarise(sent) };
}

describe.runIf(pgTestUrl)('graceful shutdown (postgres, real processes)', () => {
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    databaseUrl = await currentDatabaseUrl(database);
    await seedDemo(database.db);
    // Every process the tests signal starts now, side by side (a start costs seconds on two cores).
    [fallback, servers.burst, servers.slow, servers.stuck, servers.workers] = await Promise.all([
      start(),
      start(),
      start(),
      start({ SHUTDOWN_GRACE_SECONDS: '1' }),
      start({ WORKERS: '2' }),
    ]);
    await servers.workers.waitFor(/(worker \d+ listening[\s\S]*){2}/);
    players = await Promise.all(Array.from({ length: 10 }, () => registerAt(fallback.url)));
    for (const p of players) await fund(database.db, p.id, { main: OPENING_KYAT, game: OPENING_KYAT });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(started.map(stopProcess));
    await database?.close();
    if (figures.length) console.log(`[graceful-shutdown figures]\n${figures.join('\n')}`);
  }, 60_000);

  it('SIGTERM mid-burst: every accepted request is answered and applied once, the rest are retried elsewhere and applied once; exit 0 within the grace', async () => {
    const server = servers.burst;
    const { sent, code, drainMs, summary } = await sigtermUnderBurst(server, 'one', 1500);
    applied.push(...sent);
    expect(summary.ok, 'the burst ran before the signal').toBeGreaterThan(CLIENTS);
    expect(summary.firstStatuses).toEqual([200]);
    // Only refusals to connect: no accepted request lost its answer, so no retry was a replay.
    expect(summary.lostAnswers).toBe(0);
    expect(new Set(summary.failures)).toEqual(new Set(['ECONNREFUSED']));
    expect(summary.closedAfter, 'answers while draining close their connection').toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(drainMs).toBeLessThan(GRACE_SECONDS * 1000);
    expect(server.output()).toMatch(/\[shutdown\] drained in \d+ ms \(exit 0\)/);
    await expectAppliedOnce(sent);
    const inFlight = Number(/SIGTERM: draining (\d+) request/.exec(server.output())![1]);
    expect(inFlight, 'requests were in flight at the signal (and were answered)').toBeGreaterThan(0);
    const drained = /drained in (\d+) ms/.exec(server.output())![1];
    figures.push(
      `WORKERS=1: SIGTERM 1.5 s into ${CLIENTS} clients' keyed exchanges: ${summary.ok} answered 200 (${inFlight} in flight at the signal), 0 × 5xx, 0 resets, ${summary.failures.length} refused connections retried at a second process, all applied once; drained in ${drained} ms, exit 0 after ${drainMs} ms`,
    );
  });

  it('a slow request in flight is answered after SIGTERM (a second SIGTERM ignored); /readyz answers 503 at once on a kept-alive connection, /healthz 200; new connections are refused', async () => {
    const server = servers.slow;
    const player = players[0]!;
    // A health checker's kept-alive connections, one per probe.
    const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const liveness = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(((await request(server.url, { method: 'GET', path: '/readyz', agent: probe })) as Answer).status).toBe(200);
    expect(((await request(server.url, { method: 'GET', path: '/healthz', agent: liveness })) as Answer).status).toBe(200);
    // Hold the player's wallet row: the exchange waits on it inside its transaction.
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query('select id from users where id = $1 for update', [player.id]);
    const slow = { key: 'slow-1', player, path: MAIN_TO_GAME, amount: 7 } as const;
    const answer = sendExchange(server.url, slow);
    await waitForLockWait(lock);
    server.child.kill('SIGTERM');
    await server.waitFor(/\[shutdown\] SIGTERM: draining 1 request/);
    // A second signal (systemd and docker signal the whole group) changes nothing.
    server.child.kill('SIGTERM');
    await server.waitFor(/SIGTERM while draining: ignored/);
    const ready = (await request(server.url, { method: 'GET', path: '/readyz', agent: probe })) as Answer;
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ ok: false, draining: true });
    expect(ready.headers.connection).toBe('close');
    // Liveness stays 200 while draining: a failed liveness probe would get the process killed mid-drain.
    const alive = (await request(server.url, { method: 'GET', path: '/healthz', agent: liveness })) as Answer;
    expect(alive.status).toBe(200);
    expect(JSON.parse(alive.body)).toMatchObject({ ok: true, draining: true });
    expect(await request(server.url, { method: 'GET', path: '/healthz' })).toEqual({ error: 'ECONNREFUSED' });
    await sleep(1000);
    expect(server.child.exitCode, 'still draining while the request waits').toBeNull();
    await lock.query('commit');
    await lock.end();
    const res = (await answer) as Answer;
    expect(res.status, res.body).toBe(200);
    expect(res.headers.connection).toBe('close');
    applied.push({ ...slow, first: res });
    expect(await server.exited).toBe(0);
    probe.destroy();
    liveness.destroy();
    await expectBooks();
  });

  it('past SHUTDOWN_GRACE_SECONDS the connections left are cut and the exit code says so; the cut request was not applied and its retry is applied once', async () => {
    const server = servers.stuck;
    const player = players[1]!;
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query('select id from users where id = $1 for update', [player.id]);
    const stuck = { key: 'stuck-1', player, path: MAIN_TO_GAME, amount: 9 } as const;
    const answer = sendExchange(server.url, stuck);
    await waitForLockWait(lock);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await answer).toEqual({ error: 'ECONNRESET' });
    expect(await server.exited).toBe(1);
    // The grace, then at most DATABASE_CLOSE_MS for the database (the cut request still holds a connection), and slack.
    expect(Date.now() - signalled).toBeLessThan(1000 + DATABASE_CLOSE_MS + 3000);
    expect(server.output()).toMatch(/grace of 1 s passed: cutting 1 connection\(s\), 1 request\(s\) unanswered/);
    await lock.query('commit');
    await lock.end();
    const retry = (await sendExchange(fallback.url, stuck)) as Answer;
    expect(retry.status, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    applied.push({ ...stuck, first: retry });
    await expectBooks();
  });

  describe('WORKERS=2', () => {
    it('SIGHUP replaces every worker, one at a time, under a burst without one failed request', { timeout: 120_000 }, async () => {
      const primary = servers.workers;
      const before = childPids(primary.pid);
      expect(before).toHaveLength(2);
      const load = burst({ target: () => primary.url, players, clients: CLIENTS, run: 'roll' });
      await sleep(1000);
      const signalled = Date.now();
      primary.child.kill('SIGHUP');
      await primary.waitFor(/rolling restart done: 2 worker\(s\)/, 60_000);
      const rollMs = Date.now() - signalled;
      await sleep(500);
      const sent = await load.stop();
      applied.push(...sent);
      const summary = summarise(sent);
      expect(summary.failures).toEqual([]);
      expect(summary.firstStatuses).toEqual([200]);
      const after = childPids(primary.pid);
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);
      await expectAppliedOnce(sent);
      figures.push(`WORKERS=2: SIGHUP (rolling restart) under ${CLIENTS} clients: ${summary.ok} answered 200, 0 failed, both workers replaced in ${rollMs} ms`);
    });

    it('SIGTERM to the primary under a burst: every worker drains, nothing is dropped, exit 0', async () => {
      const primary = servers.workers;
      const { sent, code, drainMs, summary } = await sigtermUnderBurst(primary, 'stop', 1000);
      applied.push(...sent);
      expect(summary.firstStatuses).toEqual([200]);
      expect(summary.lostAnswers).toBe(0);
      expect(summary.failures.every((f) => f === 'ECONNREFUSED' || f === 'ECONNRESET')).toBe(true);
      expect(code).toBe(0);
      expect(drainMs).toBeLessThan(GRACE_SECONDS * 1000);
      expect(childPids(primary.pid)).toEqual([]);
      await expectAppliedOnce(sent);
      figures.push(
        `WORKERS=2: SIGTERM 1 s into ${CLIENTS} clients: ${summary.ok} answered 200, 0 × 5xx, ${summary.failures.length} connection failures (${[...new Set(summary.failures)].join(', ')}) retried at a second process, all applied once; exit 0 after ${drainMs} ms`,
      );
    });
  });
});

/** Waits until another session waits for a lock `holder` holds (the exchange reached the wallet row). */
async function waitForLockWait(holder: pg.Client) {
  const pid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid;
  for (let i = 0; i < 200; i++) {
    const { rows } = await holder.query('select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [pid]);
    if (rows[0].n > 0) return;
    await sleep(50);
  }
  throw new Error('the exchange never waited for the wallet lock');
}
