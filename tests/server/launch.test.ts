import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed';
import { seamlessSign } from '../../server/domain/seamless-protocol';
import { aggregatorPassword } from '../../server/domain/seamless-launch';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { UNAUTHENTICATED, registerPlayer, setStatus } from './accounts-helpers';
import { GAME, HIDDEN_GAME, PRODUCT, insertTestCatalogue } from './seamless-helpers';
import { fund } from './wallet-helpers';

const LAUNCH = '/api/seamless/launch-game';

/** A tiny stand-in for a real aggregator's operator API, on 127.0.0.1. */
async function fakeAggregator() {
  const requests: { path: string; body: any }[] = [];
  let reply: (body: any) => { status: number; json: unknown } = () => ({ status: 200, json: { code: 200, message: 'OK', url: 'https://games.example/play?s=abc' } });
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      requests.push({ path: req.url ?? '', body });
      const { status, json } = reply(body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof json === 'string' ? json : JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(fn: typeof reply) {
      reply = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeToken(url: string) {
  const t = new URL(url, 'http://x').searchParams.get('t')!;
  const [payload] = t.split('.');
  return { token: t, claims: JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) };
}

describe.each(dbKinds)('game launch (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(server.database.db);
    await insertTestCatalogue(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('with the demo aggregator (default)', () => {
    it('answers a demo slot URL with a signed token that carries no balance', async () => {
      const p = await registerPlayer(server);
      await fund(server.database.db, p.id, { game: 12_345 });
      const res = await server.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT, game_type: 90 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ code: 200, message: 'Game launched successfully', url: expect.any(String) });
      expect(res.body.url).toMatch(/^\/demo-aggregator\/slot\?t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(res.body.url).not.toMatch(/12345|balance/i);
      const { claims } = decodeToken(res.body.url);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'game_code', 'game_name', 'game_type', 'iat', 'member_account', 'nonce', 'product_code', 'sid']);
      expect(claims).toMatchObject({ member_account: p.userName, game_code: GAME.code, game_name: GAME.name, product_code: PRODUCT, game_type: 'TEST_SLOT' });
      expect(claims.exp).toBe(Math.floor(clock.now().getTime() / 1000) + 2 * 60 * 60);
      // product_code as a string, as form posts send it.
      const asText = await server.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: String(PRODUCT) } });
      expect(asText.status).toBe(200);
    });

    it('the demo page and API refuse a tampered, foreign or expired token', async () => {
      const p = await registerPlayer(server);
      const res = await server.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
      const { token, claims } = decodeToken(res.body.url);
      const page = await server.call('GET', `/demo-aggregator/slot?t=${token}`);
      expect(page.status).toBe(200);

      // Another member in the payload, the signature kept.
      const forged = Buffer.from(JSON.stringify({ ...claims, member_account: 'Pi00000001' })).toString('base64url');
      const tampered = `${forged}.${token.split('.')[1]}`;
      const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      for (const bad of [tampered, flipped, 'garbage', '', `${token}.x`]) {
        const p2 = await server.call('GET', `/demo-aggregator/slot?t=${encodeURIComponent(bad)}`);
        expect(p2.status, bad).toBe(403);
        expect(String(p2.body)).toContain('invalid or has expired');
        const spin = await server.call('POST', '/demo-aggregator/api/spin', { body: { t: bad, bet: 100 } });
        expect(spin.status).toBe(403);
        const bal = await server.call('POST', '/demo-aggregator/api/balance', { body: { t: bad } });
        expect(bal.status).toBe(403);
      }

      clock.advance(2 * 60 * 60 * 1000 + 1000);
      try {
        expect((await server.call('GET', `/demo-aggregator/slot?t=${token}`)).status).toBe(403);
        expect((await server.call('POST', '/demo-aggregator/api/balance', { body: { t: token } })).status).toBe(403);
      } finally {
        clock.set('2026-03-10T06:00:00Z');
      }
    });

    it('an unknown or disabled game is 404 "Game not found."', async () => {
      const p = await registerPlayer(server);
      for (const body of [
        { game_code: 'NOPE', product_code: PRODUCT },
        { game_code: GAME.code, product_code: 12345 },
        { game_code: HIDDEN_GAME.code, product_code: PRODUCT },
      ]) {
        const res = await server.call('POST', LAUNCH, { token: p.token, body });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 404, message: 'Game not found.' });
      }
    });

    it('missing or malformed fields are 422', async () => {
      const p = await registerPlayer(server);
      const noGame = await server.call('POST', LAUNCH, { token: p.token, body: { product_code: PRODUCT } });
      expect(noGame.status).toBe(422);
      expect(noGame.body).toMatchObject({ code: 422, message: 'The game code field is required.', errors: { game_code: ['The game code field is required.'] } });
      const badProduct = await server.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: 'x' } });
      expect(badProduct.status).toBe(422);
      expect(badProduct.body.errors).toHaveProperty('product_code');
    });

    it('logged out is 401; a banned player is refused', async () => {
      const anon = await server.call('POST', LAUNCH, { body: { game_code: GAME.code, product_code: PRODUCT } });
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual(UNAUTHENTICATED);
      const p = await registerPlayer(server);
      await setStatus(server.database.db, p.id, 0);
      // A banned player's tokens stop working at once (api-contract.md), so the refusal is 401.
      const banned = await server.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
      expect([401, 403]).toContain(banned.status);
      expect(banned.body.url).toBeUndefined();
    });
  });

  describe('with a real aggregator (AGGREGATOR_URL)', () => {
    let aggregator: Awaited<ReturnType<typeof fakeAggregator>>;
    let real: TestServer;

    beforeAll(async () => {
      aggregator = await fakeAggregator();
      real = await startTestServer(kind, {
        clock,
        database: server.database,
        env: { AGGREGATOR_URL: aggregator.url, AGGREGATOR_OPERATOR_CODE: 'op-real', AGGREGATOR_SECRET_KEY: 'real-secret', PUBLIC_URL: 'https://play.example.com' },
      });
    });
    afterAll(async () => {
      await real?.close();
      await aggregator?.close();
    });

    it('posts the signed launch request and hands back its url', async () => {
      const p = await registerPlayer(real);
      aggregator.requests.length = 0;
      const res = await real.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT, game_type: 90 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ code: 200, message: 'Game launched successfully', url: 'https://games.example/play?s=abc' });

      expect(aggregator.requests).toHaveLength(1);
      const [{ path, body }] = aggregator.requests as [{ path: string; body: any }];
      expect(path).toBe('/api/operators/launch-game');
      const requestTime = Math.floor(clock.now().getTime() / 1000);
      expect(body).toEqual({
        operator_code: 'op-real',
        member_account: p.userName,
        password: aggregatorPassword('real-secret', p.userName),
        nickname: 'Test Player',
        currency: 'MMK',
        game_code: GAME.code,
        product_code: PRODUCT,
        game_type: 'TEST_SLOT',
        language_code: 0,
        ip: expect.any(String),
        platform: 'WEB',
        operator_lobby_url: 'https://play.example.com',
        request_time: requestTime,
        sign: seamlessSign('op-real', String(requestTime), 'launchgame', 'real-secret'),
      });
      expect(JSON.stringify(body)).not.toMatch(/balance/i);
    });

    it('hands back HTML content when the aggregator answers content', async () => {
      const p = await registerPlayer(real);
      aggregator.answer(() => ({ status: 200, json: { code: 200, message: 'OK', content: '<html><body>game</body></html>' } }));
      const res = await real.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
      expect(res.body).toEqual({ code: 200, message: 'Game launched successfully', content: '<html><body>game</body></html>' });
    });

    it("passes on the aggregator's refusal, and a missing URL, as 502", async () => {
      const p = await registerPlayer(real);
      aggregator.answer(() => ({ status: 200, json: { code: 10002, message: 'Product under maintenance' } }));
      const refused = await real.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ code: 10002, message: 'Product under maintenance' });

      aggregator.answer(() => ({ status: 500, json: 'not json' }));
      const broken = await real.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
      expect(broken.status).toBe(502);
      expect(broken.body.code).toBe(502);

      aggregator.answer(() => ({ status: 200, json: { code: 200, url: 'javascript:alert(1)' } }));
      const unsafe = await real.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
      expect(unsafe.status).toBe(502);
    });

    it('an unreachable aggregator is 503', async () => {
      const p = await registerPlayer(real);
      const gone = await fakeAggregator();
      await gone.close(); // its port now refuses connections
      const down = await startTestServer(kind, { clock, database: server.database, env: { AGGREGATOR_URL: gone.url } });
      try {
        const res = await down.call('POST', LAUNCH, { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
        expect(res.status).toBe(503);
        expect(res.body.code).toBe(503);
      } finally {
        await down.close();
      }
    });
  });
});
