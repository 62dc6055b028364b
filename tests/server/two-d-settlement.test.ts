import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { ledger, twoDBets, twoDSettlements } from '../../server/db/schema';
import { DrawClosed, setResult } from '../../server/domain/two-d/results';
import { NoConfirmedResult, ResultConfirmed, settleDraw, voidDraw } from '../../server/domain/two-d/settlement';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase, pooledKinds } from '../support/db';
import { confirmResult, expectMainBooks, mainBalance, makePlayer, placeSlip, slipStatus, yangon } from './two-d-results-helpers';

describe.each(pooledKinds)('2D settlement (%s)', (kind) => {
  let database: Database;
  const clock = manualClock(yangon('2026-01-05', '12:05'));
  const db = () => database.db;
  let day = 0;
  /** Each test its own Monday–Friday date, so draws never collide. */
  const nextDate = () => {
    const base = new Date('2026-02-02T00:00:00Z').getTime();
    const weekdays: string[] = [];
    for (let i = 0; weekdays.length <= day; i++) {
      const d = new Date(base + i * 86_400_000);
      if (d.getUTCDay() >= 1 && d.getUTCDay() <= 5) weekdays.push(d.toISOString().slice(0, 10));
    }
    return weekdays[day++]!;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const winRows = (reference: string) =>
    db().select().from(ledger).where(and(eq(ledger.reference, reference), eq(ledger.kind, 'two_d_win')));

  it('pays winners stake × 80 on the main balance, one ledger row per winning line; losers unchanged', async () => {
    const date = nextDate();
    const winner = await makePlayer(db(), 10_000);
    const loser = await makePlayer(db(), 10_000);
    const a = await placeSlip(db(), winner, date, 'morning', [['38', 100], ['83', 200]]);
    const b = await placeSlip(db(), winner, date, 'morning', [['38', 50]]);
    const c = await placeSlip(db(), loser, date, 'morning', [['12', 1000], ['21', 1000]]);
    const evening = await placeSlip(db(), loser, date, 'evening', [['38', 100]]);
    expect(await mainBalance(db(), winner)).toBe(965_000n);

    await confirmResult(db(), date, 'morning', '38', clock.now());
    const summary = await settleDraw(db(), date, 'morning', clock);
    expect(summary).toMatchObject({ outcome: 'settled', already: false, twod: '38', bets: 5, winners: 1, paid: 1_200_000n });

    expect(await mainBalance(db(), winner)).toBe(965_000n + 800_000n + 400_000n);
    expect(await mainBalance(db(), loser)).toBe(1_000_000n - 210_000n);
    expect(await winRows(`two_d_bet:${a.betIds[0]}`)).toHaveLength(1);
    expect((await winRows(`two_d_bet:${a.betIds[0]}`))[0]).toMatchObject({ wallet: 'main', amount: 800_000n });
    expect(await winRows(`two_d_bet:${b.betIds[0]}`)).toHaveLength(1);
    expect(await winRows(`two_d_bet:${a.betIds[1]}`)).toHaveLength(0);

    const bets = await db().select().from(twoDBets).where(eq(twoDBets.slipId, a.slipId));
    expect(bets.map((x) => [x.betNumber, x.winLose, x.prizeAmount])).toEqual(
      expect.arrayContaining([
        ['38', true, 800_000n],
        ['83', false, 0n],
      ]),
    );
    for (const s of [a, b, c]) expect(await slipStatus(db(), s.slipId)).toBe('completed');
    expect(await slipStatus(db(), evening.slipId)).toBe('pending');
    const [row] = await db().select().from(twoDSettlements).where(eq(twoDSettlements.drawDate, date));
    expect(row).toMatchObject({ outcome: 'settled', twod: '38', winners: 1, paid: 1_200_000n });
    await expectMainBooks(db(), winner);
    await expectMainBooks(db(), loser);
  });

  it('settling twice pays once and changes nothing', async () => {
    const date = nextDate();
    const p = await makePlayer(db(), 1000);
    await placeSlip(db(), p, date, 'evening', [['05', 100]]);
    await confirmResult(db(), date, 'evening', '05', clock.now());
    const first = await settleDraw(db(), date, 'evening', clock);
    const ledgerBefore = await db().select().from(ledger).where(eq(ledger.userId, p));
    const second = await settleDraw(db(), date, 'evening', clock);
    expect(first.already).toBe(false);
    expect(second).toMatchObject({ already: true, outcome: 'settled', twod: '05', winners: 1, paid: 800_000n });
    expect(await mainBalance(db(), p)).toBe(90_000n + 800_000n);
    expect(await db().select().from(ledger).where(eq(ledger.userId, p))).toEqual(ledgerBefore);
    await expectMainBooks(db(), p);
  });

  it('settling concurrently pays once', async () => {
    const date = nextDate();
    const players = await Promise.all([1, 2, 3].map(() => makePlayer(db(), 5000)));
    for (const p of players) await placeSlip(db(), p, date, 'morning', [['77', 300], ['70', 100]]);
    await confirmResult(db(), date, 'morning', '77', clock.now());
    const runs = await Promise.all(Array.from({ length: 6 }, () => settleDraw(db(), date, 'morning', clock)));
    expect(runs.filter((r) => !r.already)).toHaveLength(1);
    for (const p of players) {
      expect(await mainBalance(db(), p)).toBe(500_000n - 40_000n + 2_400_000n);
      expect(await db().select().from(ledger).where(and(eq(ledger.userId, p), eq(ledger.kind, 'two_d_win')))).toHaveLength(1);
      await expectMainBooks(db(), p);
    }
  });

  it('settling and voiding at once: exactly one of them decides the draw', async () => {
    const date = nextDate();
    const p = await makePlayer(db(), 5000);
    await placeSlip(db(), p, date, 'morning', [['11', 100]]);
    // A provisional result: void may run; confirming races it.
    await setResult(db(), { date, session: 'morning', figures: { setIndex: '', value: '', twod: '11' }, status: 'provisional', source: 'operator', actor: 't' }, clock.now());
    const outcomes = await Promise.allSettled([
      voidDraw(db(), date, 'morning', clock),
      setResult(db(), { date, session: 'morning', figures: null, status: 'confirmed', source: 'operator', actor: 't' }, clock.now()).then(() =>
        settleDraw(db(), date, 'morning', clock),
      ),
    ]);
    const [row] = await db().select().from(twoDSettlements).where(eq(twoDSettlements.drawDate, date));
    expect(['settled', 'voided']).toContain(row!.outcome);
    const balance = await mainBalance(db(), p);
    expect(balance).toBe(row!.outcome === 'settled' ? 490_000n + 800_000n : 500_000n);
    for (const o of outcomes) if (o.status === 'rejected') expect([DrawClosed, ResultConfirmed].some((E) => o.reason instanceof E)).toBe(true);
    await expectMainBooks(db(), p);
  });

  it('needs a confirmed result: none or a provisional one settles nothing', async () => {
    const date = nextDate();
    await expect(settleDraw(db(), date, 'morning', clock)).rejects.toBeInstanceOf(NoConfirmedResult);
    await setResult(db(), { date, session: 'morning', figures: { setIndex: '1346.23', value: '57388.58', twod: '38' }, status: 'provisional', source: 'operator', actor: 't' }, clock.now());
    await expect(settleDraw(db(), date, 'morning', clock)).rejects.toBeInstanceOf(NoConfirmedResult);
    expect(await db().select().from(twoDSettlements).where(eq(twoDSettlements.drawDate, date))).toHaveLength(0);
  });

  it('voiding refunds every stake to main, once; slips become voided', async () => {
    const date = nextDate();
    const p = await makePlayer(db(), 2000);
    const q = await makePlayer(db(), 2000);
    const s1 = await placeSlip(db(), p, date, 'evening', [['01', 100], ['10', 250]]);
    const s2 = await placeSlip(db(), q, date, 'evening', [['99', 500]]);
    expect(await mainBalance(db(), p)).toBe(165_000n);
    const summary = await voidDraw(db(), date, 'evening', clock);
    expect(summary).toMatchObject({ outcome: 'voided', already: false, bets: 3, winners: 2, paid: 85_000n });
    expect(await mainBalance(db(), p)).toBe(200_000n);
    expect(await mainBalance(db(), q)).toBe(200_000n);
    const refunds = await db().select().from(ledger).where(and(eq(ledger.userId, p), eq(ledger.kind, 'two_d_refund')));
    expect(refunds.map((r) => r.reference).sort()).toEqual(s1.betIds.map((id) => `two_d_bet:${id}`).sort());
    expect(await slipStatus(db(), s1.slipId)).toBe('voided');
    expect(await slipStatus(db(), s2.slipId)).toBe('voided');
    expect(await voidDraw(db(), date, 'evening', clock)).toMatchObject({ already: true, outcome: 'voided' });
    expect(await mainBalance(db(), p)).toBe(200_000n);
    // Frozen: a late result neither changes nor pays.
    await expect(confirmResult(db(), date, 'evening', '01', clock.now())).rejects.toBeInstanceOf(DrawClosed);
    await expectMainBooks(db(), p);
    await expectMainBooks(db(), q);
  });

  it('a draw with a confirmed result is never voided', async () => {
    const date = nextDate();
    await confirmResult(db(), date, 'morning', '42', clock.now());
    await expect(voidDraw(db(), date, 'morning', clock)).rejects.toBeInstanceOf(ResultConfirmed);
  });

  it('a settled draw keeps its result', async () => {
    const date = nextDate();
    await confirmResult(db(), date, 'morning', '42', clock.now());
    await settleDraw(db(), date, 'morning', clock);
    await expect(confirmResult(db(), date, 'morning', '24', clock.now())).rejects.toBeInstanceOf(DrawClosed);
    const [row] = await db().select().from(twoDSettlements).where(eq(twoDSettlements.drawDate, date));
    expect(row).toMatchObject({ outcome: 'settled', twod: '42', winners: 0, paid: 0n });
  });
});
