import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShanRounds } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { isShan, payoutFor, resultOf, type Card } from '../../server/domain/shan/cards';
import { manualClock } from '../../server/lib/clock';
import { kyat, parseMoney } from '../../server/lib/money';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { fakeParty, shanLedger, shanRows } from './shan-helpers';
import { books, expectBalanced, expectNothingMoved, fund } from './wallet-helpers';

const INSUFFICIENT = 'Insufficient balance. Move money to your game balance to play.';

describe.each(dbKinds)('demo Shan provider over HTTP (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function launch(p: Player): Promise<string> {
    const res = await server.call('POST', '/api/shan-launch-game', { token: p.token, body: { member_account: p.userName, operator_code: 'a3h1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new URL(res.body.launch_game_url).searchParams.get('session')!;
  }

  const deal = (session: string, stake: number, on: TestServer = server) => on.call('POST', '/demo-shan/api/round/deal', { body: { session, stake } });
  const act = (session: string, id: string, action: 'draw' | 'stand', on: TestServer = server) =>
    on.call('POST', `/demo-shan/api/round/${encodeURIComponent(id)}/${action}`, { body: { session } });
  const storedRound = async (id: string) => (await db().select().from(demoShanRounds).where(eq(demoShanRounds.id, id)))[0]!;

  /** The round's cards as stored, and what the rules say it pays. */
  async function judged(id: string) {
    const row = await storedRound(id);
    const state = row.state as { player: Card[]; banker: Card[] };
    const result = resultOf(state.player, state.banker);
    return { row, state, result, payout: payoutFor(row.stake, result, isShan(state.player)) };
  }

  it('serves the table page: self-contained, CSP, stable ids, no balance; a bad session gets the error page', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 31_337 });
    const session = await launch(p);
    const res = await fetch(`${server.url}/demo-shan/play?session=${session}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    for (const id of ['balance', 'deal', 'draw', 'stand', 'result', 'player-cards', 'banker-cards']) expect(html).toContain(`id="${id}"`);
    for (const stake of [100, 500, 1000, 5000]) expect(html).toContain(`data-stake="${stake}"`);
    expect(html).toContain('Shan Koe Mee');
    expect(html).toContain('href="/"');
    expect(html).not.toMatch(/31,?337/);
    expect(html).not.toContain(p.userName);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/@import|<link /);
    // Every <style> and <script> carries the CSP nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(html.match(/<script/g)!.length).toBe(html.match(new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}"`, 'g'))!.length);

    for (const bad of ['garbage', '', `${session}x`]) {
      const page = await server.call('GET', `/demo-shan/play?session=${encodeURIComponent(bad)}`);
      expect(page.status).toBe(403);
      expect(String(page.body)).toContain('invalid or has expired');
      expect((await server.call('GET', `/demo-shan/api/balance?session=${encodeURIComponent(bad)}`)).status).toBe(403);
      expect((await deal(bad, 100)).status).toBe(403);
    }
  });

  it('the balance comes through the operator’s balance callback', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 4321 });
    const session = await launch(p);
    const res = await server.call('GET', `/demo-shan/api/balance?session=${session}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, balance: '4321.00', round: null });
  });

  it('plays full rounds: the bet and settle go through the callbacks; the game balance changes by payout − stake', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 100_000 });
    const session = await launch(p);
    let expected = kyat(100_000);
    let wins = 0;
    const stakes = [100, 500, 1000, 5000];
    for (let i = 0; i < 12; i++) {
      const stake = stakes[i % 4]!;
      const dealt = await deal(session, stake);
      expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
      let final = dealt.body;
      let round = dealt.body.round;
      expect(round.stake).toBe(`${stake}.00`);
      expect(round.player.cards).toHaveLength(2);
      if (round.status === 'player_turn') {
        // The banker's cards stay face down, and never reach the page.
        expect(round.banker).toEqual({ cards: [null, null], points: null, shan: null });
        expect(round.result).toBeNull();
        const stored = await storedRound(round.id);
        const text = JSON.stringify(dealt.body);
        for (const card of (stored.state as { banker: string[]; deck: string[] }).banker) expect(text).not.toContain(`"${card}"`);
        expect(dealt.body.balance).toBe((Number(expected - kyat(stake)) / 100).toFixed(2));
        const after = await act(session, round.id, i % 2 === 0 ? 'draw' : 'stand');
        expect(after.status, JSON.stringify(after.body)).toBe(200);
        final = after.body;
        round = after.body.round;
        expect(round.player.cards).toHaveLength(i % 2 === 0 ? 3 : 2);
      }
      expect(round.status).toBe('settled');
      const { row, state, result, payout } = await judged(round.id);
      expect(row.status).toBe('settled');
      expect(round.result).toBe(result);
      expect(round.player.cards).toEqual(state.player);
      expect(round.banker.cards).toEqual(state.banker);
      expect(parseMoney(round.payout)).toBe(payout);
      expect(row.payout).toBe(payout);
      expected += payout - kyat(stake);
      if (payout > 0n) wins++;
      expect(parseMoney(final.balance)).toBe(expected);
      expect((await books(db(), p.id)).balance).toBe(expected);

      const rows = await shanRows(db(), round.id);
      expect(rows.map((r) => [r.kind, r.amount])).toEqual([
        ['bet', -kyat(stake)],
        ['settle', payout],
      ]);
      expect(rows[1]!.detail).toMatchObject({ player: state.player, banker: state.banker, result });
    }
    const b = await books(db(), p.id);
    expect(b.balance).toBe(expected);
    expectBalanced(b);
    const ledgerRows = await shanLedger(db(), p.id);
    expect(ledgerRows.filter((r) => r.kind === 'shan_bet')).toHaveLength(12);
    expect(ledgerRows.filter((r) => r.kind === 'shan_win')).toHaveLength(wins);
    for (const r of ledgerRows) expect(r).toMatchObject({ wallet: 'game', reference: expect.stringMatching(/^shan:skm-/) });

    const balance = await server.call('GET', `/demo-shan/api/balance?session=${session}`);
    expect(parseMoney(balance.body.balance)).toBe(expected);
  });

  /** Deals until a round waits for the player (a Shan settles at once). */
  async function roundInPlay(session: string) {
    for (let i = 0; i < 30; i++) {
      const res = await deal(session, 100);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (res.body.round.status === 'player_turn') return res.body.round;
    }
    throw new Error('30 Shan deals in a row');
  }

  it('a double-clicked Draw draws once; Deal during a round is refused with the round', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 10_000 });
    const session = await launch(p);
    const round = await roundInPlay(session);

    const busy = await deal(session, 500);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ ok: false, message: 'Finish the current round first.', round: { id: round.id, status: 'player_turn' } });
    const resumed = await server.call('GET', `/demo-shan/api/balance?session=${session}`);
    expect(resumed.body.round).toMatchObject({ id: round.id, status: 'player_turn' });

    const before = (await books(db(), p.id)).balance;
    const answers = await Promise.all([act(session, round.id, 'draw'), act(session, round.id, 'draw'), act(session, round.id, 'stand')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe('This round has already moved on.');
    const { row, payout } = await judged(round.id);
    expect(row.status).toBe('settled');
    expect((row.state as { player: Card[] }).player.length).toBeLessThanOrEqual(3);
    expect((await books(db(), p.id)).balance).toBe(before + payout);
    expect(await shanRows(db(), round.id)).toHaveLength(2);
    expect((await act(session, round.id, 'draw')).status).toBe(409);
  });

  it('a deal bigger than the balance is refused with a clear message and moves nothing', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 50 });
    const session = await launch(p);
    await expectNothingMoved(db(), p.id, async () => {
      const res = await deal(session, 100);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ ok: false, message: INSUFFICIENT });
    });
    const rows = await db().select().from(demoShanRounds).where(and(eq(demoShanRounds.memberAccount, p.userName)));
    expect(rows.map((r) => r.status)).toEqual(['refused']);
    // A refused round does not block the next deal.
    await fund(db(), p.id, { game: 100 });
    expect((await deal(session, 100)).status).toBe(200);
  });

  it('a stake off the list is 422; another player’s round is 404; an expired session is 403', async () => {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { game: 10_000 });
    const session = await launch(p);
    for (const stake of [0, 99, 200, '1e3', null]) {
      const res = await server.call('POST', '/demo-shan/api/round/deal', { body: { session, stake } });
      expect(res.status).toBe(422);
    }
    expect((await deal(session, '500' as unknown as number)).status).toBe(200);

    const other = await registerPlayer(server);
    await fund(db(), other.id, { game: 10_000 });
    const otherSession = await launch(other);
    const theirs = await roundInPlay(otherSession);
    expect((await act(session, theirs.id, 'stand')).status).toBe(404);
    expect((await act(session, 'skm-nope', 'stand')).status).toBe(404);

    clock.advance(2 * 60 * 60 * 1000 + 1000);
    try {
      expect((await act(otherSession, theirs.id, 'stand')).status).toBe(403);
      expect((await server.call('GET', `/demo-shan/play?session=${otherSession}`)).status).toBe(403);
    } finally {
      clock.advance(-(2 * 60 * 60 * 1000 + 1000));
    }
  });

  describe('when the operator does not answer', () => {
    let mode: 'ok' | 'no-settle' | 'no-bet' = 'ok';
    let proxy: Awaited<ReturnType<typeof fakeParty>>;
    let flaky: TestServer;

    beforeAll(async () => {
      // Forwards the provider's callbacks to the operator, except the ones the test cuts.
      proxy = await fakeParty(async ({ path, raw }) => {
        if ((mode === 'no-settle' && path.endsWith('/settle')) || (mode === 'no-bet' && path.endsWith('/bet'))) return { status: 502, text: 'bad gateway' };
        const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
        return { status: res.status, json: await res.json() };
      });
      flaky = await startTestServer(kind, { clock, database: server.database, env: { PUBLIC_URL: proxy.url } });
    });
    afterAll(async () => {
      await flaky?.close();
      await proxy?.close();
    });

    it('a failed settle leaves the round settling; the next request for the session settles it once', async () => {
      const p = await registerPlayer(server);
      await fund(db(), p.id, { game: 10_000 });
      const session = await launch(p);
      mode = 'no-settle';
      let res = await deal(session, 1000, flaky);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (res.body.round.status === 'player_turn') res = await act(session, res.body.round.id, 'stand', flaky);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, message: 'Your result is being credited. It will show shortly.', round: { status: 'settling' } });
      const id = res.body.round.id;
      expect(res.body.round.result).toMatch(/^(win|lose|push)$/);
      expect((await storedRound(id)).status).toBe('settling');
      expect((await shanRows(db(), id)).map((r) => r.kind)).toEqual(['bet']);
      expect((await books(db(), p.id)).balance).toBe(kyat(9000));

      mode = 'ok';
      const { payout } = await judged(id);
      const balance = await server.call('GET', `/demo-shan/api/balance?session=${session}`);
      expect(balance.status).toBe(200);
      expect((await storedRound(id)).status).toBe('settled');
      expect(parseMoney(balance.body.balance)).toBe(kyat(9000) + payout);
      await server.call('GET', `/demo-shan/api/balance?session=${session}`);
      expect((await books(db(), p.id)).balance).toBe(kyat(9000) + payout);
      expect((await shanRows(db(), id)).map((r) => r.kind)).toEqual(['bet', 'settle']);
      expectBalanced(await books(db(), p.id));
    });

    it('a bet that got no answer is retried on the next request and the round resumes', async () => {
      const p = await registerPlayer(server);
      await fund(db(), p.id, { game: 10_000 });
      const session = await launch(p);
      mode = 'no-bet';
      const res = await deal(session, 500, flaky);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ ok: false, message: 'The wallet did not answer. Please try again.' });
      const [row] = await db().select().from(demoShanRounds).where(eq(demoShanRounds.memberAccount, p.userName));
      expect(row!.status).toBe('betting');
      expect((await books(db(), p.id)).balance).toBe(kyat(10_000));

      mode = 'ok';
      const balance = await server.call('GET', `/demo-shan/api/balance?session=${session}`);
      expect(balance.status).toBe(200);
      const now = await storedRound(row!.id);
      expect(['player_turn', 'settled']).toContain(now.status);
      if (now.status === 'player_turn') expect(balance.body.round).toMatchObject({ id: row!.id, status: 'player_turn' });
      expect((await shanRows(db(), row!.id))[0]).toMatchObject({ kind: 'bet', amount: -kyat(500) });
    });
  });
});
