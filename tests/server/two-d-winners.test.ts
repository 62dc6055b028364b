import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { twoDResults } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { addDays } from '../../server/domain/two-d/calendar';
import { settleDraw } from '../../server/domain/two-d/settlement';
import { maskName } from '../../server/domain/two-d/winners';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { OK, UNAUTHENTICATED, expect422, registerPlayer, type Player } from './accounts-helpers';
import { FAILURE, MONDAY, TUESDAY, TWO_D_ENV, bet, yangon } from './two-d-bet-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * GET /api/two-d-daily-winners: a draw's confirmed result and its settled winning bets summed
 * per player with masked names, or the latest confirmed draws. Results are written straight into
 * two_d_results; settlement is the real one (settleDraw: lines decided, prizes credited through
 * the ledger, slips completed).
 */

async function confirmResult(db: Db, date: string, session: 'morning' | 'evening', twod: string, status = 'confirmed') {
  await db
    .insert(twoDResults)
    .values({ drawDate: date, session, setIndex: `1346.2${twod[0]}`, value: `5738${twod[1]}.58`, twod, source: 'operator', status })
    .onConflictDoUpdate({ target: [twoDResults.drawDate, twoDResults.session], set: { twod, status } });
}

describe('maskName', () => {
  it('keeps the first word and the first letter of the second', () => {
    expect(maskName('Aung Aung')).toBe('Aung A***');
    expect(maskName('  Kyaw   Zin Htet ')).toBe('Kyaw Z***');
    expect(maskName('Mya')).toBe('M***');
    expect(maskName('')).toBe('***');
    // A Burmese letter keeps its marks (one grapheme cluster), never a bare consonant split from them.
    const masked = maskName('အောင် ကျော်');
    expect(masked.startsWith('အောင် က')).toBe(true);
    expect(masked.endsWith('***')).toBe(true);
    expect(masked).not.toContain('ကျော်');
  });
});

