import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { DESKTOP, PHONE, loginDemo, snap, startHarness, type Harness } from './support/harness';

/** Monday 23 November 2026, 10:00 in Yangon: the morning draw takes bets until 11:55. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';

/**
 * What a player sees before scrolling: game tiles on the lobby's first screen, the 2D quick picks
 * and typed entry reachable above the 100 numbers on a phone, and which wallet the header's
 * balance is (main on the 2D pages, which are paid from it; game everywhere else).
 */
describe('first screens in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, manualClock(MONDAY_MORNING));
  });
  afterAll(() => h?.close());

  /**
   * The first grid of playable game tiles on the page: its column count, and for each tile of its
   * first row whether it lies wholly inside the viewport with its artwork drawn.
   */
  function firstRow(page: Page) {
    return page.evaluate(() => {
      const tiles = [...document.querySelectorAll('main li')].filter((li) => li.querySelector('button[aria-label^="Play "]'));
      const grid = tiles[0]?.parentElement;
      if (!grid) return null;
      const inGrid = tiles.filter((li) => li.parentElement === grid);
      const top = inGrid[0]!.getBoundingClientRect().top;
      const row = inGrid.filter((li) => Math.abs(li.getBoundingClientRect().top - top) < 2);
      return {
        scrollY: window.scrollY,
        columns: getComputedStyle(grid).gridTemplateColumns.split(' ').length,
        row: row.map((li) => {
          const r = li.getBoundingClientRect();
          const img = li.querySelector('img');
          return {
            inView: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.width > 80,
            art: !!img && img.complete && img.naturalWidth > 0,
          };
        }),
      };
    });
  }

  /** In the viewport and on top (not under the sticky bet bar, the bottom bar or the header). */
  function reachable(locator: Locator) {
    return locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.top < 0 || r.bottom > innerHeight) return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    });
  }

  async function expectFullRowOfTiles(page: Page, name: string) {
    await page.goto('/');
    await page.waitForURL(/\/\?type=all$/);
    await page.getByRole('button', { name: /^Play / }).first().waitFor();
    await expect.poll(async () => (await firstRow(page))?.row.every((t) => t.art)).toBe(true);
    const measured = (await firstRow(page))!;
    expect(measured.scrollY).toBe(0);
    expect(measured.row.length).toBe(measured.columns);
    expect(measured.row.length).toBeGreaterThanOrEqual(3);
    expect(measured.row.map((t) => t.inView)).toEqual(measured.row.map(() => true));
    await snap(page, name);
  }

  it('shows a full row of game tiles on the lobby without scrolling, for a guest and a player', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const guest = await h.newPage({ viewport });
      await expectFullRowOfTiles(guest.page, `first-screen-lobby-guest-${tag}-en`);
      await guest.context.close();

      const player = await h.newPage({ viewport });
      await loginDemo(player.page, DEMO_USER_NAME, DEMO_PASSWORD);
      await expectFullRowOfTiles(player.page, `first-screen-lobby-player-${tag}-en`);
      await player.context.close();
    }
  });

  it('reaches the 2D quick picks and typed entry on a phone without scrolling past the numbers', async () => {
    const { page, context } = await h.newPage({ viewport: PHONE });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/2d/bet?time=2');
    const quick = page.getByRole('button', { name: 'Quick pick' });
    const entry = page.getByRole('button', { name: 'Type bets' });
    await quick.waitFor();
    const first = page.getByRole('button', { name: /^00, / });
    await first.waitFor();
    // Closed, both toggles and the first numbers are on the first screen.
    expect(await reachable(quick)).toBe(true);
    expect(await reachable(entry)).toBe(true);
    expect(await reachable(first)).toBe(true);
    expect(await page.getByRole('button', { name: 'Doubles', exact: true }).isVisible()).toBe(false);

    // Quick pick opens right there: Doubles is on screen, picks ten numbers.
    await quick.click();
    expect(await quick.getAttribute('aria-expanded')).toBe('true');
    const doubles = page.getByRole('button', { name: 'Doubles', exact: true });
    expect(await reachable(doubles)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await doubles.click();
    await page.getByRole('button', { name: 'Bet (10)' }).waitFor();
    await snap(page, 'first-screen-2d-quick-phone-en');

    // Type bets swaps the panel: the box is on screen, an entry adds its number.
    await entry.click();
    expect(await quick.getAttribute('aria-expanded')).toBe('false');
    expect(await doubles.isVisible()).toBe(false);
    const box = page.getByRole('textbox', { name: 'Type bets' });
    expect(await reachable(box)).toBe(true);
    await box.fill('12=500');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Bet (11)' }).waitFor();
    await snap(page, 'first-screen-2d-entry-phone-en');
    await context.close();
  });

  it('labels the header balance: main on the 2D pages, game elsewhere', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await h.newPage({ viewport });
      await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
      const header = page.locator('header');
      const chip = (name: RegExp) => header.getByRole('link', { name });

      await chip(/^Game balance: 50,000\.00 Ks$/).waitFor();
      expect(await header.getByText('Game balance', { exact: true }).isVisible()).toBe(true);

      for (const path of ['/2d', '/2d/bet?time=2', '/2d/daily-winner', '/morning-bet-slip']) {
        await page.goto(path);
        await chip(/^Main balance: 100,000\.00 Ks$/).waitFor();
        expect(await header.getByText('Main balance', { exact: true }).isVisible(), path).toBe(true);
        expect(await header.getByText('100,000.00').isVisible(), path).toBe(true);
      }
      if (viewport === PHONE) await snap(page, 'first-screen-header-main-phone-en');

      // Leaving 2D, the chip is the game wallet's again.
      await page.goto('/promotion');
      await chip(/^Game balance: 50,000\.00 Ks$/).waitFor();
      await context.close();
    }
  });
});
