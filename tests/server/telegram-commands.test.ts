import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationPreferences, telegramChats, telegramOutbox, twoDResults, users } from '../../server/db/schema';
import { botApi, registerBot } from '../../server/domain/telegram/bot-api';
import { noticeDeposit, noticePasswordChanged } from '../../server/domain/telegram/notices';
import { readPreferences } from '../../server/domain/telegram/preferences';
import { manualClock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { startBotApiStandIn, type BotApiStandIn } from '../support/bot-api-stand-in';
import { registerPlayer } from './accounts-helpers';
import { startCashierServer, type CashierServer } from './cashier-helpers';

/**
 * Issue 29: the bot's commands through the webhook (grammY), against the stand-in Bot API. The
 * expected words are written here from the product's meaning (amounts as the site prints them, the
 * four languages' scripts), not read from the locale files, so a wrong or missing word fails.
 */
const BOT = '7000000001:AAH-test-bot-token-for-kyatplay-tests';
const SECRET = 'webhook-secret-0123456789abcdef';
const PUBLIC_URL = 'https://play.example.com';
const BURMESE = /[\u1000-\u109F]/;
const CHINESE = /[\u4e00-\u9fff]/;
const THAI = /[\u0E00-\u0E7F]/;

describe('Telegram bot commands', () => {
  let stand: BotApiStandIn;
  let server: CashierServer;
  const clock = manualClock('2026-03-10T06:00:00Z'); // Tuesday 12:30 in Yangon
  let player: { id: number; telegramId: number };
  let updateId = 1;

  beforeAll(async () => {
    stand = await startBotApiStandIn();
    server = await startCashierServer('pglite', { clock, env: { TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_BASE: stand.url, PUBLIC_URL } });
    const registered = await registerPlayer(server);
    player = { id: registered.id, telegramId: 5550001 };
    await server.database.db
      .update(users)
      .set({ telegramId: player.telegramId, mainBalance: kyat(12345) + 50n, balance: kyat(700) })
      .where(eq(users.id, player.id));
  });
  afterAll(async () => {
    await server?.close();
    await stand?.close();
  });
  beforeEach(() => {
    stand.calls.length = 0;
  });

  const from = (id: number, language_code: string) => ({ id, is_bot: false, first_name: 'Su', language_code });
  const message = (text: string, id: number, language_code = 'en') =>
    post({ update_id: updateId++, message: { message_id: updateId, date: 1, chat: { id, type: 'private' }, from: from(id, language_code), text, entities: text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : undefined } });
  const tap = (data: string, id: number, language_code = 'en') =>
    post({
      update_id: updateId++,
      callback_query: { id: `cb${updateId}`, from: from(id, language_code), chat_instance: 'ci', data, message: { message_id: 77, date: 1, chat: { id, type: 'private' }, text: 'menu' } },
    });
  const post = async (body: unknown) => {
    const res = await server.call('POST', '/api/telegram/webhook', { body, headers: { 'x-telegram-bot-api-secret-token': SECRET } });
    expect(res.status).toBe(200);
  };
  const replies = () => stand.calls.filter((c) => c.method === 'sendMessage');
  const lastReply = () => replies().at(-1)!.body;
  const firstButton = (body: any) => body.reply_markup.inline_keyboard[0][0];
  const prefs = () => readPreferences(server.database.db, player.id);

  describe('an unlinked Telegram user', () => {
    it.each(['/balance', '/deposit', '/language', '/settings', '/stop'])('%s offers the sign-in / referral button, nothing else', async (command) => {
      await message(command, 4242);
      expect(replies()).toHaveLength(1);
      const reply = lastReply();
      expect(reply.chat_id).toBe(4242);
      expect(reply.text).toMatch(/not linked/);
      expect(reply.text).not.toMatch(/Ks/);
      const url = new URL(firstButton(reply).web_app.url);
      expect(url.origin).toBe(PUBLIC_URL);
      if (command === '/deposit') expect(url.searchParams.get('startapp')).toBe('deposit');
    });

    it('in their Telegram language', async () => {
      await message('/balance', 4243, 'my');
      expect(lastReply().text).toMatch(BURMESE);
      await message('/balance', 4243, 'zh-hans');
      expect(lastReply().text).toMatch(CHINESE);
      await message('/balance', 4243, 'th');
      expect(lastReply().text).toMatch(THAI);
    });

    it('/help lists every command with the sign-in button', async () => {
      await message('/help', 4244);
      for (const c of ['/balance', '/results', '/deposit', '/language', '/settings', '/help', '/stop', '/start']) expect(lastReply().text).toContain(c);
      expect(firstButton(lastReply()).web_app.url.startsWith(PUBLIC_URL)).toBe(true);
    });
  });

  describe('a linked player', () => {
    it('/balance shows both wallets as the site prints them, in their language', async () => {
      await message('/balance', player.telegramId);
      const text = lastReply().text as string;
      expect(text).toMatch(/Main wallet: 12,345\.50 Ks/);
      expect(text).toMatch(/Game wallet: 700\.00 Ks/);
      await message('/balance', player.telegramId, 'my');
      expect(lastReply().text).toContain('12,345.50 ကျပ်');
      expect(lastReply().text).toContain('700.00 ကျပ်');
    });

    it('/deposit opens the deposit page of the Mini App', async () => {
      await message('/deposit', player.telegramId);
      const url = new URL(firstButton(lastReply()).web_app.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/`);
      expect(url.searchParams.get('startapp')).toBe('deposit');
    });

    it('/language: four languages to choose; a tap sets the language the site and the bot use', async () => {
      await message('/language', player.telegramId);
      const keyboard = lastReply().reply_markup.inline_keyboard.flat();
      expect(keyboard.map((b: any) => b.callback_data).sort()).toEqual(['lang:en', 'lang:mm', 'lang:th', 'lang:zh']);
      await tap('lang:zh', player.telegramId);
      expect((await prefs()).language).toBe('zh');
      const answered = stand.calls.find((c) => c.method === 'answerCallbackQuery');
      expect(answered).toBeDefined();
      const edited = stand.calls.find((c) => c.method === 'editMessageText')!;
      expect(edited.body.text).toMatch(CHINESE);
      // Chosen beats Telegram's language_code (still "en").
      await message('/balance', player.telegramId, 'en');
      expect(lastReply().text).toMatch(CHINESE);
      expect(lastReply().text).toContain('12,345.50 缅元');
      await tap('lang:en', player.telegramId);
      expect((await prefs()).language).toBe('en');
    });

    it('/settings: one toggle per kind; a tap turns it on or off', async () => {
      await message('/settings', player.telegramId);
      const rows = lastReply().reply_markup.inline_keyboard as any[][];
      const byData = new Map(rows.flat().map((b) => [b.callback_data, b.text]));
      expect([...byData.keys()].sort()).toEqual(['pref:adjustment', 'pref:announcements', 'pref:deposit', 'pref:two_d', 'pref:two_d_results', 'pref:withdraw']);
      expect(byData.get('pref:deposit')).toMatch(/^✅/);
      expect(byData.get('pref:announcements')).toMatch(/^⬜/);
      await tap('pref:announcements', player.telegramId);
      expect((await prefs()).announcements).toBe(true);
      const edited = stand.calls.find((c) => c.method === 'editMessageReplyMarkup')!;
      const after = new Map((edited.body.reply_markup.inline_keyboard as any[][]).flat().map((b) => [b.callback_data, b.text]));
      expect(after.get('pref:announcements')).toMatch(/^✅/);
      await tap('pref:announcements', player.telegramId);
      expect((await prefs()).announcements).toBe(false);
      await tap('pref:nonsense', player.telegramId);
      expect(await prefs()).toMatchObject({ deposit: true, withdraw: true });
    });

    it('/help in Thai for a Thai Telegram; the language the player chose wins over Telegram\'s', async () => {
      await message('/help', 4245, 'th');
      expect(lastReply().text).toMatch(THAI);
      expect(lastReply().text).toContain('/balance');
      // The player chose English (/language above): Telegram in Thai does not change that.
      await message('/help', player.telegramId, 'th');
      expect(lastReply().text).not.toMatch(THAI);
      expect(lastReply().text).toMatch(/money moves/);
    });
  });

  describe('/results', () => {
    const result = (drawDate: string, session: 'morning' | 'evening', twod: string, status = 'confirmed') =>
      server.database.db.insert(twoDResults).values({ drawDate, session, twod, setIndex: `1346.2${twod[0]}`, value: `57388.5${twod[1]}`, source: 'operator', status });

    it('none confirmed yet: says so', async () => {
      await message('/results', player.telegramId);
      expect(lastReply().text).toMatch(/No 2D result/);
    });

    it("the last trading day's draws until today's first is confirmed, then today's (the evening not out yet)", async () => {
      await result('2026-03-09', 'morning', '38');
      await result('2026-03-09', 'evening', '71');
      await result('2026-03-10', 'morning', '55', 'provisional');
      await message('/results', player.telegramId);
      let text = lastReply().text as string;
      expect(text).toContain('2026-03-09');
      expect(text).toMatch(/12:01 PM: 38 \(SET 1,346\.23, value 57,388\.58\)/);
      expect(text).toMatch(/4:30 PM: 71/);
      expect(text).not.toContain('55');
      await server.database.db.update(twoDResults).set({ status: 'confirmed' }).where(and(eq(twoDResults.drawDate, '2026-03-10'), eq(twoDResults.session, 'morning')));
      await message('/results', player.telegramId);
      text = lastReply().text;
      expect(text).toContain('2026-03-10');
      expect(text).toMatch(/12:01 PM: 55/);
      expect(text).toMatch(/4:30 PM: not out yet/);
      expect(new URL(firstButton(lastReply()).web_app.url).searchParams.get('startapp')).toBe('2d');
    });
  });

  describe('/stop and /start', () => {
    it('/stop: only security notices are queued; /start resumes and clears a blocked chat', async () => {
      const db = server.database.db;
      await message('/stop', player.telegramId);
      expect((await prefs()).stopped).toBe(true);
      expect(lastReply().text).toMatch(/security/);
      expect(await noticeDeposit(db, { id: 901, userId: player.id, amount: kyat(5000), approved: true, note: null, balance: kyat(5000) })).toBe(false);
      expect(await noticePasswordChanged(db, player.id, clock.now())).toBe(true);
      const queued = await db.select({ kind: telegramOutbox.kind }).from(telegramOutbox).where(eq(telegramOutbox.userId, player.id));
      expect(queued.map((r) => r.kind)).toEqual(['security']);

      await db.insert(telegramChats).values({ chatId: player.telegramId, blockedAt: clock.now() }).onConflictDoUpdate({ target: telegramChats.chatId, set: { blockedAt: clock.now() } });
      await message('/start', player.telegramId);
      expect((await prefs()).stopped).toBe(false);
      const [chat] = await db.select().from(telegramChats).where(eq(telegramChats.chatId, player.telegramId));
      expect(chat!.blockedAt).toBeNull();
      expect(lastReply().text).toMatch(/KyatPlay/);
      expect(lastReply().text).toMatch(/on again/);
      expect(await noticeDeposit(db, { id: 902, userId: player.id, amount: kyat(5000), approved: true, note: null, balance: kyat(5000) })).toBe(true);
    });

    it('/stop from a player who has no preferences yet writes the row', async () => {
      const other = await registerPlayer(server);
      await server.database.db.update(users).set({ telegramId: 5550002 }).where(eq(users.id, other.id));
      await message('/stop', 5550002);
      const [row] = await server.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, other.id));
      expect(row!.stopped).toBe(true);
    });
  });
});

/** A stand-in that remembers the command menus, as Telegram does (the shared one answers `true`). */
async function menuStandIn() {
  const menus = new Map<string, unknown>();
  const calls: { method: string; body: any }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const method = /\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '';
      const body = raw ? JSON.parse(raw) : {};
      calls.push({ method, body });
      const key = body.language_code ?? '';
      let result: unknown = true;
      if (method === 'getMyCommands') result = menus.get(key) ?? [];
      if (method === 'setMyCommands') menus.set(key, body.commands);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('the command menu (setMyCommands)', () => {
  it('is registered in four languages at start-up, and not again when it has not changed', async () => {
    const stand = await menuStandIn();
    try {
      const api = botApi({ base: stand.url, token: BOT });
      expect(await registerBot(api, { publicUrl: PUBLIC_URL, webhookSecret: SECRET, buttonText: 'Play' })).toBe(true);
      const sets = stand.calls.filter((c) => c.method === 'setMyCommands');
      expect(sets.map((c) => c.body.language_code ?? 'default').sort()).toEqual(['default', 'my', 'th', 'zh']);
      const menu = (code: string | undefined) => sets.find((c) => c.body.language_code === code)!.body.commands as { command: string; description: string }[];
      for (const code of [undefined, 'my', 'zh', 'th']) {
        expect(menu(code).map((c) => c.command)).toEqual(['start', 'balance', 'results', 'deposit', 'language', 'settings', 'help', 'stop']);
      }
      expect(menu(undefined).find((c) => c.command === 'balance')!.description).toMatch(/wallet/i);
      expect(menu('my').every((c) => BURMESE.test(c.description))).toBe(true);
      expect(menu('zh').every((c) => CHINESE.test(c.description))).toBe(true);
      expect(menu('th').every((c) => THAI.test(c.description))).toBe(true);
      const hook = stand.calls.find((c) => c.method === 'setWebhook')!;
      expect(hook.body.allowed_updates).toEqual(['message', 'callback_query']);

      stand.calls.length = 0;
      expect(await registerBot(api, { publicUrl: PUBLIC_URL, webhookSecret: SECRET, buttonText: 'Play' })).toBe(true);
      expect(stand.calls.filter((c) => c.method === 'setMyCommands')).toEqual([]);
      expect(stand.calls.filter((c) => c.method === 'getMyCommands')).toHaveLength(4);
    } finally {
      await stand.close();
    }
  });
});
