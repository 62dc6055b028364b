import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShanSessions } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { login, registerPlayer, setStatus, type Player } from './accounts-helpers';
import { GAME, PRODUCT, insertTestCatalogue } from './seamless-helpers';
import { books, fund } from './wallet-helpers';

/**
 * Issue 11, finding 11: game launch tokens outlived the session that opened them. A launch now
 * ends with its login session (logout), with a password change and with a ban: the slot page, its
 * balance and its spins refuse the token, and no money moves.
 */
describe.each(dbKinds)('game launches end with the session (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedDemo(server.database.db);
    await insertTestCatalogue(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function launched(p: Player): Promise<string> {
    const res = await server.call('POST', '/api/seamless/launch-game', { token: p.token, body: { game_code: GAME.code, product_code: PRODUCT } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new URL(res.body.url, server.url).searchParams.get('t')!;
  }
  const slot = (t: string) => server.call('GET', `/demo-aggregator/slot?t=${encodeURIComponent(t)}`);
  const spin = (t: string) => server.call('POST', '/demo-aggregator/api/spin', { body: { t, bet: 500 } });

  async function expectDead(p: Player, t: string) {
    const before = await books(server.database.db, p.id);
    expect((await slot(t)).status).toBe(403);
    expect((await spin(t)).status).toBe(403);
    expect((await server.call('POST', '/demo-aggregator/api/balance', { body: { t } })).status).toBe(403);
    expect(await books(server.database.db, p.id)).toEqual(before);
  }

  it('a live session\'s launch plays', async () => {
    const p = await registerPlayer(server);
    await fund(server.database.db, p.id, { game: 10_000 });
    const t = await launched(p);
    expect((await slot(t)).status).toBe(200);
    expect((await spin(t)).status).toBe(200);
  });

  it('logout ends the launches of that session, not of the player\'s other devices', async () => {
    const p = await registerPlayer(server);
    await fund(server.database.db, p.id, { game: 10_000 });
    const other = (await login(server, p.userName, p.password)).body.data.token as string;
    const onPhone = await launched(p);
    const onLaptop = await launched({ ...p, token: other });
    expect((await server.call('POST', '/api/logout', { token: p.token })).status).toBe(200);
    await expectDead(p, onPhone);
    expect((await spin(onLaptop)).status).toBe(200);
  });

  it('a password change ends every launch issued before it, and the demo Shan sessions', async () => {
    const p = await registerPlayer(server);
    await fund(server.database.db, p.id, { game: 10_000 });
    const t = await launched(p);
    const shan = await server.call('POST', '/api/shan-launch-game', { token: p.token, body: {} });
    expect(shan.status, JSON.stringify(shan.body)).toBe(200);
    expect((await server.database.db.select().from(demoShanSessions)).some((s) => s.memberAccount === p.userName)).toBe(true);
    clock.advance(1000);
    const res = await server.call('POST', '/api/change-password', {
      token: p.token,
      body: { current_password: p.password, password: 'brand-new-1', password_confirmation: 'brand-new-1' },
    });
    expect(res.status).toBe(200);
    await expectDead(p, t);
    const sessions = await server.database.db.select().from(demoShanSessions);
    expect(sessions.filter((s) => s.memberAccount === p.userName)).toEqual([]);
    // A launch after the change plays.
    clock.advance(1000);
    expect((await spin(await launched(p))).status).toBe(200);
  });

  it('a ban ends every launch at once', async () => {
    const p = await registerPlayer(server);
    await fund(server.database.db, p.id, { game: 10_000 });
    const t = await launched(p);
    await setStatus(server.database.db, p.id, 0);
    await expectDead(p, t);
  });
});
