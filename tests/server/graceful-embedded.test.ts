import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { idempotencyKeys } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { burst, request, startServerProcess, stopProcess, summarise, type Answer, type Player, type ServerProcess } from './graceful-helpers';
import { books, expectBalanced } from './wallet-helpers';

/**
 * The default install drains too (decision 0027): one process on the embedded database (PGlite in
 * DATA_DIR). SIGTERM in the middle of the demo player's keyed exchanges: every request the server
 * accepted is answered 200, the data folder is closed cleanly (it opens again) and holds each
 * answered key once and the books whole; exit 0. Its own file: a fresh PGlite folder takes a while
 * to create on a busy machine, and the PostgreSQL drain tests have their own processes to start.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'kp-drain-'));
let server: ServerProcess | undefined;

describe('graceful shutdown on the embedded database', () => {
  beforeAll(async () => {
    server = await startServerProcess(null, { DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '10' });
  }, 120_000);

  afterAll(async () => {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM mid-burst answers every accepted request, closes the data folder cleanly, exit 0', async () => {
    const target = server!;
    const login = (await request(target.url, { method: 'POST', path: '/api/login', body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } })) as Answer;
    expect(login.status, login.body).toBe(200);
    const { user, token } = JSON.parse(login.body).data;
    const demo: Player = { id: user.id, token };
    const load = burst({ target: () => target.url, players: [demo], clients: 10, run: 'embedded' });
    await new Promise((r) => setTimeout(r, 1000));
    target.child.kill('SIGTERM');
    expect(await target.exited).toBe(0);
    expect(target.output()).toMatch(/\[shutdown\] drained in \d+ ms \(exit 0\)/);
    const sent = await load.stop();
    const summary = summarise(sent);
    expect(summary.ok, 'the burst ran before the signal').toBeGreaterThan(0);
    expect(summary.firstStatuses).toEqual([200]);
    expect(new Set(summary.failures)).toEqual(new Set(['ECONNREFUSED']));

    const reopened = await openPglite(dataDir);
    try {
      const answered = sent.filter((s) => !('error' in s.first)).map((s) => s.key);
      const stored = await reopened.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.key, sent.map((s) => s.key)));
      expect(stored.map((r) => r.key).sort()).toEqual(answered.sort());
      const b = await books(reopened.db, demo.id);
      expect(b.exchangeRows).toBe(answered.length);
      expectBalanced(b);
    } finally {
      await reopened.close();
    }
  });
});
