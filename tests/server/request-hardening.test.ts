import { count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { digitBets, idempotencyKeys } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { isDatabaseUnavailable } from '../../server/lib/db-unavailable';
import { english } from '../../server/i18n/refusals';
import { KEY_REUSED_CODE, KEY_REUSED_MESSAGE } from '../../server/lib/idempotency';
import { JSON_TOO_DEEP_MESSAGE, JsonTooDeep, MAX_JSON_DEPTH, parseJsonText } from '../../server/lib/json-text';
import { isPlausibleHost, publicOrigin } from '../../server/lib/public-origin';
import { dbKinds, unreachablePostgres } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, registerPlayer, type Player } from './accounts-helpers';
import { books, expectNothingMoved, fund } from './wallet-helpers';

/**
 * Issue 11, finding 11 (parts): deeply nested JSON answered 500; a database outage answered 500;
 * an Idempotency-Key reused with another body replayed the first answer; the Host header chose
 * the pagination URLs.
 */

/** 8 KB of nested arrays, as the finding sent (the demo Shan launch overflowed its stack on it). */
const NESTED_8K = '['.repeat(4000) + ']'.repeat(4000);
/** The same attack under Digit Bet's 4 KB body limit. */
const NESTED_3K = '['.repeat(1800) + ']'.repeat(1800);
const SERVICE_DOWN = 'The service is temporarily unavailable. Please try again shortly.';

describe('depth-limited JSON', () => {
  it('parses ordinary JSON and refuses deeper than the limit before parsing', () => {
    expect(parseJsonText('{"a":[{"b":[1,"[[[[["]}]}')).toEqual({ a: [{ b: [1, '[[[[['] }] });
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(() => parseJsonText(atLimit)).not.toThrow();
    expect(() => parseJsonText(`[${atLimit}]`)).toThrow(JsonTooDeep);
    // Brackets inside strings, escaped quotes included, do not count.
    expect(() => parseJsonText(JSON.stringify({ s: `\\"${'['.repeat(100)}` }))).not.toThrow();
    expect(() => parseJsonText(NESTED_8K)).toThrow(JsonTooDeep);
  });
});

