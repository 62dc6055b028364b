import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanTransactions } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { shanCallback, shanLedger, shanRows } from './shan-helpers';
import { books, expectBalanced, expectNothingMoved, fund } from './wallet-helpers';

describe.each(dbKinds)('Shan provider callbacks (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  const db = () => server.database.db;
  let roundSeq = 0;
  const newRound = () => `r-${kind}-${++roundSeq}`;
  const call = (k: string, fields: Record<string, unknown>, opts?: Parameters<typeof shanCallback>[4]) =>
    shanCallback(server, clock, k, fields, opts).then((res) => {
      expect(res.status).toBe(200);
      return res.body;
    });

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function player(game: number): Promise<Player> {
    const p = await registerPlayer(server);
    if (game) await fund(db(), p.id, { game });
    return p;
  }

  it('balance answers the game balance', async () => {
    const p = await player(1234);
    expect(await call('balance', { member_account: p.userName })).toEqual({ code: 0, balance: '1234.00' });
  });

  it('an unknown member is 1000; a malformed request 999', async () => {
    expect(await call('balance', { member_account: 'Nobody123' })).toEqual({ code: 1000, message: 'Member not found' });
    const p = await player(1000);
    expect((await call('bet', { member_account: p.userName, amount: '100.00' })).code).toBe(999); // no round_id
    expect((await call('bet', { member_account: p.userName, round_id: newRound(), amount: '0' })).code).toBe(999);
    expect((await call('bet', { member_account: p.userName, round_id: newRound(), amount: '1.234' })).code).toBe(999);
    expect((await call('settle', { member_account: p.userName, round_id: newRound(), payout: '-5' })).code).toBe(999);
    const junk = await server.call('POST', '/api/shan/callback/bet', { body: 'not json' });
    expect(junk.status).toBe(200);
    expect(junk.body.code).toBe(999);
    expect((await books(db(), p.id)).balance).toBe(kyat(1000));
  });

  it('a bad signature, a wrong secret, an unknown operator or a stale request_time is 1004 and moves nothing', async () => {
    const p = await player(1000);
    const fields = { member_account: p.userName, round_id: newRound(), amount: '100.00' };
    await expectNothingMoved(db(), p.id, async () => {
      expect(await call('bet', fields, { tamper: (b) => ({ ...b, amount: '1.00' }) })).toEqual({ code: 1004, message: 'Invalid signature' });
      expect(await call('bet', fields, { tamper: (b) => ({ ...b, sign: 'deadbeef' }) })).toMatchObject({ code: 1004 });
      expect(await call('bet', fields, { tamper: ({ sign: _s, ...b }) => b })).toMatchObject({ code: 1004 });
      expect(await call('bet', fields, { secret: 'not-the-secret' })).toMatchObject({ code: 1004 });
      expect(await call('bet', { ...fields, operator_code: 'zzzz' })).toMatchObject({ code: 1004 });
      const stale = new Date(clock.now().getTime() - 301_000);
      expect(await call('bet', fields, { at: stale })).toEqual({ code: 1004, message: 'request_time is too far from our clock' });
      const future = new Date(clock.now().getTime() + 301_000);
      expect(await call('bet', fields, { at: future })).toMatchObject({ code: 1004 });
      expect(await call('balance', { member_account: p.userName }, { at: stale })).toMatchObject({ code: 1004 });
    });
    // 300 s away is still accepted.
    const edge = new Date(clock.now().getTime() - 300_000);
    expect(await call('bet', fields, { at: edge })).toEqual({ code: 0, balance: '900.00' });
  });

  it('bet debits the stake, settle credits the payout, each once: a replay answers the first answer verbatim', async () => {
    const p = await player(1000);
    const round = newRound();
    const bet = await call('bet', { member_account: p.userName, round_id: round, amount: '100.00' });
    expect(bet).toEqual({ code: 0, balance: '900.00' });
    await fund(db(), p.id, { game: 50 }); // the balance moves; a replay still answers 900.00
    expect(await call('bet', { member_account: p.userName, round_id: round, amount: '100.00' })).toEqual(bet);
    expect(await call('bet', { member_account: p.userName, round_id: round, amount: '500.00' })).toEqual(bet);

    const detail = { player: ['3S', '4D'], banker: ['KH', '2C', '5H'], result: 'win' };
    const settle = await call('settle', { member_account: p.userName, round_id: round, payout: '200.00', detail });
    expect(settle).toEqual({ code: 0, balance: '1150.00' });
    for (let i = 0; i < 3; i++) {
      expect(await call('settle', { member_account: p.userName, round_id: round, payout: '200.00', detail })).toEqual(settle);
    }
    expect(await call('settle', { member_account: p.userName, round_id: round, payout: '9999.00' })).toEqual(settle);

    const b = await books(db(), p.id);
    expect(b.balance).toBe(kyat(1150));
    expectBalanced(b);
    expect(await shanLedger(db(), p.id)).toEqual([
      { kind: 'shan_bet', wallet: 'game', amount: kyat(-100), reference: `shan:${round}` },
      { kind: 'shan_win', wallet: 'game', amount: kyat(200), reference: `shan:${round}` },
    ]);
    const rows = await shanRows(db(), round);
    expect(rows.map((r) => [r.kind, r.amount, r.userId])).toEqual([
      ['bet', kyat(-100), p.id],
      ['settle', kyat(200), p.id],
    ]);
    expect(rows[1]!.detail).toEqual(detail);
  });

  it('a losing settle (payout 0) moves nothing but closes the round', async () => {
    const p = await player(1000);
    const round = newRound();
    await call('bet', { member_account: p.userName, round_id: round, amount: '250.50' });
    expect(await call('settle', { member_account: p.userName, round_id: round, payout: '0.00' })).toEqual({ code: 0, balance: '749.50' });
    expect(await call('settle', { member_account: p.userName, round_id: round, payout: '500.00' })).toEqual({ code: 0, balance: '749.50' });
    expect((await shanLedger(db(), p.id)).map((r) => r.kind)).toEqual(['shan_bet']);
    expect((await books(db(), p.id)).balance).toBe(kyat(749) + 50n);
  });

  it('settle without a bet is 1006 and records nothing; a later bet and settle work', async () => {
    const p = await player(1000);
    const round = newRound();
    await expectNothingMoved(db(), p.id, async () => {
      expect(await call('settle', { member_account: p.userName, round_id: round, payout: '200.00' })).toEqual({ code: 1006, message: 'Bet not found' });
    });
    expect(await shanRows(db(), round)).toHaveLength(0);
    // Another member's bet is not this member's bet.
    const other = await player(1000);
    await call('bet', { member_account: other.userName, round_id: round, amount: '100.00' });
    expect(await call('settle', { member_account: p.userName, round_id: round, payout: '200.00' })).toMatchObject({ code: 1006 });
    expect(await call('settle', { member_account: other.userName, round_id: round, payout: '200.00' })).toEqual({ code: 0, balance: '1100.00' });
  });

  it('a bet bigger than the balance is 1001; the refusal stands on replay and its settle is 1006', async () => {
    const p = await player(500);
    const round = newRound();
    await expectNothingMoved(db(), p.id, async () => {
      expect(await call('bet', { member_account: p.userName, round_id: round, amount: '1000.00' })).toEqual({ code: 1001, message: 'Insufficient balance' });
    });
    await fund(db(), p.id, { game: 1000 });
    expect(await call('bet', { member_account: p.userName, round_id: round, amount: '1000.00' })).toEqual({ code: 1001, message: 'Insufficient balance' });
    expect(await call('settle', { member_account: p.userName, round_id: round, payout: '2000.00' })).toMatchObject({ code: 1006 });
    const b = await books(db(), p.id);
    expect(b.balance).toBe(kyat(1500));
    expect(await shanLedger(db(), p.id)).toEqual([]);
    // The whole balance is a fine stake; never below zero.
    const all = newRound();
    expect(await call('bet', { member_account: p.userName, round_id: all, amount: '1500.00' })).toEqual({ code: 0, balance: '0.00' });
    expect(await call('bet', { member_account: p.userName, round_id: newRound(), amount: '0.01' })).toMatchObject({ code: 1001 });
    expect(await call('settle', { member_account: p.userName, round_id: all, payout: '3000.00' })).toEqual({ code: 0, balance: '3000.00' });
    expectBalanced(await books(db(), p.id));
  });

  it('20 parallel replays of one bet and one settle move the money once', async () => {
    const p = await player(10_000);
    const round = newRound();
    const bets = await Promise.all(
      Array.from({ length: 20 }, () => call('bet', { member_account: p.userName, round_id: round, amount: '1000.00' })),
    );
    for (const a of bets) expect(a).toEqual({ code: 0, balance: '9000.00' });
    const settles = await Promise.all(
      Array.from({ length: 20 }, () => call('settle', { member_account: p.userName, round_id: round, payout: '3000.00' })),
    );
    for (const a of settles) expect(a).toEqual({ code: 0, balance: '12000.00' });
    const b = await books(db(), p.id);
    expect(b.balance).toBe(kyat(12_000));
    expectBalanced(b);
    expect((await shanLedger(db(), p.id)).map((r) => [r.kind, r.amount])).toEqual([
      ['shan_bet', kyat(-1000)],
      ['shan_win', kyat(3000)],
    ]);
    const [n] = await db().select({ n: count() }).from(shanTransactions);
    expect(n!.n).toBeGreaterThanOrEqual(2);
    expect(await shanRows(db(), round)).toHaveLength(2);
  });

  it('an unknown callback is 404', async () => {
    const res = await shanCallback(server, clock, 'cancel', { member_account: 'x' });
    expect(res.status).toBe(404);
  });
});
