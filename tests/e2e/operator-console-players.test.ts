import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock';
import { registerPlayer } from '../server/accounts-helpers';
import { demoAccounts } from '../server/cashier-helpers';
import { fund } from '../server/wallet-helpers';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
const OPERATOR = { user_name: 'moe', display_name: 'Ko Moe', password: 'moe-console-2026' };
const TABLET = { width: 820, height: 1180 };
const SHOTS = process.env.KP_SHOTS ?? '.tmp/console';

/**
 * The console's player pages in Chromium against the real server (issue 17): a cashier sees a
 * pending deposit with the player's recent history beside it; finds the player, sees the Digit Bet
 * they placed; sets a one-time password, which ends the player's session and signs them in.
 */
describe('operator console: players', () => {
  let h: Harness;
  const clock = manualClock(new Date().toISOString());
  let op: ConsoleOperator;

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
    op = await enrolOperator(h, clock, ADMIN_TOKEN, { ...OPERATOR, role: 'cashier' });
  }, 300_000);
  afterAll(() => h?.close());

  it('shows the request with the player history, the player with their Digit Bet, and hands out a one-time password', async () => {
    const player = await registerPlayer(h.server, { name: 'Ma Hnin' });
    await fund(h.server.database.db, player.id, { game: 20_000 });
    const bet = await h.server.call('POST', '/api/digitbet', { token: player.token, body: { bet_type: 'small', bet_amount: 300, multiplier: 1 } });
    expect(bet.status).toBe(200);
    const accounts = await demoAccounts(h.server.database.db);
    const dep = await h.server.call('POST', '/api/depositfinicial', { token: player.token, body: { agent_payment_type_id: accounts.KBZPay, amount: 7_000, refrence_no: '731001' } });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);

    const { page } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(page, clock, op);

    // The cashier queue: the deposit, and beside it the player's last ledger rows (the stake of the bet).
    await page.getByRole('link', { name: 'Cashier' }).click();
    await page.getByRole('heading', { name: "Player's recent history" }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Digit Bet stake' }).filter({ hasText: '-300.00' }).first().waitFor();

    // Players: search by user name; the profile lists the Digit Bet as placed.
    await page.getByRole('link', { name: 'Players' }).click();
    await page.getByRole('searchbox').fill(player.userName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(player.userName) }).click();
    await page.getByRole('heading', { name: 'Digit Bets' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Small' }).filter({ hasText: `rolled ${bet.body.data.rolled_number}` });
    await expect(row.innerText()).resolves.toContain('300.00');

    mkdirSync(SHOTS, { recursive: true });
    for (const [size, viewport] of [['1280', DESKTOP], ['820', TABLET]] as const) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'mm'] as const) {
        await page.locator('select[aria-label]').first().selectOption(lang);
        await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${size} ${lang}: no sideways scroll`).toBe(true);
        await page.screenshot({ path: `${SHOTS}/players-${size}-${lang}.png`, fullPage: true });
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.locator('select[aria-label]').first().selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');

    // A one-time password, asked first; shown once; the player's old session ends and it signs them in.
    await page.getByRole('button', { name: 'One-time password' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'One-time password' }).click();
    const shown = await page.getByTestId('password-reset-result').innerText();
    const password = /One-time password: (\S+)/.exec(shown)?.[1];
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{10}$/);
    expect((await h.server.call('GET', '/api/user', { token: player.token })).status).toBe(401);
    expect((await h.server.call('POST', '/api/login', { body: { user_name: player.userName, password } })).status).toBe(200);
  });
});
