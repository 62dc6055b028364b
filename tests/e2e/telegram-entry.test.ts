import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, DEMO_USER_NAME } from '../../server/db/seed';
import { signInitData } from '../server/telegram-helpers';
import { DIST, recordTelegramCalls, shownKs, startHarness, type Harness } from './support/harness';

const BOT_TOKEN = '7000000001:AAE-e2e-bot-token-for-the-harness-only';

/**
 * Telegram as the front door (issue 12): a Mini App launch signs in with Telegram's init data,
 * without a password, and lands where the launch link points.
 */
describe('Telegram entry: silent sign-in and launch links', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET: 'e2e-webhook-secret' });
  });
  afterAll(() => h?.close());

  /** The URL Telegram opens for a launch: our page with the launch parameters in the hash. */
  function launchUrl(user: Record<string, unknown>, startParam?: string, path = '/') {
    const initData = signInitData(BOT_TOKEN, { user, auth_date: Math.floor(Date.now() / 1000), start_param: startParam });
    const hash = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android', ...(startParam ? { tgWebAppStartParam: startParam } : {}) });
    return { url: `${path}#${hash}`, initData };
  }

  const chip = (page: import('playwright-core').Page) => page.getByRole('link', { name: /^Game balance: / });

  it('a new Telegram player from a ref_<CODE>__2d link is signed in without a password and lands on /2d', async () => {
    const { page, context } = await h.newPage();
    await recordTelegramCalls(page);
    const user = { id: 5550001, first_name: 'Ko', last_name: 'Zaw', username: 'kozaw', language_code: 'en' };
    await page.goto(launchUrl(user, `ref_${DEMO_REFERRAL_CODE}__2d`).url);
    await page.waitForURL((u) => u.pathname === '/2d');
    // On the 2D pages the chip is the main wallet's (2D is paid from it).
    await page.getByRole('link', { name: /^Main balance: / }).waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);

    // A real player under the demo agent, signed in with a real token.
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const me = await h.server.call('GET', '/api/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ name: 'Ko Zaw', telegram_linked: true, has_password: false });
    await context.close();
  });

  it('a linked web player opens the Mini App and sees their balance, no password asked', async () => {
    const login = await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } });
    const webToken = login.body.data.token as string;
    const tgUser = { id: 5550002, first_name: 'Demo', language_code: 'en' };
    const { url, initData } = launchUrl(tgUser);
    expect((await h.server.call('POST', '/api/auth/telegram/link', { token: webToken, body: { init_data: initData } })).status).toBe(200);
    const balance = (await h.server.call('GET', '/api/user', { token: webToken })).body.data.balance as string;

    const { page, context } = await h.newPage();
    await recordTelegramCalls(page);
    await page.goto(url);
    await chip(page).waitFor();
    expect(await chip(page).getAttribute('aria-label') ?? await chip(page).textContent()).toContain(shownKs(BigInt(Math.round(Number(balance) * 100))));
    expect(await page.locator('[role="dialog"]').count()).toBe(0);
    // The app keeps the session once it has taken over (the chip above is the page's early one).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect((await h.server.call('GET', '/api/user', { token })).body.data.user_name).toBe(DEMO_USER_NAME);
    await context.close();
  });

  it('a new Telegram player without a referral gives only the code (MainButton), in their Telegram language', async () => {
    const { page, context } = await h.newPage();
    const posted = await recordTelegramCalls(page);
    const user = { id: 5550003, first_name: 'မောင်', language_code: 'my' };
    await page.goto(launchUrl(user).url);
    // Burmese from language_code, not stored as a choice.
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('my');
    expect(await page.evaluate(() => localStorage.getItem('lan'))).toBeNull();
    // Only the referral code: no name, phone or password fields.
    expect(await dialog.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name))).toEqual(['referral_code']);

    // A wrong code: the server's refusal under the field, nothing created.
    await dialog.locator('input[name="referral_code"]').fill('NOPE1');
    await page.evaluate(() => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent('main_button_pressed'));
    await dialog.locator('.field-error').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await dialog.locator('input[name="referral_code"]').fill(DEMO_REFERRAL_CODE);
    const main = async () => (await posted()).filter((p) => p.event === 'web_app_setup_main_button').at(-1)?.data;
    await expect.poll(main).toMatchObject({ is_visible: true });
    await page.evaluate(() => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent('main_button_pressed'));
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await expect.poll(main).toMatchObject({ is_visible: false });
    await context.close();
  });

  it('an existing player links Telegram by logging in once; the next launch needs nothing', async () => {
    const { page, context } = await h.newPage();
    await recordTelegramCalls(page);
    const tgUser = { id: 5550004, first_name: 'Returning', language_code: 'en' };
    const other = await h.server.call('POST', '/api/register', {
      body: { name: 'Web Only', phone: '09791234567', password: 'secret123', password_confirmation: 'secret123', referral_code: DEMO_REFERRAL_CODE },
    });
    expect(other.status).toBe(200);
    const userName = other.body.data.user.user_name as string;

    await page.goto(launchUrl(tgUser).url);
    const dialog = page.locator('[role="dialog"]');
    await dialog.getByRole('button', { name: 'I already have an account' }).click();
    await dialog.locator('input[name="user_name"]').fill(userName);
    await dialog.locator('input[name="password"]').fill('secret123');
    await dialog.locator('input[name="password"]').press('Enter');
    await chip(page).waitFor();
    await expect.poll(async () => (await h.server.call('GET', '/api/user', { token: (await page.evaluate(() => localStorage.getItem('token')))! })).body.data.telegram_linked).toBe(true);
    await context.close();

    // A fresh webview (no saved session): signed in as that player by Telegram alone.
    const next = await h.newPage();
    await recordTelegramCalls(next.page);
    await next.page.goto(launchUrl(tgUser).url);
    await chip(next.page).waitFor();
    // The balance shows from the page's early sign-in (decision 0040) before the app stores the session.
    await expect.poll(() => next.page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 }).not.toBeNull();
    const token = (await next.page.evaluate(() => localStorage.getItem('token')))!;
    expect((await h.server.call('GET', '/api/user', { token })).body.data.user_name).toBe(userName);
    await next.context.close();
  });

  it('a page for players opened by a launch waits for the sign-in instead of asking for a login', async () => {
    const { page, context } = await h.newPage();
    await recordTelegramCalls(page);
    const user = { id: 5550005, first_name: 'Deep', language_code: 'en' };
    const dialogs: number[] = [];
    await page.exposeFunction('__dialogSeen', () => dialogs.push(1));
    // The status is noted the moment it is on screen (a DOM observer, not a poll: it may show only
    // briefly, and the page's load event, which `goto` waits for, may come after the sign-in).
    let statusSeen = () => {};
    const statusShown = new Promise<boolean>((resolve) => {
      statusSeen = () => resolve(true);
      setTimeout(() => resolve(false), 60_000);
    });
    await page.exposeFunction('__statusSeen', () => statusSeen());
    await page.addInitScript(() => {
      const w = window as unknown as { __dialogSeen(): void; __statusSeen(): void };
      new MutationObserver(() => {
        if (document.querySelector('[role="dialog"] input[name="password"]')) w.__dialogSeen();
        for (const el of document.querySelectorAll('[role="status"]')) {
          if (el.textContent?.includes('Signing you in with Telegram') && el.checkVisibility()) w.__statusSeen();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // A slow network: the sign-in answers only once the app's page is up (the page's first script
    // sends it at once, decision 0040; the page meanwhile says it is signing in, never asks for a login).
    // Held until the status shows, however long the app takes to start on a loaded machine (an
    // answer let through earlier would sign the player in before the app could say so).
    await page.route('**/api/auth/telegram', async (route) => {
      await statusShown;
      await route.continue();
    });
    // Opened straight on a player's page (a menu button or a bookmark inside Telegram).
    await page.goto(launchUrl(user, `ref_${DEMO_REFERRAL_CODE}`, '/wallet').url);
    expect(await statusShown).toBe(true);
    await chip(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/wallet');
    expect(dialogs).toEqual([]);
    // And a launch link's page: lands there once signed in.
    const next = await h.newPage();
    await recordTelegramCalls(next.page);
    await next.page.goto(launchUrl({ ...user, id: 5550006 }, `ref_${DEMO_REFERRAL_CODE}__deposit`).url);
    await next.page.waitForURL((u) => u.pathname === '/top-up/bank');
    await chip(next.page).waitFor();
    await next.context.close();
    await context.close();
  });

  it('a Telegram-only player sets a first password in the profile, then logs in on the web; unlinks after', async () => {
    const { page, context } = await h.newPage();
    await recordTelegramCalls(page);
    await page.goto(launchUrl({ id: 5550007, first_name: 'Only', language_code: 'en' }, `ref_${DEMO_REFERRAL_CODE}`).url);
    await chip(page).waitFor();
    // The chip may still be the page's early one: the app, which reads the launch, has taken over
    // once it has kept the session (then the launch's address can change).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 }).not.toBeNull();
    await page.evaluate(() => {
      history.pushState(null, '', '/information?tab=profile');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Telegram' }) });
    await card.getByText('Linked', { exact: true }).waitFor();
    // No password yet: unlinking would lock the player out, so it waits for one.
    expect(await card.getByRole('button', { name: 'Unlink Telegram' }).isDisabled()).toBe(true);

    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Set a password' }) });
    expect(await form.locator('input[name="current_password"]').count()).toBe(0);
    await form.locator('input[name="password"]').fill('newpass77');
    await form.locator('input[name="password_confirmation"]').fill('newpass77');
    await form.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const me = (await h.server.call('GET', '/api/user', { token })).body.data;
    expect(me.has_password).toBe(true);

    // The web site now works with the user name and that password.
    const web = await h.server.call('POST', '/api/login', { body: { user_name: me.user_name, password: 'newpass77' } });
    expect(web.status).toBe(200);

    // And unlinking is allowed now.
    await card.getByRole('button', { name: 'Unlink Telegram' }).click();
    await card.getByText('Not linked').waitFor();
    expect((await h.server.call('GET', '/api/user', { token })).body.data.telegram_linked).toBe(false);
    // Inside Telegram, the card offers to link it again.
    await card.getByRole('button', { name: 'Link this Telegram account' }).click();
    await card.getByText('Linked', { exact: true }).waitFor();
    expect((await h.server.call('GET', '/api/user', { token })).body.data.telegram_linked).toBe(true);
    await context.close();
  });

  it('the production build holds none of the development mock Telegram', () => {
    const dir = join(DIST, 'assets');
    const js = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(js.length).toBeGreaterThan(0);
    for (const code of js) {
      expect(code).not.toContain('KYATPLAY-DEV-MOCK');
      expect(code).not.toContain('tgMock');
    }
  });
});
