import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mmExtra from '../../locales/extra/mm.json' with { type: 'json' };
import { manualClock } from '../../server/lib/clock';
import { keepSyllables } from '../../shared/keep-syllables';
import { registerPlayer } from '../server/accounts-helpers';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, PHONE, loginDemo, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
const SHOTS = process.env.KP_SHOTS ?? '.tmp/adjustments';

/**
 * Balance adjustments in Chromium against the real server (issue 26): a finance operator pays a
 * bonus from the player's page in the console; the player reads "Bonus" in Burmese in their log
 * (390×844). A goodwill credit at the approval limit waits: its requester cannot approve it, the
 * owner does, and only then the money moves.
 */
describe('operator console: balance adjustments', () => {
  let h: Harness;
  const clock = manualClock(new Date().toISOString());
  let finance: ConsoleOperator;
  let owner: ConsoleOperator;

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN, ADJUSTMENT_SECOND_APPROVAL_KYAT: 50_000 }, clock);
    finance = await enrolOperator(h, clock, ADMIN_TOKEN, { user_name: 'thida', display_name: 'Ma Thida', role: 'finance' });
    owner = await enrolOperator(h, clock, ADMIN_TOKEN, { user_name: 'boss', display_name: 'U Boss', role: 'owner' });
  }, 300_000);
  afterAll(() => h?.close());

  const balances = async (id: number) => {
    const res = await h.server.call('GET', `/api/admin/players/${id}`, { token: ADMIN_TOKEN });
    return { main: res.body.data.main_balance as string, game: res.body.data.balance as string };
  };

  it('finance credits a bonus in the console; the player sees it as ဘောနပ်စ် in their log; a large goodwill credit waits for the owner', async () => {
    const player = await registerPlayer(h.server, { name: 'Ko Aung' });
    mkdirSync(SHOTS, { recursive: true });

    const { page } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(page, clock, finance);
    // Finance sees the players and the waiting list; not the cashier queue.
    await page.getByRole('link', { name: 'Players' }).click();
    expect(await page.getByRole('link', { name: 'Cashier' }).count()).toBe(0);
    await page.getByTestId('pending-adjustments').getByText('Nothing waits for approval.').waitFor();
    await page.getByRole('searchbox').fill(player.userName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(player.userName) }).click();

    const form = page.getByTestId('adjust-balance');
    await form.getByLabel('Amount (Ks)').fill('5000');
    await form.getByLabel(/^Reason/).fill('First-deposit bonus');
    await form.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText("Credit 5,000.00 Ks to the player's Main wallet as Bonus?").waitFor();
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    await form.getByText(/^Adjustment #\d+ applied\.$/).waitFor();
    expect(await balances(player.id)).toEqual({ main: '5000.00', game: '0.00' });
    // The profile's ledger shows the row under the console's name for it.
    await page.getByRole('row').filter({ hasText: 'Adjustment: bonus' }).filter({ hasText: '5,000.00' }).first().waitFor();

    // A goodwill credit at the limit waits; its requester cannot approve it.
    await form.getByLabel('Kind').selectOption('goodwill');
    await form.getByLabel('Wallet').selectOption('game');
    await form.getByLabel('Amount (Ks)').fill('50000');
    await form.getByLabel(/^Reason/).fill('Outage on 27 November');
    await form.getByRole('button', { name: 'Adjust balance' }).click();
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    await form.getByText(/waits for a second operator's approval/).waitFor();
    expect(await balances(player.id)).toEqual({ main: '5000.00', game: '0.00' });
    await page.reload();
    const pending = page.getByTestId('pending-adjustments');
    await pending.getByText('Outage on 27 November').waitFor();
    await pending.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await pending.getByText('A different operator must approve this adjustment: the one who asked for it cannot also approve it.').waitFor();
    expect(await balances(player.id)).toEqual({ main: '5000.00', game: '0.00' });

    // The player's page again, with its form and ledger beside the waiting list, for the screenshots.
    await page.getByRole('searchbox').fill(player.userName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(player.userName) }).click();
    await form.getByLabel('Amount (Ks)').waitFor();
    for (const [size, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'mm'] as const) {
        await page.locator('select[aria-label]').first().selectOption(lang);
        await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${size} ${lang}: no sideways scroll`).toBe(true);
        await page.screenshot({ path: `${SHOTS}/console-adjust-${size}-${lang}.png`, fullPage: true });
      }
    }

    // The owner, in another browser, approves it: now the money moves.
    const other = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(other.page, clock, owner);
    await other.page.getByRole('link', { name: 'Players' }).click();
    const ownerPending = other.page.getByTestId('pending-adjustments');
    await ownerPending.getByText('Outage on 27 November').waitFor();
    await ownerPending.getByRole('button', { name: 'Approve' }).click();
    await other.page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await ownerPending.getByText(/^Adjustment #\d+ approved and applied\.$/).waitFor();
    await ownerPending.getByText('Nothing waits for approval.').waitFor();
    expect(await balances(player.id)).toEqual({ main: '5000.00', game: '50000.00' });

    // The player, in Burmese on a phone: the bonus and the goodwill credit in their own words.
    const phone = await h.newPage({ viewport: PHONE, lan: 'mm' });
    await loginDemo(phone.page, player.userName, player.password);
    await phone.page.goto('/transactions');
    const bonusRow = phone.page.locator('main li').filter({ hasText: keepSyllables(mmExtra.ledger.adjustBonus) });
    await bonusRow.first().waitFor();
    expect(await bonusRow.first().innerText()).toContain('5,000.00');
    await phone.page.locator('main li').filter({ hasText: keepSyllables(mmExtra.ledger.adjustGoodwill) }).first().waitFor();
    const text = await phone.page.locator('main').innerText();
    expect(text).not.toMatch(/adjust_/);
    await phone.page.evaluate(() => document.fonts.ready);
    await phone.page.screenshot({ path: `${SHOTS}/player-transactions-390-mm.png`, fullPage: true });
  }, 180_000);
});
