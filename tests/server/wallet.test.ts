import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchanges, ledger } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { yangonDateTime } from '../../server/lib/time';
import { pooledKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, OK, UNAUTHENTICATED, registerPlayer, type Player } from './accounts-helpers';
import { books, expectBalanced, expectNothingMoved, fund } from './wallet-helpers';

const MAIN_TO_GAME = '/api/exchange-main-to-game';
const GAME_TO_MAIN = '/api/exchange-game-to-main';
const EXCHANGES = [MAIN_TO_GAME, GAME_TO_MAIN] as const;
const NOT_ENOUGH = 'You do not have enough balance to transfer';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const required = 'The amount field is required.';
const notNumber = 'The amount field must be a number.';
const notInteger = 'The amount field must be an integer.';
const tooSmall = 'The amount field must be at least 1.';
const tooLarge = 'The amount field must not be greater than 1000000000.';

/** Raw request bodies (JSON text unless `form`) and the one message each must earn. */
const BAD_AMOUNTS: { name: string; body: string; form?: boolean; message: string }[] = [
  { name: 'negative', body: '{"amount":-500}', message: tooSmall },
  { name: 'zero', body: '{"amount":0}', message: tooSmall },
  { name: 'negative zero', body: '{"amount":-0}', message: tooSmall },
  { name: 'fractional', body: '{"amount":12.5}', message: notInteger },
  { name: 'a fraction below one', body: '{"amount":0.5}', message: notInteger },
  { name: '1e12', body: '{"amount":1e12}', message: tooLarge },
  { name: '1e308', body: '{"amount":1e308}', message: tooLarge },
  { name: 'just over the cap', body: '{"amount":1000000001}', message: tooLarge },
  { name: '2^53 + 1', body: '{"amount":9007199254740993}', message: tooLarge },
  { name: '2^53 + 1 as a string', body: '{"amount":"9007199254740993"}', message: tooLarge },
  { name: 'a string', body: '{"amount":"abc"}', message: notNumber },
  { name: 'hex text', body: '{"amount":"0x10"}', message: notNumber },
  { name: 'Infinity text', body: '{"amount":"Infinity"}', message: notNumber },
  { name: 'a fractional string', body: '{"amount":"12.5"}', message: notInteger },
  { name: 'exponent text', body: '{"amount":"1e3"}', message: notInteger },
  { name: 'true', body: '{"amount":true}', message: notNumber },
  { name: 'an array', body: '{"amount":[]}', message: notNumber },
  { name: 'an array holding a number', body: '{"amount":[1000]}', message: notNumber },
  { name: 'an object', body: '{"amount":{}}', message: notNumber },
  { name: 'null', body: '{"amount":null}', message: required },
  { name: 'an empty string', body: '{"amount":"  "}', message: required },
  { name: 'missing', body: '{}', message: required },
  { name: 'a misspelt field', body: '{"amout":1000}', message: required },
  { name: 'a JSON string body', body: '"1000"', message: required },
  { name: 'a JSON number body', body: '1000', message: required },
  { name: 'malformed JSON', body: '{"amount":10', message: required },
  { name: 'no body', body: '', message: required },
  { name: 'form: fractional', body: 'amount=12.5', form: true, message: notInteger },
  { name: 'form: text', body: 'amount=abc', form: true, message: notNumber },
  { name: 'form: empty', body: 'amount=', form: true, message: required },
  { name: 'form: negative', body: 'amount=-1', form: true, message: tooSmall },
  { name: 'form: huge', body: 'amount=99999999999999999999999', form: true, message: tooLarge },
  { name: 'form: missing', body: 'other=1', form: true, message: required },
];

