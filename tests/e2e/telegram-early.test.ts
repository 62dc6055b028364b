import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, DEMO_USER_NAME } from '../../server/db/seed';
import { signInitData } from '../server/telegram-helpers';
import { recordTelegramCalls, shownKs, startHarness, type Harness } from './support/harness';

const BOT_TOKEN = '7000000001:AAE-e2e-bot-token-for-the-harness-only';

/**
 * A Telegram launch signs in before the app has loaded (issue 30, decision 0040): the page's first
 * script posts the init data and puts the balance into the server's top bar; the app then uses
 * that same answer (one sign-in request in all). A direct link's start page (`?tgWebAppStartParam=`)
 * comes from the server as that page.
 */
describe('Telegram launch: the early sign-in', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
  });
  afterAll(() => h?.close());

  const launch = (user: Record<string, unknown>, queryId: string, startParam?: string) => {
    const initData = signInitData(BOT_TOKEN, { user, auth_date: Math.floor(Date.now() / 1000), query_id: queryId, start_param: startParam });
    const hash = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android' });
    return { initData, url: `/${startParam ? `?tgWebAppStartParam=${startParam}` : ''}#${hash}` };
  };

  it('a linked player: the balance is in the top bar with every script refused, and the app signs in with that one request', async () => {
    const login = await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } });
    const tgUser = { id: 5553001, first_name: 'Demo', language_code: 'en' };
    const link = launch(tgUser, 'AAE-early-link');
    expect((await h.server.call('POST', '/api/auth/telegram/link', { token: login.body.data.token, body: { init_data: link.initData } })).status).toBe(200);
    const balance = shownKs(BigInt(Math.round(Number(login.body.data.user.balance) * 100)));
    const chip = `${en.wallet.gameBalance}: ${balance} ${en.common.currency}`;

    // No app at all: the page's own first script signs in and fills in the server's top bar.
    const still = await h.newPage();
    await still.page.route('**/*.js', (route) => route.abort());
    await still.page.goto(launch(tgUser, 'AAE-early-1').url);
    await still.page.getByRole('link', { name: chip }).waitFor();
    expect(await still.page.locator('header button').count()).toBeGreaterThan(0);
    await still.context.close();

    // With the app: one sign-in request, the same chip in the same place once the app has taken over.
    const { page, context } = await h.newPage();
    await recordTelegramCalls(page);
    const errors: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
    const signIns: string[] = [];
    page.on('request', (r) => (r.url().endsWith('/api/auth/telegram') ? signIns.push(r.method()) : undefined));
    // The app's scripts wait until the early chip is measured (else the app may take over in between).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(launch(tgUser, 'AAE-early-2').url, { waitUntil: 'commit' });
    await page.getByRole('link', { name: chip }).waitFor();
    const early = await page.getByRole('link', { name: chip }).boundingBox();
    release();
    await expect.poll(() => page.locator('[data-kp-early]').count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('link', { name: chip }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-kp-early]').count()).toBe(0);
    expect(await page.getByRole('link', { name: chip }).boundingBox()).toEqual(early);
    expect(signIns).toEqual(['POST']);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a returning player with a stored session: the balance shows before the app runs, and the app reads the player once', async () => {
    const login = await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } });
    const balance = shownKs(BigInt(Math.round(Number(login.body.data.user.balance) * 100)));
    const chip = `${en.wallet.gameBalance}: ${balance} ${en.common.currency}`;
    const { page, context } = await h.newPage();
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('userProfile', JSON.stringify(s.user));
    }, login.body.data);
    await recordTelegramCalls(page);
    const errors: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
    const reads: Array<string | undefined> = [];
    const signIns: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/user') reads.push(r.headers().authorization);
      if (path.startsWith('/api/auth/telegram')) signIns.push(r.method());
    });
    // The app's scripts wait until the balance is on the screen: it can only be the page's own script's.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let scriptsAsked = 0;
    await page.route('**/*.js', async (route) => {
      scriptsAsked++;
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(launch({ id: 5553003, first_name: 'Mya', language_code: 'en' }, 'AAE-early-back').url, { waitUntil: 'commit' });
    await page.getByRole('link', { name: chip }).waitFor();
    // The app is asked for after the first paint, which may come before or after this answer; either
    // way its scripts are held, so the chip on screen is the page's own.
    await expect.poll(() => scriptsAsked).toBeGreaterThan(0);
    expect(await page.locator('[data-kp-early]').count()).toBe(1);
    expect(await page.getByRole('button', { name: en.nav.openMenu }).count()).toBe(1);
    const early = await page.getByRole('link', { name: chip }).boundingBox();
    expect(reads).toEqual([`Bearer ${login.body.data.token}`]);

    release();
    // The app's own top bar: the early one is gone, the app's chip is in its place.
    await expect.poll(() => page.locator('[data-kp-early]').count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('link', { name: chip }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: chip }).boundingBox()).toEqual(early);
    // One read of the player in all (the app's balance took the early answer; its next poll is 5 s on), no sign-in.
    expect(reads).toEqual([`Bearer ${login.body.data.token}`]);
    expect(signIns).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new player from ref_<CODE>__2d: the 2D page from the server at once, with the main balance, before any script', async () => {
    const { page, context } = await h.newPage();
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(launch({ id: 5553002, first_name: 'Ko', language_code: 'en' }, 'AAE-early-new', `ref_${DEMO_REFERRAL_CODE}__2d`).url);
    await page.getByRole('link', { name: new RegExp(`^${en.wallet.mainBalance}: 0\\.00 `) }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/2d');
    expect(await page.locator('#live-title').count()).toBe(1);
    await context.close();
  });
});
