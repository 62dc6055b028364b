import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { manualClock } from '../../server/lib/clock';
import { registerPlayer } from '../server/accounts-helpers';
import { demoAccounts } from '../server/cashier-helpers';
import { GAME, PRODUCT, callback, insertTestCatalogue, signedBody, txId } from '../server/seamless-helpers';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
const OPERATOR = { user_name: 'khin', display_name: 'Daw Khin', password: 'khin-console-2026' };
const TABLET = { width: 820, height: 1180 };
const SHOTS = process.env.KP_SHOTS ?? '.tmp/console';

/** The page at desktop and tablet width, in English and Burmese (the console's own picker). */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['820', TABLET],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const lang of ['en', 'mm'] as const) {
      await page.locator('select[aria-label]').first().selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS}/${name}-${size}-${lang}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.locator('select[aria-label]').first().selectOption('en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

/**
 * Reports and Disputes in Chromium against the real server: a player's deposit is approved and
 * they bet on a seamless game; a cashier sees today's figures, downloads the CSV (read back
 * here), then finds the player's aggregator call and its raw JSON in Disputes.
 */
describe('operator console: reports and disputes', () => {
  let h: Harness;
  // Today, so the browser's "today" (the default range) is the day the server stamps.
  const clock = manualClock(new Date().toISOString());
  let op: ConsoleOperator;

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
    await insertTestCatalogue(h.server.database.db);
    op = await enrolOperator(h, clock, ADMIN_TOKEN, { ...OPERATOR, role: 'cashier' });
  }, 300_000);
  afterAll(() => h?.close());

  it("shows today's approved deposit and play, downloads the CSV, and finds the player's call", async () => {
    // A player deposits 12,345 Ks (approved by the ADMIN_TOKEN) and bets 1,000 on a seamless game.
    const player = await registerPlayer(h.server, { name: 'Ma Su' });
    const accounts = await demoAccounts(h.server.database.db);
    const dep = await h.server.call('POST', '/api/depositfinicial', { token: player.token, body: { agent_payment_type_id: accounts.KBZPay, amount: 12_345, refrence_no: '730001' } });
    expect((await h.server.call('POST', `/api/admin/deposits/${dep.body.data.id}/approve`, { token: ADMIN_TOKEN, body: {} })).status).toBe(200);
    const betId = txId('e2e-bet');
    const res = await callback(
      h.server,
      'withdraw',
      signedBody('withdraw', [{ member_account: player.userName, product_code: PRODUCT, transactions: [{ id: betId, action: 'BET', amount: 1000, wager_code: txId('e2e-w'), game_code: GAME.code }] }], { now: clock.now() }),
    );
    expect(res.data[0]!.code).toBe(0);

    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(desk, clock, op);

    // Reports: today's range by default; the demo agent's row has the deposit, the games row the bet.
    await desk.getByRole('link', { name: 'Reports' }).click();
    const agents = desk.getByTestId('report-agents');
    await agents.getByRole('row').filter({ hasText: 'DEMO2026' }).filter({ hasText: '1 · 12,345.00 Ks' }).waitFor();
    const games = desk.getByTestId('report-families').getByRole('row').filter({ hasText: 'Test Slot' });
    await expect(games.innerText()).resolves.toMatch(/1,000\.00 Ks[\s\S]*0\.00 Ks[\s\S]*1,000\.00 Ks\s+1$/);
    await expect(desk.getByTestId('report-agents').locator('tfoot').innerText()).resolves.toContain('1 · 12,345.00 Ks');

    // The CSV through the bearer-authorised fetch: a file named after the range, read back here.
    const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^kyatplay-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.find((l) => l.includes(',games,test_slot,'))).toMatch(/,games,test_slot,1000\.00,0\.00,0\.00,1000\.00,1$/);
    expect(lines.find((l) => l.includes(',DEMO2026,'))).toMatch(/,DEMO2026,[^,]*,1,12345\.00,0,0\.00,\d+,1000\.00$/);
    await desk.getByRole('status').filter({ hasText: 'Saved kyatplay-report-' }).waitFor();
    await shoot(desk, 'reports');

    // Disputes: the player by user name → the aggregator's call, its raw JSON, the ledger row.
    await desk.getByRole('link', { name: 'Disputes' }).click();
    await desk.getByRole('searchbox').fill(player.userName);
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    const calls = desk.getByRole('region', { name: 'Aggregator calls' });
    await calls.getByText('withdraw', { exact: true }).waitFor();
    await calls.getByText('Request and answer').first().click();
    await expect(calls.locator('pre').first().innerText()).resolves.toContain(`"member_account": "${player.userName}"`);
    await expect(desk.getByRole('region', { name: 'Seamless transactions' }).innerText()).resolves.toContain(betId);
    await expect(desk.getByRole('region', { name: 'Ledger movements' }).innerText()).resolves.toMatch(/Game bet[\s\S]*−1,000\.00 Ks/);
    await shoot(desk, 'disputes');

    // By the transaction id the aggregator quotes: the same call.
    await desk.getByRole('radio', { name: 'Transaction id' }).click();
    await desk.getByRole('searchbox').fill(betId);
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    await desk.getByRole('region', { name: 'Seamless transactions' }).getByText(betId).waitFor();
    expect(await desk.getByRole('region', { name: 'Aggregator calls' }).getByRole('row').count()).toBe(2);
  });
});
