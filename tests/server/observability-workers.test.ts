/**
 * Issue 28: with WORKERS=2 one scrape shows the whole machine — every worker's requests summed by
 * the primary (prom-client's AggregatorRegistry over cluster IPC), whichever worker the scrape hits.
 * The real server, bundled, as `npm start` runs it; PostgreSQL (workers need it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { createTestDatabase, currentDatabaseUrl, pgTestUrl } from '../support/db';
import { request, startServerProcess, stopProcess, type ServerProcess } from './graceful-helpers';
import { sample } from '../support/metrics';

const METRICS_TOKEN = 'metrics-token-workers-0123456789abcdef-0123';
const REQUESTS = 24;

describe.runIf(pgTestUrl)('one scrape, the whole machine (WORKERS=2, postgres)', () => {
  let database: Database;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDemo(database.db);
    server = await startServerProcess(await currentDatabaseUrl(database), { WORKERS: '2', METRICS_TOKEN, LOG_LEVEL: 'info' });
    await server.waitFor(/(worker \d+ listening[\s\S]*){2}/);
  }, 180_000);
  afterAll(async () => {
    await stopProcess(server);
    await database?.close();
  }, 60_000);

  it("counts every worker's requests in each scrape", async () => {
    // One connection per request (Connection: close): the primary hands them to the workers in turn.
    const pids = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      const res = await request(server.url, { method: 'GET', path: '/api/game_types', headers: { connection: 'close' } });
      expect('status' in res && res.status).toBe(200);
    }
    // Both workers answered some of them: their access lines name two pids. Access lines are
    // buffered (flushed every FLUSH_MS), so wait until all of them are out before reading.
    const accessLines = () => [...server.output().matchAll(/"pid":(\d+)[^\n]*"route":"\/api\/game_types"/g)];
    for (let waited = 0; accessLines().length < REQUESTS && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    for (const m of accessLines()) pids.add(m[1]!);
    expect(pids.size, 'both workers took requests').toBe(2);
    // Every scrape, whichever worker takes it, shows all of them.
    for (let i = 0; i < 4; i++) {
      const res = await request(server.url, { method: 'GET', path: '/metrics', headers: { connection: 'close', authorization: `Bearer ${METRICS_TOKEN}` } });
      expect('status' in res && res.status).toBe(200);
      const text = 'body' in res ? res.body : '';
      expect(sample(text, 'kyatplay_http_requests_total', { method: 'GET', route: '/api/game_types', status_class: '2xx' })).toBe(REQUESTS);
      expect(text).toMatch(/^kyatplay_pending_requests\{kind="deposit"\} 0$/m);
      expect(text).toMatch(/^kyatplay_db_pool_size \d+$/m);
    }
  }, 120_000);
});
