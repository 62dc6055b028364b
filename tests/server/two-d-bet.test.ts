import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledger, twoDBets, twoDClosures, twoDHolidays, twoDNumberLimits, twoDSlips, users } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, OK, UNAUTHENTICATED, expect422, registerPlayer, type Player } from './accounts-helpers';
import {
  FAILURE,
  MONDAY,
  OVER_LIMIT,
  SATURDAY,
  TUESDAY,
  TWO_D_ENV,
  bet,
  expectNothingChanged,
  mainBalance,
  stakedOn,
  yangon,
} from './two-d-bet-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * POST /api/twod-bet over the real HTTP server with the server's clock moved by hand: the draw
 * comes from the server clock in Yangon time, the body is checked, closures and breaks refuse a
 * slip whole listing every offending number, and the stake leaves the main balance once.
 */

const PLACED = 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။';

describe.each(dbKinds)('2D bet (%s)', (kind) => {
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

  async function richPlayer(main = 1_000_000): Promise<Player> {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { main, game: 5_000 });
    return player;
  }

  describe('the draw comes from the server clock, in Yangon time', () => {
    it('11:54 joins the morning draw, 11:56 the evening draw', async () => {
      const player = await richPlayer();
      clock.set(yangon(MONDAY, '11:54'));
      const morning = await bet(server, player, { '01': 100 });
      expect(morning.status, JSON.stringify(morning.body)).toBe(200);
      expect(morning.body.data.slip).toMatchObject({ session: 'morning', game_date: MONDAY });

      clock.set(yangon(MONDAY, '11:56'));
      const evening = await bet(server, player, { '01': 100 });
      expect(evening.status, JSON.stringify(evening.body)).toBe(200);
      expect(evening.body.data.slip).toMatchObject({ session: 'evening', game_date: MONDAY });
    });

    it('the cut-off instant itself is closed; 16:00 is closed: 400 "Betting is closed."', async () => {
      const player = await richPlayer();
      for (const at of ['15:55', '16:00', '23:59']) {
        clock.set(yangon(MONDAY, at));
        await expectNothingChanged(db(), async () => {
          const res = await bet(server, player, { '02': 100 });
          expect(res.status, at).toBe(400);
          expect(res.body).toEqual(FAILURE('Betting is closed.'));
        });
      }
    });

    it('Saturday and Sunday are closed', async () => {
      const player = await richPlayer();
      for (const at of [yangon(SATURDAY, '09:00'), yangon('2026-01-11', '09:00')]) {
        clock.set(at);
        const res = await bet(server, player, { '03': 100 });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(FAILURE('Betting is closed.'));
        const asked = await bet(server, player, { '03': 100 }, { session: 'morning' });
        expect(asked.body).toEqual(FAILURE('Betting is closed for this session.'));
      }
    });

    it('an operator holiday is closed', async () => {
      const player = await richPlayer();
      await db().insert(twoDHolidays).values({ date: '2026-01-07', name: 'Test holiday' });
      clock.set(yangon('2026-01-07', '09:00'));
      const res = await bet(server, player, { '04': 100 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(FAILURE('Betting is closed.'));
      // The next day trades again.
      clock.set(yangon('2026-01-08', '09:00'));
      const next = await bet(server, player, { '04': 100 });
      expect(next.status).toBe(200);
      expect(next.body.data.slip).toMatchObject({ game_date: '2026-01-08', session: 'morning' });
    });

    it('at 00:10 Yangon the draw is that Yangon day, not the UTC date (still the day before)', async () => {
      const player = await richPlayer();
      const at = yangon(TUESDAY, '00:10');
      expect(at.toISOString().slice(0, 10)).toBe(MONDAY); // UTC still says Monday
      clock.set(at);
      const res = await bet(server, player, { '06': 100 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.slip).toMatchObject({ game_date: TUESDAY, session: 'morning' });
      expect(res.body.data.slip.slip_no).toMatch(/^TD20260106[A-Z0-9]{6}$/);
      // And Saturday 00:10 Yangon (Friday in UTC) is closed.
      clock.set(yangon(SATURDAY, '00:10'));
      expect((await bet(server, player, { '06': 100 })).body).toEqual(FAILURE('Betting is closed.'));
    });

    it("the client's date is ignored", async () => {
      const player = await richPlayer();
      const res = await bet(server, player, { '07': 100 }, { extra: { date: '2026-02-02', game_date: '2026-02-02' } });
      expect(res.status).toBe(200);
      expect(res.body.data.slip.game_date).toBe(MONDAY);
    });
  });

  describe('a requested session', () => {
    it('evening may be chosen in the morning; morning after its cut-off is 400 "Betting is closed for this session."', async () => {
      const player = await richPlayer();
      for (const session of ['evening', 4, '4']) {
        const res = await bet(server, player, { '08': 100 }, { session });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.slip.session).toBe('evening');
      }
      const morning = await bet(server, player, { '08': 100 }, { session: 2 });
      expect(morning.body.data.slip.session).toBe('morning');

      clock.set(yangon(MONDAY, '11:56'));
      for (const session of ['morning', 2]) {
        await expectNothingChanged(db(), async () => {
          const res = await bet(server, player, { '08': 100 }, { session });
          expect(res.status).toBe(400);
          expect(res.body).toEqual(FAILURE('Betting is closed for this session.'));
        });
      }
      clock.set(yangon(MONDAY, '15:56'));
      expect((await bet(server, player, { '08': 100 }, { session: 'evening' })).body).toEqual(
        FAILURE('Betting is closed for this session.'),
      );
    });

    it('an unknown session is a 422', async () => {
      const player = await richPlayer();
      for (const session of ['night', 7, true]) {
        const res = await bet(server, player, { '09': 100 }, { session });
        expect422(res, { session: ['The selected session is invalid.'] });
      }
    });
  });

  describe('validation (422, nothing written)', () => {
    it('totalAmount must equal the sum of the lines', async () => {
      const player = await richPlayer();
      await expectNothingChanged(db(), async () => {
        const res = await bet(server, player, { '10': 100, '11': 200 }, { totalAmount: 200 });
        expect422(res, { totalAmount: ['The total amount must equal the sum of the amounts (300.00).'] });
        const missing = await server.call('POST', '/api/twod-bet', { token: player.token, body: { amounts: [{ num: '10', amount: 100 }] } });
        expect422(missing, { totalAmount: ['The total amount field is required.'] });
      });
    });

    it('each line is whole Kyat, at least 100 and at most 1,000,000', async () => {
      const player = await richPlayer();
      await expectNothingChanged(db(), async () => {
        const res = await bet(server, player, [
          ['10', 99],
          ['11', 1_000_001],
          ['12', 150.5],
          ['13', 'abc' as unknown as number],
        ], { totalAmount: 1_000 });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({
          'amounts.0.amount': ['The minimum bet is 100 Ks.'],
          'amounts.1.amount': ['The maximum bet is 1,000,000 Ks.'],
          'amounts.2.amount': ['The amount #3 field must be an integer.'],
          'amounts.3.amount': ['The amount #4 field must be a number.'],
        });
        expect(res.body.message).toBe('The minimum bet is 100 Ks. (and 3 more errors)');
      });
    });

    it('a number is exactly two digits; Burmese digits are accepted', async () => {
      const player = await richPlayer();
      await expectNothingChanged(db(), async () => {
        const res = await bet(server, player, [
          ['5', 100],
          ['100', 100],
          ['ab', 100],
          ['', 100],
          [7 as unknown as string, 100],
        ]);
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({
          'amounts.0.num': ['The number #1 field must be two digits, 00 to 99.'],
          'amounts.1.num': ['The number #2 field must be two digits, 00 to 99.'],
          'amounts.2.num': ['The number #3 field must be two digits, 00 to 99.'],
          'amounts.3.num': ['The number #4 field is required.'],
          'amounts.4.num': ['The number #5 field must be two digits, 00 to 99.'],
        });
      });
      const burmese = await bet(server, player, { '၁၄': 100, '၀၉': '၂၀၀' as unknown as number }, { totalAmount: 300 });
      expect(burmese.status, JSON.stringify(burmese.body)).toBe(200);
      expect(burmese.body.data.slip.two_bets.map((b: any) => [b.bet_number, b.bet_amount])).toEqual([
        ['14', '100.00'],
        ['09', '200.00'],
      ]);
    });

    it('a number twice on one slip is refused', async () => {
      const player = await richPlayer();
      await expectNothingChanged(db(), async () => {
        const res = await bet(server, player, [
          ['15', 100],
          ['16', 100],
          ['၁၅', 100],
        ]);
        expect422(res, { 'amounts.2.num': ['The number 15 appears more than once.'] });
      });
    });

    it('1 to 100 lines', async () => {
      const player = await richPlayer();
      expect422(await bet(server, player, {}), { amounts: ['The amounts field is required.'] });
      const all = Array.from({ length: 100 }, (_, i): [string, number] => [String(i).padStart(2, '0'), 100]);
      await expectNothingChanged(db(), async () => {
        const tooMany = await bet(server, player, [...all, ['00', 100]]);
        expect422(tooMany, { amounts: ['The amounts field must not have more than 100 items.'] });
      });
      const hundred = await bet(server, player, all);
      expect(hundred.status, JSON.stringify(hundred.body)).toBe(200);
      expect(hundred.body.data.slip.two_bets).toHaveLength(100);
      expect(hundred.body.data.slip.total_bet_amount).toBe('10000.00');
    });

    it('needs a login (401 only for that)', async () => {
      const res = await server.call('POST', '/api/twod-bet', { body: { totalAmount: 100, amounts: [{ num: '01', amount: 100 }] } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    });
  });

  describe('closures and breaks', () => {
    it('a closed head digit and a closed number are refused, with every offender listed; nothing changes', async () => {
      const player = await richPlayer();
      const date = '2026-01-12';
      clock.set(yangon(date, '09:00'));
      await db().insert(twoDClosures).values([
        { kind: 'head', value: '2' },
        { kind: 'number', value: '55' },
      ]);
      await db().insert(twoDNumberLimits).values({ number: '70', breakAmount: kyat(500) });
      try {
        await expectNothingChanged(db(), async () => {
          const res = await bet(server, player, { '70': 600, '29': 100, '55': 100, '20': 100, '61': 100 });
          expect(res.status).toBe(400);
          expect(res.body).toEqual(OVER_LIMIT(['20', '29', '55', '70']));
        });
        // The same slip without the offenders goes through.
        const fine = await bet(server, player, { '70': 500, '61': 100 });
        expect(fine.status).toBe(200);
        expect(await stakedOn(db(), date, 'morning', '70')).toBe(500);
        // Head 2 covers 20-29 only.
        expect((await bet(server, player, { '19': 100, '30': 100 })).status).toBe(200);
      } finally {
        await db().delete(twoDClosures);
        await db().delete(twoDNumberLimits);
      }
    });

    it('the default break (50,000 Ks) is shared by every player; a per-number override replaces it', async () => {
      const [a, b] = [await richPlayer(), await richPlayer()];
      const date = '2026-01-13';
      clock.set(yangon(date, '09:00'));
      await db().insert(twoDNumberLimits).values({ number: '05', breakAmount: kyat(1_000) });
      try {
        expect((await bet(server, a, { '33': 30_000 })).status).toBe(200);
        expect((await bet(server, b, { '33': 20_000 })).status).toBe(200); // exactly the break
        expect((await bet(server, a, { '33': 100 })).body).toEqual(OVER_LIMIT(['33']));
        // Another draw of the same number has its own break.
        expect((await bet(server, a, { '33': 100 }, { session: 'evening' })).status).toBe(200);

        expect((await bet(server, a, { '05': 800 })).status).toBe(200);
        await expectNothingChanged(db(), async () => {
          expect((await bet(server, b, { '05': 300, '06': 100 })).body).toEqual(OVER_LIMIT(['05']));
        });
        expect((await bet(server, b, { '05': 200 })).status).toBe(200);
        expect(await stakedOn(db(), date, 'morning', '05')).toBe(1_000);
        expect(await stakedOn(db(), date, 'morning', '33')).toBe(50_000);
        expect(await stakedOn(db(), date, 'evening', '33')).toBe(100);
      } finally {
        await db().delete(twoDNumberLimits);
      }
    });
  });

  describe('money', () => {
    it('debits the main balance once, with one ledger row; the game balance is untouched', async () => {
      const player = await richPlayer(10_000);
      const res = await bet(server, player, { '41': 1_000, '42': 500 }, { session: 'morning' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.message).toBe(PLACED);
      const slip = res.body.data.slip;
      expect(slip).toEqual({
        id: expect.any(Number),
        slip_no: expect.stringMatching(/^TD20260105[A-Z0-9]{6}$/),
        player_name: 'Test Player',
        total_bet_amount: '1500.00',
        session: 'morning',
        status: 'pending',
        game_date: MONDAY,
        before_balance: '10000.00',
        after_balance: '8500.00',
        created_at: yangon(MONDAY, '10:00').toISOString(),
        two_bets: [
          { id: expect.any(Number), bet_number: '41', bet_amount: '1000.00', win_lose: null, potential_payout: '80000.00', prize_amount: '0.00' },
          { id: expect.any(Number), bet_number: '42', bet_amount: '500.00', win_lose: null, potential_payout: '40000.00', prize_amount: '0.00' },
        ],
      });

      const final = await books(db(), player.id);
      expect(final.mainBalance).toBe(kyat(8_500));
      expect(final.balance).toBe(kyat(5_000));
      expectBalanced(final);
      const rows = await db().select().from(ledger).where(and(eq(ledger.userId, player.id), eq(ledger.kind, 'two_d_bet')));
      expect(rows.map((r) => [r.wallet, r.amount, r.balanceBefore, r.balanceAfter, r.reference])).toEqual([
        ['main', -kyat(1_500), kyat(10_000), kyat(8_500), `two_d_slip:${slip.id}`],
      ]);
      const [stored] = await db().select().from(twoDSlips).where(eq(twoDSlips.id, slip.id));
      expect(stored).toMatchObject({ userId: player.id, drawDate: MONDAY, session: 'morning', totalBetAmount: kyat(1_500) });
      const bets = await db().select().from(twoDBets).where(eq(twoDBets.slipId, slip.id)).orderBy(asc(twoDBets.id));
      expect(bets.map((b) => [b.betNumber, b.betAmount, b.potentialPayout, b.winLose])).toEqual([
        ['41', kyat(1_000), kyat(80_000), null],
        ['42', kyat(500), kyat(40_000), null],
      ]);
    });

    it('insufficient funds: 400 "Insufficient Funds", nothing changes (not even the counters)', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, { main: 999, game: 100_000 });
      await expectNothingChanged(db(), async () => {
        const res = await bet(server, player, { '43': 500, '44': 500 }, { key: 'poor-1' });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(FAILURE('Insufficient Funds'));
      });
      // Exactly the balance is enough.
      const res = await bet(server, player, { '43': 500, '44': 499 });
      expect(res.status).toBe(200);
      expect(await mainBalance(db(), player.id)).toBe(0n);
      expectBalanced(await books(db(), player.id));
      // The refused key was not stored: a retry with it runs afresh (and is refused again).
      expect((await bet(server, player, { '43': 500, '44': 500 }, { key: 'poor-1' })).body).toEqual(FAILURE('Insufficient Funds'));
    });

    it('an Idempotency-Key replay answers the first answer and places nothing more, even after the cut-off', async () => {
      const player = await richPlayer(10_000);
      const stakedBefore = await stakedOn(db(), MONDAY, 'morning', '45');
      const first = await bet(server, player, { '45': 700 }, { key: 'slip-key-1' });
      expect(first.status).toBe(200);
      const again = await bet(server, player, { '45': 700 }, { key: 'slip-key-1' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      clock.set(yangon(MONDAY, '17:00'));
      const late = await bet(server, player, { '45': 700 }, { key: 'slip-key-1' });
      expect(late.body).toEqual(first.body);

      const slips = await db().select().from(twoDSlips).where(eq(twoDSlips.userId, player.id));
      expect(slips).toHaveLength(1);
      expect(await mainBalance(db(), player.id)).toBe(kyat(9_300));
      expect(await stakedOn(db(), MONDAY, 'morning', '45')).toBe(stakedBefore + 700);
      expectBalanced(await books(db(), player.id));
      // A different key is a different bet (refused here: closed).
      expect((await bet(server, player, { '45': 700 }, { key: 'slip-key-2' })).body).toEqual(FAILURE('Betting is closed.'));
    });

    it('the refusal envelopes are 400, never 401', async () => {
      const player = await richPlayer();
      clock.set(yangon(MONDAY, '16:30'));
      const res = await bet(server, player, { '46': 100 });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(FAILED);
      const [user] = await db().select({ status: users.status }).from(users).where(eq(users.id, player.id));
      expect(user!.status).toBe(1);
    });
  });
});
