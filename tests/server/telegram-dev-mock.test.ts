import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import { verifyInitData } from '../../server/domain/telegram/init-data';
import { readEnv } from '../../server/env';
import { DEV_MOCK_BOT_TOKEN as SERVER_MOCK_TOKEN } from '../../server/lib/published-secrets';
import { DEV_MOCK_BOT_TOKEN, signInitData } from '../../src/telegram/mock-env';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import type { Env } from '../../server/env';
import { createTestDatabase } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The development mock Telegram (issue 12 item 8): its init data signs in on a development start
 * with TELEGRAM_DEV_MOCK=1 and nowhere else; a production start refuses the flag and the token.
 */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://play.example.com',
  SEAMLESS_SECRET_KEY: 'f3b9c2a71d8e4f60b5a9c3d2e1f0a7b6c5d4e3f2',
  SHAN_SECRET_KEY: '0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d',
  AGGREGATOR_URL: 'http://127.0.0.1:9/aggregator',
  SEAMLESS_ALLOWED_IPS: '203.0.113.10',
  SHAN_PROVIDER_URL: 'http://127.0.0.1:9/shan',
};

describe('development mock Telegram', () => {
  it('the client and the server name the same published token', () => {
    expect(DEV_MOCK_BOT_TOKEN).toBe(SERVER_MOCK_TOKEN);
  });

  it("signs init data the server's check accepts for the mock token only", async () => {
    const now = new Date();
    const raw = await signInitData(DEV_MOCK_BOT_TOKEN, {
      query_id: 'AAmock1',
      user: JSON.stringify({ id: 777000001, first_name: 'Mock', language_code: 'my' }),
      auth_date: String(Math.floor(now.getTime() / 1000)),
      start_param: 'ref_AG0001__2d',
    });
    const ok = verifyInitData(raw, DEV_MOCK_BOT_TOKEN, now, 86_400);
    expect(ok).toMatchObject({ ok: true, startParam: 'ref_AG0001__2d', user: { id: 777000001 } });
    expect(verifyInitData(raw, '1234567:real-bot-token-of-an-operator-xyz', now, 86_400)).toMatchObject({ ok: false });
  });

  it('a development start with TELEGRAM_DEV_MOCK=1 uses the mock token; without the flag, or in production, it does not', () => {
    expect(readEnv({ TELEGRAM_DEV_MOCK: '1' }).TELEGRAM_BOT_TOKEN).toBe(DEV_MOCK_BOT_TOKEN);
    expect(readEnv({}).TELEGRAM_BOT_TOKEN).toBeUndefined();
    expect(readEnv({ TELEGRAM_DEV_MOCK: '1', TELEGRAM_BOT_TOKEN: '42:operator-token' }).TELEGRAM_BOT_TOKEN).toBe('42:operator-token');
    expect(readEnv({ ...SAFE, TELEGRAM_DEV_MOCK: '1' }).TELEGRAM_BOT_TOKEN).toBeUndefined();
  });

  it('a production start refuses the flag and the mock token', () => {
    const flagged = checkProductionConfig(readEnv({ ...SAFE, TELEGRAM_DEV_MOCK: '1' })).problems;
    expect(flagged.some((p) => p.startsWith('TELEGRAM_DEV_MOCK:'))).toBe(true);
    const token = checkProductionConfig(readEnv({ ...SAFE, TELEGRAM_BOT_TOKEN: DEV_MOCK_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET: 'w'.repeat(40) })).problems;
    expect(token.some((p) => p.startsWith('TELEGRAM_BOT_TOKEN:'))).toBe(true);
    expect(checkProductionConfig(readEnv({ ...SAFE, TELEGRAM_BOT_TOKEN: '42:operator-token', TELEGRAM_WEBHOOK_SECRET: 'wQ7xK2mP9vR4tY8nB3cF6hJ1' })).problems.filter((p) => p.startsWith('TELEGRAM'))).toEqual([]);
  });
});

/** A built site's minimum (the page template and one script), as `npm start` serves it. */
function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-tg-mock-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>KyatPlay</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

const MOCK_TAG = '<script src="/dev/telegram-mock.js"></script>';

/**
 * `TELEGRAM_DEV_MOCK=1 npm start` (issue 25 point 12): the built site gets the mock from the server,
 * on a development start with the flag only. The mock signs with a published token, so anyone who
 * can load it could sign in as any Telegram user: a production server names no script, serves none,
 * and refuses the mock's init data even when the flag and the token reach it.
 */
describe('the mock Telegram with a built site (npm start)', () => {
  const STATIC_DIR = builtSite();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: TestServer[] = [];
  const start = async (env: Partial<Env>) => {
    const s = await startTestServer('pglite', { database, env: { STATIC_DIR, ...env } });
    servers.push(s);
    return s;
  };
  const mockInitData = (id: number) =>
    signInitData(DEV_MOCK_BOT_TOKEN, {
      user: JSON.stringify({ id, first_name: 'Mock', language_code: 'my' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      start_param: `ref_${DEMO_REFERRAL_CODE}`,
    });
  const page = async (s: TestServer, path = '/') => (await fetch(`${s.url}${path}`)).text();

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemo(database.db);
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await database?.close();
  });

  it('a development start with TELEGRAM_DEV_MOCK names the script on every page, serves it, and signs the mock player in', { timeout: 60_000 }, async () => {
    const dev = await start({ TELEGRAM_DEV_MOCK: true, TELEGRAM_BOT_TOKEN: DEV_MOCK_BOT_TOKEN });
    const html = await page(dev, '/?tgMock');
    expect(html).toContain(MOCK_TAG);
    // Before the app's module: a classic script in <head> runs first.
    expect(html.indexOf(MOCK_TAG)).toBeLessThan(html.indexOf('</head>'));
    const script = await fetch(`${dev.url}/dev/telegram-mock.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    const code = await script.text();
    expect(code).toContain('KYATPLAY-DEV-MOCK');
    expect(code).toContain('__kpDevTelegram');
    const res = await dev.call('POST', '/api/auth/telegram', { body: { init_data: await mockInitData(777000101) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user.telegram_linked).toBe(true);
  });

  it('without the flag there is no mock: no script named or served', async () => {
    const plain = await start({});
    expect(await page(plain)).not.toContain('telegram-mock');
    const script = await fetch(`${plain.url}/dev/telegram-mock.js`);
    expect(await script.text()).not.toContain('KYATPLAY-DEV-MOCK');
  });

  it('production refuses it even when the flag and the mock token reach the server: no script, and its init data signs nobody in', async () => {
    const prod = await start({ NODE_ENV: 'production', TELEGRAM_DEV_MOCK: true, TELEGRAM_BOT_TOKEN: DEV_MOCK_BOT_TOKEN });
    expect(await page(prod, '/?tgMock')).not.toContain('telegram-mock');
    const script = await fetch(`${prod.url}/dev/telegram-mock.js`);
    expect(await script.text()).not.toContain('KYATPLAY-DEV-MOCK');
    const res = await prod.call('POST', '/api/auth/telegram', { body: { init_data: await mockInitData(777000102) } });
    expect(res.status).toBe(404);
    expect(res.body.data?.token).toBeUndefined();
    // Nor does a development start that holds the published token without the flag.
    const unflagged = await start({ TELEGRAM_BOT_TOKEN: DEV_MOCK_BOT_TOKEN });
    expect((await unflagged.call('POST', '/api/auth/telegram', { body: { init_data: await mockInitData(777000103) } })).status).toBe(404);
    expect(await page(unflagged)).not.toContain('telegram-mock');
  });
});
