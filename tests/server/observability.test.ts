/**
 * Issue 28 (decision 0033): the scrape counts requests per route template and status class, every
 * answer carries X-Request-Id (a trusted proxy's, else a new one), a failure's log line carries the
 * same id and its stack, the pending deposit's age rises while it waits, and /metrics is never open
 * on the public port without METRICS_TOKEN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAdminApp } from '../../server/app';
import { seedDemo } from '../../server/db/seed';
import { testEnv } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import { constants, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { AccessEncoder, accessLog, bufferedDestination, createLogger, droppedLog } from '../../server/lib/log';
import { createMetrics, type Metrics } from '../../server/lib/metrics';
import { startTestServer, type TestServer } from '../support/server';
import { sample } from '../support/metrics';
import { registerPlayer } from './accounts-helpers';
import { demoAccounts, postForm } from './cashier-helpers';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef-0123456789';
const ADMIN_TOKEN = 'admin-token-observability-0123456789abcdef';

/** Captured log lines, parsed. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { lines, logger };
}

describe('metrics, request ids and logs (pglite)', () => {
  let server: TestServer;
  let metrics: Metrics;
  const log = capture();
  const clock = manualClock('2026-01-05T05:00:00Z');
  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    metrics = createMetrics({ cacheMs: 0 });
    server = await startTestServer('pglite', { clock, logger: log.logger, metrics, env: { METRICS_TOKEN, ADMIN_TOKEN, TRUST_PROXY: { hops: 0, proxies: ['127.0.0.1'] } } });
    await seedDemo(server.database.db);
  }, 180_000);
  afterAll(() => server?.close());

  it('counts known traffic per route template (never the raw path), method and status class', async () => {
    for (let i = 0; i < 3; i++) expect((await server.call('GET', '/api/game_lists/1/2')).status).toBe(200);
    for (const id of ['7', '8']) expect((await server.call('GET', `/api/providers/${id}`)).status).toBeLessThan(500);
    expect((await server.call('GET', '/api/no-such-thing')).status).toBe(404);
    expect((await server.call('GET', '/api/user')).status).toBe(401);
    const text = await scrape();
    expect(sample(text, 'kyatplay_http_requests_total', { method: 'GET', route: '/api/game_lists/:typeId/:providerId', status_class: '2xx' })).toBe(3);
    expect(sample(text, 'kyatplay_http_request_duration_seconds_count', { method: 'GET', route: '/api/game_lists/:typeId/:providerId', status_class: '2xx' })).toBe(3);
    expect(sample(text, 'kyatplay_http_requests_total', { method: 'GET', route: '/api/*', status_class: '4xx' })).toBe(1);
    expect(sample(text, 'kyatplay_http_requests_total', { method: 'GET', route: '/api/user', status_class: '4xx' })).toBe(1);
    expect(text).not.toContain('/api/game_lists/1/2');
    expect(text).not.toContain('/api/no-such-thing');
    // Process and database figures are there too.
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'kyatplay_open_connections', 'kyatplay_db_query_errors_total', 'kyatplay_live_sessions', 'kyatplay_books_check_ok']) {
      expect(text, name).toMatch(new RegExp(`^${name}`, 'm'));
    }
  });

  it('never opens /metrics on the public port without METRICS_TOKEN; a wrong token is 401', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const open = await startTestServer('pglite', { database: server.database, metrics: createMetrics() });
    try {
      const res = await fetch(`${open.url}/metrics`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('kyatplay_');
    } finally {
      await open.close();
    }
    // The admin listener serves it without a token (it listens on loopback by default).
    const admin = createAdminApp({ database: server.database, env: testEnv({ ADMIN_TOKEN: 'x'.repeat(32), ADMIN_PORT: 0 }), metrics: createMetrics({ cacheMs: 0 }) });
    const res = await admin.request('/metrics');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('kyatplay_pending_requests{kind="deposit"}');
  });

  it('puts X-Request-Id on every answer; a trusted proxy\'s id is kept, anyone else\'s replaced', async () => {
    const paths = ['/healthz', '/api/game_types', '/api/user', '/api/no-such', '/', '/assets/nothing.js', '/metrics'];
    const ids = new Set<string>();
    for (const path of paths) {
      const res = await fetch(server.url + path);
      const id = res.headers.get('x-request-id');
      expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(paths.length);
    // 127.0.0.1 is the trusted proxy here: its id stands; a malformed one is replaced.
    expect((await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'lb-abc.123' } })).headers.get('x-request-id')).toBe('lb-abc.123');
    expect((await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'bad id\n' } })).headers.get('x-request-id')).not.toBe('bad id');
    const untrusted = await startTestServer('pglite', { database: server.database, metrics: createMetrics() });
    try {
      expect((await fetch(`${untrusted.url}/healthz`, { headers: { 'x-request-id': 'forged-1' } })).headers.get('x-request-id')).not.toBe('forged-1');
    } finally {
      await untrusted.close();
    }
  });

  it('writes one access line per request (template, status, duration, user) and one error line with the same id and stack', async () => {
    const player = await registerPlayer(server);
    log.lines.length = 0;
    const ok = await server.call('GET', '/api/depositlogfinicial', { token: player.token });
    expect(ok.status).toBe(200);
    const access = log.lines.find((l) => l.reqId === ok.headers.get('x-request-id'));
    expect(access).toMatchObject({ level: 'info', msg: 'request', method: 'GET', route: '/api/depositlogfinicial', status: 200, user: player.id });
    expect(typeof access!.ms).toBe('number');
    expect(typeof access!.time).toBe('string');

    await server.database.db.execute(sql`alter table deposit_requests rename to deposit_requests_gone`);
    try {
      const failed = await server.call('GET', '/api/depositlogfinicial', { token: player.token });
      expect(failed.status).toBe(500);
      const id = failed.headers.get('x-request-id');
      const error = log.lines.find((l) => l.level === 'error' && l.reqId === id);
      expect(error).toMatchObject({ msg: 'request failed', route: '/api/depositlogfinicial' });
      expect((error!.err as { stack: string }).stack).toMatch(/deposit_requests/);
      expect(log.lines.find((l) => l.msg === 'request' && l.reqId === id)).toMatchObject({ status: 500 });
      const after = await scrape();
      expect(sample(after, 'kyatplay_http_requests_total', { method: 'GET', route: '/api/depositlogfinicial', status_class: '5xx' })).toBe(1);
      expect(sample(after, 'kyatplay_db_query_errors_total')).toBeGreaterThan(0);
    } finally {
      await server.database.db.execute(sql`alter table deposit_requests_gone rename to deposit_requests`);
    }
  });

  it('shows a waiting deposit and its age rising while it waits', async () => {
    const before = await scrape();
    expect(sample(before, 'kyatplay_pending_requests', { kind: 'deposit' })).toBe(0);
    expect(sample(before, 'kyatplay_pending_oldest_age_seconds', { kind: 'deposit' })).toBe(0);
    const accounts = await demoAccounts(server.database.db);
    const player = await registerPlayer(server);
    const res = await postForm(server, '/api/depositfinicial', player.token, { agent_payment_type_id: String(accounts.KBZPay), amount: '5000', refrence_no: '778899' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = await scrape();
    expect(sample(first, 'kyatplay_pending_requests', { kind: 'deposit' })).toBe(1);
    expect(sample(first, 'kyatplay_pending_amount_kyat', { kind: 'deposit' })).toBe(5000);
    expect(sample(first, 'kyatplay_pending_oldest_age_seconds', { kind: 'deposit' })).toBe(0);
    clock.advance(16 * 60_000);
    const later = await scrape();
    expect(sample(later, 'kyatplay_pending_oldest_age_seconds', { kind: 'deposit' })).toBe(960);
    expect(sample(later, 'kyatplay_pending_requests', { kind: 'withdrawal' })).toBe(0);

    // The console's dashboard reads the same figures and the same request counter.
    const dashboard = await server.call('GET', '/api/admin/dashboard', { token: ADMIN_TOKEN });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data.live).toMatchObject({
      deposits: { count: 1, amount: '5000.00', oldest_age_seconds: 960 },
      withdrawals: { count: 0, oldest_age_seconds: null },
      books_check: null,
      two_d_overdue_draws: 0,
    });
    const totals = dashboard.body.data.live.error_rate;
    expect(totals.errors).toBe(sample(later, 'kyatplay_http_requests_total', { method: 'GET', route: '/api/depositlogfinicial', status_class: '5xx' }));
    expect(totals.requests).toBeGreaterThan(10);
  });
});

describe('request metrics as scraped', () => {
  it('sums each series into its counter and histogram buckets (le is inclusive, +Inf counts all), and a reset scrape stays consistent', async () => {
    const metrics = createMetrics();
    const seen = [0.004, 0.005, 0.02, 0.3, 12];
    for (const s of seen) metrics.observe('GET', '/api/game_lists/:typeId/:providerId', 200, s);
    metrics.observe('GET', '/api/game_lists/:typeId/:providerId', 404, 0.001);
    metrics.observe('POST', '/api/digitbet', 201, 0.05);
    const route = { method: 'GET', route: '/api/game_lists/:typeId/:providerId', status_class: '2xx' };
    const bucket = (le: string) => sample(text, 'kyatplay_http_request_duration_seconds_bucket', { ...route, le });
    let text = await metrics.registry.metrics();
    expect(sample(text, 'kyatplay_http_requests_total', route)).toBe(5);
    expect(sample(text, 'kyatplay_http_requests_total', { ...route, status_class: '4xx' })).toBe(1);
    expect(sample(text, 'kyatplay_http_requests_total', { method: 'POST', route: '/api/digitbet', status_class: '2xx' })).toBe(1);
    expect(sample(text, 'kyatplay_http_request_duration_seconds_count', route)).toBe(5);
    expect(sample(text, 'kyatplay_http_request_duration_seconds_sum', route)).toBeCloseTo(12.329, 6);
    expect([bucket('0.005'), bucket('0.01'), bucket('0.025'), bucket('0.25'), bucket('0.5'), bucket('10'), bucket('+Inf')]).toEqual([2, 2, 3, 3, 4, 4, 5]);
    // Later traffic adds to the same series; a second scrape shows the totals, not twice the first.
    metrics.observe('GET', '/api/game_lists/:typeId/:providerId', 200, 0.007);
    text = await metrics.registry.metrics();
    expect(sample(text, 'kyatplay_http_requests_total', route)).toBe(6);
    expect([bucket('0.005'), bucket('0.01'), bucket('+Inf')]).toEqual([2, 3, 6]);
  });
});

describe('the access line', () => {
  it('is the line pino writes for the same fields (order, types, escaping), time aside', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const write = accessLog(logger);
    const cases = [
      { reqId: '0f8c2a4e-6d1b-4c3a-9e5f-1a2b3c4d5e6f', method: 'GET', route: '/api/game_lists/:typeId/:providerId', status: 200, ms: 0.3, bytes: 568 },
      { reqId: 'lb-abc.123', method: 'POST', route: '/api/digitbet', status: 201, ms: 12.5, user: 42 },
      { reqId: 'x', method: 'GET', route: '/admin/*', status: 403, ms: 1, operator: 'operator:7' },
      { reqId: 'y', method: 'PO"ST\\', route: '/api/ünï/\n', status: 500, ms: 0, operator: 'a "name"\u0001' },
      // Numbers as JSON writes them: whole, one decimal, more decimals, huge; ids outside ASCII.
      { reqId: 'ïd-€-😀', method: 'GET', route: '/', status: 304, ms: 0.1, bytes: 0, user: 9_007_199_254_740_991 },
      { reqId: 'z', method: 'GET', route: '/', status: 200, ms: 123.4, bytes: 1_234_567_890 },
      { reqId: 'z', method: 'GET', route: '/', status: 200, ms: 0.30000000000000004, bytes: 1e21 },
      { reqId: 'z', method: 'GET', route: '/', status: 200, ms: 9.95, bytes: 10 },
      { reqId: 'z', method: 'DELETE', route: '/api/x/:id', status: 204, ms: 10, user: 0 },
    ];
    for (const fields of cases) {
      lines.length = 0;
      write(fields);
      logger.info(fields, 'request');
      expect(lines).toHaveLength(2);
      const [mine, pinos] = lines.map((l) => l.replace(/"time":"[^"]+"/, '"time":"T"'));
      expect(mine).toBe(pinos);
      expect(JSON.parse(lines[0]!)).toMatchObject({ ...fields, level: 'info', msg: 'request', pid: process.pid });
      expect(new Date(JSON.parse(lines[0]!).time as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
  });
});

describe('the access line\'s time', () => {
  it('is the ISO time of the moment given, to the millisecond, across seconds, minutes and years', () => {
    const encoder = new AccessEncoder();
    const line = { reqId: 'r', method: 'GET', route: '/', status: 200, ms: 1 };
    const moments = [Date.UTC(2026, 10, 30, 6, 8, 58, 0), Date.UTC(2026, 10, 30, 6, 8, 58, 7), Date.UTC(2026, 10, 30, 6, 8, 58, 45), Date.UTC(2026, 10, 30, 6, 8, 58, 999), Date.UTC(2026, 10, 30, 6, 8, 59, 100), Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1, 0, 0, 0, 1), Date.UTC(2026, 10, 30, 6, 8, 58, 600)];
    for (const at of moments) {
      const parsed = JSON.parse(encoder.bytes(line, at).toString('utf8')) as { time: string };
      expect(parsed.time).toBe(new Date(at).toISOString());
    }
  });
});

describe('the batched destination (stdout in production)', () => {
  it('writes pino lines and access lines in the order they came, as pino writes them, batches and an over-long line alike', () =>
    withLogFile(async (file) => {
      const dest = bufferedDestination(file, { batchBytes: 8 * 1024 });
      const logger = createLogger('info', dest);
      const write = accessLog(logger);
      const expected: string[] = [];
      const reference: string[] = [];
      const pinoOnly = createLogger('info', { write: (line: string) => void reference.push(line) });
      // 3,000 lines (many batches of 8 kB), one of them longer than a batch, and pino's own lines between.
      for (let i = 0; i < 3000; i++) {
        const fields = { reqId: `id-${i}`, method: i % 7 ? 'GET' : 'POST', route: `/api/r${i % 13}/:id`, status: 200 + (i % 5), ms: (i % 100) / 10, bytes: i, ...(i === 1500 ? { operator: 'ø'.repeat(40_000) } : {}) };
        if (i % 250 === 0) {
          logger.warn({ n: i }, 'between');
          pinoOnly.warn({ n: i }, 'between');
        }
        write(fields);
        pinoOnly.info(fields, 'request');
      }
      expected.push(...reference.map((l) => l.trimEnd().replace(/"time":"[^"]+"/, '"time":"T"')));
      dest.flush();
      const deadline = Date.now() + 5000;
      let text = '';
      while (Date.now() < deadline) {
        text = readFileSync(file, 'utf8');
        if (text.split('\n').length > expected.length) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const lines = text.split('\n').filter(Boolean);
      expect(lines.length).toBe(expected.length);
      expect(lines.map((l) => l.replace(/"time":"[^"]+"/, '"time":"T"'))).toEqual(expected);
      expect(lines.filter((l) => l.includes('"msg":"between"'))).toHaveLength(12);
    }));

  it('uses a batch buffer again only once it is written: lines written over many turns, with writes in flight, come out whole and in order', () =>
    withLogFile(async (file) => {
      const dest = bufferedDestination(file, { batchBytes: 2048 });
      const write = accessLog(createLogger('info', dest));
      const ids: string[] = [];
      // 60 turns of the event loop, each filling several 2 kB batches: some turns start while the
      // last turn's writes are in flight, others after they are done and their buffers are free.
      for (let turn = 0; turn < 60; turn++) {
        for (let i = 0; i < 40; i++) {
          const id = `t${turn}-${i}-${'x'.repeat(turn % 5 * 20)}`;
          ids.push(id);
          write({ reqId: id, method: 'GET', route: '/api/r/:id', status: 200, ms: i / 10, bytes: turn });
        }
        if (turn % 3 === 0) dest.flush();
        await new Promise((r) => (turn % 2 ? setImmediate(r) : setTimeout(r, 1)));
      }
      dest.flush();
      const lines = await linesOf(file, ids.length);
      expect(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(ids);
    }));

  it('writes a line of a quiet server within a second, with nothing else to push it out', () =>
    withLogFile(async (file) => {
      const write = accessLog(createLogger('info', bufferedDestination(file)));
      write({ reqId: 'quiet', method: 'GET', route: '/', status: 200, ms: 1 });
      const lines = await linesOf(file, 1, 1500);
      expect(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(['quiet']);
    }));
});

/** `run` with the path of a log file in a directory of its own, removed after. */
async function withLogFile(run: (file: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kp-log-'));
  try {
    await run(join(dir, 'out.log'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a log nobody reads (the collector stopped)', () => {
  it('keeps at most its limit waiting, drops the rest and counts it in kyatplay_log_dropped_bytes_total, and the server goes on', () =>
    withLogFile(async (path) => {
      // A FIFO this test holds both ends of and does not read until the end: once its 64 kB are
      // full every write is EAGAIN, as for a collector that stopped.
      execFileSync('mkfifo', [path]);
      const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      const limit = 512 * 1024;
      const dest = bufferedDestination(fd, { batchBytes: 16 * 1024, maxPendingBytes: limit });
      const write = accessLog(createLogger('info', dest));
      const before = droppedLog.bytes;
      let written = 0;
      for (let i = 0; i < 20_000; i++) {
        const line = { reqId: `stalled-${i}`, method: 'GET', route: '/api/game_lists/:typeId/:providerId', status: 200, ms: 0.4, bytes: i };
        write(line);
        written += new AccessEncoder().bytes(line).length;
        if (i % 1000 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      dest.flush();
      const dropped = droppedLog.bytes - before;
      // All is dropped but what may wait (the limit), the FIFO's 64 kB and a batch or two.
      expect(written).toBeGreaterThan(3 * 1024 * 1024);
      expect(written - dropped).toBeLessThan(limit + 200 * 1024);
      expect(dropped).toBeLessThanOrEqual(written);
      const metrics = createMetrics({ cacheMs: 0 });
      expect(sample(await metrics.registry.metrics(), 'kyatplay_log_dropped_bytes_total')).toBe(droppedLog.bytes);
      // The collector reads again: what waited comes out as whole lines, in the order they came
      // (the batches dropped are whole batches, from the newest).
      const text = await readUntilQuiet(reader);
      const order = text.split('\n').filter(Boolean).map((l) => Number((JSON.parse(l) as { reqId: string }).reqId.slice('stalled-'.length)));
      expect(order.length).toBeGreaterThan(1000);
      expect(order.every((n, k) => k === 0 || n > order[k - 1]!)).toBe(true);
    }));

  it('goes on after a write fails for good (a closed stdout): no crash, the excess dropped and counted', async () => {
    // A descriptor no process has open: every write is EBADF.
    const dest = bufferedDestination(1_000_000, { batchBytes: 4 * 1024, maxPendingBytes: 64 * 1024 });
    const write = accessLog(createLogger('info', dest));
    const before = droppedLog.bytes;
    for (let turn = 0; turn < 20; turn++) {
      for (let i = 0; i < 100; i++) write({ reqId: `closed-${turn}-${i}`, method: 'GET', route: '/', status: 200, ms: 1 });
      dest.flush();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(droppedLog.bytes - before).toBeGreaterThan(100 * 1024);
  });
});

describe('exit with a log that cannot be written', () => {
  const exitTime = (env: Record<string, string>, stdio: 'ignore' | number = 'ignore') => {
    const t0 = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/log-exit-process.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', stdio], timeout: 30_000 });
    return { status: run.status, ms: Date.now() - t0 };
  };

  it('does not hang when every write fails (a closed stdout)', () => {
    const { status, ms } = exitTime({ LOG_EXIT_FD: '1000000' });
    expect(status).toBe(0);
    expect(ms).toBeLessThan(15_000);
  });

  it('waits at most ~2 s for a reader that does not read (a FIFO full, nobody reading)', () =>
    withLogFile(async (path) => {
      execFileSync('mkfifo', [path]);
      const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      // The child gets the FIFO's write end as its descriptor 3.
      const { status, ms } = exitTime({ LOG_EXIT_FD: '3' }, writer);
      expect(status).toBe(0);
      expect(ms).toBeLessThan(15_000);
      expect((await readUntilQuiet(reader)).length).toBeGreaterThan(0);
    }));
});

/** What `fd` (non-blocking) gives until nothing more has come for 300 ms. */
async function readUntilQuiet(fd: number): Promise<string> {
  const chunks: Buffer[] = [];
  const buf = Buffer.alloc(64 * 1024);
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    let n = 0;
    try {
      n = readSync(fd, buf);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
    }
    if (n > 0) {
      chunks.push(Buffer.from(buf.subarray(0, n)));
      quietSince = Date.now();
    } else await new Promise((r) => setTimeout(r, 10));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The lines of `file` once it has `count` of them (or what it has after `ms`). */
async function linesOf(file: string, count: number, ms = 5000): Promise<string[]> {
  const deadline = Date.now() + ms;
  let lines: string[] = [];
  while (Date.now() < deadline) {
    // The file is opened asynchronously: not there yet is no lines yet.
    lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    if (lines.length >= count) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return lines;
}
