import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { TELEGRAM_HASH, loginDemo, recordTelegramCalls, startHarness, telegramEvent, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
/** Monday 23 November 2026, 10:00 in Yangon: the morning draw is open until 11:55. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';
/** A 1×1 PNG for the deposit receipt. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Button = { text?: string; is_visible?: boolean; is_active?: boolean; is_progress_visible?: boolean };

/**
 * Inside Telegram the money forms, the auth dialogs and the games use Telegram's own controls: the
 * MainButton carries the primary action (the page's copy is hidden), 2D's Add more is the
 * SecondaryButton, picks buzz, and game screens hold vertical swipes. The web site keeps its buttons.
 */
describe('Telegram native controls on the forms and pickers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, manualClock(MONDAY_MORNING));
  });
  afterAll(() => h?.close());

  /** A phone inside Telegram with the demo player logged in, and what the page posts to Telegram. */
  async function telegramPlayer() {
    const { page, context } = await h.newPage();
    const posted = await recordTelegramCalls(page);
    await page.goto(`/?type=all${TELEGRAM_HASH}`);
    // The SDK keeps the launch parameters (the Bot API version) for reloads once it has run.
    await expect.poll(async () => (await posted()).map((p) => p.event)).toContain('web_app_ready');
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    const last = async (event: string) => (await posted()).filter((p) => p.event === event).at(-1)?.data as Button | undefined;
    return { page, context, posted, main: () => last('web_app_setup_main_button'), secondary: () => last('web_app_setup_secondary_button') };
  }
  const token = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token')))!;
  const balances = async (page: Page) => {
    const user = (await h.server.call('GET', '/api/user', { token: await token(page) })).body.data;
    return { game: user.balance as string, main: user.main_balance as string };
  };

  it('logs in from the MainButton of the login dialog', async () => {
    const { page, context } = await h.newPage();
    const posted = await recordTelegramCalls(page);
    const main = async () => (await posted()).filter((p) => p.event === 'web_app_setup_main_button').at(-1)?.data as Button | undefined;
    await page.goto(`/login${TELEGRAM_HASH}`);
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('input[name="user_name"]').fill(DEMO_USER_NAME);
    await dialog.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await expect.poll(main).toMatchObject({ text: 'Login', is_visible: true, is_active: true });
    expect(await dialog.locator('button[type="submit"]').isVisible()).toBe(false);

    await telegramEvent(page, 'main_button_pressed');
    await page.getByRole('link', { name: /^Game balance: / }).waitFor();
    await expect.poll(main).toMatchObject({ is_visible: false });
    await context.close();
  });

  it('submits a deposit once from the MainButton; the page’s own button is hidden', async () => {
    const { page, context, main } = await telegramPlayer();
    await page.goto('/top-up/bank');
    await page.locator('input[name="refrence_no"]').waitFor();
    const ownButton = page.locator('main form button[type="submit"]');
    expect(await ownButton.count()).toBe(1);
    expect(await ownButton.isVisible()).toBe(false);

    // Pay into WavePay: while the chooser covers the form, the MainButton is inactive.
    await page.getByRole('button', { name: 'Change' }).click();
    await expect.poll(main).toMatchObject({ text: 'Submit deposit', is_active: false });
    await page.locator('[role="dialog"]').getByRole('button', { name: /WavePay/ }).click();
    await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);
    await page.locator('input[name="amount"]').fill('5000');
    await page.locator('input[name="refrence_no"]').fill('482913');
    await page.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: /receipt/i }).waitFor();
    await expect.poll(main).toMatchObject({ text: 'Submit deposit', is_visible: true, is_active: true });

    // Two native presses in a row (an impatient thumb): one request.
    await page.evaluate(() => {
      const webView = (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView;
      webView.receiveEvent('main_button_pressed');
      webView.receiveEvent('main_button_pressed');
    });
    await page.getByText('Deposit sent — waiting for approval').waitFor();
    await page.waitForURL(/tab=logs.*type=deposit/);
    const res = await h.server.call('GET', '/api/admin/deposits?status=pending', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.data).toHaveLength(1);
    expect(res.body.data.data[0]).toMatchObject({ amount: '5000.00', refrence_no: '482913', payment_type: 'WavePay', has_receipt: true });
    await expect.poll(main).toMatchObject({ is_visible: false });
    await context.close();
  });

  it('exchanges once from the MainButton of the exchange dialog', async () => {
    const { page, context, main } = await telegramPlayer();
    const before = await balances(page);
    await page.goto('/information?tab=profile');
    await page.getByRole('button', { name: /Exchange Balance/ }).last().click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('input[name="amount"]').fill('1000');
    await expect.poll(main).toMatchObject({ text: 'Exchange', is_visible: true, is_active: true });
    expect(await dialog.getByRole('button', { name: 'Exchange', exact: true }).isVisible()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);

    await page.evaluate(() => {
      const webView = (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView;
      webView.receiveEvent('main_button_pressed');
      webView.receiveEvent('main_button_pressed');
    });
    await expect.poll(() => dialog.count()).toBe(0);
    const pya = (ks: string) => Math.round(Number(ks) * 100);
    const after = await balances(page);
    expect(pya(after.game) - pya(before.game)).toBe(100_000);
    expect(pya(before.main) - pya(after.main)).toBe(100_000);
    await expect.poll(main).toMatchObject({ is_visible: false });
    await context.close();
  });

  it('2D: a pick buzzes, the grid holds swipes, Add more is the SecondaryButton', async () => {
    const { page, context, posted, main, secondary } = await telegramPlayer();
    const swipes = async () => (await posted()).filter((p) => p.event === 'web_app_setup_swipe_behavior').at(-1)?.data;
    const selectionBuzzes = async () =>
      (await posted()).filter((p) => p.event === 'web_app_trigger_haptic_feedback' && p.data?.type === 'selection_change').length;

    const before = await balances(page);
    await page.goto('/2d/bet?time=2');
    await expect.poll(swipes).toEqual({ allow_vertical_swipe: false });
    const seven = page.getByRole('button', { name: /^07, / });
    await seven.click();
    await expect.poll(selectionBuzzes).toBe(1);
    await seven.click();
    await expect.poll(selectionBuzzes).toBe(2);
    expect(await seven.getAttribute('aria-pressed')).toBe('false');

    // On a phone the quick picks open from their toggle above the grid.
    await page.getByRole('button', { name: 'Quick pick' }).click();
    await page.getByRole('button', { name: 'Power', exact: true }).click();
    await page.getByRole('button', { name: 'Bet (10)' }).click();
    await page.waitForURL(/\/2d\/confirm$/);
    await expect.poll(swipes).toEqual({ allow_vertical_swipe: true });
    await expect.poll(secondary).toMatchObject({ text: 'Add more', is_visible: true, is_active: true });
    await expect.poll(main).toMatchObject({ text: 'Place bet', is_visible: true, is_active: true });
    // Both actions are native: the page's own row is hidden (still in the DOM).
    expect(await page.getByRole('button', { name: 'Add more' }).isVisible()).toBe(false);
    const placeBet = page.locator('button', { hasText: 'Place bet' });
    expect(await placeBet.count()).toBe(1);
    expect(await placeBet.isVisible()).toBe(false);

    await telegramEvent(page, 'secondary_button_pressed');
    await page.waitForURL(/\/2d\/bet\?time=2$/);
    await expect.poll(secondary).toMatchObject({ is_visible: false });
    await expect.poll(main).toMatchObject({ is_visible: false });
    // Back to picking: nothing was bet, the ten numbers are still picked.
    expect(await balances(page)).toEqual(before);
    await expect.poll(() => page.locator('button[aria-pressed="true"]').count()).toBeGreaterThanOrEqual(10);
    await context.close();
  });

  it('Digit Bet: Roll the Dice is the MainButton, a pick buzzes, swipes are held', async () => {
    const { page, context, posted, main } = await telegramPlayer();
    await page.goto('/digitbet');
    await expect.poll(async () => (await posted()).filter((p) => p.event === 'web_app_setup_swipe_behavior').at(-1)?.data).toEqual({ allow_vertical_swipe: false });
    await expect.poll(main).toMatchObject({ text: 'Roll the Dice', is_visible: true, is_active: true });
    expect(await page.getByTestId('roll').isVisible()).toBe(false);

    // With nothing chosen the press does what the page's button does: asks for a bet first.
    await telegramEvent(page, 'main_button_pressed');
    await expect.poll(() => page.getByTestId('digit-status').textContent()).toContain('Please place a bet first!');

    // A pick buzzes and starts the countdown; meanwhile the MainButton rolls at once (Roll now).
    const buzzes = async () => (await posted()).filter((p) => p.event === 'web_app_trigger_haptic_feedback' && p.data?.type === 'selection_change').length;
    await page.getByTestId('digit-3').click();
    await expect.poll(buzzes).toBe(1);
    await expect.poll(main).toMatchObject({ text: 'Roll now', is_active: true });
    await page.getByRole('link', { name: 'Promotions' }).first().click();
    await page.waitForURL(/promotion/i);
    await expect.poll(main).toMatchObject({ is_visible: false });
    await context.close();
  });

  it('on the web site the pages keep their own buttons and nothing talks to Telegram', async () => {
    const { page, context } = await h.newPage();
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/top-up/bank');
    await page.locator('main form button[type="submit"]').waitFor({ state: 'visible' });
    await page.goto('/digitbet');
    await page.getByTestId('roll').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => 'Telegram' in window)).toBe(false);
    await context.close();
  });
});
