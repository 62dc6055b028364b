import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import { botApi, registerBot } from '../../server/domain/telegram/bot-api';
import { testEnv } from '../../server/env';
import { startTestServer, type TestServer } from '../support/server';
import { fakeBotApi } from './telegram-helpers';

/**
 * Issue 15: the Mini App hosted on a CDN, apart from the API. TELEGRAM_MINI_APP_URL is where the
 * bot's buttons open it; the webhook and everything else stay on PUBLIC_URL.
 */
const BOT = '7000000001:AAH-test-bot-token-for-kyatplay-tests';
const SECRET = 'webhook-secret-0123456789abcdef';
const PUBLIC_URL = 'https://api.example.com';
const MINI_APP = 'https://app.example-cdn.net/play/';

describe('the Mini App on another origin (TELEGRAM_MINI_APP_URL)', () => {
  let bot: Awaited<ReturnType<typeof fakeBotApi>>;
  let server: TestServer;
  beforeAll(async () => {
    bot = await fakeBotApi();
    server = await startTestServer('pglite', {
      env: { TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_BASE: bot.url, PUBLIC_URL, TELEGRAM_MINI_APP_URL: MINI_APP },
    });
  });
  afterAll(async () => {
    await server?.close();
    await bot?.close();
  });

  it('/start answers with a button opening the Mini App where it is hosted, the start payload carried', async () => {
    const res = await server.call('POST', '/api/telegram/webhook', {
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      body: { update_id: 1, message: { message_id: 5, date: 1, chat: { id: 77, type: 'private' }, from: { id: 77, is_bot: false, first_name: 'Su' }, text: '/start ref_DEMO2026' } },
    });
    expect(res.status).toBe(200);
    const url = new URL(bot.calls.at(-1)!.body.reply_markup.inline_keyboard[0][0].web_app.url);
    expect(`${url.origin}${url.pathname}`).toBe(MINI_APP);
    expect(url.searchParams.get('startapp')).toBe('ref_DEMO2026');
  });

  it('the menu button opens it too, while the webhook stays on PUBLIC_URL', async () => {
    const api = botApi({ base: bot.url, token: BOT });
    expect(await registerBot(api, { publicUrl: PUBLIC_URL, miniAppUrl: MINI_APP, webhookSecret: SECRET, buttonText: 'Play' })).toBe(true);
    expect(bot.calls.findLast((c) => c.method === 'setWebhook')!.body.url).toBe(`${PUBLIC_URL}/api/telegram/webhook`);
    expect(bot.calls.findLast((c) => c.method === 'setChatMenuButton')!.body.menu_button.web_app.url).toBe(MINI_APP);
  });

  it('a production start refuses a Mini App origin the API does not grant, or one over http', () => {
    const problems = (env: Parameters<typeof testEnv>[0]) =>
      checkProductionConfig(testEnv({ NODE_ENV: 'production', PUBLIC_URL, ...env })).problems.filter((p) => p.startsWith('TELEGRAM_MINI_APP_URL'));
    expect(problems({ TELEGRAM_MINI_APP_URL: MINI_APP })).toEqual([expect.stringMatching(/CORS_ORIGINS/)]);
    expect(problems({ TELEGRAM_MINI_APP_URL: MINI_APP, CORS_ORIGINS: ['https://app.example-cdn.net'] })).toEqual([]);
    expect(problems({ TELEGRAM_MINI_APP_URL: `${PUBLIC_URL}/tg` })).toEqual([]);
    expect(problems({ TELEGRAM_MINI_APP_URL: 'http://app.example-cdn.net/', CORS_ORIGINS: ['http://app.example-cdn.net'] })).toEqual([expect.stringMatching(/not https/)]);
  });
});
