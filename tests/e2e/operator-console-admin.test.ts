import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { codeFor, enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
/** Monday 23 November 2026, 10:00 in Yangon: the morning 2D draw is open until 11:55. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';
const TABLET = { width: 820, height: 1180 };
const SHOTS = process.env.KP_SHOTS ?? '.tmp/console-admin';

type Op = ConsoleOperator;

/**
 * The owner's and the 2D operator's new console pages (issue 17) in Chromium against the real
 * server, with TWO_D_RESULT_CONFIRM=two-person: the owner creates a cashier and reads its one-time
 * setup code (which then enrols that cashier), disables it after a confirmation, and finds the
 * creation in the audit with its before/after; a 2D operator adds a holiday; operator A enters a
 * result (it only waits; A's own confirm is refused), operator B confirms it and the player's slip
 * settles. Each page is shot at 1280×800 and 820×1180 in English and Burmese.
 */
describe('operator console: operators, audit, 2D rules, two-person results', () => {
  let h: Harness;
  const clock = manualClock(MONDAY_MORNING);
  const code = (op: Op) => codeFor(clock, op);
  const enrol = (userName: string, role: string) => enrolOperator(h, clock, ADMIN_TOKEN, { user_name: userName, role });
  const signIn = (page: Page, op: Op) => signInToConsole(page, clock, op);

  /** The page at both sizes in English and Burmese; no sideways scrolling at either width. */
  async function shoot(page: Page, name: string, focus?: Locator) {
    mkdirSync(SHOTS, { recursive: true });
    for (const [size, viewport] of [['desktop', DESKTOP], ['tablet', TABLET]] as const) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'mm'] as const) {
        await page.locator('select[aria-label]').first().selectOption(lang);
        await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(150);
        if (focus) await focus.scrollIntoViewIfNeeded();
        else await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/${name}-${size}-${lang}.png` });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} ${size} ${lang}: no sideways scrolling`).toBeLessThanOrEqual(0);
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.locator('select[aria-label]').first().selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  }

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN, TWO_D_RESULT_CONFIRM: 'two-person', TWO_D_SIMULATE: false }, clock);
  });
  afterAll(() => h?.close());

  it('owner: creates a cashier with its setup code, disables it, and reads the audit', async () => {
    const owner = await enrol('thida', 'owner');
    const { page } = await h.newPage({ viewport: DESKTOP });
    await signIn(page, owner);
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByTestId('operator-thida').waitFor();

    // A new cashier: the setup code is shown once, and it is the one that enrols them.
    const form = page.getByRole('region', { name: 'New operator' });
    await form.getByRole('textbox', { name: 'User name', exact: true }).fill('mya');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ma Mya');
    await form.getByRole('combobox', { name: 'Role' }).selectOption('cashier');
    await form.getByRole('button', { name: 'Create operator' }).click();
    await page.getByText('Operator mya created.').waitFor();
    const setupCode = (await page.getByTestId('setup-code').innerText()).trim();
    expect(setupCode.length).toBeGreaterThanOrEqual(8);
    const row = page.getByTestId('operator-mya');
    await row.getByText('Cashier').waitFor();
    await row.getByText('Waiting for setup').waitFor();
    await shoot(page, 'operators');
    const link = (await page.getByTestId('setup-handout').locator('dd').nth(1).innerText()).trim();
    const mya = { user_name: 'mya', password: 'mya-console-2026', secret: new URL(link).searchParams.get('secret')! };
    const setup = await h.server.call('POST', '/api/admin/session/setup', { body: { user_name: 'mya', setup_code: setupCode, password: mya.password, totp: code(mya) } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);

    // Disable asks first; the list then says so.
    await page.getByRole('button', { name: 'I have handed it over' }).click();
    await row.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Disable mya\?/).waitFor();
    await shoot(page, 'operators-confirm');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('mya is disabled.').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    const after = await h.server.call('POST', '/api/admin/session', { body: { user_name: 'mya', password: mya.password, totp: code(mya) } });
    expect(after.status).toBe(401);

    // The audit: the creation in words, by thida, with what it wrote.
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Created an operator' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const created = page.getByTestId('audit-row').filter({ hasText: 'mya' });
    await created.waitFor();
    // Only creations: thida's own (by the ADMIN_TOKEN) and mya's (by thida); the disable is filtered out.
    const shown = await page.getByTestId('audit-row').allInnerTexts();
    expect(shown).toHaveLength(2);
    for (const text of shown) expect(text).toContain('Created an operator');
    expect(await created.innerText()).toMatch(/thida\s+Created an operator\s+Operator mya/);
    await created.getByRole('button', { name: 'Show changes' }).click();
    const diff = page.getByTestId('audit-diff');
    await diff.getByRole('row', { name: /role.*cashier/ }).waitFor();
    await diff.getByRole('row', { name: /userName.*mya/ }).waitFor();
    await shoot(page, 'audit');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('audit-row').filter({ hasText: 'Disabled an operator' }).waitFor();
  });

  it('2D: a holiday added shows; A enters a result, B confirms it, the slip settles', async () => {
    const a = await enrol('kyaw', 'two_d');
    const b = await enrol('hla', 'two_d');
    const player = (await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } })).body.data.token as string;
    const slip = await h.server.call('POST', '/api/twod-bet', { token: player, body: { totalAmount: 300, amounts: [{ num: '38', amount: 300 }] } });
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    const main = async () => (await h.server.call('GET', '/api/user', { token: player })).body.data.main_balance as string;
    expect(await main()).toBe('99700.00');

    clock.set('2026-11-23T05:45:00Z'); // 12:15 Yangon: after the morning draw.
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signIn(desk, a);
    await desk.getByRole('link', { name: '2D results' }).click();

    // A holiday with a note: it shows in the list.
    const holidays = desk.getByTestId('holidays');
    await holidays.getByRole('textbox', { name: 'Note' }).waitFor();
    await holidays.getByLabel('Date').fill('2026-12-10');
    await holidays.getByRole('textbox', { name: 'Note' }).fill('Bridge holiday');
    await holidays.getByRole('button', { name: 'Add holiday' }).click();
    await desk.getByText('Holiday on 2026-12-10 added.').waitFor();
    await holidays.getByText('Bridge holiday').waitFor();

    // A enters 38 and confirms: it only waits; nothing is paid.
    await desk.getByRole('textbox', { name: '2D number (00–99)' }).fill('38');
    await desk.getByRole('button', { name: 'Confirm and settle' }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Confirm and settle' }).click();
    await desk.getByText('38 now waits for a second operator to confirm it.').waitFor();
    await desk.getByTestId('result-pending').getByText(/entered by kyaw/).waitFor();
    await desk.getByTestId('draws-today').getByText('Waiting for a second operator (38)').waitFor();
    expect(await main()).toBe('99700.00');
    await shoot(desk, 'two-d-pending', desk.getByTestId('result-pending'));

    // Close 13 (asked first) and set a break on 38: both listed, and the server holds them.
    const closures = desk.getByTestId('closures');
    await closures.getByRole('textbox', { name: 'Digit or number' }).fill('13');
    await closures.getByRole('button', { name: 'Close', exact: true }).click();
    await desk.getByRole('alertdialog').getByText(/Close 13\?/).waitFor();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Close', exact: true }).click();
    await desk.getByText('Closed: 13').waitFor();
    const breaks = desk.getByTestId('breaks');
    await breaks.getByRole('textbox', { name: 'Number', exact: true }).fill('38');
    await breaks.getByRole('textbox', { name: 'Break (Ks)' }).fill('20000');
    await breaks.getByRole('button', { name: 'Set break' }).click();
    await breaks.getByText('20,000 Ks').waitFor();
    const closed = (await h.server.call('GET', '/api/admin/two-d/closures', { token: ADMIN_TOKEN })).body.data as { value: string }[];
    expect(closed.map((c) => c.value)).toEqual(['13']);
    const limits = (await h.server.call('GET', '/api/admin/two-d/limits', { token: ADMIN_TOKEN })).body.data.limits as { number: string; break_amount: string }[];
    expect(limits).toEqual([{ number: '38', break_amount: '20000.00', updated_at: expect.any(String) }]);
    await shoot(desk, 'two-d-rules', holidays);

    // A's own confirm is refused by the server, with its words.
    await desk.getByRole('button', { name: 'Confirm 38' }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Confirm and settle' }).click();
    await desk.getByText('A different operator must confirm this result').waitFor();
    expect(await main()).toBe('99700.00');

    // B confirms the same figure: settled, the slip paid 80 × 300.
    const { page: second } = await h.newPage({ viewport: TABLET });
    await signIn(second, b);
    await second.getByRole('link', { name: '2D results' }).click();
    await second.getByTestId('result-pending').getByText(/38, entered by kyaw/).waitFor();
    await second.getByRole('button', { name: 'Confirm 38' }).click();
    await second.getByRole('alertdialog').getByRole('button', { name: 'Confirm and settle' }).click();
    await second.getByText('38 confirmed; the draw is settled.').waitFor();
    await second.getByTestId('draws-today').getByText(/38 settled: 1 winning slip\(s\), 24,000 Ks paid/).waitFor();
    expect(await main()).toBe('123700.00');
    await shoot(second, 'two-d-settled', second.getByTestId('draws-today'));
  });
});
