import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seamlessCalls } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { testEnv } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import { installSecret, withInstallSecrets } from '../../server/lib/install-secrets';
import { createTestDatabase, dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { GAME, insertTestCatalogue, signedBody, txId } from './seamless-helpers';
import { shanCallback } from './shan-helpers';
import { books, fund } from './wallet-helpers';

/**
 * Issue 11, findings 2–4: the attacks of the security pass, replayed against the seamless wallet
 * and the Shan callbacks. Each once minted money or hurt the server; each must now do nothing.
 */
const PUBLISHED_SEAMLESS = 'kyatplay-dev-seamless-secret';
const PUBLISHED_SHAN = 'kyatplay-dev-shan-secret';

describe.each(dbKinds)('seamless and Shan attacks (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  let secret: string;
  const db = () => server.database.db;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    // A demo install with nothing configured: the secrets come from the install, as at `npm start`.
    const env = await withInstallSecrets(database.db, testEnv({ SEAMLESS_SECRET_KEY: undefined, SHAN_SECRET_KEY: undefined }));
    secret = env.SEAMLESS_SECRET_KEY!;
    server = await startTestServer(kind, { clock, database, env });
    await seedDemo(db());
    await insertTestCatalogue(db());
  });
  afterAll(async () => {
    await server?.close();
    await server?.database.close();
  });

  const post = (endpoint: string, body: unknown, headers?: Record<string, string>) =>
    server.call('POST', `/api/v1/api/seamless/${endpoint}`, { body, headers });
  const deposit = (member: string, amount: number) => [
    { member_account: member, transactions: [{ id: txId('mint'), action: 'SETTLED', amount, wager_code: txId('w'), game_code: GAME.code }] },
  ];

  it('finding 2: a deposit signed with the published development secret credits nothing', async () => {
    const p = await registerPlayer(server);
    const before = await books(db(), p.id);
    const res = await post('deposit', signedBody('deposit', deposit(p.userName, 5_000_000), { now: clock.now(), secret: PUBLISHED_SEAMLESS }));
    expect(res.body.data[0].code).toBe(1004);
    expect(await books(db(), p.id)).toEqual(before);
    // The install's own secret works: the demo aggregator signs with it.
    const ok = await post('balance', signedBody('balance', [{ member_account: p.userName }], { now: clock.now(), secret }));
    expect(ok.body.data[0].code).toBe(0);
  });

  it('finding 2: a Shan settlement signed with the published development secret credits nothing', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 1000 });
    const before = await books(db(), p.id);
    const res = await shanCallback(server, clock, 'settle', { member_account: p.userName, round_id: txId('r'), payout: '900000.00' }, { secret: PUBLISHED_SHAN });
    expect(res.body.code).toBe(1004);
    expect(await books(db(), p.id)).toEqual(before);
  });

  it('finding 3: a captured sign replayed with another body within the window is refused; the same body replays once', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 10 });
    const honest = signedBody('deposit', deposit(p.userName, 100), { now: clock.now(), secret });
    const first = await post('deposit', honest);
    expect(first.body.data[0].code).toBe(0);
    const afterHonest = await books(db(), p.id);

    // The attacker keeps operator, time and sign and writes their own batch.
    const forged = { ...honest, batch_requests: deposit(p.userName, 5_000_000).map((e) => ({ ...e, product_code: honest.batch_requests[0]!.product_code, game_type: 'SLOT' })) };
    const res = await post('deposit', forged);
    expect(res.body.data[0].code).toBe(1004);
    expect(res.body.message).toMatch(/already used/);
    expect(await books(db(), p.id)).toEqual(afterHonest);

    // The aggregator's retry of the very same request is answered idempotently (1003: done once).
    const retry = await post('deposit', honest);
    expect(retry.body.data[0].code).toBe(1003);
    expect(await books(db(), p.id)).toEqual(afterHonest);
  });

  it('finding 4: an unsigned batch under the size cap gets one small answer, and the call log keeps a bounded excerpt', async () => {
    const body = `{"operator_code":"x","request_time":1,"sign":"y","batch_requests":[${Array.from({ length: 70_000 }, () => '{}').join(',')}]}`;
    expect(body.length).toBeGreaterThan(200_000);
    const res = await post('withdraw', body);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].code).toBe(1004);
    expect(JSON.stringify(res.body).length).toBeLessThan(1024);
    const [row] = await db().select().from(seamlessCalls).orderBy(desc(seamlessCalls.id)).limit(1);
    expect(row!.requestBytes).toBe(body.length);
    expect(row!.requestBody.length).toBeLessThanOrEqual(8 * 1024 + 20);
  });

  it('finding 4: a signed batch over SEAMLESS_MAX_BATCH is refused whole before any entry is touched', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 1000 });
    const before = await books(db(), p.id);
    const entries = Array.from({ length: 101 }, () => deposit(p.userName, 1)[0]!);
    const res = await post('deposit', signedBody('deposit', entries, { now: clock.now(), secret }));
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].code).toBe(999);
    expect(res.body.message).toMatch(/At most 100/);
    expect(await books(db(), p.id)).toEqual(before);
  });

  it('finding 4: deeply nested JSON is answered 999, not a crash', async () => {
    const res = await post('balance', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(999);
  });

  it('finding 4: a 1 MB unsigned batch of empty objects is refused unread with one small answer (last: the server closes that connection)', async () => {
    const huge = `{"batch_requests":[${Array.from({ length: 350_000 }, () => '{}').join(',')}]}`;
    expect(huge.length).toBeGreaterThan(1_000_000);
    const started = performance.now();
    const res = await post('withdraw', huge);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(413);
    expect(JSON.stringify(res.body).length).toBeLessThan(1024);
  });
});

