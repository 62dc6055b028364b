import { createHash, createHmac } from 'node:crypto';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitBets, digitSeeds, idempotencyKeys, ledger } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { formatMoney, kyat } from '../../server/lib/money';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, OK, UNAUTHENTICATED, registerPlayer, type Player } from './accounts-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * Digit Bet over HTTP on a real database (docs/digit-bet.md): the server rolls from the committed
 * seed pair and decides; the stake and any win move through the ledger in one transaction; the
 * nonce moves with the bet; a rotation reveals the seed, and every past roll checks out.
 */

const BET = '/api/digitbet';
const HISTORY = '/api/digitbet/history';
const FAIRNESS = '/api/digitbet/fairness';
const ROTATE = '/api/digitbet/seed/rotate';

/** The roll as domain-notes.md words it, independent of the server's code. */
function verifyRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  const f = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(f * 10);
}
const sha256Hex = (seedHex: string) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** Expected win for a stake (any unit) under the default payouts. */
function expectedWin(type: string, digit: number | null, rolled: number, stake: number): number {
  if (type === 'digit') return digit === rolled ? stake * (rolled === 5 ? 10 : 5) : 0;
  if (type === 'small') return rolled <= 4 ? stake * 2 : 0;
  return rolled >= 5 ? stake * 2 : 0;
}

