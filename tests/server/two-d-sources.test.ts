import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoDConfig } from '../../server/domain/two-d/calendar';
import { twoDFromSet } from '../../server/domain/two-d/number-rule';
import type { Database } from '../../server/db/client';
import { simulationStore, type SimulationStore } from '../../server/domain/two-d/simulation';
import { externalFeed, feedRowFigures, parseFeed, simulatedSource, type ResultSource } from '../../server/domain/two-d/sources';
import { createTestDatabase } from '../support/db';
import { testEnv } from '../../server/env';

const yangon = (date: string, time: string) => new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+06:30`);
const cfg = twoDConfig(testEnv());
const none = new Set<string>();
const MON = '2026-01-05';

describe('simulated SET feed (stored random walk)', () => {
  let database: Database;
  let store: SimulationStore;
  let source: ResultSource;
  const LATE = yangon('2026-01-09', '18:00'); // every segment of the week exists by now

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    store = simulationStore(database.db, cfg);
    source = simulatedSource(cfg, store);
  });
  afterAll(() => database.close());

  it('reads back the same stored figures, from this process and from another over the same database', async () => {
    const a = await store.figures(MON, '10:17', LATE);
    expect(await store.figures(MON, '10:17', LATE)).toEqual(a);
    const other = simulationStore(database.db, cfg); // a second process, or a restart
    expect(await other.figures(MON, '10:17', LATE)).toEqual(a);
    expect(await other.draw(MON, 'morning', LATE)).toEqual(await store.draw(MON, 'morning', LATE));
  });

  it('walks around 1,300–1,450 with a value that grows through the day, numbers by the real rule', async () => {
    for (let d = 2; d <= 27; d++) {
      const date = `2026-02-${String(d).padStart(2, '0')}`;
      let lastValue = -1;
      for (const t of ['09:30', '10:00', '11:00', '12:00', '13:30', '14:00', '15:00', '16:10']) {
        const f = await store.figures(date, t, yangon(date, '18:00'));
        const index = Number(f.setIndex);
        expect(index).toBeGreaterThan(1200);
        expect(index).toBeLessThan(1550);
        expect(Number(f.value)).toBeGreaterThanOrEqual(lastValue);
        lastValue = Number(f.value);
        expect(f.twod).toBe(twoDFromSet(f.setIndex, f.value));
        expect(f.setIndex).toMatch(/^\d{4}\.\d{2}$/);
      }
      expect(lastValue).toBeGreaterThan(25_000);
    }
  });

  it('freezes between the sessions and after the close; the draws are the closing figures', async () => {
    const f = (t: string) => store.figures(MON, t, LATE);
    expect(await f('12:30')).toEqual(await f('12:00'));
    expect(await f('13:30')).toEqual(await f('12:00'));
    expect(await f('17:00')).toEqual(await f('16:10'));
    expect(await store.draw(MON, 'morning', LATE)).toEqual(await f('12:00'));
    expect(await store.draw(MON, 'evening', LATE)).toEqual(await f('16:10'));
  });

  it('result rows appear at 11:00, 12:01, 15:00 and 16:30', async () => {
    const times = async (t: string) => (await source.current(yangon(MON, t), none)).rows.map((r) => r.openTime);
    expect(await times('10:59:59')).toEqual([]);
    expect(await times('11:00')).toEqual(['11:00:00']);
    expect(await times('12:00:59')).toEqual(['11:00:00']);
    expect(await times('12:01')).toEqual(['11:00:00', '12:01:00']);
    expect(await times('15:00')).toEqual(['11:00:00', '12:01:00', '15:00:00']);
    expect(await times('16:29')).toEqual(['11:00:00', '12:01:00', '15:00:00']);
    expect(await times('16:30')).toEqual(['11:00:00', '12:01:00', '15:00:00', '16:30:00']);
    const rows = (await source.current(yangon(MON, '18:00'), none)).rows;
    const morning = await store.draw(MON, 'morning', LATE);
    expect(rows[1]!.twod).toBe(morning.twod);
    expect(rows[1]!.set.replace(/,/g, '')).toBe(morning.setIndex);
  });

  it('the live number moves during the market and shows the draw after it', async () => {
    const open = (await source.current(yangon(MON, '10:17:42'), none)).live;
    expect(open).toMatchObject({ date: MON, time: '10:17:00', status: 'open', twod: (await store.figures(MON, '10:17', LATE)).twod });
    const waiting = (await source.current(yangon(MON, '12:00:30'), none)).live;
    expect(waiting).toMatchObject({ time: '12:00:00', status: 'closed' });
    const drawn = (await source.current(yangon(MON, '12:05'), none)).live;
    expect(drawn).toMatchObject({ time: '12:01:00', status: 'closed', twod: (await store.draw(MON, 'morning', LATE)).twod });
    expect((await source.current(yangon(MON, '16:45'), none)).live).toMatchObject({ time: '16:30:00', twod: (await store.draw(MON, 'evening', LATE)).twod });
  });

  it('before the open and on weekends/holidays shows the last trading day, with no rows of today', async () => {
    const monday = await source.current(yangon(MON, '08:00'), none);
    expect(monday.rows).toEqual([]);
    expect(monday.live).toMatchObject({ date: '2026-01-02', time: '16:30:00', twod: (await store.draw('2026-01-02', 'evening', LATE)).twod });
    const saturday = await source.current(yangon('2026-01-10', '12:30'), none);
    expect(saturday.rows).toEqual([]);
    expect(saturday.live.date).toBe('2026-01-09');
    const holiday = await source.current(yangon(MON, '12:30'), new Set([MON, '2026-01-02', '2026-01-01']));
    expect(holiday.rows).toEqual([]);
    expect(holiday.live.date).toBe('2025-12-31');
  });

  it('resultFor gives a draw only once its time has come', async () => {
    expect(await source.resultFor(MON, 'morning', yangon(MON, '12:00:59'))).toBeNull();
    expect(await source.resultFor(MON, 'morning', yangon(MON, '12:01'))).toEqual(await store.draw(MON, 'morning', LATE));
    expect(await source.resultFor(MON, 'evening', yangon(MON, '16:29'))).toBeNull();
  });
});

describe('external feed (/live shape)', () => {
  let fallbackDb: Database;
  const feedStore = () => simulationStore(fallbackDb.db, cfg);
  beforeAll(async () => {
    fallbackDb = await createTestDatabase('pglite');
  });
  afterAll(() => fallbackDb.close());
  let server: Server;
  let url: string;
  let reply: { status: number; body: string } = { status: 200, body: '{}' };
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const body = {
    live: { twod: '38', date: MON, time: '12:01:00', set: '1,346.23', value: '57,388.58' },
    server_time: '2026-01-05 12:01:05',
    result: [
      { open_time: '11:00:00', set: '1,344.10', value: '40,111.00', twod: '01' },
      { open_time: '12:01:00', set: '1,346.23', value: '57,388.58', twod: '38' },
    ],
  };

  it('polls the feed and serves its figures; results only from rows that fit the rule', async () => {
    reply = { status: 200, body: JSON.stringify(body) };
    const feed = externalFeed({ url, pollSeconds: 10, cfg, fallback: simulatedSource(cfg, feedStore()) });
    const now = yangon(MON, '12:02');
    expect(await feed.poll(now)).toBe(true);
    const snap = await feed.current(now, none);
    expect(snap).toMatchObject({ source: 'feed', stale: false });
    expect(snap.live).toMatchObject({ twod: '38', date: MON, time: '12:01:00', set: '1,346.23' });
    expect(snap.rows.map((r) => r.openTime)).toEqual(['11:00:00', '12:01:00']);
    expect(await feed.resultFor(MON, 'morning', now)).toEqual({ setIndex: '1346.23', value: '57388.58', twod: '38' });
    expect(await feed.resultFor(MON, 'evening', now)).toBeNull();
    expect(await feed.resultFor('2026-01-06', 'morning', now)).toBeNull();
  });

  it('keeps the last good snapshot when the feed fails or answers out of shape', async () => {
    reply = { status: 200, body: JSON.stringify(body) };
    const feed = externalFeed({ url, pollSeconds: 10, cfg, fallback: simulatedSource(cfg, feedStore()) });
    const now = yangon(MON, '12:02');
    await feed.poll(now);
    reply = { status: 500, body: 'oops' };
    expect(await feed.poll(now)).toBe(false);
    expect(await feed.current(now, none)).toMatchObject({ source: 'feed', stale: true, live: { twod: '38' } });
    reply = { status: 200, body: JSON.stringify({ live: { twod: 'xx' } }) };
    expect(await feed.poll(now)).toBe(false);
    expect((await feed.resultFor(MON, 'morning', now))?.twod).toBe('38');
    reply = { status: 200, body: JSON.stringify(body) };
    expect(await feed.poll(now)).toBe(true);
    expect((await feed.current(now, none)).stale).toBe(false);
  });

  it('shows the simulated feed (flagged stale) until the feed has answered once', async () => {
    const dead = externalFeed({ url: 'http://127.0.0.1:9/live', pollSeconds: 10, cfg, fallback: simulatedSource(cfg, feedStore()), timeoutMs: 500 });
    const now = yangon(MON, '10:17');
    expect(await dead.poll(now)).toBe(false);
    const snap = await dead.current(now, none);
    expect(snap).toMatchObject({ source: 'simulated', stale: true });
    expect(snap.live.twod).toBe((await feedStore().figures(MON, '10:17', now)).twod);
    expect(await dead.resultFor(MON, 'morning', yangon(MON, '12:30'))).toBeNull();
  });

  it('one poll at a time; start() polls on a timer that never holds the process', async () => {
    reply = { status: 200, body: JSON.stringify(body) };
    const feed = externalFeed({ url, pollSeconds: 1, cfg, fallback: simulatedSource(cfg, feedStore()) });
    const before = hits;
    await Promise.all([feed.poll(new Date()), feed.poll(new Date())]);
    expect(hits - before).toBe(1);
    feed.start({ now: () => new Date() });
    await new Promise((r) => setTimeout(r, 1300));
    feed.stop();
    expect(hits - before).toBeGreaterThanOrEqual(2);
    expect(feed.lastGoodAt()).not.toBeNull();
  });

  it('parses the legacy variants and refuses rows whose twod does not fit the figures', () => {
    const parsed = parseFeed({ live: { twod: '38', date: '2026-01-05 12:01:00', time: '12:01' }, result: [{ open_time: '16:30', set: 1346.2, value: '57388', twod: '08', stock_date: MON }, 'junk'] });
    expect(parsed).toMatchObject({ date: MON, live: { time: '12:01:00' }, rows: [{ openTime: '16:30:00', set: '1346.2', twod: '08', date: MON }] });
    expect(feedRowFigures({ set: '1346.2', value: '57388', twod: '08' })).toEqual({ setIndex: '1346.20', value: '57388.00', twod: '08' });
    expect(feedRowFigures({ set: '1346.23', value: '57388.58', twod: '68' })).toBeNull();
    expect(feedRowFigures({ set: '--', value: '--', twod: '38' })).toBeNull();
    expect(parseFeed(null)).toBeNull();
    expect(parseFeed({ live: { twod: '3', date: MON } })).toBeNull();
  });
});
