import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { twoDSimSegments } from '../../server/db/schema';
import { twoDConfig } from '../../server/domain/two-d/calendar';
import { twoDFromSet } from '../../server/domain/two-d/number-rule';
import { figuresOf, simulationStore, step, type Point } from '../../server/domain/two-d/simulation';
import { testEnv } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase, dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { yangon } from './two-d-results-helpers';

/**
 * Issue 11, finding 1: with the defaults, 2D draws settled on an unkeyed hash of the date and
 * minute, so anyone could compute today's numbers before the cut-off (and every past draw, on any
 * install). The simulation's figures must be random when made, stored, different per install, and
 * not exist before the cut-off of the draw they decide.
 */
const cfg = twoDConfig(testEnv());
const DATES = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16'];

/** The attacker's re-implementation of the old simulation (FNV-1a of "kyatplay-2d:date:minute:what"). */
function oldPrediction(date: string, session: 'morning' | 'evening'): string {
  const hash = (text: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h >>> 0;
  };
  const draw = (minute: number, what: string, n: number) => hash(`kyatplay-2d:${date}:${minute}:${what}`) % n;
  const index = [130_000 + draw(-1, 'open', 15_000)];
  const value = [draw(-1, 'value', 50_000)];
  for (let m = 1; m <= 310; m++) {
    const prev = index[m - 1]!;
    index.push(prev + draw(m, 'index', 241) - 120 + Math.max(-40, Math.min(40, Math.round((137_500 - prev) / 200))));
    value.push(value[m - 1]! + 9_000 + draw(m, 'value', 17_001));
  }
  const at = session === 'morning' ? 150 : 310;
  const h = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
  return twoDFromSet(h(index[at]!), h(value[at]!));
}

describe('2D simulation: unpredictable', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    [a, b] = [await createTestDatabase('pglite'), await createTestDatabase('pglite')];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('the old formula no longer predicts the draws (it predicted 10 of 10)', async () => {
    const store = simulationStore(a.db, cfg);
    let hits = 0;
    for (const date of DATES) {
      for (const session of ['morning', 'evening'] as const) {
        const drawn = await store.draw(date, session, yangon(date, '18:00'));
        if (drawn.twod === oldPrediction(date, session)) hits++;
      }
    }
    // Chance alone matches 1 in 100 draws: 3 or more of 20 has probability ≈ 0.001.
    expect(hits).toBeLessThan(3);
  });

  it('two installs draw different figures for the same days', async () => {
    const figures = async (db: Database) => {
      const store = simulationStore(db.db, cfg);
      const out: string[] = [];
      for (const date of DATES) out.push((await store.draw(date, 'morning', yangon(date, '18:00'))).setIndex);
      return out;
    };
    const [x, y] = [await figures(a), await figures(b)];
    const same = x.filter((v, i) => v === y[i]).length;
    expect(same).toBeLessThan(3);
  });

  it('a draw\'s digits are uniform whatever was shown before (chi-square, 20,000 draws from one shown point)', () => {
    const shown: Point = [137_512, 4_213_377];
    const head = Array<number>(10).fill(0);
    const tail = Array<number>(10).fill(0);
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const twod = figuresOf(step(shown)).twod;
      head[Number(twod[0])]!++;
      tail[Number(twod[1])]!++;
    }
    const chi = (counts: number[]) => counts.reduce((sum, c) => sum + (c - n / 10) ** 2 / (n / 10), 0);
    // 9 degrees of freedom, α = 0.001.
    expect(chi(head)).toBeLessThan(27.877);
    expect(chi(tail)).toBeLessThan(27.877);
  });
});

describe.each(dbKinds)('2D simulation over HTTP (%s)', (kind) => {
  const date = '2026-01-05';
  const clock = manualClock(yangon(date, '11:54:30'));
  let server: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    // Another process over the same database (several workers behind a load balancer).
    second = await startTestServer(kind, { clock, database: server.database });
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const segments = async () =>
    (await server.database.db.select({ segment: twoDSimSegments.segment }).from(twoDSimSegments).where(eq(twoDSimSegments.drawDate, date))).map((r) => r.segment).sort();

  it('before the morning cut-off the figures the draw settles on exist nowhere, not even in the database', async () => {
    const res = await server.call('GET', '/api/live');
    expect(res.status).toBe(200);
    expect(res.body.live).toMatchObject({ date, time: '11:54:00' });
    expect(res.body.result.map((r: { open_time: string }) => r.open_time)).toEqual(['11:00:00']);
    expect(await segments()).toEqual([0]);
    const root = await second.call('GET', '/live');
    expect(root.body.live).toEqual(res.body.live);
    expect(await segments()).toEqual([0]);
  });

  it('after the cut-off they are made once, stored, and every process shows the same draw', async () => {
    clock.set(yangon(date, '12:03'));
    const one = await server.call('GET', '/api/live');
    const two = await second.call('GET', '/api/live');
    expect(await segments()).toEqual([0, 1]);
    const row = one.body.result.find((r: { open_time: string }) => r.open_time === '12:01:00');
    expect(row).toBeDefined();
    expect(two.body.result).toEqual(one.body.result);
    const [stored] = await server.database.db
      .select({ points: twoDSimSegments.points })
      .from(twoDSimSegments)
      .where(and(eq(twoDSimSegments.drawDate, date), eq(twoDSimSegments.segment, 1)));
    // 12:00 is market minute 150; segment 1 starts at the 11:55 cut-off, market minute 145.
    const figures = figuresOf(stored!.points[150 - 145]!);
    expect(row.twod).toBe(figures.twod);
    expect(row.set.replace(/,/g, '')).toBe(figures.setIndex);
  });
});
