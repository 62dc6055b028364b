import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { notificationPreferences, signInPlaces, telegramOutbox } from '../../server/db/schema';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { OUTBOX_CHANNEL } from '../../server/domain/telegram/outbox';
import { startTelegramSender, type Sender } from '../../server/domain/telegram/sender';
import { grammyTransport } from '../../server/domain/telegram/transport';
import { manualClock } from '../../server/lib/clock';
import { createLogger } from '../../server/lib/log';
import { dbKinds } from '../support/db';
import { startBotApiStandIn, type BotApiStandIn } from '../support/bot-api-stand-in';
import { startTestServer, type TestServer } from '../support/server';
import { freshPhone, login } from './accounts-helpers';
import { signInitData } from './telegram-helpers';

const BOT = '7000000009:AAH-account-notices-test-bot-token';
const APP_URL = 'https://play.example.com';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) Chrome/129.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/131.0';
const from = (ip: string, ua: string, lang?: string) => ({ 'x-forwarded-for': ip, 'user-agent': ua, ...(lang ? { 'x-lang': lang } : {}) });

/**
 * Issue 29, security notices around accounts, through the real routes: a web sign-up records its
 * place (never told), so the player's first sign-in elsewhere is a new place; a Telegram-only
 * player's first password is told ("a password was set"); linking Telegram keeps its
 * language_code, which a message uses until the player chooses a language in the app.
 */
