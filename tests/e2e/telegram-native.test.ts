import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { GAME_FRAME_SANDBOX } from '../../server/routes/game-frame';
import { loginDemo, recordTelegramCalls, shownKs, startHarness, type Harness, type TelegramPosted } from './support/harness';

/**
 * Issue 12, item 7 (part B): inside the Telegram Mini App the site uses Telegram's own ways out and
 * stays in one webview. Outside links go through openLink / openTelegramLink; a game's HTML shows
 * in a sandboxed iframe over the lobby instead of a pop-up; Shan takes the same webview; Telegram's
 * Settings item opens the profile; Telegram's header, background and bottom bar take our colours.
 * Nothing here opens a second page. (The web journeys, pop-ups included, are lobby/security/shan.)
 */

const TELEGRAM = '#tgWebAppData=query_id%3DAA&tgWebAppVersion=8.0&tgWebAppPlatform=android';

/** Telegram's native side telling the page something (a button press, a new theme). */
const telegramEvent = (page: Page, event: string, data?: unknown) =>
  page.evaluate(
    ([e, d]) => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d?: unknown): void } } }).Telegram.WebView.receiveEvent(e as string, d),
    [event, data] as const,
  );

/** The last thing of one kind the page posted to Telegram. */
const lastOf = (posted: () => Promise<TelegramPosted[]>, event: string) => async () => (await posted()).filter((p) => p.event === event).at(-1)?.data;

