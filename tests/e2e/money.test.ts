import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { PHONE, loginDemo, snap, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

/**
 * The money journey in Chromium against the real server: a deposit request approved by the
 * operator reaches the balance chip within one poll; exchanges both ways in the dialog; a
 * withdrawal holds its amount and a rejection releases it; each log shows the right status.
 */
describe('money journey in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN });
  });
  afterAll(() => h?.close());

  const admin = async (method: string, path: string) => {
    const res = await h.server.call(method, `/api/admin${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const pendingId = async (kind: 'deposits' | 'withdrawals') => {
    const body = await admin('GET', `/${kind}?status=pending`);
    const rows = body.data.data as { id: number }[];
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  };
  const chip = (page: Page, ks: string) => page.getByRole('link', { name: `Game balance: ${ks} Ks` });
  const submit = (page: Page) => page.locator('main form button[type="submit"]').first().click();

  it('deposit → approval → exchange both ways → withdrawal held → rejection releases it', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await chip(page, '50,000.00').waitFor();

    // Deposit request: the bank defaults to the first; success goes to the deposit log.
    await page.goto('/information?tab=transfer');
    await page.locator('input[name="refrence_no"]').waitFor();
    await page.locator('input[name="amount"]').fill('5000');
    await page.locator('input[name="refrence_no"]').fill('482913');
    await submit(page);
    await page.getByText('Deposit sent — waiting for approval').waitFor();
    await page.waitForURL(/tab=logs.*type=deposit/);
    await page.getByText('Pending', { exact: true }).first().waitFor();
    await snap(page, 'money-deposit-log-pending');

    // The operator approves; the chip shows it within one poll (5 s).
    await admin('POST', `/deposits/${await pendingId('deposits')}/approve`);
    await chip(page, '55,000.00').waitFor({ timeout: 7000 });
    await page.reload();
    await page.getByText('Success', { exact: true }).first().waitFor();

    // Exchange Main → Game, then Game → Main, in the dialog on the profile tab.
    await page.goto('/information?tab=profile');
    const openDialog = () => page.getByRole('button', { name: /Exchange Balance/ }).last().click();
    await openDialog();
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('input[name="amount"]').fill('1000');
    await dialog.getByRole('button', { name: 'Exchange', exact: true }).click();
    await chip(page, '56,000.00').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await openDialog();
    await dialog.getByRole('radio', { name: 'Game → Main' }).click();
    await dialog.locator('input[name="amount"]').fill('2000');
    await dialog.getByRole('button', { name: 'Exchange', exact: true }).click();
    await chip(page, '54,000.00').waitFor();
    const user = (await h.server.call('GET', '/api/user', { token: (await page.evaluate(() => localStorage.getItem('token')))! })).body.data;
    expect(user).toMatchObject({ balance: '54000.00', main_balance: '101000.00' });

    // Withdrawal: the amount is held from the game balance at once.
    await page.goto('/information?tab=transfer&type=withdraw');
    await page.getByRole('radio').first().click();
    await page.locator('input[name="account_name"]').fill('Demo Player');
    await page.locator('input[name="account_number"]').fill('09123456789');
    await page.locator('input[name="amount"]').fill('10000');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await submit(page);
    await page.getByText('Withdraw Success').waitFor();
    await page.waitForURL(/tab=logs.*type=withdraw/);
    await page.getByText('Pending', { exact: true }).first().waitFor();
    await chip(page, '44,000.00').waitFor({ timeout: 7000 });

    // The operator rejects: the hold is released and the log says so.
    await admin('POST', `/withdrawals/${await pendingId('withdrawals')}/reject`);
    await chip(page, '54,000.00').waitFor({ timeout: 7000 });
    await page.reload();
    await page.getByText(/^Reject(ed)?$/).first().waitFor();
    await snap(page, 'money-withdraw-log-rejected');
    await page.context().close();
  });
});
