import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { twoDConfig } from '../../server/domain/two-d/calendar';
import { addHoliday } from '../../server/domain/two-d/holidays';
import { createLiveService } from '../../server/domain/two-d/live';
import { setResult } from '../../server/domain/two-d/results';
import { simulationStore } from '../../server/domain/two-d/simulation';
import { simulatedSource } from '../../server/domain/two-d/sources';
import { testEnv } from '../../server/env';
import { twoDMarkup } from '../../server/routes/shell/pages';
import { manualClock } from '../../server/lib/clock';
import { createTestDatabase, dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { yangon } from './two-d-results-helpers';

const MON = '2026-01-05';
const cfg = twoDConfig(testEnv());

describe.each(dbKinds)('GET /live (%s)', (kind) => {
  const clock = manualClock(yangon(MON, '10:17:30'));
  let server: TestServer;
  let manual: TestServer;
  let feedServer: Server;
  let feedUrl: string;
  let feedServerApp: TestServer;
  const feedBody = {
    live: { twod: '38', date: MON, time: '12:01:00', set: '1,346.23', value: '57,388.58' },
    server_time: '2026-01-05 12:01:05',
    result: [{ open_time: '12:01:00', set: '1,346.23', value: '57,388.58', twod: '38' }],
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    // The same database, TWO_D_SIMULATE off: draws come from confirmed results only.
    manual = await startTestServer(kind, { clock, database: server.database, env: { TWO_D_SIMULATE: false } });
    feedServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(feedBody));
    });
    await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/live`;
    feedServerApp = await startTestServer(kind, { clock, database: server.database, env: { TWO_D_FEED_URL: feedUrl } });
  });
  afterAll(async () => {
    await feedServerApp?.close();
    await manual?.close();
    await server?.close();
    await new Promise<void>((r) => feedServer?.close(() => r()));
  });

  const live = (s: TestServer = server, path = '/api/live') => s.call('GET', path);

  it('answers the /live shape with no envelope, cacheable for a second, also at the root', async () => {
    clock.set(yangon(MON, '10:17:30'));
    const res = await live();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const now = await simulationStore(server.database.db, cfg).figures(MON, '10:17', clock.now());
    expect(res.body).toEqual({
      live: { twod: now.twod, date: MON, time: '10:17:00', set: expect.stringMatching(/^1,\d{3}\.\d{2}$/), value: expect.any(String) },
      server_time: '2026-01-05 10:17:30',
      result: [],
      trading: { trading_day: true, closed_reason: null, holiday: null, opens_at: null },
    });
    const root = await live(server, '/live');
    expect(root.status).toBe(200);
    expect(root.body).toEqual(res.body);
  });

  it('is built at most once a second: a call within the second gets the same view', async () => {
    clock.set(yangon(MON, '10:20:00'));
    const a = await live();
    clock.advance(600);
    const b = await live();
    expect(b.body).toEqual(a.body);
    expect(b.body.server_time).toBe('2026-01-05 10:20:00');
    clock.advance(500);
    const c = await live();
    expect(c.body.server_time).toBe('2026-01-05 10:20:01');
  });

  it('result rows appear after their times: 11:00, 12:01, 15:00, 16:30', async () => {
    const rowsAt = async (time: string) => {
      clock.set(yangon(MON, time));
      return (await live()).body.result.map((r: { open_time: string }) => r.open_time);
    };
    expect(await rowsAt('10:59:59')).toEqual([]);
    expect(await rowsAt('11:00:01')).toEqual(['11:00:00']);
    expect(await rowsAt('12:00:30')).toEqual(['11:00:00']);
    expect(await rowsAt('12:01:00')).toEqual(['11:00:00', '12:01:00']);
    expect(await rowsAt('15:00:00')).toEqual(['11:00:00', '12:01:00', '15:00:00']);
    expect(await rowsAt('16:30:00')).toEqual(['11:00:00', '12:01:00', '15:00:00', '16:30:00']);
    clock.set(yangon(MON, '16:31'));
    const body = (await live()).body;
    const evening = await simulationStore(server.database.db, cfg).draw(MON, 'evening', clock.now());
    expect(body.live).toMatchObject({ twod: evening.twod, time: '16:30:00', date: MON });
    expect(body.result[3]).toMatchObject({ twod: evening.twod, set: expect.stringContaining(','), value: expect.stringContaining(',') });
  });

  it("an operator's confirmed result replaces the feed's draw row and headline", async () => {
    const date = '2026-01-06';
    const simulated = (await simulationStore(server.database.db, cfg).draw(date, 'morning', yangon(date, '12:05'))).twod;
    const mine = simulated === '38' ? '83' : '38';
    await setResult(
      server.database.db,
      { date, session: 'morning', figures: { setIndex: '', value: '', twod: mine }, status: 'confirmed', source: 'operator', actor: 'test' },
      yangon(date, '12:03'),
    );
    clock.set(yangon(date, '12:05'));
    const body = (await live()).body;
    expect(body.result.find((r: { open_time: string }) => r.open_time === '12:01:00')).toEqual({ open_time: '12:01:00', set: '--', value: '--', twod: mine });
    expect(body.live).toMatchObject({ twod: mine, time: '12:01:00' });
  });

  it('with the simulation off, draw rows come only from confirmed results', async () => {
    const date = '2026-01-07';
    clock.set(yangon(date, '12:30'));
    expect((await live(manual)).body.result.map((r: { open_time: string }) => r.open_time)).toEqual(['11:00:00']);
    await setResult(
      manual.database.db,
      { date, session: 'morning', figures: { setIndex: '1346.23', value: '57388.58', twod: '38' }, status: 'provisional', source: 'operator', actor: 'test' },
      clock.now(),
    );
    clock.advance(1000);
    expect((await live(manual)).body.result.map((r: { open_time: string }) => r.open_time)).toEqual(['11:00:00']);
    await setResult(manual.database.db, { date, session: 'morning', figures: null, status: 'confirmed', source: 'operator', actor: 'test' }, clock.now());
    clock.advance(1000);
    const body = (await live(manual)).body;
    expect(body.result[1]).toEqual({ open_time: '12:01:00', set: '1,346.23', value: '57,388.58', twod: '38' });
  });

  it('on a holiday there are no rows; the headline is the last trading day', async () => {
    await addHoliday(server.database.db, '2026-01-08', 'Test holiday', clock.now());
    clock.set(yangon('2026-01-08', '12:30'));
    const body = (await live()).body;
    expect(body.result).toEqual([]);
    expect(body.live.date).toBe('2026-01-07');
  });

  it("says today's trading and the next opening: a weekday holiday is closed, with when betting opens (issue 25)", async () => {
    await addHoliday(server.database.db, '2026-01-08', 'Test holiday', clock.now());
    await addHoliday(server.database.db, '2026-01-12', 'Constitution Day', clock.now());
    const tradingAt = async (date: string, time: string) => {
      clock.set(yangon(date, time));
      return (await live()).body.trading;
    };
    // The holiday itself (a Thursday): closed, named, betting opens Friday at midnight.
    expect(await tradingAt('2026-01-08', '09:00')).toEqual({
      trading_day: false,
      closed_reason: 'holiday',
      holiday: { name: 'Test holiday', key: null, substitute: false },
      opens_at: '2026-01-09 00:00:00',
    });
    // Wednesday before it: open until the evening cut-off, then the opening skips the holiday.
    expect(await tradingAt('2026-01-07', '15:54')).toMatchObject({ trading_day: true, opens_at: null });
    expect(await tradingAt('2026-01-07', '15:55')).toEqual({ trading_day: true, closed_reason: null, holiday: null, opens_at: '2026-01-09 00:00:00' });
    // A weekend before a Monday holiday the server names by key: Tuesday.
    expect(await tradingAt('2026-01-10', '12:00')).toEqual({ trading_day: false, closed_reason: 'weekend', holiday: null, opens_at: '2026-01-13 00:00:00' });
    expect(await tradingAt('2026-01-12', '08:00')).toEqual({
      trading_day: false,
      closed_reason: 'holiday',
      holiday: { name: 'Constitution Day', key: 'constitutionDay', substitute: false },
      opens_at: '2026-01-13 00:00:00',
    });
    // The server's first screen of /2d says it too: Bet disabled, Tuesday, the holiday named.
    clock.set(yangon('2026-01-12', '08:00:05'));
    const html = twoDMarkup((await live()).body, 'en');
    expect(html).toMatch(/<button type="button" class="btn-primary[^"]*" disabled aria-describedby="two-d-opens">/);
    expect(html).toContain('Betting opens Tuesday at 12:00');
    expect(html).toContain('No draws today (Constitution Day).');
    expect(html).toContain('2D draws run Monday to Friday, except holidays.');
  });

  it('with TWO_D_FEED_URL, shows the external feed once it has answered', async () => {
    clock.set(yangon(MON, '12:02'));
    // Until the feed has answered, the simulation stands in, and its morning draw may show the
    // same two digits: wait for the feed's own figures (its SET), up to 10 s on a loaded machine.
    let body;
    const deadline = Date.now() + 10_000;
    do {
      body = (await live(feedServerApp)).body;
      if (body.live.set === '1,346.23' && body.result.length === 1) break;
      clock.advance(1000);
      await new Promise((r) => setTimeout(r, 20));
    } while (Date.now() < deadline);
    expect(body.live).toMatchObject({ twod: '38', date: MON, set: '1,346.23' });
    expect(body.result).toEqual([{ open_time: '12:01:00', set: '1,346.23', value: '57,388.58', twod: '38' }]);
  });
});

describe.each(dbKinds)('live view cache (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('two calls within a second return the same object; later ones a new one', async () => {
    const clock = manualClock(yangon(MON, '10:00:00.100'));
    const service = createLiveService({ db: database.db, cfg, source: simulatedSource(cfg, simulationStore(database.db, cfg)), simulate: true, clock });
    const first = await service.get(clock.now());
    expect(await service.get(new Date(clock.now().getTime() + 999))).toBe(first);
    const [x, y] = await Promise.all([service.get(new Date(clock.now().getTime() + 1000)), service.get(new Date(clock.now().getTime() + 1001))]);
    expect(x).not.toBe(first);
    expect(y).toBe(x);
    expect(JSON.parse(x.json)).toEqual(x.body);
  });
});
