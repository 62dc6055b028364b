import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { games, providers } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, loginDemo, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
const OPERATOR = { user_name: 'mya', display_name: 'Ma Mya', password: 'mya-console-games-2026' };
const TABLET = { width: 820, height: 1180 };
const SHOTS = process.env.KP_SHOTS ?? '.tmp/console-games';

/** The page at 1280×800 and 820×1180, in English and Burmese (the console's own picker), for a person to look at. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['en', 'mm'] as const) {
    await page.locator('select[aria-label]').first().selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['tablet', TABLET],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SHOTS}/${name}-${size}-${lang}.png` });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.locator('select[aria-label]').first().selectOption('en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

/**
 * Games in the console (/admin/games) in Chromium against the real server: a content operator
 * hides a game and the player's lobby, in another browser context, no longer lists it (the
 * server's list drops it at once; a browser that read that list in the last 30 s may keep its copy
 * until then, see Cache-Control on the catalogue); the operator adds a game to the hot list, moves it to the top by keyboard, and the
 * player's hot games show it first.
 */
describe('operator console: games', () => {
  let h: Harness;
  const clock = manualClock('2026-11-23T03:30:00Z');
  let op: ConsoleOperator;

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
    op = await enrolOperator(h, clock, ADMIN_TOKEN, { ...OPERATOR, role: 'content' });
  });
  afterAll(() => h?.close());

  it('hides a game the player then no longer finds, and puts a game first in the hot list the player sees', async () => {
    const db = h.server.database.db;
    const [jili] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'JILI'));
    const [target] = await db.select({ id: games.id, name: games.gameName }).from(games).where(eq(games.gameCode, '1101005'));
    const [cold] = await db.select({ id: games.id, name: games.gameName }).from(games).where(eq(games.gameCode, '1102030'));

    // The player, in a context of their own, sees the game in JILI's slots.
    const { page: player } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(player, DEMO_USER_NAME, DEMO_PASSWORD);
    await player.goto(`/?type=1&provider=${jili!.id}`);
    const play = (name: string) => player.locator('main').getByRole('button', { name: `Play ${name}`, exact: true });
    await play(target!.name).first().waitFor();

    // The content operator signs in: the menu has Games (and no cashier).
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(desk, clock, op);
    const menu = desk.getByRole('navigation', { name: 'Console menu' });
    expect(await menu.getByRole('link', { name: 'Cashier' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Games', exact: true }).click();
    await desk.waitForURL(/\/admin\/games$/);
    await desk.getByTestId(`game-${(await db.select({ id: games.id }).from(games).limit(1))[0]!.id}`).waitFor();
    await shoot(desk, 'games');

    // Search for the game and hide it: the switch says Hidden at once and stays so.
    await desk.getByRole('search').getByRole('searchbox').fill('1101005');
    await desk.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const row = desk.getByTestId(`game-${target!.id}`);
    await row.waitFor();
    const shown = desk.getByTestId(`shown-games-${target!.id}`);
    expect(await shown.getAttribute('aria-checked')).toBe('true');
    await shown.click();
    await expect.poll(() => shown.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => shown.getAttribute('aria-busy')).toBe(null);
    expect(await shown.textContent()).toContain('Hidden');
    const [stored] = await db.select({ status: games.status }).from(games).where(eq(games.id, target!.id));
    expect(stored!.status).toBe(0);

    // The server's list drops it on the next request, and the player's lobby (which revalidates
    // the catalogue on every load) no longer shows it in JILI's slots.
    expect(((await h.server.call('GET', `/api/game_lists/1/${jili!.id}?page=1`)).body.data as { id: number }[]).map((g) => g.id)).not.toContain(target!.id);
    const { page: later } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(later, DEMO_USER_NAME, DEMO_PASSWORD);
    await later.goto(`/?type=1&provider=${jili!.id}`);
    const laterPlays = later.locator('main').getByRole('button', { name: /^Play / });
    await laterPlays.first().waitFor();
    expect(await laterPlays.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).not.toContain(`Play ${target!.name}`);

    // Providers and types, for a person to look at.
    await desk.getByRole('tab', { name: 'Providers' }).click();
    await desk.getByTestId(`shown-providers-${jili!.id}`).waitFor();
    await shoot(desk, 'providers');
    await desk.getByRole('tab', { name: 'Game types' }).click();
    await desk.getByTestId('shown-types-1').waitFor();
    await shoot(desk, 'types');

    // The hot list: add a game from a search, then Alt+↑ on its row until it is first.
    await desk.getByRole('tab', { name: 'Hot list' }).click();
    const hotRows = desk.locator('[data-hot-id]');
    await hotRows.first().waitFor();
    const before = await hotRows.count();
    const addPanel = desk.getByRole('region', { name: 'Add to the hot list' });
    await addPanel.getByRole('searchbox').fill('1102030');
    await addPanel.getByRole('button', { name: 'Search' }).click();
    await addPanel.getByRole('button', { name: `Add ${cold!.name} to the hot list` }).click();
    const added = desk.getByTestId(`hot-row-${cold!.id}`);
    await added.waitFor();
    await expect.poll(() => hotRows.count()).toBe(before + 1);
    await desk.getByRole('status').filter({ hasText: 'Hot list saved.' }).waitFor();
    await added.focus();
    const position = () => desk.evaluate((id) => [...document.querySelectorAll('[data-hot-id]')].findIndex((e) => e.getAttribute('data-hot-id') === id), String(cold!.id));
    const list = desk.getByRole('list', { name: 'Hot games in order' });
    for (let i = 1; i <= before; i++) {
      await desk.keyboard.press('Alt+ArrowUp');
      // Shown moved at once; the next move waits until this one is saved.
      await expect.poll(position).toBe(before - i);
      await expect.poll(() => list.getAttribute('aria-busy')).toBe(null);
    }
    await expect.poll(async () => (await hotRows.first().getAttribute('data-hot-id')) ?? '').toBe(String(cold!.id));
    // The focus stayed on the row that moved.
    expect(await desk.evaluate(() => document.activeElement?.getAttribute('data-hot-id'))).toBe(String(cold!.id));
    // Saved in that order on the server.
    await expect
      .poll(async () => ((await h.server.call('GET', '/api/hot_game_lists')).body.data as { id: number }[])[0]?.id)
      .toBe(cold!.id);
    await shoot(desk, 'hot');

    // The player's hot games (a context that has not read them yet, as above): the new one first.
    const { page: fresh } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(fresh, DEMO_USER_NAME, DEMO_PASSWORD);
    await fresh.goto('/?type=hot');
    const hotPlays = fresh.locator('main').getByRole('button', { name: /^Play / });
    await hotPlays.first().waitFor();
    expect(await hotPlays.first().getAttribute('aria-label')).toBe(`Play ${cold!.name}`);
  });
});
