import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { loginDemo, recordTelegramCalls, startHarness, type Harness } from './support/harness';

describe('Telegram Mini App from the same build', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('outside Telegram loads none of the Telegram code', async () => {
    const { page, context } = await h.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await page.waitForURL(/\?type=all$/);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /setup-|telegram/i.test(u))).toEqual([]);
    expect(await page.evaluate(() => 'Telegram' in window)).toBe(false);
    await context.close();
  });

  it('inside Telegram: ready, expand, theme params as CSS variables, BackButton bound to history', async () => {
    const { page, context } = await h.newPage();
    const posted = await recordTelegramCalls(page);
    const theme = encodeURIComponent(JSON.stringify({ bg_color: '#ffffff', text_color: '#111111', button_color: '#2481cc', button_text_color: '#ffffff', hint_color: '#999999' }));
    await page.goto(`/?type=all#tgWebAppData=query_id%3DAA&tgWebAppVersion=8.0&tgWebAppPlatform=android&tgWebAppThemeParams=${theme}`);
    await expect.poll(async () => (await posted()).map((p) => p.event)).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand']));

    // Theme params drive our tokens.
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--kp-bg').trim());
    expect(bg.toLowerCase()).toBe('#ffffff');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');

    // BackButton: hidden at home, shown on another page, a press goes back.
    const backVisible = async () => {
      const setups = (await posted()).filter((p) => p.event === 'web_app_setup_back_button');
      return (setups.at(-1)?.data as { is_visible?: boolean } | undefined)?.is_visible;
    };
    expect(await backVisible()).toBe(false);
    await page.evaluate(() => {
      history.pushState(null, '', '/login');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('[role="dialog"]').waitFor();
    await expect.poll(backVisible).toBe(true);
    await page.evaluate(() => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d?: unknown): void } } }).Telegram.WebView.receiveEvent('back_button_pressed'));
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(backVisible).toBe(false);
    await context.close();
  });

  it('inside Telegram: the reels hold vertical swipes; a Digit Bet roll asks before closing and buzzes', async () => {
    const { page, context } = await h.newPage();
    await context.addInitScript(() => sessionStorage.setItem('kp:test:digitCountdownSeconds', '0'));
    const posted = await recordTelegramCalls(page);
    const last = async (event: string) => (await posted()).filter((p) => p.event === event).at(-1)?.data as Record<string, unknown> | undefined;
    await page.goto('/?type=all#tgWebAppData=query_id%3DAA&tgWebAppVersion=8.0&tgWebAppPlatform=android');
    await expect.poll(async () => (await posted()).map((p) => p.event)).toContain('web_app_ready');

    // Swiping down on the reels must scroll them, not close the Mini App.
    const go = (path: string) =>
      page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await go('/reels');
    await expect.poll(() => last('web_app_setup_swipe_behavior'), { timeout: 10_000 }).toEqual({ allow_vertical_swipe: false });
    await go('/promotion');
    await expect.poll(() => last('web_app_setup_swipe_behavior'), { timeout: 10_000 }).toEqual({ allow_vertical_swipe: true });

    // A roll: closing asks for confirmation while it is in flight, then a notification buzz.
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/digitbet');
    await page.getByTestId('side-small').click();
    await expect.poll(() => page.getByTestId('digit-status').textContent(), { timeout: 10_000 }).toMatch(/You (Won|Lost)!/);
    const events = await posted();
    const closing = events.filter((p) => p.event === 'web_app_setup_closing_behavior').map((p) => (p.data as { need_confirmation: boolean }).need_confirmation);
    expect(closing).toEqual([true, false]);
    const buzz = events.filter((p) => p.event === 'web_app_trigger_haptic_feedback').at(-1)?.data as { type: string; notification_type: string };
    const won = /You Won!/.test((await page.getByTestId('digit-status').textContent())!);
    expect(buzz).toEqual({ type: 'notification', notification_type: won ? 'success' : 'error' });
    await context.close();
  });
});