describe.each(dbKinds)('seamless address allow-list (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');

  it('finding 3: outside SEAMLESS_ALLOWED_IPS a correctly signed deposit is refused before its body is read', async () => {
    const server = await startTestServer(kind, { clock, env: { SEAMLESS_ALLOWED_IPS: ['203.0.113.10', '198.51.100.0/24'] } });
    try {
      await seedDemo(server.database.db);
      await insertTestCatalogue(server.database.db);
      const p = await registerPlayer(server);
      const before = await books(server.database.db, p.id);
      const body = signedBody('deposit', [{ member_account: p.userName, transactions: [{ id: txId('ip'), action: 'SETTLED', amount: 500, wager_code: txId('w'), game_code: GAME.code }] }], { now: clock.now() });
      const res = await server.call('POST', '/api/v1/api/seamless/deposit', { body });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Address not allowed');
      expect(await books(server.database.db, p.id)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('the aggregator\'s own address (here 127.0.0.1 in a /8) is let through', async () => {
    const server = await startTestServer(kind, { clock, env: { SEAMLESS_ALLOWED_IPS: ['127.0.0.0/8'] } });
    try {
      await seedDemo(server.database.db);
      const p = await registerPlayer(server);
      const res = await server.call('POST', '/api/v1/api/seamless/balance', { body: signedBody('balance', [{ member_account: p.userName }], { now: clock.now() }) });
      expect(res.status).toBe(200);
      expect(res.body.data[0].code).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('install secrets', () => {
  it('are random per install, stable within one, and never the published values', async () => {
    const a = await createTestDatabase('pglite');
    const b = await createTestDatabase('pglite');
    try {
      const [a1, a2, b1] = [await installSecret(a.db, 'seamless'), await installSecret(a.db, 'seamless'), await installSecret(b.db, 'seamless')];
      expect(a1).toMatch(/^[0-9a-f]{64}$/);
      expect(a2).toBe(a1);
      expect(b1).not.toBe(a1);
      // An explicitly configured published value is replaced in demo mode, not used.
      const env = await withInstallSecrets(a.db, testEnv({ SEAMLESS_SECRET_KEY: PUBLISHED_SEAMLESS, SHAN_SECRET_KEY: PUBLISHED_SHAN }));
      expect(env.SEAMLESS_SECRET_KEY).toBe(a1);
      expect(env.SHAN_SECRET_KEY).not.toBe(PUBLISHED_SHAN);
      // A real aggregator gets no generated secret: without its own, nothing verifies.
      const real = await withInstallSecrets(a.db, testEnv({ SEAMLESS_SECRET_KEY: undefined, AGGREGATOR_URL: 'https://agg.example.com' }));
      expect(real.SEAMLESS_SECRET_KEY).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
