import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { DESKTOP, loginDemo, snap, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
/** Monday 23 November 2026, 10:00 in Yangon: the morning draw is open until 11:55. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';
const DRAW_DATE = '2026-11-23';

/**
 * The 2D journey in Chromium against the real server on a server clock set to an open morning:
 * exchange to main → /2d → draw time → pick with a shortcut → confirm, a line below 100 refused →
 * submit → the slip → the operator enters the result → win/lose on the slip → the winners page.
 */
describe('2D journey in the browser', () => {
  let h: Harness;
  const clock = manualClock(MONDAY_MORNING);
  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
  });
  afterAll(() => h?.close());

  it('bets with a shortcut, is refused a line below 100, and is paid when the result comes', async () => {
    const { page } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Game balance: 50,000.00 Ks' }).waitFor();

    // Exchange game → main (2D is staked from the main wallet).
    await page.goto('/information?tab=profile');
    await page.getByRole('button', { name: /Exchange Balance/ }).last().click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.getByRole('radio', { name: 'Game → Main' }).click();
    await dialog.locator('input[name="amount"]').fill('5000');
    await dialog.getByRole('button', { name: 'Exchange', exact: true }).click();
    await page.getByRole('link', { name: 'Game balance: 45,000.00 Ks' }).waitFor();

    // /2d → Bet → 12:00 PM.
    await page.goto('/2d');
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await page.locator('[role="dialog"] a[href="/2d/bet?time=2"]').click();
    await page.waitForURL(/\/2d\/bet\?time=2$/);

    // Power: 05 16 27 38 49 and their reverses, at the default stake of 100.
    await page.getByRole('button', { name: 'Power', exact: true }).click();
    const betButton = page.getByRole('button', { name: 'Bet (10)' });
    await betButton.waitFor();
    await snap(page, 'two-d-bet-power-desktop-en');
    await betButton.click();
    await page.waitForURL(/\/2d\/confirm$/);

    // A line edited below 100 is refused and not saved; 300 is saved.
    await page.getByRole('button', { name: 'Edit the amount for 38' }).click();
    await page.getByRole('textbox', { name: 'Amount for 38' }).fill('50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[role="alert"]').filter({ hasText: /100/ }).first().waitFor();
    await page.getByRole('textbox', { name: 'Amount for 38' }).fill('300');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Amount for 38' }).count()).toBe(0);
    await page.getByText('1,200.00 Ks').first().waitFor(); // 9 × 100 + 300
    await snap(page, 'two-d-confirm-desktop-en');

    // Submit: 9 × 100 + 300 = 1,200 Ks from the main balance; the morning slip shows it.
    await page.getByRole('button', { name: 'Place bet' }).click();
    await page.waitForURL(/\/morning-bet-slip$/);
    await page.getByText('1,200.00').first().waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect((await h.server.call('GET', '/api/user', { token })).body.data.main_balance).toBe('103800.00');
    expect(await page.evaluate(() => localStorage.getItem('twoDBet'))).toBeNull();

    // After the 12:01 draw the operator enters and confirms the result: 38 wins 80 × 300.
    clock.set('2026-11-23T05:45:00Z'); // 12:15 Yangon
    const res = await h.server.call('POST', '/api/admin/two-d/results', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: { date: DRAW_DATE, session: 'morning', twod: '38', confirm: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect((await h.server.call('GET', '/api/user', { token })).body.data.main_balance).toBe('127800.00');

    await page.reload();
    await page.getByText('Win', { exact: true }).first().waitFor();
    expect(await page.getByText('Lose', { exact: true }).count()).toBeGreaterThanOrEqual(9);
    await snap(page, 'two-d-slip-settled-desktop-en');

    // The winners page lists the player for that draw.
    await page.goto('/2d/daily-winner');
    // The date is picked with day, month and year selects (they read in the player's language).
    const [year, month, day] = DRAW_DATE.split('-').map(Number);
    await page.locator('select[name="year"]').selectOption(String(year));
    await page.locator('select[name="month"]').selectOption(String(month));
    await page.locator('select[name="day"]').selectOption(String(day));
    await page.getByText('1 winner', { exact: true }).first().waitFor(); // latest results, all draws
    await page.getByRole('radio', { name: 'Morning' }).or(page.getByRole('button', { name: 'Morning', exact: true })).first().click();
    await page.getByText('24,000.00').first().waitFor();
    expect(await page.locator('main').innerText()).toMatch(/Demo/);
    await snap(page, 'two-d-winners-desktop-en');
    await page.context().close();
  });

  it('a tap on Bet while the app is still loading opens the draw-time dialog once the app has taken over', async () => {
    const { page } = await h.newPage({ viewport: DESKTOP });
    // A slow connection: every script arrives 1.5 s late, so the tap lands on the server's first screen.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/2d', { waitUntil: 'domcontentloaded' });
    const bet = page.getByRole('button', { name: 'Bet', exact: true });
    await bet.click();
    // The tap was on the server's button: no app, no dialog yet.
    expect(await page.evaluate(() => (window as unknown as { __kpTap?: unknown }).__kpTap)).toEqual({ label: '', text: 'Bet' });
    expect(await page.locator('[role="dialog"]').count()).toBe(0);
    // The app repeats it on its own Bet: the dialog opens with the draw times, once.
    await page.locator('[role="dialog"] a[href="/2d/bet?time=4"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[role="dialog"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __kpTap?: unknown }).__kpTap)).toBeNull();
    await page.context().close();
  });
});
