import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { shanTransactions } from '../../server/db/schema';
import { loginDemo, PHONE, shownKs, snap, startHarness, type Harness } from './support/harness';

/**
 * The Shan journey in Chromium against the real server: /shan → Launch Shan Game opens the
 * built-in demo provider's table in a new tab (no balance or member name in its URL) → one round
 * against the house banker, which the provider settles through our signed callbacks → the game
 * balance on /shan moves by exactly what the round paid minus its stake.
 */

describe('shan journey in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('launches the demo table, plays one round and sees the game balance change', async () => {
    const { context, page } = await h.newPage({ viewport: PHONE });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/shan');
    await expect.poll(() => page.getByTestId('shan-balance').textContent()).toContain('50,000.00');
    expect(await page.getByTestId('shan-account').textContent()).toContain(DEMO_USER_NAME);
    expect(await page.getByTestId('shan-product-code').textContent()).toContain('SKM');
    await snap(page, 'shan-launcher-phone-en');

    const opened = context.waitForEvent('page');
    await page.getByTestId('shan-launch').click();
    const table = await opened;
    await table.waitForURL(/\/demo-shan\/play\?session=/);
    expect(table.url()).not.toMatch(/balance|50000|member|Pi\d{8}/i);
    await expect.poll(() => page.getByTestId('shan-banner').textContent()).toContain('Game launched successfully!');

    await expect.poll(() => table.locator('#balance').textContent()).toContain('50,000.00');
    await table.locator('[data-stake="1000"]').click();
    await table.locator('#deal').click();
    // A Shan (8 or 9 on two cards) on either side settles at once; otherwise the player stands.
    const state = () =>
      table.evaluate(() => document.querySelector('#result')?.getAttribute('data-result') ?? (document.querySelector<HTMLButtonElement>('#stand')?.disabled === false ? 'turn' : 'waiting'));
    await expect.poll(state).toMatch(/^(win|lose|push|turn)$/);
    if ((await state()) === 'turn') await table.locator('#stand').click();
    await expect.poll(state).toMatch(/^(win|lose|push)$/);
    const result = await state();
    await snap(table, 'shan-demo-table-phone');

    // What the provider settled through our callbacks: one bet of 1,000 and one payout.
    const rows = await h.server.database.db.select().from(shanTransactions).where(eq(shanTransactions.operatorCode, 'a3h1'));
    expect(rows.map((r) => r.kind).sort()).toEqual(['bet', 'settle']);
    const bet = rows.find((r) => r.kind === 'bet')!.amount;
    const payout = rows.find((r) => r.kind === 'settle')!.amount;
    expect(bet).toBe(-100_000n);
    expect(payout).toBe({ win: payout > 200_000n ? 300_000n : 200_000n, lose: 0n, push: 100_000n }[result as 'win' | 'lose' | 'push']);
    const expected = 5_000_000n + bet + payout;
    await expect.poll(() => table.locator('#balance').textContent()).toContain(shownKs(expected));

    // Back on the site the launcher's balance follows within a balance poll.
    await page.bringToFront();
    await expect.poll(() => page.getByTestId('shan-balance').textContent(), { timeout: 12_000 }).toContain(shownKs(expected));
  });
});
