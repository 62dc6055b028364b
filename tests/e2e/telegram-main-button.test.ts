import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { loginDemo, recordTelegramCalls, startHarness, type Harness } from './support/harness';

/** Monday 23 November 2026, 10:00 in Yangon: the morning draw is open until 11:55. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';

/**
 * Inside Telegram the 2D confirm page's Place bet is also Telegram's MainButton: shown with the
 * page, pressed natively, busy while the bet is in flight, hidden when the page goes.
 */
describe('Telegram MainButton on the 2D confirm page', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, manualClock(MONDAY_MORNING));
  });
  afterAll(() => h?.close());

  it('places the bet from the MainButton and hides it afterwards', async () => {
    const { page } = await h.newPage();
    const posted = await recordTelegramCalls(page);
    const mainButton = async () =>
      (await posted()).filter((p) => p.event === 'web_app_setup_main_button').at(-1)?.data;

    await page.goto('/?type=all#tgWebAppData=query_id%3DAA&tgWebAppVersion=8.0&tgWebAppPlatform=android');
    // The launch page's app has started (after the first paint, decision 0040) and Telegram's SDK has
    // kept the launch for the pages that follow, before the test navigates on.
    await page.waitForFunction(() => sessionStorage.getItem('__telegram__initParams') !== null);
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/2d/bet?time=2');
    // On a phone the quick picks open from their toggle above the grid.
    await page.getByRole('button', { name: 'Quick pick' }).click();
    await page.getByRole('button', { name: 'Power', exact: true }).click();
    await page.getByRole('button', { name: 'Bet (10)' }).click();
    await page.waitForURL(/\/2d\/confirm$/);
    await expect.poll(mainButton).toMatchObject({ text: 'Place bet', is_visible: true, is_active: true });

    // Telegram reports the native press; the bet goes out once: 10 × 100 Ks from the main wallet.
    await page.evaluate(() => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent('main_button_pressed'));
    await page.waitForURL(/\/morning-bet-slip$/);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect((await h.server.call('GET', '/api/user', { token })).body.data.main_balance).toBe('99000.00');
    await expect.poll(mainButton).toMatchObject({ is_visible: false });
  });
});
