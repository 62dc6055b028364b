import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { twoDResults, twoDSettlements } from '../../server/db/schema';
import { twoDConfig } from '../../server/domain/two-d/calendar';
import { addHoliday } from '../../server/domain/two-d/holidays';
import { getResult } from '../../server/domain/two-d/results';
import { runTwoDTick, type TickDeps } from '../../server/domain/two-d/scheduler';
import { simulationStore } from '../../server/domain/two-d/simulation';
import { simulatedSource, type ResultSource } from '../../server/domain/two-d/sources';
import { testEnv } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase, pooledKinds } from '../support/db';
import { confirmResult, expectMainBooks, mainBalance, makePlayer, placeSlip, slipStatus, yangon } from './two-d-results-helpers';

const cfg = twoDConfig(testEnv());

describe.each(pooledKinds)('2D scheduler (%s)', (kind) => {
  let database: Database;
  const clock = manualClock(yangon('2026-01-05', '08:00'));
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const deps = (over: Partial<TickDeps> = {}): TickDeps => ({
    db: db(),
    cfg,
    clock,
    source: simulatedSource(cfg, simulationStore(db(), cfg)),
    autoConfirm: true,
    lookbackDays: 0,
    ...over,
  });
  const tick = (at: Date, over: Partial<TickDeps> = {}) => {
    clock.set(at);
    return runTwoDTick(deps(over), at);
  };
  /** The figures the simulation stores for a draw (made here ahead of time: the test travels in time; a player cannot). */
  const simulatedTwoD = async (date: string, session: 'morning' | 'evening') =>
    (await simulationStore(db(), cfg).draw(date, session, yangon(date, '23:59'))).twod;
  const settlements = (date: string) => db().select().from(twoDSettlements).where(eq(twoDSettlements.drawDate, date));

  it('simulation on: at the draw time the simulated result is confirmed and the draw settled, once', async () => {
    const date = '2026-01-05';
    const twod = await simulatedTwoD(date, 'morning');
    const other = twod === '00' ? '01' : '00';
    const p = await makePlayer(db(), 1000);
    const slip = await placeSlip(db(), p, date, 'morning', [[twod, 100], [other, 100]]);

    expect(await tick(yangon(date, '12:00:59'))).toEqual({ stored: [], settled: [], voided: [], errors: [] });
    const report = await tick(yangon(date, '12:01:02'));
    expect(report.stored).toEqual([{ date, session: 'morning', status: 'confirmed' }]);
    expect(report.settled).toMatchObject([{ date, session: 'morning', twod, winners: 1, paid: 800_000n }]);
    expect(await getResult(db(), date, 'morning')).toMatchObject({ source: 'simulated', status: 'confirmed', twod });
    expect(await mainBalance(db(), p)).toBe(100_000n - 20_000n + 800_000n);
    expect(await slipStatus(db(), slip.slipId)).toBe('completed');

    const again = await tick(yangon(date, '12:01:07'));
    expect(again).toEqual({ stored: [], settled: [], voided: [], errors: [] });
    expect(await mainBalance(db(), p)).toBe(880_000n);
    expect(await getResult(db(), date, 'evening')).toBeNull();
    await expectMainBooks(db(), p);
  });

  it('several processes ticking at once settle once', async () => {
    const date = '2026-01-06';
    const twod = await simulatedTwoD(date, 'evening');
    const p = await makePlayer(db(), 1000);
    await placeSlip(db(), p, date, 'evening', [[twod, 50]]);
    clock.set(yangon(date, '16:30:05'));
    const reports = await Promise.all([1, 2, 3, 4].map(() => runTwoDTick(deps(), clock.now())));
    // Both of the day's draws have passed: each is settled by exactly one of the ticks.
    expect(reports.flatMap((r) => r.settled.map((x) => x.session)).sort()).toEqual(['evening', 'morning']);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    expect(await mainBalance(db(), p)).toBe(100_000n - 5000n + 400_000n);
    await expectMainBooks(db(), p);
  });

  it('operator only: no result within the window → voided and refunded at draw + 120 min', async () => {
    const date = '2026-01-07';
    const p = await makePlayer(db(), 1000);
    const slip = await placeSlip(db(), p, date, 'morning', [['12', 300]]);
    const manual = { source: null, autoConfirm: false };
    expect(await tick(yangon(date, '12:30'), manual)).toEqual({ stored: [], settled: [], voided: [], errors: [] });
    expect(await tick(yangon(date, '14:00:59'), manual)).toMatchObject({ voided: [] });
    const report = await tick(yangon(date, '14:01'), manual);
    expect(report.voided).toMatchObject([{ date, session: 'morning', outcome: 'voided', bets: 1, paid: 30_000n }]);
    expect(await mainBalance(db(), p)).toBe(100_000n);
    expect(await slipStatus(db(), slip.slipId)).toBe('voided');
    expect(await getResult(db(), date, 'morning')).toBeNull();
    await expectMainBooks(db(), p);
  });

  it('operator only: a result confirmed within the window is settled by the next tick', async () => {
    const date = '2026-01-08';
    const p = await makePlayer(db(), 1000);
    await placeSlip(db(), p, date, 'evening', [['47', 100]]);
    await confirmResult(db(), date, 'evening', '47', yangon(date, '17:00'));
    const report = await tick(yangon(date, '17:00:05'), { source: null, autoConfirm: false });
    expect(report.settled).toMatchObject([{ session: 'evening', twod: '47', winners: 1 }]);
    expect(await mainBalance(db(), p)).toBe(90_000n + 800_000n);
  });

  it('a feed without auto-confirm stores its figures provisional; unconfirmed, the draw is voided after the window', async () => {
    const date = '2026-01-09';
    const feed: ResultSource = {
      name: 'feed',
      current: () => {
        throw new Error('not used');
      },
      resultFor: async (d, s, now) => (now >= yangon(d, s === 'morning' ? '12:01' : '16:30') ? { setIndex: '1346.23', value: '57388.58', twod: '38' } : null),
    };
    const p = await makePlayer(db(), 1000);
    await placeSlip(db(), p, date, 'morning', [['38', 100]]);
    const first = await tick(yangon(date, '12:02'), { source: feed, autoConfirm: false });
    expect(first.stored).toEqual([{ date, session: 'morning', status: 'provisional' }]);
    expect(first.settled).toEqual([]);
    expect(await getResult(db(), date, 'morning')).toMatchObject({ source: 'feed', status: 'provisional', twod: '38' });
    const late = await tick(yangon(date, '14:05'), { source: feed, autoConfirm: false });
    expect(late.voided).toMatchObject([{ session: 'morning' }]);
    expect(await mainBalance(db(), p)).toBe(100_000n);
  });

  it('weekends and holidays: nothing at all', async () => {
    await addHoliday(db(), '2026-01-12', 'Bridge holiday', clock.now());
    for (const [date, time] of [
      ['2026-01-10', '18:00'],
      ['2026-01-11', '23:00'],
      ['2026-01-12', '12:05'],
      ['2026-01-12', '19:00'],
    ] as const) {
      expect(await tick(yangon(date, time))).toEqual({ stored: [], settled: [], voided: [], errors: [] });
      expect(await settlements(date)).toEqual([]);
      expect(await db().select().from(twoDResults).where(eq(twoDResults.drawDate, date))).toEqual([]);
    }
  });

  it('slips left pending on a day declared a holiday later are refunded after the window', async () => {
    const date = '2026-01-13';
    const p = await makePlayer(db(), 1000);
    await placeSlip(db(), p, date, 'morning', [['55', 100]]);
    await addHoliday(db(), date, 'Announced late', clock.now());
    expect(await tick(yangon(date, '12:30'))).toMatchObject({ stored: [], voided: [] });
    const report = await tick(yangon(date, '14:02'));
    expect(report.voided).toMatchObject([{ session: 'morning', paid: 10_000n }]);
    expect(report.stored).toEqual([]);
    expect(await mainBalance(db(), p)).toBe(100_000n);
    expect((await settlements(date)).map((s) => s.session)).toEqual(['morning']);
  });

  it('after downtime, looks back for draws left undecided', async () => {
    const p = await makePlayer(db(), 1000);
    const date = '2026-01-14';
    const twod = await simulatedTwoD(date, 'evening');
    await placeSlip(db(), p, date, 'evening', [[twod, 100]]);
    const report = await tick(yangon('2026-01-16', '08:00'), { lookbackDays: 3 });
    expect(report.settled.map((s) => `${s.date} ${s.session}`)).toEqual(['2026-01-14 morning', '2026-01-14 evening', '2026-01-15 morning', '2026-01-15 evening']);
    expect(await mainBalance(db(), p)).toBe(90_000n + 800_000n);
  });
});
