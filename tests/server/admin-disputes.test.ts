import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { registerPlayer, type Player } from './accounts-helpers';
import type { CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import { GAME, PRODUCT, callback, insertTestCatalogue, signedBody, txId } from './seamless-helpers';
import { fund } from './wallet-helpers';

/**
 * GET /api/admin/disputes on real callbacks: the aggregator's calls as sent and answered, the
 * seamless transactions and wager, a demo Shan round played over HTTP, and the ledger rows they
 * moved, found by the player (any of their ids) or by an id the aggregator quotes.
 */
describe.each(dbKinds)('disputes (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let cashier: Operator;
  let p1: Player;
  let p2: Player;
  const bet = txId('bet');
  const win = txId('win');
  const wager = txId('wager');
  const otherBet = txId('other');
  let round: { id: string; stake: string; payout: string };

  const send = async (endpoint: 'balance' | 'withdraw' | 'deposit', member: Player, tx?: Record<string, unknown>) => {
    const entry = { member_account: member.userName, product_code: PRODUCT, ...(tx ? { transactions: [{ game_code: GAME.code, ...tx } as never] } : {}) };
    const res = await callback(server, endpoint, signedBody(endpoint, [entry], { now: clock.now() }));
    expect(res.data[0]!.code, JSON.stringify(res)).toBe(0);
    return res;
  };

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { clock: manualClock('2026-03-10T06:00:00Z') }));
    cashier = await enrolOperator(server, clock, 'cashier');
    await insertTestCatalogue(server.database.db);
    p1 = await registerPlayer(server, { name: 'Ma Thida' });
    p2 = await registerPlayer(server);
    await fund(server.database.db, p1.id, { game: 50_000 });
    await fund(server.database.db, p2.id, { game: 50_000 });

    await send('balance', p1);
    await send('withdraw', p1, { id: bet, action: 'BET', amount: 700, wager_code: wager });
    await send('deposit', p1, { id: win, action: 'SETTLED', amount: 1200, wager_code: wager });
    await send('withdraw', p2, { id: otherBet, action: 'BET', amount: 300, wager_code: txId('wager') });

    // A demo Shan round over HTTP: launch, deal 100, stand when it is the player's turn.
    const launched = await server.call('POST', '/api/shan-launch-game', { token: p1.token, body: { member_account: p1.userName, operator_code: 'a3h1' } });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const session = new URL(launched.body.launch_game_url).searchParams.get('session')!;
    const dealt = await server.call('POST', '/demo-shan/api/round/deal', { body: { session, stake: 100 } });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    let final = dealt.body.round;
    if (final.status === 'player_turn') final = (await server.call('POST', `/demo-shan/api/round/${encodeURIComponent(final.id)}/stand`, { body: { session } })).body.round;
    expect(final.status).toBe('settled');
    round = { id: final.id, stake: final.stake, payout: final.payout };
  });
  afterAll(async () => {
    await server?.close();
  });

  const disputes = (query: string, op: Operator = cashier) => server.call('GET', `/api/admin/disputes?${query}`, { token: op.token });

  it("a player's calls, transactions, wager, Shan round and the ledger rows they moved; nobody else's", async () => {
    const res = await disputes(`player=${p1.userName}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.players).toEqual([{ id: p1.id, user_name: p1.userName, name: 'Ma Thida', phone: p1.phone, telegram_id: null }]);
    // The call log: newest first, as the aggregator sent it and as we answered.
    expect(d.calls.map((c: { endpoint: string }) => c.endpoint)).toEqual(['deposit', 'withdraw', 'balance']);
    const betCall = d.calls[1];
    expect(betCall.request.batch_requests[0]).toMatchObject({ member_account: p1.userName, transactions: [{ id: bet, action: 'BET', amount: 700 }] });
    expect(betCall.response.data[0]).toMatchObject({ member_account: p1.userName, before_balance: 50_000, balance: 49_300, code: 0 });
    expect(betCall.http_status).toBe(200);
    expect(d.transactions.map((t: { tx_id: string; amount: string }) => [t.tx_id, t.amount])).toEqual([
      [win, '1200.00'],
      [bet, '-700.00'],
    ]);
    expect(d.wagers).toEqual([expect.objectContaining({ wager_code: wager, game_code: GAME.code, bet_amount: '700.00', payout: '1200.00', status: 'settled' })]);
    expect(d.rounds).toEqual([expect.objectContaining({ id: round.id, member_account: p1.userName, stake: round.stake, status: 'settled' })]);
    expect(d.shan.map((s: { kind: string; round_id: string }) => [s.kind, s.round_id])).toEqual([
      ['settle', round.id],
      ['bet', round.id],
    ]);
    const moved = (d.ledger as { reference: string; kind: string; amount: string }[]).map((l) => [l.reference, l.kind, l.amount]);
    expect(moved).toContainEqual([`seamless:${PRODUCT}:${bet}`, 'game_bet', '-700.00']);
    expect(moved).toContainEqual([`seamless:${PRODUCT}:${win}`, 'game_win', '1200.00']);
    expect(moved).toContainEqual([`shan:${round.id}`, 'shan_bet', `-${round.stake}`]);
    expect(JSON.stringify(d)).not.toContain(otherBet);
    expect(JSON.stringify(d)).not.toContain(p2.userName);
  });

  it('the same player by phone in another written form, and by id', async () => {
    for (const q of [`+95${p1.phone.slice(1)}`, String(p1.id), p1.userName.toLowerCase()]) {
      const res = await disputes(`player=${encodeURIComponent(q)}`);
      expect(res.body.data.players.map((p: { id: number }) => p.id), q).toEqual([p1.id]);
      expect(res.body.data.transactions).toHaveLength(2);
    }
    const nobody = await disputes('player=Pi99999999');
    expect(nobody.status).toBe(200);
    expect(nobody.body.data).toMatchObject({ players: [], calls: [], transactions: [], ledger: [] });
  });

  it('by a transaction id: that transaction, the call that carried it, its ledger row and its player', async () => {
    const res = await disputes(`transaction=${encodeURIComponent(bet)}`);
    const d = res.body.data;
    expect(d.transactions.map((t: { tx_id: string }) => t.tx_id)).toEqual([bet]);
    expect(d.calls.map((c: { endpoint: string }) => c.endpoint)).toEqual(['withdraw']);
    expect(d.ledger.map((l: { kind: string; amount: string; user_id: number }) => [l.kind, l.amount, l.user_id])).toEqual([['game_bet', '-700.00', p1.id]]);
    expect(d.players.map((p: { id: number }) => p.id)).toEqual([p1.id]);
    // By the wager code: both of its transactions, the wager, both calls.
    const byWager = (await disputes(`transaction=${encodeURIComponent(wager)}`)).body.data;
    expect(byWager.transactions.map((t: { tx_id: string }) => t.tx_id)).toEqual([win, bet]);
    expect(byWager.wagers).toHaveLength(1);
    expect(byWager.calls.map((c: { endpoint: string }) => c.endpoint)).toEqual(['deposit', 'withdraw']);
    // By the Shan round id and by a ledger reference.
    const byRound = (await disputes(`transaction=${encodeURIComponent(round.id)}`)).body.data;
    expect(byRound.rounds.map((r: { id: string }) => r.id)).toEqual([round.id]);
    expect(byRound.shan).toHaveLength(2);
    expect(byRound.ledger.map((l: { kind: string }) => l.kind)).toContain('shan_bet');
    const byRef = (await disputes(`transaction=${encodeURIComponent(`seamless:${PRODUCT}:${win}`)}`)).body.data;
    expect(byRef.ledger.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([['game_win', '1200.00']]);
  });

  it('refuses no query, both queries, an over-long one and a window past 31 days, with codes', async () => {
    const cases: [string, string, string][] = [
      ['', 'player', 'field.required'],
      [`player=${p1.userName}&transaction=${bet}`, 'player', 'field.required'],
      [`transaction=${'x'.repeat(161)}`, 'transaction', 'field.max_chars'],
      [`player=${p1.userName}&days=32`, 'days', 'field.between'],
      [`player=${p1.userName}&days=soon`, 'days', 'field.integer'],
    ];
    for (const [query, field, code] of cases) {
      const res = await disputes(query);
      expect(res.status, query).toBe(422);
      expect(res.refusal?.error_codes?.[field]?.[0]?.code, query).toBe(code);
    }
  });

  it('content and 2D operators are refused', async () => {
    for (const role of ['content', 'two_d'] as const) {
      const op = await enrolOperator(server, clock, role);
      const res = await disputes(`player=${p1.userName}`, op);
      expect(res.status).toBe(403);
      expect(res.refusal?.code).toBe('admin.forbidden');
    }
    expect((await server.call('GET', `/api/admin/disputes?player=${p1.userName}`, { token: ADMIN_TOKEN })).status).toBe(200);
  });

  it('bounded: at most 50 calls, newest first; calls older than the window only when asked for', async () => {
    for (let i = 0; i < 53; i++) await send('balance', p2);
    const many = (await disputes(`player=${p2.userName}`)).body.data.calls as { id: number }[];
    expect(many).toHaveLength(50);
    expect(many.map((c) => c.id)).toEqual([...many.map((c) => c.id)].sort((a, b) => b - a));
    // Eight days on, last week's calls are outside the default 7 days; 31 days brings them back.
    clock.advance(8 * 86_400_000);
    const later = await enrolOperator(server, clock, 'cashier');
    await send('balance', p1);
    const recent = (await disputes(`player=${p1.userName}`, later)).body.data.calls as { endpoint: string }[];
    expect(recent.map((c) => c.endpoint)).toEqual(['balance']);
    const month = (await disputes(`player=${p1.userName}&days=31`, later)).body.data.calls as { endpoint: string }[];
    expect(month.map((c) => c.endpoint)).toEqual(['balance', 'deposit', 'withdraw', 'balance']);
  });
});
