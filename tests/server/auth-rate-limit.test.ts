import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, login, registerPlayer } from './accounts-helpers';

const WINDOW = 300;
const MAX_PER_USER = 3;
const MAX_PER_IP = 6;
const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 10.0.0.1` });

function expectTooMany(res: { status: number; body: any; headers: Headers }, maxSeconds = WINDOW) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.status).toBe(FAILED);
  const m = /^Too many login attempts\. Please try again in (\d+) seconds\.$/.exec(res.body.message);
  expect(m, res.body.message).not.toBeNull();
  const seconds = Number(m![1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(res.headers.get('retry-after')).toBe(String(seconds));
}

describe.each(dbKinds)('login rate limits (%s)', (kind) => {
  const clock = manualClock('2026-01-05T05:00:00Z');
  const env = { LOGIN_MAX_PER_USER: MAX_PER_USER, LOGIN_MAX_PER_IP: MAX_PER_IP, LOGIN_WINDOW_SECONDS: WINDOW };
  /** Behind a proxy: X-Forwarded-For picks the client IP. */
  let proxied: TestServer;
  /** Same database, no proxy trust: the socket address counts. */
  let direct: TestServer;

  beforeAll(async () => {
    proxied = await startTestServer(kind, { clock, env: { ...env, TRUST_PROXY: true } });
    direct = await startTestServer(kind, { clock, env, database: proxied.database });
    await seedDemo(proxied.database.db);
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('429 per user name, whatever the IP, until the window passes', async () => {
    const player = await registerPlayer(proxied);
    for (let i = 0; i < MAX_PER_USER; i++) {
      expect((await login(proxied, player.userName, 'wrong', from(`198.51.100.${i}`))).status).toBe(401);
    }
    // Blocked now, even with the right password, from a fresh IP, or via the phone.
    expectTooMany(await login(proxied, player.userName, player.password, from('198.51.100.50')));
    expectTooMany(await login(proxied, player.phone, player.password, from('198.51.100.51')));

    clock.advance(100_000);
    expectTooMany(await login(proxied, player.userName, player.password, from('198.51.100.52')), WINDOW - 100);
    clock.advance((WINDOW - 100) * 1000);
    expect((await login(proxied, player.userName, player.password, from('198.51.100.53'))).status).toBe(200);
  });

  it('a successful login clears the user name count', async () => {
    const player = await registerPlayer(proxied);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_PER_USER - 1; i++) {
        expect((await login(proxied, player.userName, 'wrong', from(`203.0.113.${round * 10 + i}`))).status).toBe(401);
      }
      expect((await login(proxied, player.userName, player.password, from(`203.0.113.${round * 10 + 9}`))).status).toBe(200);
    }
  });

  it('429 per IP across user names; other IPs are unaffected', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await login(proxied, `Pi7000000${i}`, 'guess', from(ip))).status).toBe(401);
    }
    const player = await registerPlayer(proxied);
    expectTooMany(await login(proxied, player.userName, player.password, from(ip)));
    expect((await login(proxied, player.userName, player.password, from('192.0.2.8'))).status).toBe(200);
  });

  it('successful logins do not use up a shared IP (carrier NAT)', async () => {
    const player = await registerPlayer(proxied);
    for (let i = 0; i < MAX_PER_IP * 2; i++) {
      expect((await login(proxied, player.userName, player.password, from('192.0.2.99'))).status).toBe(200);
    }
  });

  it('without TRUST_PROXY the socket address counts and X-Forwarded-For is ignored', async () => {
    clock.advance(WINDOW * 1000); // fresh window for 127.0.0.1
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await login(direct, `Pi7100000${i}`, 'guess', from(`198.18.0.${i}`))).status).toBe(401);
    }
    expectTooMany(await login(direct, 'Pi71000099', 'guess', from('198.18.0.200')));
    const [row] = await proxied.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'login:ip:127.0.0.1'));
    expect(row!.count).toBeGreaterThan(MAX_PER_IP);
  });

  it('counts are shared by every server process on the database', async () => {
    clock.advance(WINDOW * 1000);
    const player = await registerPlayer(proxied);
    const servers = [proxied, direct, proxied];
    for (let i = 0; i < MAX_PER_USER; i++) {
      expect((await login(servers[i]!, player.userName, 'wrong', from('198.19.0.1'))).status).toBe(401);
    }
    expectTooMany(await login(direct, player.userName, player.password));
    expectTooMany(await login(proxied, player.userName, player.password, from('198.19.0.2')));
  });

  it('concurrent attempts are all counted (atomic upsert)', async () => {
    clock.advance(WINDOW * 1000);
    const player = await registerPlayer(proxied);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(i % 2 ? direct : proxied, player.userName, 'wrong', from(`198.19.1.${i}`))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_PER_USER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - MAX_PER_USER);
  });

  it('change-password guesses are limited too', async () => {
    clock.advance(WINDOW * 1000);
    const player = await registerPlayer(proxied);
    const body = { current_password: 'guess', password: 'new-pass-1', password_confirmation: 'new-pass-1' };
    for (let i = 0; i < MAX_PER_USER; i++) {
      expect((await proxied.call('POST', '/api/change-password', { token: player.token, body })).status).toBe(401);
    }
    const res = await proxied.call('POST', '/api/change-password', {
      token: player.token,
      body: { ...body, current_password: player.password },
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await login(proxied, player.userName, player.password, from('198.19.2.1'))).status).toBe(200);
  });
});
