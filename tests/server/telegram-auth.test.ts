import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokens, users } from '../../server/db/schema';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { login, registerPlayer } from './accounts-helpers';
import { signInitData } from './telegram-helpers';

/** Issue 12: sign in with Telegram, link and unlink, and a first password for Telegram-only players. */
const BOT = '7000000001:AAH-test-bot-token-for-kyatplay-tests';
const OTHER_BOT = '7000000002:AAH-some-other-bot-token-entirely';

describe.each(dbKinds)('sign in with Telegram (%s)', (kind) => {
  const clock = manualClock('2026-03-10T06:00:00Z');
  let server: TestServer;
  let tgSeq = 500_000_000;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const tgUser = (over: Record<string, unknown> = {}) => ({ id: ++tgSeq, first_name: 'Aung', last_name: 'Kyaw', username: `aung${tgSeq}`, language_code: 'my', ...over });
  const initData = (user = tgUser(), over: { auth_date?: number; start_param?: string; token?: string } = {}) =>
    signInitData(over.token ?? BOT, { user, auth_date: over.auth_date ?? nowSeconds(), start_param: over.start_param });
  const signIn = (body: Record<string, unknown>) => server.call('POST', '/api/auth/telegram', { body });
  const counts = async () => ({
    users: (await server.database.db.select({ n: count() }).from(users))[0]!.n,
    tokens: (await server.database.db.select({ n: count() }).from(tokens))[0]!.n,
  });

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_AUTH_MAX_AGE_SECONDS: 86_400 } });
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a new Telegram user with ref_<CODE> in start_param becomes a player of that agent, answered like /login', async () => {
    const user = tgUser();
    const res = await signIn({ init_data: initData(user, { start_param: `ref_${DEMO_REFERRAL_CODE}__2d` }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.user).toMatchObject({ name: 'Aung Kyaw', user_name: expect.stringMatching(/^Pi\d{8}$/), telegram_linked: true, has_password: false });
    const me = await server.call('GET', '/api/user', { token: res.body.data.token });
    expect(me.body.data.user_name).toBe(res.body.data.user.user_name);
    // The same Telegram id signs into the same player again, without a referral.
    const again = await signIn({ init_data: initData(user) });
    expect(again.status).toBe(200);
    expect(again.body.data.user.id).toBe(res.body.data.user.id);
  });

  it('the body\'s referral_code serves when the link has none; with none at all, 422 errors.referral_code and nothing written', async () => {
    const before = await counts();
    const none = await signIn({ init_data: initData() });
    expect(none.status).toBe(422);
    expect(none.body.errors.referral_code).toBeDefined();
    expect(await counts()).toEqual(before);
    const withCode = await signIn({ init_data: initData(), referral_code: DEMO_REFERRAL_CODE });
    expect(withCode.status).toBe(200);
  });

  it('one init data string signs in at most 3 times (its 4th: 401 telegram.used_data, no token); a fresh string works; stale after an hour by default', async () => {
    const user = tgUser();
    const data = initData(user, { start_param: `ref_${DEMO_REFERRAL_CODE}` });
    for (let i = 0; i < 3; i++) expect((await signIn({ init_data: data })).status, `sign-in ${i + 1}`).toBe(200);
    const tokensBefore = (await server.database.db.select({ n: count() }).from(tokens))[0]!.n;
    const fourth = await signIn({ init_data: data });
    expect(fourth.status).toBe(401);
    expect(fourth.refusal?.code).toBe('telegram.used_data');
    expect(fourth.body.message).toBe('This Telegram sign-in has already been used. Please reopen the app from Telegram.');
    expect((await server.database.db.select({ n: count() }).from(tokens))[0]!.n).toBe(tokensBefore);
    // Counted in the database, so another server process over it refuses it too.
    const other = await startTestServer(kind, { clock, env: { TELEGRAM_BOT_TOKEN: BOT }, database: server.database });
    try {
      expect((await other.call('POST', '/api/auth/telegram', { body: { init_data: data } })).refusal?.code).toBe('telegram.used_data');
      // That server keeps the default window: an hour.
      expect((await other.call('POST', '/api/auth/telegram', { body: { init_data: initData(user, { auth_date: nowSeconds() - 3601 }) } })).refusal?.code).toBe('telegram.stale_data');
      expect((await other.call('POST', '/api/auth/telegram', { body: { init_data: initData(user, { auth_date: nowSeconds() - 3500 }) } })).status).toBe(200);
    } finally {
      await other.close();
    }
    clock.advance(1000);
    const fresh = await signIn({ init_data: initData(user) });
    expect(fresh.status).toBe(200);
  });

  it('tampered, foreign-bot, stale, unsigned and garbage data: 401 and nothing written', async () => {
    const before = await counts();
    const good = initData(tgUser(), { start_param: `ref_${DEMO_REFERRAL_CODE}` });
    const tampered = good.replace(/first_name%22%3A%22Aung/, 'first_name%22%3A%22Mallory');
    expect(tampered).not.toBe(good);
    const stale = initData(tgUser(), { start_param: `ref_${DEMO_REFERRAL_CODE}`, auth_date: nowSeconds() - 86_401 });
    const foreign = initData(tgUser(), { start_param: `ref_${DEMO_REFERRAL_CODE}`, token: OTHER_BOT });
    const unsigned = good.replace(/&?hash=[0-9a-f]+/, '');
    for (const init_data of [tampered, stale, foreign, unsigned, 'garbage', '', 'a'.repeat(10_000), 42]) {
      const res = await signIn({ init_data, referral_code: DEMO_REFERRAL_CODE });
      expect(res.status, String(init_data).slice(0, 40)).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await counts()).toEqual(before);
  });

  it('link attaches Telegram to a web player (next launch needs no password); 409 when another player has it; unlink', async () => {
    const web = await registerPlayer(server);
    const user = tgUser();
    const linked = await server.call('POST', '/api/auth/telegram/link', { token: web.token, body: { init_data: initData(user) } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data.user.telegram_linked).toBe(true);
    const viaTelegram = await signIn({ init_data: initData(user) });
    expect(viaTelegram.body.data.user.id).toBe(web.id);

    const other = await registerPlayer(server);
    const taken = await server.call('POST', '/api/auth/telegram/link', { token: other.token, body: { init_data: initData(user) } });
    expect(taken.status).toBe(409);

    const unlinked = await server.call('DELETE', '/api/auth/telegram/link', { token: web.token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.user.telegram_linked).toBe(false);
    const [row] = await server.database.db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, web.id));
    expect(row!.telegramId).toBeNull();
    // Now a new sign-in with that Telegram id needs a referral: it is nobody's.
    expect((await signIn({ init_data: initData(user) })).status).toBe(422);
  });

  it('a Telegram-only player sets a first password and then logs in on the web; unlink is refused before that', async () => {
    const res = await signIn({ init_data: initData(), referral_code: DEMO_REFERRAL_CODE });
    const { token, user } = res.body.data;
    expect((await server.call('DELETE', '/api/auth/telegram/link', { token })).status).toBe(422);
    expect((await login(server, user.user_name, 'anything')).status).toBe(401);
    const set = await server.call('POST', '/api/auth/password', { token, body: { password: 'first-pass-1', password_confirmation: 'first-pass-1' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.user.has_password).toBe(true);
    expect((await login(server, user.user_name, 'first-pass-1')).status).toBe(200);
    const again = await server.call('POST', '/api/auth/password', { token, body: { password: 'other-pass-1', password_confirmation: 'other-pass-1' } });
    expect(again.status).toBe(409);
  });

  it('off without TELEGRAM_BOT_TOKEN', async () => {
    const plain = await startTestServer(kind, { clock, database: server.database });
    try {
      expect((await plain.call('POST', '/api/auth/telegram', { body: { init_data: initData() } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