describe.each(dbKinds)('request hardening (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { PUBLIC_URL: 'https://play.example.com' } });
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function playerWith(main: number, game: number): Promise<Player> {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { main, game });
    return player;
  }

  describe('8 KB of nested arrays', () => {
    it('answers 400 with a clear message on every JSON endpoint (it was a 500), moving nothing', async () => {
      const player = await playerWith(1_000, 1_000);
      const bodies = [NESTED_3K, `{"amount":${NESTED_3K}}`, `{"bet_type":"big","bet_amount":1,"multiplier":1,"x":${NESTED_3K}}`];
      const paths = ['/api/exchange-main-to-game', '/api/digitbet', '/api/twod-bet', '/api/login', '/api/register', '/api/change-password', '/api/seamless/launch-game', '/api/shan-launch-game'];
      await expectNothingMoved(db(), player.id, async () => {
        for (const path of paths) {
          for (const body of bodies) {
            const res = await server.call('POST', path, { token: player.token, body });
            expect(res.status, `${path} ${body.slice(0, 12)}`).toBe(400);
            // In each route family's own refusal envelope (Digit Bet's is { success: false, … }).
            expect(res.body.message, path).toBe(english(JSON_TOO_DEEP_MESSAGE));
          }
        }
      });
    });

    it('the demo Shan provider`s launch refuses it as an invalid request (400), not a stack overflow', async () => {
      const res = await server.call('POST', '/demo-shan/api/launch', { body: `{"member_account":${NESTED_8K}}` });
      expect(res.status).toBe(400);
    });
  });

  describe('Idempotency-Key reused with another body', () => {
    it('exchange: 422 with its code and nothing moved; the same body still replays', async () => {
      const player = await playerWith(10_000, 0);
      const headers = { 'idempotency-key': 'exchange-body-check' };
      const first = await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: { amount: 100 }, headers });
      expect(first.status).toBe(200);

      await expectNothingMoved(db(), player.id, async () => {
        // The attack: the key of a 100 Ks exchange, replayed with 9,000 Ks.
        const other = await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: { amount: 9_000 }, headers });
        expect(other.status).toBe(422);
        expect(other.body).toEqual({ status: FAILED, message: english(KEY_REUSED_MESSAGE), data: { error: KEY_REUSED_CODE } });
        expect(other.headers.get('idempotent-replayed')).toBeNull();

        const same = await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: { amount: 100 }, headers });
        expect(same.status).toBe(200);
        expect(same.body).toEqual(first.body);
        expect(same.headers.get('idempotent-replayed')).toBe('true');
      });
      expect(await books(db(), player.id)).toMatchObject({ mainBalance: 990_000n, balance: 10_000n, exchangeRows: 1 });
    });

    it('digit bet: 422 and no second bet, no seed advance; the same body still replays', async () => {
      const player = await playerWith(0, 1_000);
      const headers = { 'idempotency-key': 'digit-body-check' };
      const body = { bet_type: 'big', bet_amount: 10, multiplier: 1 };
      const first = await server.call('POST', '/api/digitbet', { token: player.token, body, headers });
      expect(first.status).toBe(200);
      const bets = async () => (await db().select({ n: count() }).from(digitBets).where(eq(digitBets.userId, player.id)))[0]!.n;
      expect(await bets()).toBe(1);

      await expectNothingMoved(db(), player.id, async () => {
        const other = await server.call('POST', '/api/digitbet', { token: player.token, body: { ...body, bet_amount: 500, multiplier: 2 }, headers });
        expect(other.status).toBe(422);
        expect(other.body.message).toBe(english(KEY_REUSED_MESSAGE));
        const same = await server.call('POST', '/api/digitbet', { token: player.token, body, headers });
        expect(same.status).toBe(200);
        expect(same.body).toEqual(first.body);
        expect(same.headers.get('idempotent-replayed')).toBe('true');
      });
      expect(await bets()).toBe(1);
      const [key] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, player.id));
      expect(key!.scope).toMatch(/^POST \/api\/digitbet #[0-9a-f]{64}$/);
    });

    it('a form post retried with the same fields replays, with other fields is refused', async () => {
      const player = await playerWith(10_000, 0);
      const form = { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'form-body-check' };
      const first = await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: 'amount=25', headers: form });
      expect(first.status).toBe(200);
      const same = await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: 'amount=25', headers: form });
      expect(same.headers.get('idempotent-replayed')).toBe('true');
      const other = await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: 'amount=26', headers: form });
      expect(other.status).toBe(422);
      expect(other.body.message).toBe(english(KEY_REUSED_MESSAGE));
    });
  });

  describe('public URLs', () => {
    it('pagination links follow PUBLIC_URL, not the Host header the client sent', async () => {
      const player = await playerWith(1_000, 0);
      for (let i = 0; i < 16; i++) {
        expect((await server.call('POST', '/api/exchange-main-to-game', { token: player.token, body: { amount: 1 } })).status).toBe(200);
      }
      const res = await server.call('GET', '/api/exchange-transactions-log', { token: player.token, headers: { host: 'evil.example' } });
      expect(res.status).toBe(200);
      expect(res.body.data.next_page_url).toBe('https://play.example.com/api/exchange-transactions-log?page=2');
      expect(JSON.stringify(res.body)).not.toContain('evil.example');
    });
  });

  describe('a database outage', () => {
    it('/healthz and /readyz answer 200 while the database is up', async () => {
      expect((await server.call('GET', '/healthz')).status).toBe(200);
      const ready = await server.call('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ ok: true, db: kind });
    });

    it('answers 503 with Retry-After (not 500) once the database is gone; /healthz stays up, /readyz says not ready', async () => {
      const database = kind === 'pglite' ? await closedPglite() : unreachablePostgres();
      const down = await startTestServer(kind, { database });
      try {
        const attempts = [
          await down.call('GET', '/api/user', { token: '1|not-a-real-token' }),
          await down.call('POST', '/api/login', { body: { user_name: 'someone', password: 'secret12' } }),
          await down.call('POST', '/api/exchange-main-to-game', { token: '1|not-a-real-token', body: { amount: 1 } }),
        ];
        for (const res of attempts) {
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('5');
          expect(res.body).toEqual({ status: FAILED, message: SERVICE_DOWN, data: null });
        }
        expect((await down.call('GET', '/healthz')).status).toBe(200);
        const ready = await down.call('GET', '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.headers.get('retry-after')).toBe('5');
      } finally {
        await down.close();
        await database.close().catch(() => undefined);
      }
    });
  });
});

/** A PGlite database closed under the running server. */
async function closedPglite(): Promise<Database> {
  const { createTestDatabase } = await import('../support/db');
  const database = await createTestDatabase('pglite');
  await database.close();
  return database;
}


describe('error classification and origins', () => {
  it('recognises outages, not ordinary query errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('PGlite is closed') }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('without PUBLIC_URL, a Host that is not a plausible host[:port] is never reflected', async () => {
    expect(['localhost:8080', 'play.example.com', '192.168.1.5:3000', '[::1]:8080'].every(isPlausibleHost)).toBe(true);
    expect(['evil.com/x?', 'a b', 'x:99999', 'evil.com@x', '', 'a'.repeat(300)].some(isPlausibleHost)).toBe(false);
    const app = new Hono();
    app.get('/o', (c) => c.text(publicOrigin(c, undefined)));
    app.get('/p', (c) => c.text(publicOrigin(c, 'https://play.example.com/some/path')));
    expect(await (await app.request('http://localhost:8080/o', { headers: { host: 'localhost:8080' } })).text()).toBe('http://localhost:8080');
    expect(await (await app.request('http://localhost:8080/o', { headers: { host: 'evil.com/x?' } })).text()).toBe('http://localhost:8080');
    expect(await (await app.request('http://localhost:8080/p', { headers: { host: 'evil.example' } })).text()).toBe('https://play.example.com');
  });
});
