import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, seamlessCalls, seamlessTransactions, seamlessWagers } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, setStatus, type Player } from './accounts-helpers';
import {
  GAME,
  OTHER_PRODUCT,
  PRODUCT,
  callCount,
  callback,
  insertTestCatalogue,
  signedBody,
  txId,
  type CallbackTx,
  type Entry,
} from './seamless-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * The seamless wallet callbacks over the real HTTP server (docs/seamless.md): signatures,
 * freshness, currencies, members, bets, wins, cancels, replays, batches and the call log.
 */
describe.each(dbKinds)('seamless callbacks (%s)', (kind) => {
  let server: TestServer;
  const clock = manualClock('2026-03-10T06:00:00Z');
  const db = () => server.database.db;
  const now = () => clock.now();

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(db());
    await insertTestCatalogue(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function playerWith(game: number): Promise<Player> {
    const player = await registerPlayer(server);
    if (game) await fund(db(), player.id, { game });
    return player;
  }

  const bet = (id: string, amount: number | string, wager = id, extra: Partial<CallbackTx> = {}): CallbackTx => ({
    id,
    action: 'BET',
    amount,
    wager_code: wager,
    game_code: GAME.code,
    wager_status: 'BET',
    bet_amount: Number(amount),
    prize_amount: 0,
    ...extra,
  });
  const settle = (id: string, wager: string, amount: number | string, action = 'SETTLED'): CallbackTx => ({
    id,
    action,
    amount,
    wager_code: wager,
    game_code: GAME.code,
    wager_status: 'SETTLED',
    prize_amount: Number(amount),
  });
  const cancel = (id: string, wager: string, amount = 0): CallbackTx => ({ id, action: 'CANCEL', amount, wager_code: wager, game_code: GAME.code });
  const one = (p: Player, transactions?: CallbackTx[], extra: Partial<Entry> = {}): Entry[] => [
    { member_account: p.userName, ...(transactions ? { transactions } : {}), ...extra },
  ];

  async function ledgerOf(userId: number) {
    return db()
      .select({ kind: ledger.kind, amount: ledger.amount, before: ledger.balanceBefore, after: ledger.balanceAfter, reference: ledger.reference })
      .from(ledger)
      .where(and(eq(ledger.userId, userId), like(ledger.kind, 'game_%')))
      .orderBy(asc(ledger.id));
  }
  async function wagerOf(code: string) {
    const [row] = await db().select().from(seamlessWagers).where(eq(seamlessWagers.wagerCode, code));
    return row;
  }

  it('balance → bet → win: answers, balances, ledger rows, wager and transaction rows', async () => {
    const p = await playerWith(10_000);
    const balance = await callback(server, 'balance', signedBody('balance', one(p), { now: now() }));
    expect(balance).toEqual({
      data: [{ member_account: p.userName, product_code: PRODUCT, before_balance: 10000, balance: 10000, code: 0, message: 'Success' }],
    });

    const wager = txId('wager');
    const betId = txId('bet');
    const placed = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(betId, 1000, wager)]), { now: now() }));
    expect(placed.data).toEqual([
      { member_account: p.userName, product_code: PRODUCT, before_balance: 10000, balance: 9000, code: 0, message: 'Success' },
    ]);
    expect(await wagerOf(wager)).toMatchObject({ status: 'open', betAmount: kyat(1000), payout: 0n, gameName: GAME.name, userId: p.id });

    const winId = txId('win');
    const won = await callback(server, 'deposit', signedBody('deposit', one(p, [settle(winId, wager, 2500)]), { now: now() }));
    expect(won.data).toEqual([
      { member_account: p.userName, product_code: PRODUCT, before_balance: 9000, balance: 11500, code: 0, message: 'Success' },
    ]);

    expect(await ledgerOf(p.id)).toEqual([
      { kind: 'game_bet', amount: -kyat(1000), before: kyat(10000), after: kyat(9000), reference: `seamless:${PRODUCT}:${betId}` },
      { kind: 'game_win', amount: kyat(2500), before: kyat(9000), after: kyat(11500), reference: `seamless:${PRODUCT}:${winId}` },
    ]);
    expect(await wagerOf(wager)).toMatchObject({ status: 'settled', betAmount: kyat(1000), payout: kyat(2500) });
    const txRows = await db()
      .select({ txId: seamlessTransactions.txId, endpoint: seamlessTransactions.endpoint, action: seamlessTransactions.action, amount: seamlessTransactions.amount, code: seamlessTransactions.code })
      .from(seamlessTransactions)
      .where(eq(seamlessTransactions.userId, p.id))
      .orderBy(asc(seamlessTransactions.id));
    expect(txRows).toEqual([
      { txId: betId, endpoint: 'withdraw', action: 'BET', amount: -kyat(1000), code: 0 },
      { txId: winId, endpoint: 'deposit', action: 'SETTLED', amount: kyat(2500), code: 0 },
    ]);
    const b = await books(db(), p.id);
    expect(b.balance).toBe(kyat(11500));
    expectBalanced(b);
  });

  it('a zero-prize settle closes the wager without a ledger row', async () => {
    const p = await playerWith(1_000);
    const wager = txId('wager');
    await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 100, wager)]), { now: now() }));
    const res = await callback(server, 'deposit', signedBody('deposit', one(p, [settle(txId(), wager, 0)]), { now: now() }));
    expect(res.data[0]).toMatchObject({ code: 0, before_balance: 900, balance: 900 });
    expect((await ledgerOf(p.id)).map((r) => r.kind)).toEqual(['game_bet']);
    expect(await wagerOf(wager)).toMatchObject({ status: 'settled', betAmount: kyat(100), payout: 0n });
  });

  describe('refusals of the whole request', () => {
    it('a bad signature answers 1004 and moves nothing', async () => {
      const p = await playerWith(5_000);
      for (const endpoint of ['balance', 'withdraw', 'deposit', 'pushbetdata'] as const) {
        const body = signedBody(endpoint, one(p, endpoint === 'balance' ? undefined : [bet(txId(), 100)]), { now: now(), secret: 'not-the-secret' });
        const res = await callback(server, endpoint, body);
        expect(res.data).toEqual([{ member_account: p.userName, product_code: PRODUCT, before_balance: 0, balance: 0, code: 1004, message: 'Invalid signature' }]);
      }
      // Signed with another callback's word.
      const wrongWord = signedBody('withdraw', one(p, [bet(txId(), 100)]), { now: now() });
      expect((await callback(server, 'deposit', wrongWord)).data[0]!.code).toBe(1004);
      // No sign at all, a sign of the wrong length.
      const { sign: _sign, ...unsigned } = signedBody('balance', one(p), { now: now() });
      expect((await callback(server, 'balance', unsigned)).data[0]!.code).toBe(1004);
      expect((await callback(server, 'balance', signedBody('balance', one(p), { now: now(), sign: 'abc' }))).data[0]!.code).toBe(1004);
      expect((await books(db(), p.id)).balance).toBe(kyat(5_000));
    });

    it('an unknown operator answers 1004, even signed with our secret', async () => {
      const p = await playerWith(100);
      const res = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), operator: 'someone-else' }));
      expect(res.data[0]).toMatchObject({ code: 1004, balance: 0 });
    });

    it('a request_time older or newer than SEAMLESS_MAX_AGE_SECONDS is refused (999); seconds and milliseconds both read', async () => {
      const p = await playerWith(100);
      const t = Math.floor(now().getTime() / 1000);
      const stale = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), requestTime: t - 301 }));
      expect(stale.data[0]).toMatchObject({ code: 999, balance: 0 });
      expect(stale.data[0]!.message).toMatch(/request_time/);
      const future = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), requestTime: t + 301 }));
      expect(future.data[0]).toMatchObject({ code: 999 });
      const edge = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), requestTime: t - 299 }));
      expect(edge.data[0]).toMatchObject({ code: 0, balance: 100 });
      const ms = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), requestTime: now().getTime() }));
      expect(ms.data[0]).toMatchObject({ code: 0, balance: 100 });
      const staleMs = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), requestTime: now().getTime() - 400_000 }));
      expect(staleMs.data[0]).toMatchObject({ code: 999 });
      const asText = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), requestTime: String(t) }));
      expect(asText.data[0]).toMatchObject({ code: 0 });
    });

    it('another currency answers 2001', async () => {
      const p = await playerWith(100);
      for (const currency of ['USD', 'mmk', '']) {
        const res = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), currency }));
        expect(res.data[0]).toMatchObject({ code: 2001, message: 'Invalid currency' });
      }
    });

    it('a malformed body answers 999 with no entries, and is logged', async () => {
      const before = await callCount(db());
      for (const body of ['not json', '{}', '{"batch_requests":"x"}', '[]']) {
        const res = await callback(server, 'withdraw', body);
        expect(res).toMatchObject({ code: 999, data: [] });
      }
      expect(await callCount(db())).toBe(before + 4);
    });
  });

  it('an unknown member answers 1000', async () => {
    const res = await callback(server, 'balance', signedBody('balance', [{ member_account: 'Pi99999999' }], { now: now() }));
    expect(res.data).toEqual([{ member_account: 'Pi99999999', product_code: PRODUCT, before_balance: 0, balance: 0, code: 1000, message: 'Member not found' }]);
    const w = await callback(server, 'withdraw', signedBody('withdraw', [{ member_account: 'nobody', transactions: [bet(txId(), 100)] }], { now: now() }));
    expect(w.data[0]!.code).toBe(1000);
  });

  it('MMK2 counts thousands: amounts ×1000 in, balances ÷1000 out', async () => {
    const p = await playerWith(50_000);
    const bal = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), currency: 'MMK2' }));
    expect(bal.data[0]).toMatchObject({ code: 0, before_balance: 50, balance: 50 });

    const wager = txId('wager');
    const placed = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 1.5, wager)]), { now: now(), currency: 'MMK2' }));
    expect(placed.data[0]).toMatchObject({ code: 0, before_balance: 50, balance: 48.5 });
    expect((await books(db(), p.id)).balance).toBe(kyat(48_500));

    const won = await callback(server, 'deposit', signedBody('deposit', one(p, [settle(txId(), wager, 0.25)]), { now: now(), currency: 'MMK2' }));
    expect(won.data[0]).toMatchObject({ code: 0, before_balance: 48.5, balance: 48.75 });
    expect((await books(db(), p.id)).balance).toBe(kyat(48_750));
    // The same balance in MMK.
    const mmk = await callback(server, 'balance', signedBody('balance', one(p), { now: now() }));
    expect(mmk.data[0]!.balance).toBe(48750);
    // A balance finer than 10 Ks is reported rounded down, never up.
    await fund(db(), p.id, { game: 9 });
    const down = await callback(server, 'balance', signedBody('balance', one(p), { now: now(), currency: 'MMK2' }));
    expect(down.data[0]!.balance).toBe(48.75);
  });

  it('insufficient balance answers 1001 and writes nothing; a retry of the same id after a top-up goes through', async () => {
    const p = await playerWith(500);
    const id = txId('short');
    const wager = txId('wager');
    const calls = await callCount(db());
    const res = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(id, 500.01, wager)]), { now: now() }));
    expect(res.data).toEqual([
      { member_account: p.userName, product_code: PRODUCT, before_balance: 500, balance: 500, code: 1001, message: 'Insufficient balance' },
    ]);
    const [tx] = await db().select({ n: count() }).from(seamlessTransactions).where(eq(seamlessTransactions.txId, id));
    expect(tx!.n).toBe(0);
    expect(await wagerOf(wager)).toBeUndefined();
    expect(await ledgerOf(p.id)).toEqual([]);
    expect(await callCount(db())).toBe(calls + 1); // the refusal is logged all the same

    await fund(db(), p.id, { game: 1 });
    const retry = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(id, 500.01, wager)]), { now: now() }));
    expect(retry.data[0]).toMatchObject({ code: 0, before_balance: 501, balance: 0.99 });
  });

  it('a bet replayed 50 times at once debits once; the rest answer 1003; balance equals the ledger', async () => {
    const p = await playerWith(10_000);
    const id = txId('replay');
    const wager = txId('wager');
    const body = signedBody('withdraw', one(p, [bet(id, 700, wager)]), { now: now() });
    const answers = await Promise.all(Array.from({ length: 50 }, () => callback(server, 'withdraw', body)));
    const codes = answers.map((a) => a.data[0]!.code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 1003)).toHaveLength(49);
    for (const a of answers.filter((x) => x.data[0]!.code === 1003)) expect(a.data[0]!.balance).toBe(9300);

    const b = await books(db(), p.id);
    expect(b.balance).toBe(kyat(9_300));
    expectBalanced(b);
    expect((await ledgerOf(p.id)).filter((r) => r.kind === 'game_bet')).toHaveLength(1);
    expect(await wagerOf(wager)).toMatchObject({ betAmount: kyat(700) });

    // The win replayed too: credited once.
    const winBody = signedBody('deposit', one(p, [settle(txId('win'), wager, 1400)]), { now: now() });
    const wins = await Promise.all(Array.from({ length: 50 }, () => callback(server, 'deposit', winBody)));
    expect(wins.filter((a) => a.data[0]!.code === 0)).toHaveLength(1);
    expect(wins.filter((a) => a.data[0]!.code === 1003)).toHaveLength(49);
    const after = await books(db(), p.id);
    expect(after.balance).toBe(kyat(10_700));
    expectBalanced(after);
  });

  it('a cancel refunds the bet once; a second cancel answers 1003', async () => {
    const p = await playerWith(2_000);
    const wager = txId('wager');
    await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 800, wager)]), { now: now() }));
    const cancelId = txId('cancel');
    const first = await callback(server, 'deposit', signedBody('deposit', one(p, [cancel(cancelId, wager, 800)]), { now: now() }));
    expect(first.data[0]).toMatchObject({ code: 0, before_balance: 1200, balance: 2000 });
    const again = await callback(server, 'deposit', signedBody('deposit', one(p, [cancel(cancelId, wager, 800)]), { now: now() }));
    expect(again.data[0]).toMatchObject({ code: 1003, balance: 2000 });
    const otherId = await callback(server, 'deposit', signedBody('deposit', one(p, [cancel(txId('cancel'), wager, 800)]), { now: now() }));
    expect(otherId.data[0]).toMatchObject({ code: 1003, balance: 2000 });

    expect((await ledgerOf(p.id)).map((r) => [r.kind, r.amount])).toEqual([
      ['game_bet', -kyat(800)],
      ['game_refund', kyat(800)],
    ]);
    expect(await wagerOf(wager)).toMatchObject({ status: 'cancelled' });
    // A bet added to the cancelled wager is refused.
    const late = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 100, wager)]), { now: now() }));
    expect(late.data[0]).toMatchObject({ code: 999, balance: 2000 });
    expectBalanced(await books(db(), p.id));
  });

  it('a cancel that arrives before its bet answers 1006 and blocks the late bet', async () => {
    const p = await playerWith(1_000);
    const wager = txId('wager');
    const early = await callback(server, 'deposit', signedBody('deposit', one(p, [cancel(txId('cancel'), wager, 300)]), { now: now() }));
    expect(early.data[0]).toMatchObject({ code: 1006, before_balance: 1000, balance: 1000 });
    expect(await wagerOf(wager)).toMatchObject({ status: 'cancelled', betAmount: 0n });

    const lateId = txId('late');
    const late = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(lateId, 300, wager)]), { now: now() }));
    expect(late.data[0]).toMatchObject({ code: 999, balance: 1000 });
    expect(late.data[0]!.message).toMatch(/cancelled/);
    const [tx] = await db().select({ n: count() }).from(seamlessTransactions).where(eq(seamlessTransactions.txId, lateId));
    expect(tx!.n).toBe(0);
    expect(await ledgerOf(p.id)).toEqual([]);
    expect((await books(db(), p.id)).balance).toBe(kyat(1_000));
  });

  it('a cancel racing its own bet: the bet is either refunded or refused, never kept', async () => {
    for (let round = 0; round < 10; round++) {
      const p = await playerWith(1_000);
      const wager = txId('race');
      const [placed, cancelled] = await Promise.all([
        callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 400, wager)]), { now: now() })),
        callback(server, 'deposit', signedBody('deposit', one(p, [cancel(txId(), wager, 400)]), { now: now() })),
      ]);
      const b = await books(db(), p.id);
      expect(b.balance, `${placed.data[0]!.code}/${cancelled.data[0]!.code} ${cancelled.data[0]!.message}`).toBe(kyat(1_000));
      expectBalanced(b);
      expect(await wagerOf(wager)).toMatchObject({ status: 'cancelled' });
    }
  });

  it('wins are never refused for balance: a player at 0 is credited', async () => {
    const p = await playerWith(0);
    const res = await callback(server, 'deposit', signedBody('deposit', one(p, [settle(txId(), txId('wager'), 750, 'WIN')]), { now: now() }));
    expect(res.data[0]).toMatchObject({ code: 0, before_balance: 0, balance: 750 });
    for (const action of ['PAYOFF', 'BONUS', 'JACKPOT']) {
      const r = await callback(server, 'deposit', signedBody('deposit', one(p, [settle(txId(), txId('wager'), 10, action)]), { now: now() }));
      expect(r.data[0]).toMatchObject({ code: 0 });
    }
    expect((await books(db(), p.id)).balance).toBe(kyat(780));
    // A disabled player still gets wins, but may not bet.
    await setStatus(db(), p.id, 0);
    const win = await callback(server, 'deposit', signedBody('deposit', one(p, [settle(txId(), txId('wager'), 20)]), { now: now() }));
    expect(win.data[0]).toMatchObject({ code: 0, balance: 800 });
    const refused = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 10)]), { now: now() }));
    expect(refused.data[0]).toMatchObject({ code: 999, balance: 800 });
  });

  it('unsupported actions, bad amounts and missing ids are answered 999 without moving money', async () => {
    const p = await playerWith(1_000);
    const cases: CallbackTx[] = [
      { id: txId(), action: 'SETTLED', amount: 10 }, // a credit on withdraw
      { id: txId(), action: 'BET', amount: 'ten' },
      { id: txId(), action: 'BET', amount: 1.005 },
      { id: txId(), action: 'BET', amount: Number.NaN as unknown as number },
      { id: '', action: 'BET', amount: 10 },
    ];
    const res = await callback(server, 'withdraw', signedBody('withdraw', one(p, cases), { now: now() }));
    expect(res.data.map((d) => d.code)).toEqual([999, 999, 999, 999, 999]);
    const dep = await callback(server, 'deposit', signedBody('deposit', one(p, [{ id: txId(), action: 'BET', amount: 10 }, { id: txId(), action: 'WIN', amount: -5 }]), { now: now() }));
    expect(dep.data.map((d) => d.code)).toEqual([999, 999]);
    const none = await callback(server, 'withdraw', signedBody('withdraw', one(p, []), { now: now() }));
    expect(none.data).toEqual([expect.objectContaining({ code: 999, message: 'No transactions', balance: 1000 })]);
    expect(await ledgerOf(p.id)).toEqual([]);
  });

  it('decimals are exact: 0.1 + 0.2 is 0.30, numeric strings too', async () => {
    const p = await playerWith(1);
    const w1 = txId('wager');
    const res = await callback(
      server,
      'withdraw',
      signedBody('withdraw', one(p, [bet(txId(), 0.1, w1), bet(txId(), 0.2, w1), bet(txId(), '0.07', w1)]), { now: now() }),
    );
    expect(res.data.map((d) => [d.code, d.before_balance, d.balance])).toEqual([
      [0, 1, 0.9],
      [0, 0.9, 0.7],
      [0, 0.7, 0.63],
    ]);
    expect(await wagerOf(w1)).toMatchObject({ betAmount: 37n });
    const win = await callback(server, 'deposit', signedBody('deposit', one(p, [settle(txId(), w1, '0.30')]), { now: now() }));
    expect(win.data[0]).toMatchObject({ code: 0, balance: 0.93 });
    const b = await books(db(), p.id);
    expect(b.balance).toBe(93n);
    expectBalanced(b);
    // A bet sent as a negative amount (money leaving the wallet) debits its size.
    const neg = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), -0.03)]), { now: now() }));
    expect(neg.data[0]).toMatchObject({ code: 0, balance: 0.9 });
  });

  it('batches: every entry and every transaction is answered, in order', async () => {
    const a = await playerWith(1_000);
    const b = await playerWith(50);
    const wa = txId('wager');
    const res = await callback(
      server,
      'withdraw',
      signedBody(
        'withdraw',
        [
          { member_account: a.userName, transactions: [bet(txId(), 100, wa), bet(txId(), 200, wa)] },
          { member_account: 'Pi00000000' },
          { member_account: b.userName, product_code: OTHER_PRODUCT, transactions: [bet(txId(), 100)] },
          { member_account: b.userName, transactions: [bet(txId(), 50)] },
        ],
        { now: now() },
      ),
    );
    expect(res.data).toEqual([
      { member_account: a.userName, product_code: PRODUCT, before_balance: 1000, balance: 900, code: 0, message: 'Success' },
      { member_account: a.userName, product_code: PRODUCT, before_balance: 900, balance: 700, code: 0, message: 'Success' },
      { member_account: 'Pi00000000', product_code: PRODUCT, before_balance: 0, balance: 0, code: 1000, message: 'Member not found' },
      { member_account: b.userName, product_code: OTHER_PRODUCT, before_balance: 50, balance: 50, code: 1001, message: 'Insufficient balance' },
      { member_account: b.userName, product_code: PRODUCT, before_balance: 50, balance: 0, code: 0, message: 'Success' },
    ]);
    const bal = await callback(server, 'balance', signedBody('balance', [{ member_account: a.userName }, { member_account: b.userName }], { now: now() }));
    expect(bal.data.map((d) => [d.member_account, d.balance])).toEqual([
      [a.userName, 700],
      [b.userName, 0],
    ]);
  });

  it('the same transaction id under two products is two transactions', async () => {
    const p = await playerWith(1_000);
    const id = txId('shared');
    await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(id, 100)]), { now: now() }));
    const other = await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(id, 100)], { product_code: OTHER_PRODUCT }), { now: now() }));
    expect(other.data[0]).toMatchObject({ code: 0, balance: 800 });
  });

  it('pushbetdata records the game and settles an open wager the aggregator reports settled', async () => {
    const p = await playerWith(1_000);
    const wager = txId('wager');
    await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 100, wager, { game_code: 'UNLISTED' })]), { now: now() }));
    expect(await wagerOf(wager)).toMatchObject({ gameName: 'UNLISTED', status: 'open' });
    const res = await callback(
      server,
      'pushbetdata',
      signedBody('pushbetdata', one(p, [{ id: txId(), action: 'SETTLED', amount: 0, wager_code: wager, game_code: GAME.code, wager_status: 'SETTLED' }]), { now: now() }),
    );
    expect(res.data).toEqual([{ member_account: p.userName, product_code: PRODUCT, before_balance: 900, balance: 900, code: 0, message: 'Success' }]);
    expect(await wagerOf(wager)).toMatchObject({ gameCode: GAME.code, gameName: GAME.name, status: 'settled', payout: 0n });
    expect(await ledgerOf(p.id)).toHaveLength(1);
  });

  it('every call is logged in seamless_calls with its raw body and answer', async () => {
    const p = await playerWith(100);
    const before = await callCount(db());
    const body = signedBody('balance', one(p), { now: now() });
    const res = await callback(server, 'balance', body);
    await callback(server, 'withdraw', signedBody('withdraw', one(p, [bet(txId(), 1)]), { now: now(), secret: 'wrong' }));
    expect(await callCount(db())).toBe(before + 2);
    const rows = await db().select().from(seamlessCalls).orderBy(asc(seamlessCalls.id));
    const [balanceCall, badCall] = rows.slice(-2);
    expect(balanceCall).toMatchObject({ endpoint: 'balance', httpStatus: 200 });
    expect(JSON.parse(balanceCall!.requestBody)).toEqual(body);
    expect(JSON.parse(balanceCall!.responseBody!)).toEqual(res);
    expect(badCall).toMatchObject({ endpoint: 'withdraw' });
    expect(JSON.parse(badCall!.responseBody!).data[0].code).toBe(1004);
  });

  it('an unknown callback path is 404', async () => {
    const res = await server.call('POST', '/api/v1/api/seamless/refund', { body: {} });
    expect(res.status).toBe(404);
  });
});
