import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { digitBets, digitSeeds, users } from '../../server/db/schema';
import { loginDemo, PHONE, shownKs, snap, startHarness, type Harness } from './support/harness';


/**
 * Digit Bet in Chromium against the real server: pick Big, let a shortened countdown (the
 * `kp:test:digitCountdownSeconds` test setting) fire the roll, see the server's roll and the
 * balance it moved, then rotate the seed on the fairness page and see the browser recompute the
 * same digit from the revealed seed.
 */
describe('digit bet journey in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('rolls on the server after the countdown and verifies the roll from the revealed seed', async () => {
    const { context, page } = await h.newPage({ viewport: PHONE });
    await context.addInitScript(() => sessionStorage.setItem('kp:test:digitCountdownSeconds', '3'));
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/digitbet');
    await expect.poll(() => page.getByTestId('digit-result').textContent()).toContain('?');

    await page.getByTestId('multiplier-10').click();
    await expect.poll(() => page.getByTestId('stake-line').textContent()).toMatch(/100\.00.*10.*1,000\.00/);
    await page.getByTestId('side-big').click();
    await expect.poll(() => page.getByTestId('digit-status').textContent()).toMatch(/Rolling in \d/);
    await snap(page, 'digit-countdown-phone-en');

    // The countdown fires the roll by itself; the server decides the digit.
    await expect.poll(() => page.getByTestId('digit-status').textContent(), { timeout: 15_000 }).toMatch(/You (Won|Lost)! The number was \d \((Big|Small)\)\./);
    const [user] = await h.server.database.db.select().from(users).where(eq(users.userName, DEMO_USER_NAME));
    const bets = await h.server.database.db.select().from(digitBets).where(eq(digitBets.userId, user!.id));
    expect(bets).toHaveLength(1);
    const bet = bets[0]!;
    expect(bet.betType).toBe('big');
    expect(bet.stake).toBe(100_000n);
    const won = bet.rolled >= 5;
    expect(await page.getByTestId('digit-status').textContent()).toContain(`You ${won ? 'Won' : 'Lost'}! The number was ${bet.rolled} (${won ? 'Big' : 'Small'}).`);
    expect(await page.getByTestId('digit-result').getAttribute('data-digit')).toBe(String(bet.rolled));
    expect(user!.balance).toBe(5_000_000n - 100_000n + (won ? 200_000n : 0n));
    await page.getByRole('link', { name: `Game balance: ${shownKs(user!.balance)} Ks` }).waitFor();
    await expect.poll(() => page.locator('[data-testid="digit-history-row"]:visible').count()).toBe(1);
    await snap(page, 'digit-result-phone-en');

    // Fairness: the hash shown before the bet is the committed seed's; rotating reveals it and
    // the page recomputes the roll in the browser.
    const [seed] = await h.server.database.db.select().from(digitSeeds).where(eq(digitSeeds.id, bet.seedId));
    await page.getByTestId('fairness-link').click();
    await page.waitForURL(/\/fairness$/);
    await expect.poll(() => page.getByTestId('fair-current-hash').textContent()).toContain(seed!.serverSeedHash);
    await page.getByTestId('rotate-seed').click();
    await page.getByTestId('fair-hash-ok').waitFor();
    const verified = page.getByTestId('fair-verified');
    await expect.poll(() => verified.count()).toBe(1);
    expect(await verified.getAttribute('data-digit')).toBe(String(bet.rolled));
    expect(await verified.getAttribute('data-nonce')).toBe('0');
    expect(await page.getByTestId('fair-mismatch').count()).toBe(0);
    await expect.poll(() => page.getByTestId('fair-current-hash').textContent()).not.toContain(seed!.serverSeedHash);
    // The revealed seed counts its one bet in the singular ("1 bet", not "1 bets").
    await expect.poll(() => page.locator('main').innerText()).toMatch(/\b1 bet\b/);
    await snap(page, 'fairness-verified-phone-en');
  });
});
