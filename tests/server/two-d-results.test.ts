import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { twoDHolidays, twoDResultAudit } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { DEMO_HOLIDAYS, addHoliday, listHolidays, removeHoliday, seedTwoDHolidays } from '../../server/domain/two-d/holidays';
import { auditTrail, getResult, listResults, recordSourceResult, setResult } from '../../server/domain/two-d/results';
import { settleDraw } from '../../server/domain/two-d/settlement';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase, dbKinds } from '../support/db';
import { yangon } from './two-d-results-helpers';

describe.each(dbKinds)('2D results and holidays (%s)', (kind) => {
  let database: Database;
  const clock = manualClock(yangon('2026-03-02', '12:10'));
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const operator = (twod: string, status: 'provisional' | 'confirmed', setIndex = '', value = '') =>
    setResult(db(), { date: '2026-03-02', session: 'morning', figures: twod ? { setIndex, value, twod } : null, status, source: 'operator', actor: 'Daw Hla' }, clock.now());

  it('audits every change of a result: enter, override, confirm; a repeat writes nothing', async () => {
    const entered = await operator('38', 'provisional', '1346.23', '57388.58');
    expect(entered).toMatchObject({ changed: true, action: 'enter', result: { twod: '38', status: 'provisional', source: 'operator' } });
    expect(await operator('38', 'provisional', '1346.23', '57388.58')).toMatchObject({ changed: false, action: null });
    expect(await operator('39', 'provisional', '1346.23', '57389.00')).toMatchObject({ action: 'override' });
    expect(await operator('', 'confirmed')).toMatchObject({ action: 'confirm', result: { twod: '39', status: 'confirmed' } });

    const trail = await auditTrail(db(), { date: '2026-03-02', session: 'morning' });
    expect(trail.map((r) => r.action)).toEqual(['confirm', 'override', 'enter']);
    expect(trail.every((r) => r.actor === 'Daw Hla')).toBe(true);
    expect(trail[2]).toMatchObject({ before: null, after: { set_index: '1346.23', value: '57388.58', twod: '38', source: 'operator', status: 'provisional' } });
    expect(trail[1]).toMatchObject({ before: { twod: '38' }, after: { twod: '39', value: '57389.00' } });
    expect(trail[0]).toMatchObject({ before: { status: 'provisional' }, after: { status: 'confirmed' } });
  });

  it('a feed result never overrides an operator entry; a missing one is stored and audited', async () => {
    const mine = await recordSourceResult(
      db(),
      { date: '2026-03-02', session: 'morning', figures: { setIndex: '1346.23', value: '57388.58', twod: '38' }, source: 'simulated', status: 'confirmed' },
      clock.now(),
    );
    expect(mine).toBe(false);
    expect((await getResult(db(), '2026-03-02', 'morning'))?.source).toBe('operator');

    const figures = { setIndex: '1351.07', value: '61204.90', twod: '71' };
    expect(await recordSourceResult(db(), { date: '2026-03-02', session: 'evening', figures, source: 'simulated', status: 'confirmed' }, clock.now())).toBe(true);
    expect(await recordSourceResult(db(), { date: '2026-03-02', session: 'evening', figures, source: 'simulated', status: 'confirmed' }, clock.now())).toBe(false);
    const [audit] = await auditTrail(db(), { date: '2026-03-02', session: 'evening' });
    expect(audit).toMatchObject({ action: 'auto_confirm', actor: 'simulator', before: null, after: { twod: figures.twod, source: 'simulated' } });
    expect(await db().select().from(twoDResultAudit).where(eq(twoDResultAudit.session, 'evening'))).toHaveLength(1);
  });

  it('lists results newest first with how each draw ended', async () => {
    await settleDraw(db(), '2026-03-02', 'evening', clock);
    const rows = await listResults(db(), { from: '2026-03-01', to: '2026-03-31' });
    expect(rows.map((r) => `${r.date} ${r.session}`)).toEqual(['2026-03-02 morning', '2026-03-02 evening']);
    expect(rows.find((r) => r.session === 'evening')?.settlement).toMatchObject({ outcome: 'settled', winners: 0, paid: 0n });
    expect(rows.find((r) => r.session === 'morning')?.settlement).toBeNull();
  });

  it('holidays: add, rename, list with weekdays, remove', async () => {
    expect(await addHoliday(db(), '2026-03-03', 'Makha Bucha', clock.now())).toBe(true);
    expect(await addHoliday(db(), '2026-03-03', 'Makha Bucha Day', clock.now())).toBe(false);
    expect(await listHolidays(db(), '2026-03-01', '2026-03-31')).toEqual([{ date: '2026-03-03', name: 'Makha Bucha Day', weekday: 'Tuesday', key: 'makhaBucha', substitute: false }]);
    expect(await removeHoliday(db(), '2026-03-03')).toBe(true);
    expect(await removeHoliday(db(), '2026-03-03')).toBe(false);
  });

  it('the seed fills an empty holiday list once; an operator deletion survives a reseed', async () => {
    await seedTwoDHolidays(db());
    const all = await listHolidays(db());
    expect(all).toHaveLength(DEMO_HOLIDAYS.length);
    expect(all.every((h) => !['Saturday', 'Sunday'].includes(h.weekday))).toBe(true);
    // Every seeded holiday carries its stable key, so clients name it in the player's language.
    expect(all.filter((h) => h.key === null)).toEqual([]);
    expect(all.find((h) => h.date === '2026-12-07')).toMatchObject({ key: 'kingBhumibolBirthday', substitute: true });
    expect(all.map((h) => h.date)).toEqual(expect.arrayContaining(['2026-12-10', '2026-12-31', '2027-01-01', '2027-04-06', '2027-04-13', '2027-04-14', '2027-04-15']));
    await removeHoliday(db(), '2026-12-31');
    await seedDemo(db());
    await seedDemo(db());
    expect((await listHolidays(db())).map((h) => h.date)).not.toContain('2026-12-31');
    expect(await db().select().from(twoDHolidays)).toHaveLength(DEMO_HOLIDAYS.length - 1);
  });
});