describe.each(dbKinds)('digit bet (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  /** Every answer body seen, to prove no active server seed ever left the server. */
  const seen: string[] = [];
  const players = new Map<number, Player>();

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function call(method: string, path: string, player: Player | undefined, body?: unknown, headers?: Record<string, string>) {
    const res = await server.call(method, path, { token: player?.token, body, headers });
    seen.push(JSON.stringify(res.body));
    return res;
  }
  const bet = (p: Player, body: unknown, headers?: Record<string, string>) => call('POST', BET, p, body, headers);

  async function playerWith(game: number, main = 0): Promise<Player> {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { game, main });
    players.set(player.id, player);
    return player;
  }

  async function activeSeed(userId: number) {
    const [row] = await db()
      .select()
      .from(digitSeeds)
      .where(and(eq(digitSeeds.userId, userId), eq(digitSeeds.active, true)));
    return row;
  }

  /** The roll the player's next bet will get, read from the database as only a test can. */
  async function nextRoll(userId: number): Promise<number> {
    let seed = await activeSeed(userId);
    if (!seed) {
      await server.call('GET', FAIRNESS, { token: players.get(userId)!.token });
      seed = (await activeSeed(userId))!;
    }
    return verifyRoll(seed.serverSeed, seed.clientSeed, seed.nonce);
  }

  /** Places cheap bets until the next roll is `wanted`. */
  async function advanceTo(player: Player, wanted: number) {
    for (let i = 0; i < 200 && (await nextRoll(player.id)) !== wanted; i++) {
      expect((await bet(player, { bet_type: 'big', bet_amount: 1, multiplier: 1 })).status).toBe(200);
    }
    expect(await nextRoll(player.id)).toBe(wanted);
  }

  async function digitRows(userId: number) {
    return db().select().from(digitBets).where(eq(digitBets.userId, userId)).orderBy(asc(digitBets.id));
  }

  it('401 without a token on every Digit Bet route', async () => {
    for (const [method, path] of [
      ['POST', BET],
      ['GET', HISTORY],
      ['GET', FAIRNESS],
      ['POST', ROTATE],
    ] as const) {
      const res = await server.call(method, path, { body: method === 'POST' ? { bet_type: 'big', bet_amount: 1, multiplier: 1 } : undefined });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    }
    const bad = await server.call('POST', BET, { token: 'nope', body: {} });
    expect(bad.status).toBe(401);
  });

  it('a bet: the server rolls from the committed pair, debits the stake, credits a win, one transaction of ledger rows', async () => {
    const player = await playerWith(50_000);
    const fair = await call('GET', FAIRNESS, player);
    expect(fair.status, JSON.stringify(fair.body)).toBe(200);
    const current = fair.body.data.current;
    expect(current).toEqual({ seed_id: expect.any(Number), server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/), client_seed: expect.stringMatching(/^[0-9a-f]{16}$/), nonce: 0 });
    expect(fair.body.data.revealed).toEqual([]);

    const rolled = await nextRoll(player.id);
    const digit = (rolled + 3) % 10; // a losing digit
    const res = await bet(player, { bet_type: 'digit', digit, bet_amount: 10, multiplier: 2, rolled_number: digit, outcome: 'win' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await digitRows(player.id);
    expect(res.body).toEqual({
      success: true,
      status: OK,
      message: `You Lost! The number was ${rolled}.`,
      data: {
        balance: '49980.00',
        history: [
          {
            id: row!.id,
            timestamp: row!.createdAt.toISOString(),
            betType: 'digit',
            digit,
            bet_amount: '10.00',
            multiplier: 2,
            stake: '20.00',
            rolledNumber: rolled,
            outcome: 'lose',
            win_amount: '0.00',
            profit: '-20.00',
            seed_id: current.seed_id,
            nonce: 0,
            client_seed: current.client_seed,
            server_seed_hash: current.server_seed_hash,
          },
        ],
        rolled_number: rolled,
        outcome: 'lose',
        win_amount: '0.00',
        stake: '20.00',
        fairness: { server_seed_hash: current.server_seed_hash, client_seed: current.client_seed, nonce: 0, next_nonce: 1, seed_id: current.seed_id },
      },
    });
    expect(row).toMatchObject({ seedId: current.seed_id, nonce: 0, betType: 'digit', digit, betAmount: 1_000n, multiplier: 2, stake: 2_000n, rolled, outcome: 'lose', winAmount: 0n });
    expect((await activeSeed(player.id))!.nonce).toBe(1);
    const moves = await db().select().from(ledger).where(eq(ledger.reference, `digit_bet:${row!.id}`));
    expect(moves.map((m) => [m.userId, m.wallet, m.kind, m.amount, m.balanceBefore, m.balanceAfter])).toEqual([
      [player.id, 'game', 'digit_bet', -2_000n, 5_000_000n, 4_998_000n],
    ]);
    expectBalanced(await books(db(), player.id));
  });

  it('sending a "winning" rolled_number and outcome changes nothing: the server roll decides', async () => {
    const player = await playerWith(1_000);
    for (let i = 0; i < 5; i++) {
      const rolled = await nextRoll(player.id);
      const claimed = (rolled + 1 + i) % 10;
      const res = await bet(player, { bet_type: 'digit', digit: claimed, bet_amount: 10, multiplier: 1, rolled_number: claimed, outcome: 'win' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ rolled_number: rolled, outcome: 'lose', win_amount: '0.00' });
    }
    const b = await books(db(), player.id);
    expect(b.balance).toBe(kyat(950));
    expect(await db().select().from(ledger).where(and(eq(ledger.userId, player.id), eq(ledger.kind, 'digit_win')))).toEqual([]);
  });

  it('payouts: digit 5×, digit 5 on a rolled 5 10×, big 2×, small 2× — balance and ledger agree with the roll', async () => {
    const player = await playerWith(10_000);
    let balance = kyat(10_000);
    const place = async (body: { bet_type: string; digit?: number; bet_amount: number; multiplier: number }, wantWin: number) => {
      const res = await bet(player, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // In pya, exactly.
      const stake = Math.round(body.bet_amount * 100) * body.multiplier;
      const win = expectedWin(body.bet_type, body.digit ?? null, res.body.data.rolled_number, stake);
      expect(win).toBe(Math.round(wantWin * 100));
      balance += BigInt(win - stake);
      expect(res.body.data).toMatchObject({ outcome: win > 0 ? 'win' : 'lose', win_amount: formatMoney(BigInt(win)), stake: formatMoney(BigInt(stake)), balance: formatMoney(balance) });
      expect(res.body.message).toBe(`${win > 0 ? 'You Won!' : 'You Lost!'} The number was ${res.body.data.rolled_number}.`);
      const row = res.body.data.history[0];
      expect(row.profit).toBe(formatMoney(BigInt(win - stake)));
      const moves = await db().select().from(ledger).where(eq(ledger.reference, `digit_bet:${row.id}`)).orderBy(asc(ledger.id));
      expect(moves.map((m) => [m.kind, m.amount])).toEqual([['digit_bet', -BigInt(stake)], ...(win > 0 ? [['digit_win', BigInt(win)]] : [])]);
      return res.body.data.rolled_number as number;
    };

    await advanceTo(player, 3);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'digit', digit: 3, bet_amount: 10, multiplier: 5 }, 250); // 50 × 5
    await advanceTo(player, 5);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'digit', digit: 5, bet_amount: 2.5, multiplier: 10 }, 250); // 25 × 10
    await advanceTo(player, 7);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'big', bet_amount: 100, multiplier: 1 }, 200);
    await advanceTo(player, 5);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'big', bet_amount: 1, multiplier: 1 }, 2);
    await advanceTo(player, 4);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'small', bet_amount: 7, multiplier: 20 }, 280);
    await place({ bet_type: 'small', bet_amount: 1, multiplier: 1 }, expectedWin('small', null, await nextRoll(player.id), 1));
    await advanceTo(player, 0);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'small', bet_amount: 1, multiplier: 1 }, 2);
    await advanceTo(player, 4);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'big', bet_amount: 1, multiplier: 1 }, 0);
    await advanceTo(player, 5);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'small', bet_amount: 1, multiplier: 1 }, 0);
    await advanceTo(player, 9);
    balance = (await books(db(), player.id)).balance;
    await place({ bet_type: 'digit', digit: 9, bet_amount: 1.01, multiplier: 3 }, 15.15);
    expectBalanced(await books(db(), player.id));
  });

  it('insufficient game balance: 400 "Insufficient Balance", nothing written, the nonce not consumed', async () => {
    const player = await playerWith(5, 100_000); // plenty in main, 5 Ks in game
    await call('GET', FAIRNESS, player);
    const before = await books(db(), player.id);
    const res = await bet(player, { bet_type: 'big', bet_amount: 6, multiplier: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, status: FAILED, message: 'Insufficient Balance', data: null });
    expect(await books(db(), player.id)).toEqual(before);
    expect(await digitRows(player.id)).toEqual([]);
    expect((await activeSeed(player.id))!.nonce).toBe(0);

    // The whole balance is fine; after it, even 1 Ks is refused (unless the bet won).
    const all = await bet(player, { bet_type: 'big', bet_amount: 5, multiplier: 1 });
    expect(all.status).toBe(200);
    expect((await activeSeed(player.id))!.nonce).toBe(1);

    const fresh = await playerWith(0, 100);
    const none = await bet(fresh, { bet_type: 'small', bet_amount: 1, multiplier: 1 });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Insufficient Balance');
    // The seed pair the bet would have created went with the rollback.
    expect(await db().select().from(digitSeeds).where(eq(digitSeeds.userId, fresh.id))).toEqual([]);
    expect((await books(db(), fresh.id)).ledgerRows).toBe(1);
  });

  it('Idempotency-Key: a repeat returns the first answer with Idempotent-Replayed, money moves once', async () => {
    const player = await playerWith(1_000);
    const body = { bet_type: 'small', bet_amount: 10, multiplier: 10 };
    const first = await bet(player, body, { 'idempotency-key': 'digit-1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await bet(player, body, { 'idempotency-key': 'digit-1' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await digitRows(player.id)).toHaveLength(1);
    expect((await activeSeed(player.id))!.nonce).toBe(1);
    const b = await books(db(), player.id);
    expect(b.balance).toBe(kyat(1_000 - 100 + (first.body.data.outcome === 'win' ? 200 : 0)));
    expectBalanced(b);
    // A new key is a new bet.
    expect((await bet(player, body, { 'idempotency-key': 'digit-2' })).headers.get('idempotent-replayed')).toBeNull();
    expect(await digitRows(player.id)).toHaveLength(2);

    // A refusal stores no key: the same key runs afresh once the money is there.
    const poor = await playerWith(0);
    const refused = await bet(poor, body, { 'idempotency-key': 'poor-1' });
    expect(refused.status).toBe(400);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, poor.id))).toEqual([]);
    await fund(db(), poor.id, { game: 100 });
    const retried = await bet(poor, body, { 'idempotency-key': 'poor-1' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a key answered before bets kept their own answers replays the text stored for it, and bets nothing', async () => {
    const player = await playerWith(1_000);
    const stored = { success: true, status: OK, message: 'You Lost! The number was 2.', data: { balance: '990.00', history: [], rolled_number: 2 } };
    await db().insert(idempotencyKeys).values({ userId: player.id, key: 'old-1', scope: 'POST /api/digitbet', responseStatus: 200, responseBody: JSON.stringify(stored) });
    const res = await bet(player, { bet_type: 'big', bet_amount: 10, multiplier: 1 }, { 'idempotency-key': 'old-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(res.body).toEqual(stored);
    expect(await digitRows(player.id)).toEqual([]);
    expect((await books(db(), player.id)).balance).toBe(kyat(1_000));
  });

  it('the answer is the bet row and the history: its history is GET /digitbet/history, its newest row the bet row, the same answer replayed', async () => {
    const player = await playerWith(1_000);
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await bet(player, { bet_type: i === 1 ? 'digit' : 'small', digit: i === 1 ? 4 : null, bet_amount: 3, multiplier: 2 }, { 'idempotency-key': `same-${i}` });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const history = await call('GET', HISTORY, player);
      expect(res.body.data.history).toEqual(history.body.data);
      const [row] = (await digitRows(player.id)).slice(-1);
      expect(res.body.data.history[0]).toMatchObject({ id: row!.id, timestamp: row!.createdAt.toISOString(), nonce: i, rolledNumber: row!.rolled });
      // The key names the bet; a replay rebuilds the same answer from it, after later bets too.
      const [key] = await db().select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, player.id), eq(idempotencyKeys.key, `same-${i}`)));
      expect(key!.id).toBe(row!.keyId);
      answers.push(res.body);
    }
    for (let i = 0; i < 3; i++) {
      const again = await bet(player, { bet_type: i === 1 ? 'digit' : 'small', digit: i === 1 ? 4 : null, bet_amount: 3, multiplier: 2 }, { 'idempotency-key': `same-${i}` });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(answers[i]);
    }
    expect(await digitRows(player.id)).toHaveLength(3);
  });

  it('a bet row that cannot be written with the commit rolls back all: no ledger row, no key, the nonce not consumed', async () => {
    const player = await playerWith(1_000);
    await call('GET', FAIRNESS, player);
    const seed = (await activeSeed(player.id))!;
    // A row already holding the next nonce of the pair: the bet's INSERT, sent with the stored
    // answer and COMMIT, fails on the unique (seed, nonce) index after the money has moved.
    const [planted] = await db()
      .insert(digitBets)
      .values({ userId: player.id, seedId: seed.id, nonce: seed.nonce, clientSeed: seed.clientSeed, betType: 'big', betAmount: 100n, multiplier: 1, stake: 100n, rolled: 0, outcome: 'lose' })
      .returning();
    const before = await books(db(), player.id);
    const body = { bet_type: 'big', bet_amount: 10, multiplier: 1 };
    const failed = await bet(player, body, { 'idempotency-key': 'clash-1' });
    expect(failed.status).toBe(500);
    expect(await books(db(), player.id)).toEqual(before);
    expect(await db().select().from(ledger).where(and(eq(ledger.userId, player.id), like(ledger.reference, 'digit_bet:%')))).toEqual([]);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, player.id))).toEqual([]);
    expect((await activeSeed(player.id))!.nonce).toBe(seed.nonce);
    expect((await digitRows(player.id)).map((r) => r.id)).toEqual([planted!.id]);

    // Once the way is clear the same key runs afresh.
    await db().delete(digitBets).where(eq(digitBets.id, planted!.id));
    const retried = await bet(player, body, { 'idempotency-key': 'clash-1' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.body.data.fairness.nonce).toBe(seed.nonce);
    expect((await activeSeed(player.id))!.nonce).toBe(seed.nonce + 1);
    expectBalanced(await books(db(), player.id));
  });

  describe('validation: 422 in the Laravel shape, nothing written', () => {
    const cases: { name: string; body: unknown; errors: Record<string, string[]> }[] = [
      { name: 'empty body', body: {}, errors: { bet_type: ['The bet type field is required.'], bet_amount: ['The bet amount field is required.'], multiplier: ['The multiplier field is required.'] } },
      { name: 'bad bet_type', body: { bet_type: 'odd', bet_amount: 1, multiplier: 1 }, errors: { bet_type: ['The selected bet type is invalid.'] } },
      { name: 'bet_type not a string', body: { bet_type: 1, bet_amount: 1, multiplier: 1 }, errors: { bet_type: ['The selected bet type is invalid.'] } },
      { name: 'digit missing for a digit bet', body: { bet_type: 'digit', bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field is required when bet type is digit.'] } },
      { name: 'digit null for a digit bet', body: { bet_type: 'digit', digit: null, bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field is required when bet type is digit.'] } },
      { name: 'digit 10', body: { bet_type: 'digit', digit: 10, bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field must be between 0 and 9.'] } },
      { name: 'digit -1', body: { bet_type: 'digit', digit: -1, bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field must be between 0 and 9.'] } },
      { name: 'digit 2.5', body: { bet_type: 'digit', digit: 2.5, bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field must be an integer.'] } },
      { name: 'digit text', body: { bet_type: 'digit', digit: 'seven', bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field must be an integer.'] } },
      { name: 'digit given for big', body: { bet_type: 'big', digit: 7, bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field is prohibited unless bet type is digit.'] } },
      { name: 'digit given for small', body: { bet_type: 'small', digit: 0, bet_amount: 1, multiplier: 1 }, errors: { digit: ['The digit field is prohibited unless bet type is digit.'] } },
      { name: 'bet_amount 0', body: { bet_type: 'big', bet_amount: 0, multiplier: 1 }, errors: { bet_amount: ['The bet amount field must be at least 1.'] } },
      { name: 'bet_amount 0.99', body: { bet_type: 'big', bet_amount: 0.99, multiplier: 1 }, errors: { bet_amount: ['The bet amount field must be at least 1.'] } },
      { name: 'bet_amount negative', body: { bet_type: 'big', bet_amount: -5, multiplier: 1 }, errors: { bet_amount: ['The bet amount field must be at least 1.'] } },
      { name: 'bet_amount three decimals', body: { bet_type: 'big', bet_amount: 1.005, multiplier: 1 }, errors: { bet_amount: ['The bet amount field must have 0-2 decimal places.'] } },
      { name: 'bet_amount text', body: { bet_type: 'big', bet_amount: 'ten', multiplier: 1 }, errors: { bet_amount: ['The bet amount field must be a number.'] } },
      { name: 'bet_amount boolean', body: { bet_type: 'big', bet_amount: true, multiplier: 1 }, errors: { bet_amount: ['The bet amount field must be a number.'] } },
      { name: 'bet_amount array', body: { bet_type: 'big', bet_amount: [10], multiplier: 1 }, errors: { bet_amount: ['The bet amount field must be a number.'] } },
      { name: 'multiplier 0', body: { bet_type: 'big', bet_amount: 1, multiplier: 0 }, errors: { multiplier: ['The multiplier field must be between 1 and 100.'] } },
      { name: 'multiplier 101', body: { bet_type: 'big', bet_amount: 1, multiplier: 101 }, errors: { multiplier: ['The multiplier field must be between 1 and 100.'] } },
      { name: 'multiplier 1.5', body: { bet_type: 'big', bet_amount: 1, multiplier: 1.5 }, errors: { multiplier: ['The multiplier field must be an integer.'] } },
      { name: 'multiplier text', body: { bet_type: 'big', bet_amount: 1, multiplier: 'x5' }, errors: { multiplier: ['The multiplier field must be an integer.'] } },
      { name: 'stake over the maximum', body: { bet_type: 'big', bet_amount: 20_000, multiplier: 51 }, errors: { bet_amount: ['Maximum stake is 1,000,000 Ks'] } },
      { name: 'malformed JSON', body: '{"bet_type":', errors: { bet_type: ['The bet type field is required.'], bet_amount: ['The bet amount field is required.'], multiplier: ['The multiplier field is required.'] } },
    ];

    it.each(cases)('$name', async ({ body, errors }) => {
      const player = await playerWith(10_000_000);
      const before = await books(db(), player.id);
      const res = await bet(player, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const all = Object.values(errors).flat();
      const more = all.length - 1;
      expect(res.body).toEqual({
        success: false,
        message: `${all[0]}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : ''}`,
        errors,
      });
      expect(await books(db(), player.id)).toEqual(before);
      expect(await digitRows(player.id)).toEqual([]);
      expect(await db().select().from(digitSeeds).where(eq(digitSeeds.userId, player.id))).toEqual([]);
    });
  });

  it('a form post with numeric strings is a bet too', async () => {
    const player = await playerWith(100);
    const res = await server.call('POST', BET, {
      token: player.token,
      body: 'bet_type=digit&digit=4&bet_amount=1.50&multiplier=2&rolled_number=4&outcome=win',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.stake).toBe('3.00');
    expect(res.body.data.history[0]).toMatchObject({ betType: 'digit', digit: 4, bet_amount: '1.50', multiplier: 2 });
  });

  it('history: newest first, 20; ?seed_id lists that pair of the player only; a bad seed_id is a 422', async () => {
    const player = await playerWith(10_000);
    for (let i = 0; i < 23; i++) expect((await bet(player, { bet_type: i % 2 ? 'big' : 'small', bet_amount: 1 + i, multiplier: 1 })).status).toBe(200);
    const res = await call('GET', HISTORY, player);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: OK });
    const rows = res.body.data;
    expect(rows).toHaveLength(20);
    expect(rows.map((r: { nonce: number }) => r.nonce)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));
    expect(rows[0].bet_amount).toBe('23.00');
    const last = await bet(player, { bet_type: 'big', bet_amount: 1, multiplier: 1 });
    expect(last.body.data.history).toEqual([last.body.data.history[0], ...rows.slice(0, 19)]);

    const seedId = rows[0].seed_id;
    const bySeed = await call('GET', `${HISTORY}?seed_id=${seedId}`, player);
    expect(bySeed.body.data).toHaveLength(24);
    const other = await playerWith(0);
    expect((await call('GET', `${HISTORY}?seed_id=${seedId}`, other)).body.data).toEqual([]);
    expect((await call('GET', HISTORY, other)).body.data).toEqual([]);
    const bad = await call('GET', `${HISTORY}?seed_id=abc`, player);
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ success: false, message: 'The seed id field must be an integer.', errors: { seed_id: ['The seed id field must be an integer.'] } });
  });

  it('rotate: reveals the seed; every roll recomputed from it, the client seed and the nonce matches; its SHA-256 is the hash shown before', async () => {
    const player = await playerWith(10_000);
    const custom = await call('POST', ROTATE, player, { client_seed: 'lucky-Seven_7!' });
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    const before = custom.body.data.current;
    expect(before).toMatchObject({ client_seed: 'lucky-Seven_7!', nonce: 0 });

    const answers = [];
    for (let i = 0; i < 20; i++) {
      const type = ['digit', 'big', 'small'][i % 3]!;
      const res = await bet(player, { bet_type: type, digit: type === 'digit' ? i % 10 : null, bet_amount: 5, multiplier: 1 });
      expect(res.status).toBe(200);
      expect(res.body.data.fairness).toEqual({ ...before, nonce: i, next_nonce: i + 1, seed_id: before.seed_id, server_seed_hash: before.server_seed_hash });
      answers.push(res.body.data);
    }
    const mid = await call('GET', FAIRNESS, player);
    expect(mid.body.data.current).toEqual({ ...before, nonce: 20 });

    const rotated = await call('POST', ROTATE, player, {});
    expect(rotated.status).toBe(200);
    const fairness = await call('GET', FAIRNESS, player);
    expect(fairness.body).toEqual(rotated.body);
    const { current, revealed } = fairness.body.data;
    expect(current.seed_id).not.toBe(before.seed_id);
    expect(current.nonce).toBe(0);
    expect(current.client_seed).toMatch(/^[0-9a-f]{16}$/);
    expect(current.server_seed_hash).not.toBe(before.server_seed_hash);
    expect(revealed).toHaveLength(1); // the first rotation had no pair to reveal: it only created one
    const old = revealed[0];
    expect(old).toEqual({
      seed_id: before.seed_id,
      server_seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      server_seed_hash: before.server_seed_hash,
      client_seed: 'lucky-Seven_7!',
      bets: 20,
      created_at: expect.any(String),
      revealed_at: expect.any(String),
    });
    expect(sha256Hex(old.server_seed)).toBe(before.server_seed_hash);

    const history = await call('GET', `${HISTORY}?seed_id=${old.seed_id}`, player);
    const rows = history.body.data as { nonce: number; rolledNumber: number; client_seed: string; server_seed_hash: string; seed_id: number }[];
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const r of rows) {
      expect(r.seed_id).toBe(old.seed_id);
      expect(r.client_seed).toBe(old.client_seed);
      expect(r.server_seed_hash).toBe(old.server_seed_hash);
      expect(verifyRoll(old.server_seed, old.client_seed, r.nonce)).toBe(r.rolledNumber);
      expect(answers[r.nonce]!.rolled_number).toBe(r.rolledNumber);
    }
    // The next bet uses the new pair from nonce 0.
    const next = await bet(player, { bet_type: 'big', bet_amount: 1, multiplier: 1 });
    expect(next.body.data.fairness).toMatchObject({ seed_id: current.seed_id, nonce: 0, next_nonce: 1 });
  });

  it('rotate: a bad client_seed is a 422 and rotates nothing', async () => {
    const player = await playerWith(0);
    const first = await call('GET', FAIRNESS, player);
    for (const [client_seed, message] of [
      ['has space', 'The client seed field may only contain printable ASCII characters without spaces.'],
      ['မြန်မာ', 'The client seed field may only contain printable ASCII characters without spaces.'],
      ['x'.repeat(65), 'The client seed field must not be greater than 64 characters.'],
      [42, 'The client seed field must be a string.'],
    ] as const) {
      const res = await call('POST', ROTATE, player, { client_seed });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({ success: false, message, errors: { client_seed: [message] } });
    }
    expect(await call('GET', FAIRNESS, player)).toMatchObject({ body: first.body });
    const ok = await call('POST', ROTATE, player, { client_seed: 'x'.repeat(64) });
    expect(ok.body.data.current.client_seed).toBe('x'.repeat(64));
  });

  it('the active server seed never appears in any answer; revealed ones do', async () => {
    const player = await playerWith(100);
    await call('GET', FAIRNESS, player);
    await bet(player, { bet_type: 'big', bet_amount: 1, multiplier: 1 });
    await call('GET', HISTORY, player);
    const all = await db().select().from(digitSeeds);
    const active = all.filter((s) => s.active);
    expect(active.length).toBeGreaterThan(3);
    const text = seen.join('\n');
    for (const s of active) expect(text.includes(s.serverSeed), `active seed ${s.id} leaked`).toBe(false);
    const revealed = all.filter((s) => !s.active);
    expect(revealed.some((s) => text.includes(s.serverSeed))).toBe(true);
  });

  it('first bet and first fairness look create one pair even when they race', async () => {
    const player = await playerWith(100);
    const answers = await Promise.all([
      call('GET', FAIRNESS, player),
      call('GET', FAIRNESS, player),
      bet(player, { bet_type: 'big', bet_amount: 1, multiplier: 1 }),
      call('GET', FAIRNESS, player),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const seeds = await db().select().from(digitSeeds).where(eq(digitSeeds.userId, player.id));
    expect(seeds).toHaveLength(1);
    expect(seeds[0]!.nonce).toBe(1);
    const [{ n }] = (await db().select({ n: count() }).from(ledger).where(like(ledger.reference, 'digit_bet:%'))) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});
