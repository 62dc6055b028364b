import { describe, expect, it } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import { verifyInitData } from '../../server/domain/telegram/init-data';
import { readEnv } from '../../server/env';
import { DEV_MOCK_BOT_TOKEN as SERVER_MOCK_TOKEN } from '../../server/lib/published-secrets';
import { DEV_MOCK_BOT_TOKEN, signInitData } from '../../src/telegram/mock-env';

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
    expect(checkProductionConfig(readEnv({ ...SAFE, TELEGRAM_BOT_TOKEN: '42:operator-token', TELEGRAM_WEBHOOK_SECRET: 'w'.repeat(40) })).problems.filter((p) => p.startsWith('TELEGRAM'))).toEqual([]);
  });
});