describe.each(dbKinds)('2D daily winners (%s)', (kind) => {
  let server: TestServer;
  const clock = manualClock(yangon(MONDAY, '10:00'));
  const db = () => server.database.db;
  let aung: Player;
  let mya: Player;
  let kyaw: Player;

  const winners = (player: Player, query: string) => server.call('GET', `/api/two-d-daily-winners${query}`, { token: player.token });

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: TWO_D_ENV });
    await seedDemo(server.database.db);
    aung = await registerPlayer(server, { name: 'Aung Aung' });
    mya = await registerPlayer(server, { name: 'Mya' });
    kyaw = await registerPlayer(server, { name: 'Kyaw Zin Htet' });
    for (const p of [aung, mya, kyaw]) await fund(db(), p.id, { main: 100_000 });

    // Monday morning: 38 wins. Aung on two slips, Mya once; Kyaw loses.
    clock.set(yangon(MONDAY, '09:00'));
    expect((await bet(server, aung, { '38': 100, '12': 1_000 })).status).toBe(200);
    expect((await bet(server, aung, { '38': 200 })).status).toBe(200);
    expect((await bet(server, mya, { '38': 500 })).status).toBe(200);
    expect((await bet(server, kyaw, { '11': 5_000 })).status).toBe(200);
    // Monday evening: 07 wins, only Kyaw.
    expect((await bet(server, kyaw, { '07': 100, '70': 100 }, { session: 'evening' })).status).toBe(200);
    clock.set(yangon(MONDAY, '17:00'));
    await confirmResult(db(), MONDAY, 'morning', '38');
    expect(await settleDraw(db(), MONDAY, 'morning', clock)).toMatchObject({ outcome: 'settled', winners: 2 });
    await confirmResult(db(), MONDAY, 'evening', '07');
    expect(await settleDraw(db(), MONDAY, 'evening', clock)).toMatchObject({ outcome: 'settled', winners: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('with a session: the confirmed result and its winners, summed per player, names masked', async () => {
    const res = await winners(kyaw, `?date=${MONDAY}&session=morning`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: OK,
      message: null,
      data: {
        date: MONDAY,
        session: 'morning',
        win_digit: '38',
        winners: [
          { member_name: 'M***', bet_amount: '500.00', win_amount: '40000.00' },
          { member_name: 'Aung A***', bet_amount: '300.00', win_amount: '24000.00' },
        ],
      },
    });
    const evening = await winners(aung, `?date=${MONDAY}&session=evening`);
    expect(evening.body.data).toEqual({
      date: MONDAY,
      session: 'evening',
      win_digit: '07',
      winners: [{ member_name: 'Kyaw Z***', bet_amount: '100.00', win_amount: '8000.00' }],
    });
    // The player's slips show the settlement.
    const slips = (await server.call('GET', `/api/twod-bet-slips?date=${MONDAY}`, { token: aung.token })).body.data;
    expect(slips.map((s: any) => s.status)).toEqual(['completed', 'completed']);
    expect(slips[1].two_bets.map((b: any) => [b.bet_number, b.win_lose, b.prize_amount])).toEqual([
      ['12', false, '0.00'],
      ['38', true, '8000.00'],
    ]);
    // The prizes reached the main balances through the ledger.
    for (const p of [aung, mya, kyaw]) expectBalanced(await books(db(), p.id));
    expect((await books(db(), aung.id)).mainBalance).toBe(10_000_000n - 130_000n + 2_400_000n);
  });

  it('404 "No result yet." without a confirmed result; a confirmed but unsettled draw has no winners yet', async () => {
    clock.set(yangon(TUESDAY, '12:05'));
    expect((await winners(aung, `?date=${TUESDAY}&session=morning`)).body).toEqual(FAILURE('No result yet.'));
    await confirmResult(db(), TUESDAY, 'morning', '55', 'provisional');
    const provisional = await winners(aung, `?date=${TUESDAY}&session=morning`);
    expect(provisional.status).toBe(404);
    expect(provisional.body).toEqual(FAILURE('No result yet.'));
    await confirmResult(db(), TUESDAY, 'morning', '55');
    expect((await winners(aung, `?date=${TUESDAY}&session=morning`)).body.data).toEqual({
      date: TUESDAY,
      session: 'morning',
      win_digit: '55',
      winners: [],
    });
    // Without a date: today (Yangon).
    expect((await winners(aung, '?session=morning')).body.data.date).toBe(TUESDAY);
    clock.set(yangon('2026-01-07', '00:10')); // still Tuesday in UTC
    expect((await winners(aung, '?session=morning')).body).toEqual(FAILURE('No result yet.'));
  });

  it('without a session: the latest confirmed draws (up to 10), newest first, on or before the date', async () => {
    clock.set(yangon('2026-01-20', '18:00'));
    // Confirmed draws on the following days, plus one provisional that must not show.
    let date = '2026-01-07';
    for (let i = 0; i < 6; i++, date = addDays(date, 1)) {
      await confirmResult(db(), date, 'morning', String(10 + i));
      await confirmResult(db(), date, 'evening', String(60 + i), i === 5 ? 'provisional' : 'confirmed');
    }
    const res = await winners(mya, '');
    expect(res.status).toBe(200);
    const latest = res.body.data.latest_results;
    expect(latest).toHaveLength(10);
    expect(latest.map((r: any) => `${r.date} ${r.session} ${r.win_digit}`)).toEqual([
      '2026-01-12 morning 15',
      '2026-01-11 evening 64',
      '2026-01-11 morning 14',
      '2026-01-10 evening 63',
      '2026-01-10 morning 13',
      '2026-01-09 evening 62',
      '2026-01-09 morning 12',
      '2026-01-08 evening 61',
      '2026-01-08 morning 11',
      '2026-01-07 evening 60',
    ]);
    // "all" is the same; a date limits it to draws on or before that day, with their winners.
    expect((await winners(mya, '?session=all')).body.data).toEqual(res.body.data);
    const early = (await winners(mya, `?date=${TUESDAY}`)).body.data.latest_results;
    expect(early.map((r: any) => `${r.date} ${r.session}`)).toEqual([`${TUESDAY} morning`, `${MONDAY} evening`, `${MONDAY} morning`]);
    expect(early[2].winners).toEqual([
      { member_name: 'M***', bet_amount: '500.00', win_amount: '40000.00' },
      { member_name: 'Aung A***', bet_amount: '300.00', win_amount: '24000.00' },
    ]);
    expect(early[1].winners).toEqual([{ member_name: 'Kyaw Z***', bet_amount: '100.00', win_amount: '8000.00' }]);
  });

  it('a bad session or date is a 422; a login is needed', async () => {
    expect422(await winners(aung, `?date=${MONDAY}&session=night`), { session: ['The selected session is invalid.'] });
    expect422(await winners(aung, '?date=2026-13-01&session=morning'), { date: ['The date field must match the format Y-m-d.'] });
    const res = await server.call('GET', `/api/two-d-daily-winners?date=${MONDAY}&session=morning`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });
});