describe.each(dbKinds)('Telegram notices around accounts (%s)', (kind) => {
  const clock = manualClock('2026-11-23T05:00:00Z');
  let server: TestServer;
  let stand: BotApiStandIn;
  let sender: Sender;
  let tgSeq = 810_000_000 + (kind === 'postgres' ? 5000 : 0);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const tgUser = (language_code?: string) => ({ id: ++tgSeq, first_name: 'Mya', username: `mya${tgSeq}`, ...(language_code ? { language_code } : {}) });
  const initData = (user: Record<string, unknown>) => signInitData(BOT, { user, auth_date: nowSeconds() });

  beforeAll(async () => {
    stand = await startBotApiStandIn();
    server = await startTestServer(kind, {
      clock,
      logger: createLogger('error'),
      env: { TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_AUTH_MAX_AGE_SECONDS: 86_400, TRUST_PROXY: { hops: 1, proxies: [] }, LOGIN_MAX_PER_USER: 1000, LOGIN_MAX_PER_IP: 10_000 },
    });
    await seedDemo(server.database.db);
    sender = startTelegramSender({
      db: server.database.db,
      wake: server.database.channel(OUTBOX_CHANNEL),
      transport: grammyTransport({ base: stand.url, token: BOT, appUrl: APP_URL }),
      pollMs: 100,
    });
  }, 180_000);
  afterAll(async () => {
    await sender?.stop();
    await server?.close();
    await stand?.close();
  });

  const db = () => server.database.db;
  const security = (userId: number) =>
    db().select().from(telegramOutbox).where(and(eq(telegramOutbox.userId, userId), eq(telegramOutbox.kind, 'security'))).orderBy(telegramOutbox.id);
  const prefsOf = async (userId: number) => (await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)))[0];
  const delivered = (chatId: number) => stand.delivered.filter((d) => d.chatId === chatId);

  it('a web sign-up records its place and is not told; a first sign-in from a new place is; Telegram linked from the profile keeps its language_code (no app language: messages in it)', async () => {
    const password = 'secret123';
    const phone = freshPhone();
    const reg = await server.call('POST', '/api/register', {
      body: { name: 'Ma Mya', phone, password, password_confirmation: password, referral_code: DEMO_REFERRAL_CODE },
      headers: from('103.25.12.7', PHONE),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const { id, user_name: userName } = reg.body.data.user;
    const [places] = await db().select({ n: count() }).from(signInPlaces).where(eq(signInPlaces.userId, id));
    expect(places!.n, 'the sign-up place (network and device) is recorded').toBe(2);

    const chat = tgSeq + 1;
    const linked = await server.call('POST', '/api/auth/telegram/link', { token: reg.body.data.token, body: { init_data: initData(tgUser('my-MM')) } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await prefsOf(id)).toMatchObject({ language: null, telegramLanguage: 'mm' });
    expect(await security(id)).toEqual([]);

    // The very first login, from a laptop on another network: new to this player, so told (in Telegram's language).
    clock.advance(60_000);
    expect((await login(server, userName, password, from('45.64.1.20', LAPTOP))).status).toBe(200);
    const notices = await security(id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ chatId: chat, text: expect.stringMatching(/^🔐 .*ယခင်က မသုံးဖူးသော စက်နှင့် ကွန်ရက်/) });
    // Back at the sign-up place: known, not told.
    clock.advance(60_000);
    expect((await login(server, userName, password, from('103.25.12.99', PHONE))).status).toBe(200);
    expect(await security(id)).toHaveLength(1);
    await expect.poll(() => delivered(chat).length, { timeout: 10_000 }).toBe(1);
    expect(delivered(chat)[0]!.text).toBe(notices[0]!.text);
  }, 60_000);

  it('a Telegram-only player is not told of their first sign-in; their first password is told (set, not changed) in Telegram\'s language; a language chosen in the app goes first', async () => {
    const user = tgUser('th');
    const signUp = await server.call('POST', '/api/auth/telegram', { body: { init_data: initData(user), referral_code: DEMO_REFERRAL_CODE }, headers: from('10.1.2.3', PHONE) });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const id = signUp.body.data.user.id as number;
    const [places] = await db().select({ n: count() }).from(signInPlaces).where(eq(signInPlaces.userId, id));
    expect(places!.n, 'the first place is recorded').toBe(2);
    expect(await security(id), 'the first place is never told').toEqual([]);
    expect(await prefsOf(id)).toMatchObject({ language: null, telegramLanguage: 'th' });

    clock.advance(60_000);
    const set = await server.call('POST', '/api/auth/password', { token: signUp.body.data.token, body: { password: 'first123', password_confirmation: 'first123' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const [notice] = await security(id);
    expect(notice).toMatchObject({ chatId: user.id, kind: 'security', text: expect.stringMatching(/^🔐 มีการตั้งรหัสผ่านให้บัญชี KyatPlay ของคุณเมื่อ 2026-11-23 11:3\d \(เวลาย่างกุ้ง\)/) });
    expect(notice!.button).toMatchObject({ page: 'profile' });
    await expect.poll(() => delivered(user.id).length, { timeout: 10_000 }).toBe(1);
    expect(delivered(user.id)[0]!.text).toBe(notice!.text);
    expect(delivered(user.id)[0]!.replyMarkup.inline_keyboard[0][0].web_app.url).toContain('startapp=profile');

    // The app used in Chinese from now on: the chosen language goes before Telegram's.
    clock.advance(60_000);
    const again = await server.call('POST', '/api/auth/telegram', { body: { init_data: initData(user) }, headers: from('10.1.2.3', PHONE, 'zh') });
    expect(again.status).toBe(200);
    expect(await prefsOf(id)).toMatchObject({ language: 'zh', telegramLanguage: 'th' });
    const changed = await server.call('POST', '/api/change-password', {
      token: again.body.data.token,
      body: { current_password: 'first123', password: 'second456', password_confirmation: 'second456' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await security(id);
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toMatch(/^🔐 您的 KyatPlay 密码已于 .*修改/);
  }, 60_000);

  it('with no app language and a language_code the bot does not speak, English', async () => {
    const user = tgUser('fr');
    const signUp = await server.call('POST', '/api/auth/telegram', { body: { init_data: initData(user), referral_code: DEMO_REFERRAL_CODE }, headers: from('10.9.9.9', PHONE) });
    expect(signUp.status).toBe(200);
    const id = signUp.body.data.user.id as number;
    clock.advance(60_000);
    const set = await server.call('POST', '/api/auth/password', { token: signUp.body.data.token, body: { password: 'first123', password_confirmation: 'first123' } });
    expect(set.status).toBe(200);
    const [notice] = await security(id);
    expect(notice!.text).toMatch(/^🔐 A password was set for your KyatPlay account at /);
  }, 60_000);
});
