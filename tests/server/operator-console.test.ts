import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import { demoAccounts, type CashierServer } from './cashier-helpers';
import { MONDAY, TWO_D_ENV, bet, yangon } from './two-d-bet-helpers';
import { fund } from './wallet-helpers';
import { enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import { manualClock } from '../../server/lib/clock';
import { yangonDate } from '../../server/lib/time';

/** The console's read APIs on real data: players, a ledger's running balance, the day's figures, a draw's exposure. */
describe.each(dbKinds)('console reads (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let cashier: Operator;
  let twoD: Operator;
  let player: Player;
  let other: Player;
  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { clock: manualClock(yangon(MONDAY, '09:00')), env: { ...TWO_D_ENV } }));
    cashier = await enrolOperator(server, clock, 'cashier');
    twoD = await enrolOperator(server, clock, 'two_d');
    player = await registerPlayer(server, { name: 'Ma Hnin Wai' });
    other = await registerPlayer(server);
    await fund(server.database.db, player.id, { main: 100_000, game: 50_000 });
    await fund(server.database.db, other.id, { main: 100_000 });
    // A deposit approved today, one pending; 2D bets on the morning draw.
    const accounts = await demoAccounts(server.database.db);
    const dep = async (amount: number, ref: string) =>
      (await server.call('POST', '/api/depositfinicial', { token: player.token, body: { agent_payment_type_id: accounts.KBZPay, amount, refrence_no: ref } })).body.data.id;
    const approved = await dep(30_000, '510001');
    await dep(7_000, '510002');
    expect((await server.call('POST', `/api/admin/deposits/${approved}/approve`, { token: cashier.token, body: {} })).status).toBe(200);
    expect((await bet(server, player, { '42': 1000, '07': 500 })).status).toBe(200);
    expect((await bet(server, other, { '42': 2000 })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('finds a player by user name, phone in another form, or name', async () => {
    for (const q of [player.userName.toLowerCase(), `+95${player.phone.slice(1)}`, 'hnin']) {
      const res = await server.call('GET', `/api/admin/players?q=${encodeURIComponent(q)}`, { token: cashier.token });
      expect(res.status).toBe(200);
      expect(res.body.data.data.map((p: { id: number }) => p.id), q).toEqual([player.id]);
    }
  });

  it('a profile has both balances and the recent deposits', async () => {
    const res = await server.call('GET', `/api/admin/players/${player.id}`, { token: cashier.token });
    expect(res.body.data).toMatchObject({ user_name: player.userName, balance: '80000.00', main_balance: '98500.00', banned: false });
    expect(res.body.data.deposits.map((d: { status_word: string }) => d.status_word)).toEqual(['pending', 'approved']);
    expect((await server.call('GET', '/api/admin/players/99999999', { token: cashier.token })).status).toBe(404);
  });

  it("the ledger carries the running balance: each row's before is the next older row's after, per wallet", async () => {
    const res = await server.call('GET', `/api/admin/players/${player.id}/ledger?wallet=main`, { token: cashier.token });
    const rows = res.body.data.data as { amount: string; balance_before: string; balance_after: string; kind: string }[];
    expect(rows.map((r) => r.kind)).toEqual(['two_d_bet', 'opening']);
    for (let i = 0; i < rows.length - 1; i++) expect(rows[i]!.balance_before).toBe(rows[i + 1]!.balance_after);
    for (const r of rows) expect(Number(r.balance_before) + Number(r.amount)).toBe(Number(r.balance_after));
  });

  it("the dashboard shows the day's deposits, pending requests, 2D bets, GGR and players online", async () => {
    const res = await server.call('GET', '/api/admin/dashboard', { token: cashier.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      date: MONDAY,
      deposits: { approved: { count: 1, amount: '30000.00' }, pending: { count: 1, amount: '7000.00' } },
      players_online: 2,
    });
    // Ledger rows are stamped by the database's own clock (now()), not the test's: ask for that day.
    const today = await server.call('GET', `/api/admin/dashboard?date=${yangonDate(new Date())}`, { token: cashier.token });
    expect(today.body.data).toMatchObject({ families: { two_d: { bets: '3500.00', wins: '0.00', ggr: '3500.00', bet_count: 2 } }, ggr: '3500.00' });
    const other = await server.call('GET', '/api/admin/dashboard?date=2020-01-06', { token: cashier.token });
    expect(other.body.data.families.two_d.bets).toBe('0.00');
    expect((await server.call('GET', '/api/admin/dashboard?date=yesterday', { token: cashier.token })).status).toBe(422);
  });

  it('exposure per number: stakes against the break and the payout at risk', async () => {
    const res = await server.call('GET', `/api/admin/two-d/exposure?date=${MONDAY}&session=morning`, { token: twoD.token });
    expect(res.status).toBe(200);
    const n42 = res.body.data.numbers.find((n: { number: string }) => n.number === '42');
    expect(n42).toEqual({ number: '42', bets: 2, stakes: '3000.00', payout_at_risk: '240000.00', break_amount: '50000.00', left: '47000.00', closed: false });
    expect(res.body.data.total_stakes).toBe('3500.00');
    expect(res.body.data.worst_payout).toBe('240000.00');
    expect(res.body.data.numbers).toHaveLength(100);
    expect((await server.call('GET', `/api/admin/two-d/exposure?date=${MONDAY}&session=evening`, { token: twoD.token })).body.data.total_stakes).toBe('0.00');
  });

  // Issue 25 point 10: the console knows a closed day before anyone types a result.
  it('exposure and the dashboard say whether the day trades 2D: a weekday does, a weekend and a holiday do not (named)', async () => {
    const exposure = async (date: string) => (await server.call('GET', `/api/admin/two-d/exposure?date=${date}&session=morning`, { token: twoD.token })).body.data;
    const dashboard = async (date: string) => (await server.call('GET', `/api/admin/dashboard?date=${date}`, { token: cashier.token })).body.data;
    expect(await exposure(MONDAY)).toMatchObject({ trading_day: true, closed_reason: null, holiday: null });
    expect(await dashboard(MONDAY)).toMatchObject({ trading_day: true, closed_reason: null, holiday: null });
    expect(await exposure('2026-11-28')).toMatchObject({ trading_day: false, closed_reason: 'weekend', holiday: null });
    const set = await server.call('POST', '/api/admin/two-d/holidays', { token: twoD.token, body: { date: '2026-12-10', name: 'Constitution Day' } });
    expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);
    const holiday = { trading_day: false, closed_reason: 'holiday', holiday: { name: 'Constitution Day', key: 'constitutionDay', substitute: false } };
    expect(await exposure('2026-12-10')).toMatchObject(holiday);
    expect(await dashboard('2026-12-10')).toMatchObject({ ...holiday, two_d_draws: [] });
    // The server still refuses a result there (the form's words are a courtesy, not the guard).
    const result = await server.call('POST', '/api/admin/two-d/results', { token: twoD.token, body: { date: '2026-12-10', session: 'morning', twod: '38' } });
    expect(result.status).toBe(422);
  });

  it('a ban ends the player’s sessions; unban lets them sign in again', async () => {
    const target = await registerPlayer(server);
    expect((await server.call('POST', `/api/admin/players/${target.id}/ban`, { token: cashier.token })).status).toBe(200);
    expect((await server.call('GET', '/api/user', { token: target.token })).status).toBe(401);
    expect((await server.call('POST', '/api/login', { body: { user_name: target.userName, password: target.password } })).status).toBe(403);
    expect((await server.call('POST', `/api/admin/players/${target.id}/unban`, { token: cashier.token })).status).toBe(200);
    expect((await server.call('GET', '/api/user', { token: target.token })).status).toBe(401);
    expect((await server.call('POST', '/api/login', { body: { user_name: target.userName, password: target.password } })).status).toBe(200);
  });
});
