import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botApi, registerBot } from '../../server/domain/telegram/bot-api';
import { manualClock } from '../../server/lib/clock';
import { startTestServer, type TestServer } from '../support/server';
import { fakeBotApi } from './telegram-helpers';

/** Issue 12: the bot — a webhook only Telegram can call, /start with a Mini App button, start-up registration. */
const BOT = '7000000001:AAH-test-bot-token-for-kyatplay-tests';
const SECRET = 'webhook-secret-0123456789abcdef';
const PUBLIC_URL = 'https://play.example.com';

describe('Telegram bot webhook', () => {
  let bot: Awaited<ReturnType<typeof fakeBotApi>>;
  let server: TestServer;

  beforeAll(async () => {
    bot = await fakeBotApi();
    server = await startTestServer('pglite', {
      clock: manualClock('2026-03-10T06:00:00Z'),
      env: { TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_BASE: bot.url, PUBLIC_URL },
    });
  });
  afterAll(async () => {
    await server?.close();
    await bot?.close();
  });

  const update = (text: string, language_code = 'en') => ({
    update_id: 1,
    message: { message_id: 5, date: 1, chat: { id: 4242, type: 'private' }, from: { id: 4242, is_bot: false, first_name: 'Su', language_code }, text },
  });
  const post = (body: unknown, secret?: string) =>
    server.call('POST', '/api/telegram/webhook', { body, headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret } });

  it('refuses a missing or wrong secret token with 401 and sends nothing', async () => {
    const before = bot.calls.length;
    expect((await post(update('/start ref_DEMO2026'))).status).toBe(401);
    expect((await post(update('/start ref_DEMO2026'), 'wrong-secret')).status).toBe(401);
    expect(bot.calls.length).toBe(before);
  });

  it('/start ref_CODE answers with a web_app button opening PUBLIC_URL with the code carried through', async () => {
    const res = await post(update('/start ref_DEMO2026__2d'), SECRET);
    expect(res.status).toBe(200);
    const call = bot.calls.at(-1)!;
    expect(call.method).toBe('sendMessage');
    expect(call.token).toBe(BOT);
    expect(call.body.chat_id).toBe(4242);
    const button = call.body.reply_markup.inline_keyboard[0][0];
    expect(button.web_app.url.startsWith(PUBLIC_URL)).toBe(true);
    expect(new URL(button.web_app.url).searchParams.get('startapp')).toBe('ref_DEMO2026__2d');
    expect(call.body.text).toMatch(/KyatPlay/);
  });

  it('speaks the user\'s language: Burmese for my, Chinese for zh-hans, Thai for th', async () => {
    await post(update('/start', 'my'), SECRET);
    expect(bot.calls.at(-1)!.body.text).toMatch(/[\u1000-\u109F]/);
    await post(update('/start', 'zh-hans'), SECRET);
    expect(bot.calls.at(-1)!.body.text).toMatch(/[\u4e00-\u9fff]/);
    await post(update('/start', 'th'), SECRET);
    expect(bot.calls.at(-1)!.body.text).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('a payload outside Telegram\'s alphabet is dropped, not carried; other messages are acknowledged silently', async () => {
    await post(update('/start <script>'), SECRET);
    expect(new URL(bot.calls.at(-1)!.body.reply_markup.inline_keyboard[0][0].web_app.url).searchParams.get('startapp')).toBeNull();
    const before = bot.calls.length;
    expect((await post(update('hello'), SECRET)).status).toBe(200);
    expect((await post('not json', SECRET)).status).toBe(200);
    expect(bot.calls.length).toBe(before);
  });

  it('start-up registration sets the webhook with its secret and the menu button; a dead Bot API fails quietly', async () => {
    const api = botApi({ base: bot.url, token: BOT });
    expect(await registerBot(api, { publicUrl: PUBLIC_URL, webhookSecret: SECRET, buttonText: 'Play' })).toBe(true);
    const hook = bot.calls.find((c) => c.method === 'setWebhook')!;
    expect(hook.body).toMatchObject({ url: `${PUBLIC_URL}/api/telegram/webhook`, secret_token: SECRET });
    const menu = bot.calls.find((c) => c.method === 'setChatMenuButton')!;
    expect(menu.body.menu_button).toMatchObject({ type: 'web_app', web_app: { url: `${PUBLIC_URL}/` } });
    const dead = botApi({ base: 'http://127.0.0.1:9', token: BOT, timeoutMs: 500 });
    expect(await registerBot(dead, { publicUrl: PUBLIC_URL, webhookSecret: SECRET, buttonText: 'Play' })).toBe(false);
  });
});
