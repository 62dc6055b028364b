import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { FAILED, login, registerPlayer } from './accounts-helpers';
import { fund, paymentTypeId } from './cashier-helpers';

/**
 * Sign-in limits (issue 11, findings 6 and 9). Only failures count: per (account, address)
 * tightly, per address generously (carrier NAT), per account by a growing delay that never locks
 * the player out. Behind a proxy the address is the one the last trusted proxy saw.
 */
const WINDOW = 900;
const PER_PAIR = 3;
const PER_IP = 8;
/** The client sends nothing; our one load balancer appends the address it saw. */
const via = (client: string, forged?: string) => ({ 'x-forwarded-for': forged ? `${forged}, ${client}` : client });

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

describe.each(dbKinds)('sign-in limits (%s)', (kind) => {
  const clock = manualClock('2026-01-05T05:00:00Z');
  const env = {
    LOGIN_MAX_PER_USER_IP: PER_PAIR,
    LOGIN_MAX_PER_IP: PER_IP,
    LOGIN_WINDOW_SECONDS: WINDOW,
    LOGIN_DELAY_AFTER: 4,
    LOGIN_MAX_DELAY_MS: 300,
    LOGIN_MAX_PER_USER: 3,
  };
  /** Behind one load balancer (TRUST_PROXY=1). */
  let proxied: TestServer;
  /** Same database, no proxy trusted: the socket address counts. */
  let direct: TestServer;
  /** Same database, the proxy named by address (TRUST_PROXY=127.0.0.1). */
  let listed: TestServer;

  beforeAll(async () => {
    proxied = await startTestServer(kind, { clock, env: { ...env, TRUST_PROXY: { hops: 1, proxies: [] } } });
    direct = await startTestServer(kind, { clock, env, database: proxied.database });
    listed = await startTestServer(kind, { clock, env: { ...env, TRUST_PROXY: { hops: 0, proxies: ['127.0.0.1', '10.0.0.0/8'] } }, database: proxied.database });
    await seedDemo(proxied.database.db);
  });
  afterAll(async () => {
    await listed?.close();
    await direct?.close();
    await proxied?.close();
  });
  const fresh = () => clock.advance(WINDOW * 1000);

  it('an attacker failing from one address is blocked there, and the player still signs in from elsewhere', async () => {
    fresh();
    const player = await registerPlayer(proxied);
    for (let i = 0; i < PER_PAIR; i++) expect((await login(proxied, player.userName, 'wrong', via('198.51.100.66'))).status).toBe(401);
    // The attacker's address is blocked for this account, whatever it sends next…
    expectTooMany(await login(proxied, player.userName, player.password, via('198.51.100.66')));
    expectTooMany(await login(proxied, player.phone, 'wrong-again', via('198.51.100.66')));
    // …the player, from their own phone's address, is not.
    expect((await login(proxied, player.userName, player.password, via('203.0.113.20'))).status).toBe(200);
    // The window passes and the attacker's address may try again.
    clock.advance(WINDOW * 1000);
    expect((await login(proxied, player.userName, player.password, via('198.51.100.66'))).status).toBe(200);
  });

  it('guesses from many addresses slow the account down, but never lock the right password out', async () => {
    fresh();
    const player = await registerPlayer(proxied);
    for (let i = 0; i < 6; i++) expect((await login(proxied, player.userName, 'wrong', via(`198.51.100.${100 + i}`))).status).toBe(401);
    const started = performance.now();
    const res = await login(proxied, player.userName, player.password, via('203.0.113.21'));
    expect(res.status).toBe(200);
    // 6 failures, delay after 4: 250 ms doubling → capped at 300 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('many players behind one carrier NAT address: their failures do not block a player with the right password there', async () => {
    fresh();
    const nat = '100.64.0.1';
    const player = await registerPlayer(proxied);
    for (let i = 0; i < PER_IP - 1; i++) expect((await login(proxied, `Pi8000000${i}`, 'typo', via(nat))).status).toBe(401);
    expect((await login(proxied, player.userName, player.password, via(nat))).status).toBe(200);
    // Successes never count: the address keeps working.
    for (let i = 0; i < PER_IP * 2; i++) expect((await login(proxied, player.userName, player.password, via(nat))).status).toBe(200);
  });

  it('an address that fails across many accounts is stopped at LOGIN_MAX_PER_IP; other addresses are not', async () => {
    fresh();
    const ip = '192.0.2.7';
    for (let i = 0; i < PER_IP; i++) expect((await login(proxied, `Pi7000000${i}`, 'guess', via(ip))).status).toBe(401);
    const player = await registerPlayer(proxied);
    expectTooMany(await login(proxied, player.userName, player.password, via(ip)));
    expect((await login(proxied, player.userName, player.password, via('192.0.2.8'))).status).toBe(200);
  });

  it('TRUST_PROXY=1: a forged first X-Forwarded-For hop, rotated on every try, does not escape the address limit', async () => {
    fresh();
    const real = '198.18.5.5';
    for (let i = 0; i < PER_IP; i++) {
      expect((await login(proxied, `Pi7200000${i}`, 'guess', via(real, `10.9.${i}.1`))).status).toBe(401);
    }
    expectTooMany(await login(proxied, 'Pi72000099', 'guess', via(real, '1.2.3.4')));
    const [row] = await proxied.database.db.select().from(rateLimits).where(eq(rateLimits.key, `login:ip:${real}`));
    expect(row!.count).toBe(PER_IP);
  });

  it('TRUST_PROXY as a list: entries are read from the right, skipping the listed proxies', async () => {
    fresh();
    const real = '198.18.6.6';
    for (let i = 0; i < PER_IP; i++) {
      expect((await login(listed, `Pi7300000${i}`, 'guess', { 'x-forwarded-for': `6.6.${i}.6, ${real}, 10.1.2.3` })).status).toBe(401);
    }
    expectTooMany(await login(listed, 'Pi73000099', 'guess', { 'x-forwarded-for': `${real}, 10.7.7.7` }));
  });

  it('without TRUST_PROXY the socket address counts and X-Forwarded-For is ignored', async () => {
    fresh();
    for (let i = 0; i < PER_IP; i++) expect((await login(direct, `Pi7100000${i}`, 'guess', via(`198.18.0.${i}`))).status).toBe(401);
    expectTooMany(await login(direct, 'Pi71000099', 'guess', via('198.18.0.200')));
    const [row] = await proxied.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'login:ip:127.0.0.1'));
    expect(row!.count).toBe(PER_IP);
  });

  it('30 parallel wrong passwords from one address: exactly the limit are checked (401), the rest 429 (the attempt is counted before the check)', async () => {
    fresh();
    const player = await registerPlayer(proxied);
    const results = await Promise.all(Array.from({ length: 30 }, () => login(proxied, player.userName, 'wrong', via('198.19.1.1'))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length, statuses.join(',')).toBe(PER_PAIR);
    expect(statuses.filter((s) => s === 429).length, statuses.join(',')).toBe(30 - PER_PAIR);
    expectTooMany(await login(proxied, player.userName, player.password, via('198.19.1.1')));
    const [row] = await proxied.database.db.select().from(rateLimits).where(eq(rateLimits.key, `login:pair:${player.id}:198.19.1.1`));
    expect(row!.count).toBe(PER_PAIR);
  });

  it('20 parallel withdrawals with a wrong password: at most LOGIN_MAX_PER_USER are checked, the rest 429', async () => {
    fresh();
    const player = await registerPlayer(proxied);
    await fund(proxied.database.db, player.id, 200_000);
    const wave = await paymentTypeId(proxied.database.db, 'WavePay');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        proxied.call('POST', '/api/withdrawfinicial', {
          token: player.token,
          headers: via('203.0.113.41'),
          body: { payment_type_id: wave, account_name: 'Ma Aye', account_number: `0978123457${i % 10}`, amount: 10_000, password: 'wrong-guess' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length, JSON.stringify(results[0]!.body)).toBe(20 - env.LOGIN_MAX_PER_USER);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 401 || s === 422), statuses.join(',')).toBe(true);
  });

  it('change-password guesses are limited; the right one afterwards waits, and login elsewhere is unaffected', async () => {
    fresh();
    const player = await registerPlayer(proxied);
    const body = { current_password: 'guess', password: 'new-pass-1', password_confirmation: 'new-pass-1' };
    for (let i = 0; i < env.LOGIN_MAX_PER_USER; i++) {
      expect((await proxied.call('POST', '/api/change-password', { token: player.token, body })).status).toBe(401);
    }
    const res = await proxied.call('POST', '/api/change-password', { token: player.token, body: { ...body, current_password: player.password } });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect((await login(proxied, player.userName, player.password, via('198.19.2.1'))).status).toBe(200);
  });

  it('parallel withdrawals with the right password are never 429 (only wrong passwords count)', async () => {
    fresh();
    const player = await registerPlayer(proxied);
    await fund(proxied.database.db, player.id, 200_000);
    const wave = await paymentTypeId(proxied.database.db, 'WavePay');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        proxied.call('POST', '/api/withdrawfinicial', {
          token: player.token,
          headers: via('203.0.113.40'),
          body: { payment_type_id: wave, account_name: 'Ma Aye', account_number: `0978123456${i}`, amount: 20_000, password: player.password },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
  });
});
