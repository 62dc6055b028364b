import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { DESKTOP, loginDemo, snap, startHarness, type Harness } from './support/harness';

/**
 * The lobby journey in Chromium against the real server: slot → a provider → Load More → search →
 * Play → spins on the built-in demo aggregator's page (which calls our seamless wallet over HTTP)
 * → back on the site the game balance and the game log reflect the spins.
 */
describe('lobby journey in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('finds a game, plays it on the demo aggregator, and sees the spins in balance and game log', async () => {
    const { page } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Game balance: 50,000.00 Ks' }).waitFor();

    // Slot → JILI.
    await page.getByRole('navigation', { name: 'Game types' }).getByRole('link', { name: 'Slot', exact: true }).click();
    await page.waitForURL(/\?type=1$/);
    await page.locator('main a[href*="type=1&provider="]').filter({ hasText: 'JILI' }).first().click();
    await page.waitForURL(/\?type=1&provider=\d+$/);

    // 64 JILI slots: pages of 20, Load More only while the last page was full (the hot picks
    // beside the banner are not the provider's list).
    const plays = page.locator('section[aria-labelledby="games-heading"]').getByRole('button', { name: /^Play / });
    const loadMore = page.getByRole('button', { name: 'Load More' });
    await expect.poll(() => plays.count()).toBe(20);
    for (const expected of [40, 60, 64]) {
      await loadMore.click();
      await expect.poll(() => plays.count()).toBe(expected);
    }
    await expect.poll(() => loadMore.count()).toBe(0);

    // Client-side, case-insensitive search.
    const firstName = (await plays.first().getAttribute('aria-label'))!.replace(/^Play /, '');
    await page.getByPlaceholder('Search...').fill(firstName.toUpperCase());
    await expect.poll(async () => (await plays.allTextContents()).length).toBeGreaterThan(0);
    const labels = await plays.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(labels.every((l) => l!.toLowerCase().includes(firstName.toLowerCase()))).toBe(true);
    await snap(page, 'lobby-search-desktop-en');

    // Play: the launch answer's URL opens the demo aggregator's slot page.
    await page.getByRole('button', { name: `Play ${firstName}` }).first().click();
    await page.waitForURL(/\/demo-aggregator\/slot\?t=/);
    expect(page.url()).not.toMatch(/balance|50000/);
    await expect.poll(() => page.locator('#balance').textContent()).toBe('50,000.00 Ks');

    // Three spins of 1,000 Ks, each a signed bet and settle through our seamless callbacks.
    for (let i = 0; i < 3; i++) {
      await page.locator('#spin').click();
      await expect.poll(() => page.locator('#spin').isDisabled()).toBe(false);
      await expect.poll(() => page.locator('#message').getAttribute('class')).toMatch(/win|lose/);
    }
    const slotBalance = await page.locator('#balance').textContent();
    await snap(page, 'lobby-demo-slot');

    // Back on the site: the chip and the server agree with the slot page.
    await page.getByRole('link', { name: /Back to KyatPlay/ }).first().click();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const user = (await h.server.call('GET', '/api/user', { token: token! })).body.data;
    const shown = Number(user.balance).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(slotBalance).toBe(`${shown} Ks`);
    await page.getByRole('link', { name: `Game balance: ${shown} Ks` }).waitFor({ timeout: 7000 });

    // The game log aggregates today's three spins for that game.
    await page.goto('/information?tab=logs&type=game_logs');
    const row = page.locator('tbody tr').filter({ hasText: firstName });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[0]).toBe('3'); // spins
    expect(cells[1]).toMatch(/^3,000\.00/); // turnover
    await snap(page, 'lobby-game-log-desktop-en');
    await page.context().close();
  });
});
