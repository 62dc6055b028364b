/**
 * Issue 28: never a password, token, init data, TOTP code, secret or full account number in a log
 * line. Drives every route that receives one — sign-up, sign-in, change password, withdraw with an
 * account number, Telegram sign-in, an operator's set-up and sign-in with TOTP codes, the seamless
 * wallet's signed callbacks — at the most verbose level, twice over a broken table so the failures'
 * error lines are written too, and scans everything the server wrote for each value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLogger } from '../../server/lib/log';
import { createMetrics } from '../../server/lib/metrics';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { ADMIN_TOKEN, fund, paymentTypeId } from './cashier-helpers';
import { nextCode, secretOf, type Clock } from './operator-helpers';
import { SECRET, insertTestCatalogue, signedBody } from './seamless-helpers';
import { signInitData } from './telegram-helpers';
import { manualClock } from '../../server/lib/clock';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';

const BOT = '7000000001:AAH-test-bot-token-for-kyatplay-tests';
const METRICS_TOKEN = 'metrics-token-abcdef0123456789-abcdef0123456789';

describe('no secret in any log line (pglite)', () => {
  const written: string[] = [];
  const secrets = new Map<string, string>();
  const clock: Clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  const originalWrite = process.stdout.write.bind(process.stdout);

  beforeAll(async () => {
    // Both the app's lines and the process's (stdout) are captured.
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (originalWrite as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    const logger = createLogger('trace', { write: (line: string) => void written.push(line) });
    server = await startTestServer('pglite', {
      clock,
      logger,
      metrics: createMetrics({ cacheMs: 0 }),
      env: { ADMIN_TOKEN, METRICS_TOKEN, TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_DEFAULT_REFERRAL: DEMO_REFERRAL_CODE, LOGIN_MAX_PER_USER: 1000, LOGIN_MAX_PER_IP: 10_000 },
    });
    await seedDemo(server.database.db);
    await insertTestCatalogue(server.database.db);
  }, 180_000);
  afterAll(async () => {
    process.stdout.write = originalWrite;
    await server?.close();
  });

  const keep = (what: string, value: string) => secrets.set(what, value);

  async function playerRoutes() {
    const password = 'Pw-9f3k2-unique-0001';
    const player = await registerPlayer(server, { password });
    keep('password', password);
    keep('player token', player.token);
    const login = await server.call('POST', '/api/login', { body: { user_name: player.userName, password } });
    expect(login.status).toBe(200);
    expect((await server.call('POST', '/api/login', { body: { user_name: player.userName, password: 'Wrong-pw-unique-0002' } })).status).toBe(401);
    keep('wrong password', 'Wrong-pw-unique-0002');
    const newPassword = 'Pw-new-unique-0003';
    keep('new password', newPassword);
    const changed = await server.call('POST', '/api/change-password', { token: player.token, body: { current_password: password, password: newPassword, password_confirmation: newPassword } });
    expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(500);
    return { ...player, password: changed.status === 200 ? newPassword : password };
  }

  async function withdraw(player: { id: number; token: string; password: string }, table = false) {
    await fund(server.database.db, player.id, 50_000);
    const account = table ? '09555000111222' : '09777123456001';
    keep(`account number ${account}`, account);
    return server.call('POST', '/api/withdrawfinicial', {
      token: player.token,
      body: { password: player.password, payment_type_id: await paymentTypeId(server.database.db, 'WavePay'), account_name: 'Ma Hla', account_number: account, amount: 20_000 },
    });
  }

  async function telegram() {
    const initData = signInitData(BOT, { user: { id: 900_000_001, first_name: 'Aung', username: 'aung_secret_scan' }, auth_date: Math.floor(clock.now().getTime() / 1000) });
    keep('init data', initData);
    keep('init data hash', new URLSearchParams(initData).get('hash')!);
    const res = await server.call('POST', '/api/auth/telegram', { body: { init_data: initData } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    keep('telegram token', res.body.data.token);
  }

  async function operator() {
    keep('admin token', ADMIN_TOKEN);
    const created = await server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: 'op_scan', display_name: 'Scan', role: 'cashier' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const secret = secretOf(created.body.data.otpauth_uri);
    keep('totp secret', secret);
    keep('setup code', created.body.data.setup_code);
    const password = 'Op-pw-unique-0004-long';
    keep('operator password', password);
    const code = nextCode(clock as ReturnType<typeof manualClock>, secret);
    keep('totp setup code', code);
    const setup = await server.call('POST', '/api/admin/session/setup', { body: { user_name: 'op_scan', setup_code: created.body.data.setup_code, password, totp: code } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    keep('operator token', setup.body.data.token);
    const code2 = nextCode(clock as ReturnType<typeof manualClock>, secret);
    keep('totp sign-in code', code2);
    const signIn = await server.call('POST', '/api/admin/session', { body: { user_name: 'op_scan', password, totp: code2 } });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    keep('operator token 2', signIn.body.data.token);
  }

  async function seamless(userName: string) {
    keep('seamless secret', SECRET);
    const body = signedBody('balance', [{ member_account: userName }], { now: clock.now() });
    keep('seamless sign', body.sign);
    expect((await server.call('POST', '/api/v1/api/seamless/balance', { body })).status).toBe(200);
    const bad = signedBody('balance', [{ member_account: userName }], { now: clock.now(), secret: 'wrong-secret-unique-0005' });
    keep('wrong seamless secret', 'wrong-secret-unique-0005');
    await server.call('POST', '/api/v1/api/seamless/balance', { body: bad });
  }

  it('drives every route that receives a secret, failures included, and finds none of them in the log', async () => {
    const player = await playerRoutes();
    expect((await withdraw(player)).status).toBe(200);
    await telegram();
    await operator();
    await seamless(player.userName);
    // The same routes failing (a table gone): their error lines, with the failed statements, too.
    await server.database.db.execute(sql`alter table withdraw_requests rename to withdraw_requests_gone`);
    try {
      expect((await withdraw(player, true)).status).toBe(500);
    } finally {
      await server.database.db.execute(sql`alter table withdraw_requests_gone rename to withdraw_requests`);
    }
    await server.database.db.execute(sql`alter table operator_sessions rename to operator_sessions_gone`);
    try {
      const secret = secrets.get('totp secret')!;
      const code = nextCode(clock as ReturnType<typeof manualClock>, secret);
      keep('totp failing code', code);
      expect((await server.call('POST', '/api/admin/session', { body: { user_name: 'op_scan', password: secrets.get('operator password'), totp: code } })).status).toBeGreaterThanOrEqual(400);
    } finally {
      await server.database.db.execute(sql`alter table operator_sessions_gone rename to operator_sessions`);
    }
    const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    keep('metrics token', METRICS_TOKEN);

    const log = written.join('');
    // The log did record these requests (the scan is not of an empty log) ...
    expect(log).toContain('"route":"/api/withdrawfinicial"');
    expect(log).toContain('"route":"/api/admin/session/setup"');
    expect(log).toContain('"route":"/api/auth/telegram"');
    expect(log).toMatch(/"level":"error".*"route":"\/api\/withdrawfinicial"/);
    // ... and none of the secrets (TOTP codes are six digits: matched as a whole JSON value or word).
    for (const [what, value] of secrets) {
      if (/^\d{6}$/.test(value)) expect(log, what).not.toMatch(new RegExp(`(?<![0-9.])${value}(?![0-9])`));
      else expect(log, what).not.toContain(value);
    }
    // A full account number's digits are nowhere either, not even its last part after a separator.
    expect(log).not.toContain('555000111222');
  });
});