describe('inside Telegram: native links, games in the same view, settings, colours', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  /**
   * A phone inside Telegram: what the page posts to Telegram, and every page the context opens
   * besides. `login`: the demo player logs in on the web first (the session carries over).
   */
  async function telegramPhone(path = '/?type=all', { params = '', login = false } = {}) {
    const { page, context } = await h.newPage();
    const posted = await recordTelegramCalls(page);
    const opened: Page[] = [];
    context.on('page', (p) => opened.push(p));
    if (login) {
      await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
      // A fresh load below, not a same-page hash change: Telegram's launch is read at boot.
      await page.goto('about:blank');
    }
    await page.goto(`${path}${TELEGRAM}${params}`);
    await expect.poll(async () => (await posted()).map((p) => p.event)).toContain('web_app_ready');
    return { page, context, posted, opened };
  }

  /** Support channels as an operator might set them up: a t.me chat, the telegram.me spelling, a web page, an app link. */
  async function withChannels(context: BrowserContext) {
    await context.route('**/api/contact', async (route) => {
      const body = await (await route.fetch()).json();
      body.data.push(
        { id: 91, name: 'facebook', value: 'https://www.facebook.com/kyatplay', link: 'https://www.facebook.com/kyatplay', image: null, img_url: null },
        { id: 92, name: 'agents', value: 'https://telegram.me/kyatplay_agents?start=hi', link: 'https://telegram.me/kyatplay_agents?start=hi', image: null, img_url: null },
      );
      await route.fulfill({ json: body });
    });
  }

  it('contact channels and the app download open through Telegram, never as a new page', async () => {
    const { page, context, posted, opened } = await telegramPhone('/contact');
    await withChannels(context);
    await page.reload();
    await page.locator('main a[href^="https://telegram.me/"]').waitFor();
    const events = async () => (await posted()).filter((p) => p.event === 'web_app_open_tg_link' || p.event === 'web_app_open_link');

    await page.locator('main a[href="https://t.me/kyatplay_support"]').click();
    await expect.poll(events).toEqual([{ event: 'web_app_open_tg_link', data: { path_full: '/kyatplay_support' } }]);
    // The old spelling of a Telegram link is still a Telegram link.
    await page.locator('main a[href^="https://telegram.me/"]').click();
    await expect.poll(async () => (await events()).at(-1)).toEqual({ event: 'web_app_open_tg_link', data: { path_full: '/kyatplay_agents?start=hi' } });
    await page.locator('main a[href="https://www.facebook.com/kyatplay"]').click();
    await expect.poll(async () => (await events()).at(-1)).toEqual({ event: 'web_app_open_link', data: { url: 'https://www.facebook.com/kyatplay' } });

    // The download: to the phone's browser, as a full address.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Download App' }).click();
    await expect.poll(async () => (await events()).at(-1)).toEqual({ event: 'web_app_open_link', data: { url: `${h.server.url}/download/kyatplay.apk` } });

    // Viber and a phone number are not web addresses: the anchors keep them (no Telegram call).
    expect(await page.locator('main a[href^="viber:"], main a[href^="tel:"]').count()).toBe(2);
    expect((await events()).length).toBe(4);
    await page.waitForTimeout(300);
    expect(opened).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/contact');
    await context.close();
  });

  it('on the web the same channel card is still a plain new-tab link', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/contact');
    const card = page.locator('main a[href="https://t.me/kyatplay_support"]');
    expect(await card.getAttribute('target')).toBe('_blank');
    expect(await card.getAttribute('rel')).toContain('noopener');
    // The click is left to the browser: a new tab opens (it cannot load here: no outside network).
    await context.route('https://t.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>t.me</title>' }));
    const popup = context.waitForEvent('page');
    await card.click();
    expect((await popup).url()).toBe('https://t.me/kyatplay_support');
    expect(await page.evaluate(() => 'Telegram' in window)).toBe(false);
    await context.close();
  });

  it('a game`s HTML plays in a sandboxed frame over the lobby: the demo slot spins, the site`s storage stays out of reach', async () => {
    const { page, context, posted, opened } = await telegramPhone('/?type=all', { login: true });
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    // The aggregator answers with HTML (as real ones may) that takes the frame to the demo slot.
    await page.route('**/api/seamless/launch-game', async (route) => {
      const answer = await (await route.fetch()).json();
      const slot = new URL(answer.url, h.server.url).href;
      // Its script first tries the site's storage and its own, and carries what it got to the slot's URL.
      const html = `<!doctype html><title>Aggregator</title><p>Starting…</p><script>
        function read(f) { try { return 'read:' + String(f()); } catch (e) { return 'blocked:' + e.name; } }
        var probe = { origin: self.origin, own: read(function () { return localStorage.getItem('token'); }),
          site: read(function () { return window.parent.localStorage.getItem('token'); }),
          siteDocument: read(function () { return window.parent.document.title; }) };
        location.replace(${JSON.stringify(slot)} + '&probe=' + encodeURIComponent(JSON.stringify(probe)));
      </script>`;
      await route.fulfill({ json: { code: 200, message: 'Game launched', content: html } });
    });
    await page.goto('/?type=1');
    await page.locator('main a[href*="type=1&provider="]').first().click();
    await page.waitForURL(/\?type=1&provider=\d+$/);
    const lobby = page.url();
    const play = page.getByRole('button', { name: /^Play / }).first();
    const back = lastOf(posted, 'web_app_setup_back_button');
    await expect.poll(back).toEqual({ is_visible: false });

    await play.click();
    const overlay = page.getByRole('dialog', { name: 'Game' });
    await overlay.waitFor();
    const iframe = page.getByTestId('game-frame');
    expect(await iframe.getAttribute('src')).toBe('/game-frame');
    // The game frame's tokens plus allow-same-origin (the game keeps its own origin), never top navigation.
    expect((await iframe.getAttribute('sandbox'))!.split(/\s+/).sort()).toEqual([...GAME_FRAME_SANDBOX.split(' '), 'allow-same-origin'].sort());
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect.poll(() => game.locator('#balance').textContent(), { timeout: 15_000 }).toBe('50,000.00 Ks');
    // Telegram's BackButton is up over the lobby while the game is open.
    await expect.poll(back).toEqual({ is_visible: true });

    await game.locator('#spin').click();
    await expect.poll(() => game.locator('#message').getAttribute('class')).toMatch(/win|lose/);
    const slotBalance = (await game.locator('#balance').textContent())!;
    expect(slotBalance).not.toBe('50,000.00 Ks');
    const user = (await h.server.call('GET', '/api/user', { token })).body.data;
    expect(slotBalance).toBe(`${shownKs(BigInt(Math.round(Number(user.balance) * 100)))} Ks`);

    // The launch HTML ran with an opaque origin: neither its storage nor the site's was readable.
    const slotFrame = page.frames().find((f) => f.url().includes('/demo-aggregator/slot'))!;
    const probe = JSON.parse(new URL(slotFrame.url()).searchParams.get('probe')!);
    expect(probe).toEqual({ origin: 'null', own: 'blocked:SecurityError', site: 'blocked:SecurityError', siteDocument: 'blocked:SecurityError' });
    expect(JSON.stringify(probe)).not.toContain(token);

    // Telegram's BackButton closes the game; the lobby is where it was, the balance follows.
    await telegramEvent(page, 'back_button_pressed');
    await overlay.waitFor({ state: 'detached' });
    expect(page.url()).toBe(lobby);
    await expect.poll(back).toEqual({ is_visible: false });
    await page.getByRole('link', { name: `Game balance: ${slotBalance}` }).waitFor({ timeout: 5000 });

    // The game's own way back, and the frame's close control, close it too.
    await play.click();
    await expect.poll(() => game.locator('#balance').textContent(), { timeout: 15_000 }).toBe(slotBalance);
    await game.getByRole('link', { name: /Back to KyatPlay/ }).click();
    await overlay.waitFor({ state: 'detached' });
    expect(page.url()).toBe(lobby);
    await play.click();
    await overlay.getByRole('button', { name: 'Back to games' }).click();
    await overlay.waitFor({ state: 'detached' });
    expect(page.url()).toBe(lobby);

    expect(opened).toEqual([]);
    await context.close();
  });

  it('Shan takes the same webview: no tab is reserved or opened', async () => {
    const { page, context, opened } = await telegramPhone('/?type=all', { login: true });
    await page.goto('/shan');
    const balance = page.getByTestId('shan-balance');
    await expect.poll(() => balance.textContent()).toMatch(/\d+,\d{3}\.\d\d/);
    const shown = /\d[\d,]*\.\d\d/.exec((await balance.textContent())!)![0];
    await page.getByTestId('shan-launch').click();
    await page.waitForURL(/\/demo-shan\/play\?session=/);
    expect(page.url()).not.toMatch(/balance|member|Pi\d{8}/i);
    expect(page.url()).not.toContain(shown.replace(/,/g, '').split('.')[0]);
    await expect.poll(() => page.locator('#balance').textContent()).toContain(shown);
    expect(opened).toEqual([]);
    // Its way back returns to the site, still as the Mini App.
    await page.getByRole('link', { name: /Back to KyatPlay/ }).first().click();
    await page.getByRole('link', { name: /^Game balance: / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.telegram)).toBe('android');
    await context.close();
  });

  it('Telegram`s Settings item is shown and opens the profile, with the language chooser', async () => {
    const { page, context, posted } = await telegramPhone('/?type=all', { login: true });
    await expect.poll(lastOf(posted, 'web_app_setup_settings_button')).toEqual({ is_visible: true });
    await telegramEvent(page, 'settings_button_pressed');
    await page.waitForURL((u) => u.pathname === '/information' && u.searchParams.get('tab') === 'profile');
    await page.getByRole('heading', { name: 'Profile' }).first().waitFor();
    const languages = page.getByRole('group', { name: 'Language' });
    await languages.getByRole('button', { name: 'မြန်မာ' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('my');
    await context.close();
  });

  it('Telegram`s header, background and bottom bar take our colours, and follow a theme change', async () => {
    const theme = encodeURIComponent(JSON.stringify({ bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#111111', hint_color: '#999999' }));
    const { page, context, posted } = await telegramPhone('/?type=all', { params: `&tgWebAppThemeParams=${theme}` });
    const header = lastOf(posted, 'web_app_set_header_color');
    const background = lastOf(posted, 'web_app_set_background_color');
    const bottomBar = lastOf(posted, 'web_app_set_bottom_bar_color');
    await expect.poll(header).toEqual({ color: '#ffffff' });
    await expect.poll(background).toEqual({ color: '#ffffff' });
    await expect.poll(bottomBar).toEqual({ color: '#f1f1f4' });

    await telegramEvent(page, 'theme_changed', { theme_params: { bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#f5f5f5', hint_color: '#708499' } });
    await expect.poll(header).toEqual({ color: '#17212b' });
    await expect.poll(background).toEqual({ color: '#17212b' });
    await expect.poll(bottomBar).toEqual({ color: '#232e3c' });
    await context.close();

    // Without theme params: our own dark tokens.
    const plain = await telegramPhone();
    const css = await plain.page.evaluate(() => {
      const s = getComputedStyle(document.documentElement);
      return { bg: s.getPropertyValue('--kp-bg').trim(), surface: s.getPropertyValue('--kp-surface').trim() };
    });
    await expect.poll(lastOf(plain.posted, 'web_app_set_header_color')).toEqual({ color: css.bg });
    await expect.poll(lastOf(plain.posted, 'web_app_set_background_color')).toEqual({ color: css.bg });
    await expect.poll(lastOf(plain.posted, 'web_app_set_bottom_bar_color')).toEqual({ color: css.surface });
    await plain.context.close();
  });

  it('the bars keep clear of Telegram`s safe areas', async () => {
    const { page, context } = await telegramPhone('/?type=all', { login: true });
    await page.getByRole('navigation', { name: 'Quick navigation' }).waitFor();
    await page.evaluate(() => {
      const root = document.documentElement.style;
      root.setProperty('--tg-safe-area-inset-top', '20px');
      root.setProperty('--tg-content-safe-area-inset-top', '40px');
      root.setProperty('--tg-safe-area-inset-bottom', '30px');
      root.setProperty('--tg-safe-area-inset-left', '12px');
      root.setProperty('--tg-safe-area-inset-right', '14px');
    });
    const header = await page.locator('header').first().evaluate((el) => getComputedStyle(el).paddingTop);
    expect(header).toBe('60px');
    const bar = await page.getByRole('navigation', { name: 'Quick navigation' }).evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.paddingBottom, s.paddingLeft, s.paddingRight];
    });
    expect(bar).toEqual(['30px', '12px', '14px']);
    await context.close();
  });
});
