import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mmExtra from '../../locales/extra/mm.json';
import mm from '../../locales/mm.json';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { DESKTOP, PHONE, loginDemo, snap, startHarness, type Harness } from './support/harness';

/** A date-time as the site writes it in Burmese: ၂၀၂၆ နိုဝင်ဘာ ၂၃ ၁၀:၀၀ (Myanmar digits only). */
const BURMESE_DATE_TIME = /^[၀-၉]{4} \S+ [၀-၉]{1,2} [၀-၉]{2}:[၀-၉]{2}$/;
/** A code shown as it was sent: digit_bet, two_d_win, withdraw_hold … */
const RAW_CODE = /\b[a-z]+_[a-z_]+\b/;
const KYAT = mm.common.currency; // ကျပ်
/** Page text without the word joiners the site puts inside Burmese syllables (shared/keep-syllables). */
const plain = (text: string) => text.replace(/\u2060/g, '');

/**
 * Issue 13 in a Burmese browser: after a Digit Bet and an exchange, /transactions and the Digit Bet
 * history name every movement in Burmese (no `digit_bet`), carry the Burmese currency word (no
 * "MMK", no "Ks"), and write dates in Myanmar digits; the cashier log's server-formatted times and
 * the daily winners' date read the same way.
 */
describe('labels and formats in Burmese', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const token = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);
  const mainText = async (page: Page) => plain(await page.locator('main').innerText());

  async function expectBurmeseDates(page: Page, scope: string) {
    const times = (await page.locator(`${scope} time`).allInnerTexts()).map(plain);
    expect(times.length, scope).toBeGreaterThan(0);
    for (const text of times) expect(text.trim(), scope).toMatch(BURMESE_DATE_TIME);
  }

  it('shows every movement, amount and date in Burmese', async () => {
    const { context, page } = await h.newPage({ viewport: PHONE, lan: 'mm' });
    await context.addInitScript(() => sessionStorage.setItem('kp:test:digitCountdownSeconds', '2'));
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);

    // An exchange and a deposit request through the API; a Digit Bet through the Burmese page.
    const headers = () => ({ 'idempotency-key': randomUUID() });
    const call = async (path: string, body: unknown) => {
      const res = await h.server.call('POST', path, { token: await token(page), body, headers: headers() });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    };
    await call('/api/exchange-game-to-main', { amount: 2000 });
    const banks = (await h.server.call('GET', '/api/banks', { token: await token(page) })).body.data as { id: number }[];
    await call('/api/depositfinicial', { agent_payment_type_id: banks[0]!.id, amount: 5000, refrence_no: '482913' });

    await page.goto('/digitbet');
    await page.getByTestId('multiplier-10').click();
    await page.getByTestId('side-big').click();
    await expect.poll(() => page.locator('[data-testid="digit-history-row"]:visible').count(), { timeout: 15_000 }).toBe(1);

    // Digit Bet: the stake line and the history carry ကျပ်; every figure in a card has its name.
    expect(plain(await page.getByTestId('stake-line').innerText())).toContain(KYAT);
    const row = page.locator('[data-testid="digit-history-row"]:visible').first();
    const card = plain(await row.innerText());
    expect(card).toContain(KYAT);
    expect(card).not.toMatch(/MMK|\bKs\b/);
    expect(card).not.toMatch(RAW_CODE);
    for (const label of [mmExtra.digit.colRolled, mmExtra.digit.colWin, mmExtra.digit.colProfit, mmExtra.digit.colTime]) expect(card).toContain(label);
    expect(plain(await row.locator('time').innerText()).trim()).toMatch(BURMESE_DATE_TIME);
    expect(await mainText(page)).not.toMatch(/MMK/);
    await snap(page, 'labels-digit-history-phone-mm');

    // On a wide screen the table: every column named, amounts with ကျပ်.
    await page.setViewportSize(DESKTOP);
    const table = page.locator('table:visible').filter({ has: page.locator('[data-testid="digit-history-row"]') });
    const heads = (await table.locator('thead th').allInnerTexts()).map(plain);
    expect(heads).toHaveLength(9);
    for (const head of heads) expect(head.trim()).not.toBe('');
    const tableRow = plain(await table.locator('[data-testid="digit-history-row"]').first().innerText());
    expect(tableRow.split(KYAT).length - 1).toBeGreaterThanOrEqual(3); // bet, win and profit
    await expectBurmeseDates(page, 'table');
    await snap(page, 'labels-digit-history-desktop-mm');
    await page.setViewportSize(PHONE);

    // /transactions: Burmese names for the Digit Bet stake and the exchange, no codes.
    await page.goto('/transactions');
    await expect.poll(() => page.locator('main li').count()).toBeGreaterThanOrEqual(4);
    const ledger = await mainText(page);
    expect(ledger).not.toMatch(RAW_CODE);
    expect(ledger).toContain(mmExtra.ledger.digitBet);
    expect(ledger).toContain(mmExtra.ledger.exchange);
    expect(ledger).not.toMatch(/MMK|\bKs\b/);
    for (const item of await page.locator('main li').allInnerTexts()) expect(plain(item)).toContain(KYAT);
    await expectBurmeseDates(page, 'main li');
    await snap(page, 'labels-transactions-phone-mm');

    // The deposit log: the server's "2026-11-27 10:00:00" reads as a Burmese date too.
    await page.goto('/information?tab=logs&type=deposit');
    await expect.poll(() => page.locator('main li').count()).toBeGreaterThanOrEqual(1);
    expect(await mainText(page)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await expectBurmeseDates(page, 'main li');

    // Daily winners: the date is chosen with selects that read in Burmese, not a browser date input.
    await page.goto('/2d/daily-winner');
    await page.locator('select[name="month"]').waitFor();
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    expect(plain(await page.locator('select[name="year"] option:checked').innerText())).toMatch(/^[၀-၉]{4}$/);
    expect(plain(await page.locator('select[name="month"] option').first().innerText())).toBe('ဇန်နဝါရီ');
    await snap(page, 'labels-daily-winner-phone-mm');

    // The home banners are asked for in Burmese, in the player's variant (no "join" for a player).
    await page.goto('/');
    const banner = page.locator('[aria-roledescription="slide"] img').first();
    await banner.waitFor();
    const src = new URL((await banner.getAttribute('src'))!);
    expect(src.searchParams.get('lang')).toBe('mm');
    expect(src.searchParams.get('for')).toBe('player');
    await context.close();
  });
});
