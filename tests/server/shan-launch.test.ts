import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShanSessions } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { shanSign, signedBody } from '../../server/domain/shan/sign';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { UNAUTHENTICATED, registerPlayer } from './accounts-helpers';
import { SHAN_SECRET, fakeParty } from './shan-helpers';
import { fund } from './wallet-helpers';

const LAUNCH = '/api/shan-launch-game';
const INVALID_OPERATOR = 'The selected operator code is invalid.';
const NOT_YOURS = 'You can only launch the game for your own account.';

describe.each(dbKinds)('Shan launch (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  const db = () => server.database.db;
  const sessions = async () => (await db().select({ n: count() }).from(demoShanSessions))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { SHAN_OPERATOR_CODES: ['a3h1', 'b7k2'] } });
    await seedDemo(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/shan/info is public and names the product', async () => {
    const res = await server.call('GET', '/api/shan/info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'Request was successful.', data: { product_code: 'SKM', operator_code: 'a3h1', game_name: 'Shan Koe Mee' } });
  });

  it('launches with the default operator: an opaque session URL of the demo provider, no balance, no name', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 31_337 });
    const res = await server.call('POST', LAUNCH, { token: p.token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Game launched successfully!', launch_game_url: expect.any(String) });
    const url = new URL(res.body.launch_game_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/demo-shan/play`);
    expect([...url.searchParams.keys()]).toEqual(['session']);
    const token = url.searchParams.get('session')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.launch_game_url).not.toMatch(/31,?337|balance|amount/i);
    expect(res.body.launch_game_url).not.toContain(p.userName);
    expect(res.body.launch_game_url).not.toContain('a3h1');

    // Stored hashed, with an expiry two hours on, for this player and the default operator.
    const [row] = await db().select().from(demoShanSessions).where(eq(demoShanSessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row).toMatchObject({ operatorCode: 'a3h1', memberAccount: p.userName });
    expect(row!.expiresAt.getTime()).toBe(clock.now().getTime() + 2 * 60 * 60 * 1000);
    const raw = await db().select({ h: demoShanSessions.tokenHash }).from(demoShanSessions);
    expect(raw.some((r) => r.h === token)).toBe(false);

    expect((await server.call('GET', `/demo-shan/play?session=${token}`)).status).toBe(200);
  });

  it('launches for the own member_account and a listed operator code', async () => {
    const p = await registerPlayer(server);
    for (const body of [
      { member_account: p.userName, operator_code: 'a3h1' },
      { member_account: p.userName, operator_code: 'b7k2' },
      { member_account: p.userName },
      { operator_code: 'b7k2' },
    ]) {
      const res = await server.call('POST', LAUNCH, { token: p.token, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.status).toBe('success');
    }
    const [row] = await db().select().from(demoShanSessions).where(eq(demoShanSessions.operatorCode, 'b7k2'));
    expect(row!.memberAccount).toBe(p.userName);
  });

  it('an unknown operator code is 422 with errors.operator_code; nothing is opened', async () => {
    const p = await registerPlayer(server);
    const before = await sessions();
    for (const operator_code of ['zzzz', 'A3H1', 42]) {
      const res = await server.call('POST', LAUNCH, { token: p.token, body: { operator_code, member_account: p.userName } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ status: 'fail', message: INVALID_OPERATOR, errors: { operator_code: [INVALID_OPERATOR] } });
    }
    expect(await sessions()).toBe(before);
  });

  it("another player's member_account is 403; nothing is opened", async () => {
    const p = await registerPlayer(server);
    const other = await registerPlayer(server);
    const before = await sessions();
    for (const member_account of [other.userName, 'SomeoneElse', p.userName.toLowerCase() === p.userName ? `${p.userName}x` : p.userName.toLowerCase(), 123]) {
      const res = await server.call('POST', LAUNCH, { token: p.token, body: { member_account, operator_code: 'a3h1' } });
      expect(res.status, String(member_account)).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: NOT_YOURS });
    }
    expect(await sessions()).toBe(before);
  });

  it('is 401 without a token', async () => {
    const res = await server.call('POST', LAUNCH, { body: { operator_code: 'a3h1' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('the demo provider takes a signed launch over HTTP and refuses a bad or stale one', async () => {
    const good = signedBody(SHAN_SECRET, { operator_code: 'a3h1', member_account: 'Pi12345678' }, clock.now());
    const ok = await server.call('POST', '/demo-shan/api/launch', { body: good });
    expect(ok.status).toBe(200);
    expect(ok.body.launch_game_url).toMatch(new RegExp(`^${server.url}/demo-shan/play\\?session=[A-Za-z0-9_-]{43}$`));

    const forged = await server.call('POST', '/demo-shan/api/launch', { body: { ...good, member_account: 'Pi00000001' } });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: 1004, message: 'Invalid signature' });
    const stale = signedBody(SHAN_SECRET, { operator_code: 'a3h1', member_account: 'Pi12345678' }, new Date(clock.now().getTime() - 301_000));
    expect((await server.call('POST', '/demo-shan/api/launch', { body: stale })).body.code).toBe(1004);
    const unknown = signedBody(SHAN_SECRET, { operator_code: 'nope', member_account: 'Pi12345678' }, clock.now());
    expect((await server.call('POST', '/demo-shan/api/launch', { body: unknown })).status).toBe(401);
  });

  describe('with a real provider (SHAN_PROVIDER_URL)', () => {
    let provider: Awaited<ReturnType<typeof fakeParty>>;
    let real: TestServer;
    let reply: (body: any) => { status: number; json?: unknown; text?: string } = () => ({
      status: 200,
      json: { launch_game_url: 'https://shan.example/play?s=abc' },
    });

    beforeAll(async () => {
      provider = await fakeParty(({ body }) => reply(body));
      real = await startTestServer(kind, {
        clock,
        database: server.database,
        env: { SHAN_PROVIDER_URL: `${provider.url}/`, SHAN_SECRET_KEY: 'real-shan-secret' },
      });
    });
    afterAll(async () => {
      await real?.close();
      await provider?.close();
    });

    it('posts the signed launch request to /api/launch and hands back its URL', async () => {
      const p = await registerPlayer(real);
      await fund(db(), p.id, { game: 5000 });
      provider.requests.length = 0;
      const res = await real.call('POST', LAUNCH, { token: p.token, body: { member_account: p.userName, operator_code: 'a3h1' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: 'Game launched successfully!', launch_game_url: 'https://shan.example/play?s=abc' });
      expect(provider.requests).toHaveLength(1);
      const [{ path, body }] = provider.requests as [{ path: string; body: any }];
      expect(path).toBe('/api/launch');
      const requestTime = Math.floor(clock.now().getTime() / 1000);
      expect(body).toEqual({ operator_code: 'a3h1', member_account: p.userName, request_time: requestTime, sign: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(body.sign).toBe(shanSign('real-shan-secret', body));
      expect(JSON.stringify(body)).not.toMatch(/balance|5000/i);
    });

    it("a provider's refusal, a broken answer or an unsafe URL is 502 with error_detail", async () => {
      const p = await registerPlayer(real);
      const launch = () => real.call('POST', LAUNCH, { token: p.token, body: {} });

      reply = () => ({ status: 400, json: { code: 1004, message: 'Operator suspended' } });
      const refused = await launch();
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ status: 'fail', message: 'Failed to launch game.', error_detail: 'Provider said: Operator suspended' });

      reply = () => ({ status: 500, text: 'oops' });
      const broken = await launch();
      expect(broken.status).toBe(502);
      expect(broken.body).toEqual({ status: 'fail', message: 'Failed to launch game.', error_detail: 'The provider answered HTTP 500.' });

      reply = () => ({ status: 200, json: { launch_game_url: 'javascript:alert(1)' } });
      const unsafe = await launch();
      expect(unsafe.status).toBe(502);
      expect(unsafe.body.error_detail).toMatch(/launch_game_url/);

      reply = () => ({ status: 200, json: { launch_game_url: 'https://shan.example/play?s=abc' } });
    });

    it('an unreachable provider is 502', async () => {
      const p = await registerPlayer(real);
      const gone = await fakeParty(() => ({ status: 200 }));
      await gone.close();
      const down = await startTestServer(kind, { clock, database: server.database, env: { SHAN_PROVIDER_URL: gone.url } });
      try {
        const res = await down.call('POST', LAUNCH, { token: p.token, body: {} });
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ status: 'fail', message: 'Failed to launch game.', error_detail: 'The Shan provider is not reachable.' });
      } finally {
        await down.close();
      }
    });
  });
});
