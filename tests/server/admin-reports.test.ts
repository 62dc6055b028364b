import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPaymentAccounts, agents } from '../../server/db/schema';
import { manualClock } from '../../server/lib/clock';
import { yangonDate } from '../../server/lib/time';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import { paymentTypeId, type CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import { PRODUCT, TYPE_CODE, callback, insertTestCatalogue, signedBody, txId } from './seamless-helpers';
import { shanCallback } from './shan-helpers';
import { MONDAY, TWO_D_ENV, bet, yangon } from './two-d-bet-helpers';
import { fund } from './wallet-helpers';

/**
 * GET /api/admin/reports on real play: deposits, withdrawals, 2D, Digit Bet, seamless and Shan
 * made through the real API, the figures stated here. Requests and sign-ups are stamped by the
 * server's clock (Monday); ledger rows by the database's own clock (today), so play is on today.
 */
const YGN = { code: 'YGN2026', name: 'ရန်ကုန် ကိုယ်စားလှယ်' };
const EVIL = { code: 'EVIL2026', name: '=HYPERLINK("http://x.test","click")' };
const money = (pya: number) => (pya / 100).toFixed(2);

describe.each(dbKinds)('reports (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let cashier: Operator;
  let owner: Operator;
  let p1: Player;
  let p3: Player;
  let today: string;
  /** What Digit Bet told the player: stake and win, pya. */
  const digit = { stake: 0, win: 0 };

  async function agentWithAccount(a: { code: string; name: string }) {
    const db = server.database.db;
    const [row] = await db.insert(agents).values({ name: a.name, referralCode: a.code }).returning();
    const [account] = await db.insert(agentPaymentAccounts).values({ agentId: row!.id, paymentTypeId: await paymentTypeId(db, 'KBZPay'), accountName: 'U Aung', accountNo: '09250000111' }).returning();
    return account!.id;
  }

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { clock: manualClock(yangon(MONDAY, '09:00')), env: { ...TWO_D_ENV } }));
    cashier = await enrolOperator(server, clock, 'cashier');
    owner = await enrolOperator(server, clock, 'owner');
    await insertTestCatalogue(server.database.db);
    const ygnAccount = await agentWithAccount(YGN);
    await agentWithAccount(EVIL);
    p1 = await registerPlayer(server, { referral_code: YGN.code, name: 'Ko Aung' });
    await registerPlayer(server, { referral_code: YGN.code });
    p3 = await registerPlayer(server, { referral_code: EVIL.code });

    // p1 deposits 30,000 (approved) and 5,000 (rejected), then withdraws 12,000 (approved).
    const deposit = async (amount: number, ref: string) =>
      (await server.call('POST', '/api/depositfinicial', { token: p1.token, body: { agent_payment_type_id: ygnAccount, amount, refrence_no: ref } })).body.data.id as number;
    const approved = await deposit(30_000, '620001');
    const rejected = await deposit(5_000, '620002');
    expect((await server.call('POST', `/api/admin/deposits/${approved}/approve`, { token: cashier.token, body: {} })).status).toBe(200);
    expect((await server.call('POST', `/api/admin/deposits/${rejected}/reject`, { token: cashier.token, body: { note: 'no such transfer' } })).status).toBe(200);
    const wd = await server.call('POST', '/api/withdrawfinicial', {
      token: p1.token,
      body: { payment_type_id: await paymentTypeId(server.database.db, 'KBZPay'), account_name: 'Ko Aung', account_number: '09966554433', amount: 12_000, password: p1.password },
    });
    expect(wd.status, JSON.stringify(wd.body)).toBe(200);
    expect((await server.call('POST', `/api/admin/withdrawals/${wd.body.data.id}/approve`, { token: cashier.token, body: {} })).status).toBe(200);

    // 2D (main wallet): p1 one slip of 1,500, p3 one slip of 2,000.
    await fund(server.database.db, p1.id, { main: 10_000 });
    await fund(server.database.db, p3.id, { main: 10_000, game: 5_000 });
    expect((await bet(server, p1, { '42': 1000, '07': 500 })).status).toBe(200);
    expect((await bet(server, p3, { '42': 2000 })).status).toBe(200);

    // Digit Bet: p1 stakes 100 on big; the answer says what it won.
    const roll = await server.call('POST', '/api/digitbet', { token: p1.token, body: { bet_type: 'big', bet_amount: 100, multiplier: 1 } });
    expect(roll.status, JSON.stringify(roll.body)).toBe(200);
    digit.stake = Math.round(Number(roll.body.data.stake) * 100);
    digit.win = Math.round(Number(roll.body.data.win_amount) * 100);

    // Seamless: p1 bets 1,000 and wins 2,500 on one wager; p3 bets 400 on another, cancelled.
    const now = clock.now();
    const w1 = txId('w');
    const w2 = txId('w');
    const send = async (endpoint: 'withdraw' | 'deposit', member: Player, tx: Record<string, unknown>) => {
      const res = await callback(server, endpoint, signedBody(endpoint, [{ member_account: member.userName, product_code: PRODUCT, transactions: [{ id: txId(), game_code: 'KPT_DRAGON', ...tx } as never] }], { now }));
      expect(res.data[0]!.code, JSON.stringify(res)).toBe(0);
    };
    await send('withdraw', p1, { action: 'BET', amount: 1000, wager_code: w1 });
    await send('deposit', p1, { action: 'SETTLED', amount: 2500, wager_code: w1 });
    await send('withdraw', p3, { action: 'BET', amount: 400, wager_code: w2 });
    await send('deposit', p3, { action: 'CANCEL', amount: 0, wager_code: w2 });

    // Shan: p3 stakes 300 and is paid 550.
    expect((await shanCallback(server, clock, 'bet', { member_account: p3.userName, round_id: `rep-${kind}-1`, amount: '300.00' })).body.code).toBe(0);
    expect((await shanCallback(server, clock, 'settle', { member_account: p3.userName, round_id: `rep-${kind}-1`, payout: '550.00' })).body.code).toBe(0);
    today = yangonDate(new Date());
  });
  afterAll(async () => {
    await server?.close();
  });

  const report = (query: string, op: Operator = cashier) => server.call('GET', `/api/admin/reports?${query}`, { token: op.token });

  it("per game family and game type: bets, wins, refunds, GGR and bet count of today's play", async () => {
    const res = await report(`from=${today}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.families as { date: string; family: string; game_type: { code: string } | null }[];
    const of = (family: string) => rows.find((r) => r.family === family);
    expect(of('two_d')).toEqual({ date: today, family: 'two_d', game_type: null, bets: '3500.00', wins: '0.00', refunds: '0.00', ggr: '3500.00', bet_count: 2 });
    expect(of('games')).toMatchObject({ date: today, game_type: { code: TYPE_CODE, id: 90, name: 'Test Slot' }, bets: '1400.00', wins: '2500.00', refunds: '400.00', ggr: '-1500.00', bet_count: 2 });
    expect(of('digit')).toMatchObject({ bets: money(digit.stake), wins: money(digit.win), refunds: '0.00', ggr: money(digit.stake - digit.win), bet_count: 1 });
    expect(of('shan')).toMatchObject({ bets: '300.00', wins: '550.00', ggr: '-250.00', bet_count: 1 });
    const ggr = 350_000 - 150_000 - 25_000 + digit.stake - digit.win;
    expect(res.body.data.families_total).toEqual({ bets: money(350_000 + 140_000 + 30_000 + digit.stake), wins: money(250_000 + 55_000 + digit.win), refunds: '400.00', ggr: money(ggr), bet_count: 6 });
  });

  it("per agent: Monday's approved requests and sign-ups; today's GGR of each agent's players", async () => {
    const monday = await report(`from=${MONDAY}&to=${MONDAY}`);
    const mine = (rows: { agent_code: string; date: string }[]) => rows.filter((r) => r.agent_code === YGN.code || r.agent_code === EVIL.code);
    expect(mine(monday.body.data.agents)).toEqual([
      { date: MONDAY, agent_code: EVIL.code, agent_name: EVIL.name, deposits_count: 0, deposits_amount: '0.00', withdrawals_count: 0, withdrawals_amount: '0.00', new_players: 1, ggr: '0.00' },
      { date: MONDAY, agent_code: YGN.code, agent_name: YGN.name, deposits_count: 1, deposits_amount: '30000.00', withdrawals_count: 1, withdrawals_amount: '12000.00', new_players: 2, ggr: '0.00' },
    ]);
    expect(monday.body.data.families).toEqual([]);
    const day = await report(`from=${today}&to=${today}`);
    const ggrOf = (code: string) => (day.body.data.agents as { agent_code: string; ggr: string }[]).find((r) => r.agent_code === code)?.ggr;
    // p1: 2D 1,500 + seamless (1,000 − 2,500) + Digit Bet; p3: 2D 2,000 + seamless (400 − 400) + Shan (300 − 550).
    expect(ggrOf(YGN.code)).toBe(money(150_000 - 150_000 + digit.stake - digit.win));
    expect(ggrOf(EVIL.code)).toBe(money(200_000 + 0 - 25_000));
    // A range: the days in it, each once; nothing outside it.
    const week = await report(`from=2026-01-04&to=2026-01-06`);
    expect(new Set(mine(week.body.data.agents).map((r) => r.date))).toEqual(new Set([MONDAY]));
    expect(week.body.data.agents_total).toMatchObject({ deposits_count: 1, deposits_amount: '30000.00', withdrawals_amount: '12000.00' });
  });

  it('CSV: a dated attachment, UTF-8 with BOM, exact decimals, the Burmese name intact, formula cells defused', async () => {
    const res = await fetch(`${server.url}/api/admin/reports?from=${MONDAY}&to=${MONDAY}&format=csv`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="kyatplay-report-${MONDAY}-to-${MONDAY}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('date,family,game_type,bets,wins,refunds,ggr,bet_count');
    expect(lines[1]).toBe('Total,,,0.00,0.00,0.00,0.00,0');
    expect(lines[2]).toBe('');
    expect(lines[3]).toBe('date,agent_code,agent_name,deposits_approved,deposits_amount,withdrawals_approved,withdrawals_amount,new_players,ggr');
    expect(lines).toContain(`${MONDAY},${YGN.code},${YGN.name},1,30000.00,1,12000.00,2,0.00`);
    // The formula is a quoted text cell starting with an apostrophe: Excel shows it, never runs it.
    expect(lines).toContain(`${MONDAY},${EVIL.code},"'=HYPERLINK(""http://x.test"",""click"")",0,0.00,0,0.00,1,0.00`);
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toMatch(/^Total,,,1,30000\.00,1,12000\.00,\d+,0\.00$/);
  });

  it("CSV of today's play: negative GGR is a number, not defused text", async () => {
    const res = await fetch(`${server.url}/api/admin/reports?from=${today}&to=${today}&format=csv`, { headers: { authorization: `Bearer ${cashier.token}` } });
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain(`${today},games,${TYPE_CODE},1400.00,2500.00,400.00,-1500.00,2`);
    expect(lines).toContain(`${today},shan,,300.00,550.00,0.00,-250.00,1`);
  });

  it('refuses a range that is backwards, longer than 92 days or not dates, with codes; an unknown format too', async () => {
    const cases: [string, string, string][] = [
      [`from=${MONDAY}&to=2026-01-04`, 'to', 'field.between'],
      [`from=${MONDAY}&to=2026-04-07`, 'to', 'field.between'],
      [`from=2026-02-30&to=2026-03-01`, 'from', 'field.date_format'],
      [`from=${MONDAY}&to=tomorrow`, 'to', 'field.date_format'],
      [`from=${MONDAY}&format=xlsx`, 'format', 'field.selected_invalid'],
    ];
    for (const [query, field, code] of cases) {
      const res = await report(query);
      expect(res.status, query).toBe(422);
      expect(res.refusal?.error_codes?.[field]?.[0]?.code, query).toBe(code);
    }
    expect((await report(`from=${MONDAY}&to=2026-04-06`)).status).toBe(200); // 92 days
    expect((await report(`from=${MONDAY}&to=2026-01-06&format=csv`)).status).toBe(200);
  });

  it('content and 2D operators are refused; the ADMIN_TOKEN and the owner may read', async () => {
    for (const role of ['content', 'two_d'] as const) {
      const op = await enrolOperator(server, clock, role);
      const res = await report(`from=${MONDAY}&to=${MONDAY}`, op);
      expect(res.status).toBe(403);
      expect(res.refusal?.code).toBe('admin.forbidden');
      expect((await fetch(`${server.url}/api/admin/reports?format=csv`, { headers: { authorization: `Bearer ${op.token}` } })).status).toBe(403);
    }
    expect((await report(`from=${MONDAY}&to=${MONDAY}`, owner)).status).toBe(200);
    expect((await server.call('GET', `/api/admin/reports?from=${MONDAY}`, { token: ADMIN_TOKEN })).status).toBe(200);
    expect((await server.call('GET', '/api/admin/reports')).status).toBe(401);
  });
});