describe.each(pooledKinds)('wallet (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, player: Player, body: unknown, headers?: Record<string, string>) =>
    server.call('POST', path, { token: player.token, body, headers });
  const get = (path: string, player: Player) => server.call('GET', path, { token: player.token });

  /** A registered player with these opening balances (whole Kyat). */
  async function playerWith(main: number, game: number): Promise<Player> {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { main, game });
    return player;
  }

  async function ledgerRowsOf(reference: string) {
    return db().select().from(ledger).where(eq(ledger.reference, reference)).orderBy(asc(ledger.id));
  }

  describe('POST /exchange-main-to-game and /exchange-game-to-main', () => {
    it('main → game moves exactly the amount, with two ledger rows and an exchange row', async () => {
      const player = await playerWith(10_000, 0);
      const res = await post(MAIN_TO_GAME, player, { amount: 2_500 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        status: OK,
        message: 'successfully exchange balance',
        data: { balance: '2500.00', main_balance: '7500.00' },
      });
      expect(res.headers.get('idempotent-replayed')).toBeNull();

      const after = await books(db(), player.id);
      expect(after).toMatchObject({ balance: 250_000n, mainBalance: 750_000n, exchangeRows: 1, ledgerRows: 3 });
      expectBalanced(after);

      const [row] = await db().select().from(exchanges).where(eq(exchanges.userId, player.id));
      expect(row).toMatchObject({ type: 'mainBalanceToGaming', amount: 250_000n });
      const rows = await ledgerRowsOf(`exchange:${row!.id}`);
      expect(rows.map((r) => [r.userId, r.wallet, r.kind, r.amount, r.balanceBefore, r.balanceAfter])).toEqual([
        [player.id, 'main', 'exchange', -250_000n, 1_000_000n, 750_000n],
        [player.id, 'game', 'exchange', 250_000n, 0n, 250_000n],
      ]);
    });

    it('game → main moves exactly the amount, with two ledger rows and an exchange row', async () => {
      const player = await playerWith(100, 5_000);
      const res = await post(GAME_TO_MAIN, player, { amount: 1_234 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ balance: '3766.00', main_balance: '1334.00' });

      const after = await books(db(), player.id);
      expect(after).toMatchObject({ balance: 376_600n, mainBalance: 133_400n, exchangeRows: 1, ledgerRows: 4 });
      expectBalanced(after);

      const [row] = await db().select().from(exchanges).where(eq(exchanges.userId, player.id));
      expect(row).toMatchObject({ type: 'GamingToMainBalance', amount: 123_400n });
      const rows = await ledgerRowsOf(`exchange:${row!.id}`);
      expect(rows.map((r) => [r.wallet, r.amount, r.balanceBefore, r.balanceAfter])).toEqual([
        ['game', -123_400n, 500_000n, 376_600n],
        ['main', 123_400n, 10_000n, 133_400n],
      ]);
    });

    it('moves the whole balance, and back again', async () => {
      const player = await playerWith(700, 0);
      expect((await post(MAIN_TO_GAME, player, { amount: 700 })).body.data).toEqual({ balance: '700.00', main_balance: '0.00' });
      expect((await post(GAME_TO_MAIN, player, { amount: 700 })).body.data).toEqual({ balance: '0.00', main_balance: '700.00' });
      expectBalanced(await books(db(), player.id));
    });

    it('accepts numeric strings, as form posts and legacy clients send them', async () => {
      const player = await playerWith(10_000, 10_000);
      const json = await post(MAIN_TO_GAME, player, { amount: '1000' });
      expect(json.status, JSON.stringify(json.body)).toBe(200);
      expect(json.body.data).toEqual({ balance: '11000.00', main_balance: '9000.00' });
      const form = await post(GAME_TO_MAIN, player, 'amount=500', FORM);
      expect(form.status, JSON.stringify(form.body)).toBe(200);
      expect(form.body.data).toEqual({ balance: '10500.00', main_balance: '9500.00' });
      const burmese = await post(GAME_TO_MAIN, player, { amount: '၁၀၀' });
      expect(burmese.body.data).toEqual({ balance: '10400.00', main_balance: '9600.00' });
      expectBalanced(await books(db(), player.id));
    });

    for (const path of EXCHANGES) {
      describe(path, () => {
        it.each(BAD_AMOUNTS)('422 for $name, and moves nothing', async ({ body, form, message }) => {
          const player = await sharedPlayer();
          await expectNothingMoved(db(), player.id, async () => {
            const res = await post(path, player, body, form ? FORM : undefined);
            expect(res.status, JSON.stringify(res.body)).toBe(422);
            expect(res.body).toEqual({ message, errors: { amount: [message] } });
          });
        });

        it('400 "not enough balance" when the source wallet is short, and moves nothing', async () => {
          const player = await sharedPlayer();
          const b = await books(db(), player.id);
          const available = path === MAIN_TO_GAME ? b.mainBalance : b.balance;
          await expectNothingMoved(db(), player.id, async () => {
            const res = await post(path, player, { amount: Number(available / 100n) + 1 });
            expect(res.status).toBe(400);
            expect(res.body).toEqual({ status: FAILED, message: NOT_ENOUGH, data: null });
            const max = await post(path, player, { amount: 1_000_000_000 });
            expect(max.status).toBe(400);
          });
        });

        it('401 without a valid token, and moves nothing', async () => {
          const player = await sharedPlayer();
          await expectNothingMoved(db(), player.id, async () => {
            for (const token of [undefined, 'not-a-token', `${player.token}x`]) {
              const res = await server.call('POST', path, { token, body: { amount: 1 } });
              expect(res.status).toBe(401);
              expect(res.body).toEqual(UNAUTHENTICATED);
            }
          });
        });
      });
    }

    let shared: Promise<Player> | undefined;
    /** One funded player for the refusal cases, which must leave it untouched. */
    function sharedPlayer(): Promise<Player> {
      shared ??= playerWith(5_000, 3_000);
      return shared;
    }
  });

  describe('Idempotency-Key', () => {
    it('a repeat returns the identical first answer, marked replayed, and moves money once', async () => {
      const player = await playerWith(10_000, 0);
      const headers = { 'idempotency-key': 'exchange-7f3a' };
      const first = await post(MAIN_TO_GAME, player, { amount: 1_000 }, headers);
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const moved = await books(db(), player.id);

      for (let i = 0; i < 3; i++) {
        const again = await post(MAIN_TO_GAME, player, { amount: 1_000 }, headers);
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
      }
      expect(await books(db(), player.id)).toEqual(moved);
      expect(moved).toMatchObject({ balance: 100_000n, mainBalance: 900_000n, exchangeRows: 1 });
    });

    it('the same key on the other exchange is refused with 422, and moves nothing', async () => {
      const player = await playerWith(10_000, 10_000);
      const headers = { 'idempotency-key': 'one-key' };
      expect((await post(MAIN_TO_GAME, player, { amount: 10 }, headers)).status).toBe(200);
      await expectNothingMoved(db(), player.id, async () => {
        const other = await post(GAME_TO_MAIN, player, { amount: 10 }, headers);
        expect(other.status).toBe(422);
        expect(other.body.message).toBe('This Idempotency-Key was used for another request.');
      });
    });

    it('an invalid key is refused with 400, and moves nothing', async () => {
      const player = await playerWith(10_000, 10_000);
      await expectNothingMoved(db(), player.id, async () => {
        for (const key of ['has space', 'x'.repeat(201), '']) {
          for (const path of EXCHANGES) {
            const res = await post(path, player, { amount: 10 }, { 'idempotency-key': key });
            expect(res.status, `${path} ${JSON.stringify(key)}`).toBe(400);
            expect(res.body.status).toBe(FAILED);
          }
        }
      });
    });

    it('a refused request leaves no key behind: the same key works once the money is there', async () => {
      const player = await playerWith(0, 0);
      const headers = { 'idempotency-key': 'retry-after-deposit' };
      const refused = await post(GAME_TO_MAIN, player, { amount: 300 }, headers);
      expect(refused.status).toBe(400);
      await fund(db(), player.id, { game: 300 });
      const accepted = await post(GAME_TO_MAIN, player, { amount: 300 }, headers);
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get('idempotent-replayed')).toBeNull();
      expect(accepted.body.data).toEqual({ balance: '0.00', main_balance: '300.00' });
    });

    it('keys belong to one player: another player may use the same key', async () => {
      const [a, b] = [await playerWith(100, 0), await playerWith(100, 0)];
      const headers = { 'idempotency-key': 'shared-name' };
      const first = await post(MAIN_TO_GAME, a, { amount: 40 }, headers);
      const second = await post(MAIN_TO_GAME, b, { amount: 60 }, headers);
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      expect(first.body.data.balance).toBe('40.00');
      expect(second.body.data.balance).toBe('60.00');
    });
  });

  describe('GET /exchange-transactions-log', () => {
    it('pages the player’s own exchanges, 15 per page, newest first, without a user record', async () => {
      const player = await playerWith(100_000, 100_000);
      const other = await playerWith(100_000, 100_000);
      for (let i = 1; i <= 17; i++) {
        expect((await post(i % 2 ? MAIN_TO_GAME : GAME_TO_MAIN, player, { amount: i * 100 })).status).toBe(200);
        if (i % 4 === 0) expect((await post(MAIN_TO_GAME, other, { amount: 1 })).status).toBe(200);
      }
      const own = await db().select().from(exchanges).where(eq(exchanges.userId, player.id));
      const ownIds = new Set(own.map((r) => r.id));

      const page1 = await get('/api/exchange-transactions-log', player);
      expect(page1.status).toBe(200);
      expect(page1.body.status).toBe(OK);
      const p1 = page1.body.data;
      expect(p1).toMatchObject({ current_page: 1, per_page: 15, total: 17, last_page: 2, prev_page_url: null });
      expect(p1.next_page_url).toMatch(/\/api\/exchange-transactions-log\?page=2$/);
      expect(p1.data).toHaveLength(15);
      expect(p1.data[0]).toEqual({
        id: expect.any(Number),
        amount: '1700.00',
        type: 'mainBalanceToGaming',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(p1.data[1]).toMatchObject({ amount: '1600.00', type: 'GamingToMainBalance' });

      const page2 = await get('/api/exchange-transactions-log?page=2', player);
      const p2 = page2.body.data;
      expect(p2).toMatchObject({ current_page: 2, total: 17, next_page_url: null });
      expect(p2.data.map((r: { amount: string }) => r.amount)).toEqual(['200.00', '100.00']);

      const rows = [...p1.data, ...p2.data] as { id: number }[];
      const ids = rows.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      expect(new Set(ids)).toEqual(ownIds);

      const otherLog = await get('/api/exchange-transactions-log', other);
      expect(otherLog.body.data.total).toBe(4);
      for (const row of otherLog.body.data.data) expect(ownIds.has(row.id)).toBe(false);

      const beyond = await get('/api/exchange-transactions-log?page=9', player);
      expect(beyond.body.data).toMatchObject({ current_page: 9, data: [], total: 17 });
    });

    it('an empty log is one empty page', async () => {
      const player = await registerPlayer(server);
      const res = await get('/api/exchange-transactions-log?page=abc', player);
      expect(res.body.data).toMatchObject({ current_page: 1, data: [], total: 0, last_page: 1 });
    });
  });

  describe('GET /transactions', () => {
    it('pages the player’s ledger, 20 per page, newest first, signed amounts and Yangon time', async () => {
      const player = await playerWith(50_000, 0);
      const other = await playerWith(50_000, 0);
      for (let i = 1; i <= 11; i++) {
        expect((await post(MAIN_TO_GAME, player, { amount: 500 })).status).toBe(200);
        expect((await post(MAIN_TO_GAME, other, { amount: 1 })).status).toBe(200);
      }
      // 1 opening row + 11 exchanges × 2 rows.
      const page1 = await get('/api/transactions', player);
      expect(page1.status).toBe(200);
      const p1 = page1.body.data;
      expect(p1).toMatchObject({ current_page: 1, per_page: 20, total: 23, last_page: 2 });
      expect(p1.data).toHaveLength(20);

      const [last] = await db()
        .select({ id: exchanges.id })
        .from(exchanges)
        .where(eq(exchanges.userId, player.id))
        .orderBy(asc(exchanges.id))
        .offset(10);
      const [credit, debit] = p1.data;
      expect(credit).toEqual({
        id: expect.any(Number),
        wallet: 'game',
        kind: 'exchange',
        amount: '+500.00',
        balance_before: '5000.00',
        balance_after: '5500.00',
        reference: `exchange:${last!.id}`,
        created_at: expect.any(String),
        datetime: yangonDateTime(new Date(credit.created_at)),
      });
      expect(credit.datetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(debit).toMatchObject({
        wallet: 'main',
        amount: '-500.00',
        balance_before: '45000.00',
        balance_after: '44500.00',
        reference: `exchange:${last!.id}`,
      });

      const p2 = (await get('/api/transactions?page=2', player)).body.data;
      expect(p2.data).toHaveLength(3);
      expect(p2.data[2]).toMatchObject({ kind: 'opening', wallet: 'main', amount: '+50000.00', balance_before: '0.00' });

      const ids = [...p1.data, ...p2.data].map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const own = await db().select({ id: ledger.id }).from(ledger).where(and(eq(ledger.userId, player.id)));
      expect(new Set(ids)).toEqual(new Set(own.map((r) => r.id)));
    });
  });

  it('the log endpoints answer 401 without a valid token', async () => {
    for (const path of ['/api/exchange-transactions-log', '/api/transactions']) {
      for (const token of [undefined, 'nope']) {
        const res = await server.call('GET', path, { token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
    }
  });
});
