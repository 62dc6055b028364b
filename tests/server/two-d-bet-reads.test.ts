import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { twoDBets, twoDClosures, twoDHolidays, twoDNumberLimits } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { OK, UNAUTHENTICATED, expect422, registerPlayer, type Player } from './accounts-helpers';
import { MONDAY, SATURDAY, TUESDAY, TWO_D_ENV, bet, yangon } from './two-d-bet-helpers';
import { fund } from './wallet-helpers';

/**
 * What the bet pages read: GET /api/twod-availability (the grid, real numbers per draw) and the
 * player's slips, GET /api/twod-bet-slips and /api/evening-twod-bet-slips.
 */

describe.each(dbKinds)('2D availability and slips (%s)', (kind) => {
  let server: TestServer;
  const clock = manualClock(yangon(MONDAY, '10:00'));
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: TWO_D_ENV });
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => clock.set(yangon(MONDAY, '10:00')));

  async function richPlayer(name = 'Test Player'): Promise<Player> {
    const player = await registerPlayer(server, { name });
    await fund(db(), player.id, { main: 1_000_000 });
    return player;
  }

  const availability = (query = '') => server.call('GET', `/api/twod-availability${query}`);

  describe('GET /api/twod-availability', () => {
    it('all 100 numbers of the open draw with break, staked, remaining and closures; no login needed', async () => {
      const date = '2026-01-14';
      clock.set(yangon(date, '09:00'));
      const [a, b] = [await richPlayer(), await richPlayer()];
      await db().insert(twoDNumberLimits).values({ number: '07', breakAmount: kyat(1_000) });
      await db().insert(twoDClosures).values([
        { kind: 'head', value: '9' },
        { kind: 'number', value: '44' },
      ]);
      try {
        expect((await bet(server, a, { '12': 1_500, '07': 400 })).status).toBe(200);
        expect((await bet(server, b, { '12': 500, '07': 600 })).status).toBe(200);
        expect((await bet(server, b, { '12': 700 }, { session: 'evening' })).status).toBe(200);

        const res = await availability();
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(OK);
        const data = res.body.data;
        expect(data).toMatchObject({
          date,
          session: 'morning',
          status: 'open',
          closes_at: yangon(date, '11:55').toISOString(),
          opens_at: null,
        });
        expect(data.numbers.map((n: any) => n.num)).toEqual(Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')));
        const byNum = Object.fromEntries(data.numbers.map((n: any) => [n.num, n]));
        expect(byNum['12']).toEqual({ num: '12', break: '50000.00', break_amount: '50000.00', staked: '2000.00', remaining: '48000.00', closed: false });
        expect(byNum['07']).toEqual({ num: '07', break: '1000.00', break_amount: '1000.00', staked: '1000.00', remaining: '0.00', closed: false });
        expect(byNum['00']).toEqual({ num: '00', break: '50000.00', break_amount: '50000.00', staked: '0.00', remaining: '50000.00', closed: false });
        expect(byNum['44'].closed).toBe(true);
        expect(data.numbers.filter((n: any) => n.closed).map((n: any) => n.num)).toEqual([
          '44', '90', '91', '92', '93', '94', '95', '96', '97', '98', '99',
        ]);

        const evening = (await availability('?session=evening')).body.data;
        expect(evening).toMatchObject({ date, session: 'evening', status: 'open', closes_at: yangon(date, '15:55').toISOString() });
        expect(evening.numbers.find((n: any) => n.num === '12')).toMatchObject({ staked: '700.00', remaining: '49300.00' });
        // The legacy session ids are understood too.
        expect((await availability('?session=4')).body.data.session).toBe('evening');

        // After the morning cut-off, the grid follows the evening draw; asking for the morning says closed.
        clock.set(yangon(date, '12:30'));
        expect((await availability()).body.data).toMatchObject({ session: 'evening', status: 'open' });
        const morning = (await availability('?session=morning')).body.data;
        expect(morning).toMatchObject({ date, session: 'morning', status: 'closed' });
        expect(morning.numbers.find((n: any) => n.num === '12').staked).toBe('2000.00');
      } finally {
        await db().delete(twoDNumberLimits);
        await db().delete(twoDClosures);
      }
    });

    it('closed after the evening cut-off (the next draw is shown), holiday on weekends and holidays', async () => {
      clock.set(yangon(MONDAY, '16:00'));
      expect((await availability()).body.data).toMatchObject({
        date: TUESDAY,
        session: 'morning',
        status: 'closed',
        closes_at: yangon(TUESDAY, '11:55').toISOString(),
        opens_at: yangon(TUESDAY, '00:00').toISOString(),
      });
      clock.set(yangon(SATURDAY, '10:00'));
      expect((await availability()).body.data).toMatchObject({ date: '2026-01-12', session: 'morning', status: 'holiday' });
      expect((await availability('?session=evening')).body.data).toMatchObject({ date: SATURDAY, session: 'evening', status: 'holiday' });

      await db().insert(twoDHolidays).values({ date: '2026-01-15', name: 'Bridge holiday' });
      clock.set(yangon('2026-01-15', '10:00'));
      expect((await availability()).body.data).toMatchObject({ date: '2026-01-16', session: 'morning', status: 'holiday' });
    });

    it('a bad session is a 422', async () => {
      expect422(await availability('?session=night'), { session: ['The selected session is invalid.'] });
    });
  });

  describe('GET /api/twod-bet-slips and /api/evening-twod-bet-slips', () => {
    it("today's slips of the player for each session, newest first, with their bets", async () => {
      const date = '2026-01-19';
      const player = await richPlayer('Aung Aung');
      const other = await richPlayer('Someone Else');
      clock.set(yangon(date, '08:00'));
      const first = (
        await bet(server, player, [
          ['21', 100],
          ['12', 200],
        ])
      ).body.data.slip;
      clock.set(yangon(date, '09:00'));
      const second = (await bet(server, player, { '33': 300 })).body.data.slip;
      const evening = (await bet(server, player, { '44': 400 }, { session: 'evening' })).body.data.slip;
      await bet(server, other, { '21': 100 });

      const morningRes = await server.call('GET', '/api/twod-bet-slips', { token: player.token });
      expect(morningRes.status).toBe(200);
      expect(morningRes.body.status).toBe(OK);
      expect(morningRes.body.data).toEqual([second, first]);
      expect(morningRes.body.data[1]).toEqual({
        id: first.id,
        slip_no: first.slip_no,
        player_name: 'Aung Aung',
        total_bet_amount: '300.00',
        session: 'morning',
        status: 'pending',
        game_date: date,
        before_balance: '1000000.00',
        after_balance: '999700.00',
        created_at: yangon(date, '08:00').toISOString(),
        two_bets: [
          { id: expect.any(Number), bet_number: '21', bet_amount: '100.00', win_lose: null, potential_payout: '8000.00', prize_amount: '0.00' },
          { id: expect.any(Number), bet_number: '12', bet_amount: '200.00', win_lose: null, potential_payout: '16000.00', prize_amount: '0.00' },
        ],
      });
      expect(second.before_balance).toBe('999700.00');
      const eveningRes = await server.call('GET', '/api/evening-twod-bet-slips', { token: player.token });
      expect(eveningRes.body.data).toEqual([evening]);

      // Settled lines show their result.
      await db().update(twoDBets).set({ winLose: true, prizeAmount: kyat(8_000) }).where(eq(twoDBets.slipId, first.id));
      const settled = (await server.call('GET', '/api/twod-bet-slips', { token: player.token })).body.data[1];
      expect(settled.two_bets.map((b: any) => [b.win_lose, b.prize_amount])).toEqual([
        [true, '8000.00'],
        [true, '8000.00'],
      ]);

      // "Today" is the Yangon date: at 00:10 the next day the list is empty; ?date= shows another day.
      clock.set(yangon('2026-01-20', '00:10'));
      expect((await server.call('GET', '/api/twod-bet-slips', { token: player.token })).body.data).toEqual([]);
      const past = await server.call('GET', `/api/twod-bet-slips?date=${date}`, { token: player.token });
      expect(past.body.data.map((s: any) => s.id)).toEqual([second.id, first.id]);
      const pastEvening = await server.call('GET', `/api/evening-twod-bet-slips?date=${date}`, { token: player.token });
      expect(pastEvening.body.data.map((s: any) => s.id)).toEqual([evening.id]);
    });

    it('a bad date is a 422; a login is needed', async () => {
      const player = await richPlayer();
      for (const date of ['2026-02-30', '20260105', 'yesterday']) {
        expect422(await server.call('GET', `/api/twod-bet-slips?date=${date}`, { token: player.token }), {
          date: ['The date field must match the format Y-m-d.'],
        });
      }
      for (const path of ['/api/twod-bet-slips', '/api/evening-twod-bet-slips']) {
        const res = await server.call('GET', path);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
    });
  });
});
