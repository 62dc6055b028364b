import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { totpCode } from '../../server/domain/operators/totp';
import { manualClock } from '../../server/lib/clock';
import { DESKTOP, loginDemo, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
/** Monday 23 November 2026, 10:00 in Yangon: the morning 2D draw is open until 11:55. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';
const OPERATOR = { user_name: 'thida', display_name: 'Daw Thida', password: 'thida-console-2026' };
const BURMESE_TITLE = 'ကြိုဆိုရေး ဘောနပ်စ် အသစ်';

/** Each console screen at 1280×800, in English and in Burmese (switched with the console's own picker). */
async function shoot(page: Page, name: string) {
  mkdirSync('.tmp/console', { recursive: true });
  for (const lang of ['en', 'mm'] as const) {
    await page.locator('select[aria-label]').first().selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `.tmp/console/${name}-${lang}.png` });
  }
  await page.locator('select[aria-label]').first().selectOption('en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

/**
 * The operator console (/admin) in Chromium against the real server: an operator created with
 * the ADMIN_TOKEN enrols and signs in with TOTP codes, approves a player's deposit with the
 * receipt in view (the player's balance chip, in another context, follows within a poll),
 * enters and confirms a 2D result after the server's session ended (401 → sign-in again) and
 * the player's slip is paid, and edits a promotion's Burmese title that /promotion then shows.
 */
describe('operator console in the browser', () => {
  let h: Harness;
  const clock = manualClock(MONDAY_MORNING);
  let secret = '';
  /** The next 30 s step's code: each code works once, so the server clock moves on first. */
  const nextCode = () => {
    clock.advance(30_000);
    return totpCode(secret, clock.now());
  };

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
    const created = await h.server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: OPERATOR.user_name, display_name: OPERATOR.display_name, role: 'owner' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    secret = new URL(created.body.data.otpauth_uri).searchParams.get('secret')!;
    (OPERATOR as Record<string, string>).setup_code = created.body.data.setup_code;
  });
  afterAll(() => h?.close());

  async function signIn(desk: Page) {
    await desk.locator('input[name="user_name"]').fill(OPERATOR.user_name);
    await desk.locator('input[name="password"]').fill(OPERATOR.password);
    await desk.locator('input[name="totp"]').fill(nextCode());
    await desk.getByRole('button', { name: 'Sign in', exact: true }).click();
    await desk.getByTestId('operator').waitFor();
  }

  /** A player's deposit request of 5,000 Ks with a receipt: a picture of the transfer, drawn by Chromium. */
  async function depositWithReceipt(playerToken: string, reference: string): Promise<number> {
    const maker = await h.browser.newPage({ viewport: { width: 420, height: 640 } });
    await maker.setContent(
      `<body style="margin:0;background:#0d6efd;font:22px sans-serif;color:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;height:100vh;gap:14px">
        <b style="font-size:30px">KBZPay</b><div>Transfer successful</div><div style="font-size:40px;font-weight:700">5,000.00 Ks</div>
        <div>To: U Kyaw Min</div><div>Transaction No. ${reference}</div><div>23/11/2026 10:02</div></body>`,
    );
    const receipt = await maker.screenshot();
    await maker.close();
    const banks = (await h.server.call('GET', '/api/banks', { token: playerToken })).body.data as { id: number }[];
    const form = new FormData();
    form.append('agent_payment_type_id', String(banks[0]!.id));
    form.append('amount', '5000');
    form.append('refrence_no', reference);
    form.append('receipt', new Blob([new Uint8Array(receipt)], { type: 'image/png' }), 'receipt.png');
    const res = await fetch(`${h.server.url}/api/depositfinicial`, { method: 'POST', headers: { authorization: `Bearer ${playerToken}`, accept: 'application/json' }, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { data: { id: number } }).data.id;
  }

  it('enrols, approves a deposit with its receipt, settles a 2D draw and retitles a promotion in Burmese', async () => {
    // The player, in a context of their own, signs in: 50,000 Ks on the chip.
    const { page: player } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(player, DEMO_USER_NAME, DEMO_PASSWORD);
    const chip = (ks: string) => player.getByRole('link', { name: `Game balance: ${ks} Ks` });
    await chip('50,000.00').waitFor();
    const playerToken = (await player.evaluate(() => localStorage.getItem('token')))!;

    // /admin is the console, not the player's lobby: the server's first paint has none of its markup.
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    const shell = await (await fetch(`${h.server.url}/admin/cashier`)).text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('noindex');

    // First-time setup: setup code, a new password and the first code → signed in.
    await desk.goto('/admin');
    await desk.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    // Nothing server-painted to wait for: the console's scripts are asked for at once, not after
    // the start script's fallback timer of 1.5 s (decision 0040).
    const firstScript = await desk.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.endsWith('.js'))?.startTime ?? Infinity);
    expect(firstScript).toBeLessThan(1000);
    await shoot(desk, 'sign-in');
    await desk.getByRole('button', { name: 'First time? Set up your account' }).click();
    await desk.locator('input[name="user_name"]').fill(OPERATOR.user_name);
    await desk.locator('input[name="setup_code"]').fill((OPERATOR as Record<string, string>).setup_code!);
    await desk.locator('input[name="password"]').fill(OPERATOR.password);
    await shoot(desk, 'setup');
    await desk.locator('input[name="totp"]').fill(nextCode());
    await desk.getByRole('button', { name: 'Finish setup and sign in' }).click();
    await desk.getByTestId('operator').waitFor();
    expect(await desk.evaluate(() => sessionStorage.getItem('kp:operatorToken'))).toBeTruthy();

    // Sign out, then sign in with the password and a fresh code; a wrong code is refused.
    await desk.getByRole('button', { name: 'Sign out' }).click();
    await desk.getByText('You have signed out.').waitFor();
    await desk.locator('input[name="user_name"]').fill(OPERATOR.user_name);
    await desk.locator('input[name="password"]').fill(OPERATOR.password);
    await desk.locator('input[name="totp"]').fill('000000');
    await desk.getByRole('button', { name: 'Sign in', exact: true }).click();
    await desk.getByRole('alert').filter({ hasText: 'authenticator code is wrong' }).waitFor();
    await signIn(desk);
    await shoot(desk, 'dashboard');

    // The player deposits 5,000 Ks with a receipt (a picture of the transfer).
    const depositId = await depositWithReceipt(playerToken, '482913');

    // The cashier queue lists it (the list polls by itself), with the receipt in view.
    await desk.getByRole('link', { name: 'Cashier' }).click();
    await desk.getByRole('option', { name: new RegExp(`#${depositId} · ${DEMO_USER_NAME}`) }).waitFor();
    const image = desk.getByRole('img', { name: `Receipt of request #${depositId}` });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(300);
    await desk.getByText('482913').first().waitFor();
    await shoot(desk, 'cashier');

    // A asks first (issue 25 point 10): the dialog names the request, amount and player; Escape
    // sends nothing; A again and Enter approve; the request leaves the queue; the chip follows.
    await desk.keyboard.press('a');
    const ask = desk.getByRole('alertdialog', { name: `Approve request #${depositId}?` });
    await ask.getByText(`5,000.00 Ks for ${DEMO_USER_NAME}`, { exact: false }).waitFor();
    await shoot(desk, 'cashier-approve-confirm');
    await desk.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect((await h.server.call('GET', '/api/admin/deposits?status=pending', { token: ADMIN_TOKEN })).body.data.data.map((r: { id: number }) => r.id)).toContain(depositId);
    await desk.keyboard.press('a');
    await ask.waitFor();
    await desk.keyboard.press('Enter');
    await desk.getByText(`Request #${depositId} approved.`).waitFor();
    await desk.getByText('Nothing is waiting. New requests appear here by themselves.').waitFor();
    await chip('55,000.00').waitFor({ timeout: 7000 });

    // A 2D slip on 38 for 300 Ks (from the main balance: 100,000 → 99,700).
    const slip = await h.server.call('POST', '/api/twod-bet', { token: playerToken, body: { totalAmount: 300, amounts: [{ num: '38', amount: 300 }] } });
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);

    // After the 12:01 draw. The console has been idle over 30 minutes: its next call answers
    // 401 and the sign-in form comes back; a fresh code signs in again on the same page.
    clock.set('2026-11-23T05:45:00Z'); // 12:15 Yangon
    // The first call after the clock moved answers 401: the one this click makes, or the queue's
    // own poll if that comes first (then the link is gone under the sign-in form before the click).
    await desk.getByRole('link', { name: '2D results' }).click({ timeout: 5000 }).catch(() => undefined);
    await desk.getByText('Your session has ended. Please sign in again.').waitFor();
    await signIn(desk);
    if (new URL(desk.url()).pathname !== '/admin/two-d') await desk.getByRole('link', { name: '2D results' }).click();
    await expect.poll(() => new URL(desk.url()).pathname).toBe('/admin/two-d');
    const cell38 = desk.getByRole('cell', { name: /^38/ });
    await cell38.waitFor();
    expect(await cell38.innerText()).toContain('300');
    await desk.getByText('No result yet.').waitFor();
    await shoot(desk, 'two-d');

    // Enter 38 and confirm it in the dialog: the draw settles and the slip is paid 80 × 300.
    await desk.getByRole('textbox', { name: '2D number (00–99)' }).fill('38');
    await desk.getByRole('button', { name: 'Confirm and settle' }).click();
    const dialog = desk.getByRole('alertdialog');
    await dialog.getByText(/38 for the Morning \(12:01\) draw of 2026-11-23/).waitFor();
    await shoot(desk, 'two-d-confirm');
    await dialog.getByRole('button', { name: 'Confirm and settle' }).click();
    await desk.getByText('38 confirmed; the draw is settled.').waitFor();
    await desk.getByText(/Settled: winning slips 1, paid 24,000 Ks/).waitFor();
    const user = (await h.server.call('GET', '/api/user', { token: playerToken })).body.data;
    expect(user.main_balance).toBe('123700.00');
    await player.goto('/morning-bet-slip');
    await player.getByText('Win', { exact: true }).first().waitFor();

    // Content: the first promotion's Burmese title, saved and then shown on /promotion in Burmese.
    await desk.getByRole('link', { name: 'Content' }).click();
    await desk.getByRole('tab', { name: 'Promotions' }).click();
    const mmTitle = desk.getByRole('textbox', { name: 'Title in မြန်မာ' });
    await mmTitle.waitFor();
    await mmTitle.fill(BURMESE_TITLE);
    await desk.getByRole('button', { name: 'Save', exact: true }).click();
    await desk.getByText('Saved.', { exact: true }).waitFor();
    await shoot(desk, 'content');
    await player.evaluate(() => localStorage.setItem('lan', 'mm'));
    await player.goto('/promotion');
    const visible = () => player.locator('main').innerText().then((t) => t.replace(/[\u200b-\u200d\u2060]/g, ''));
    await expect.poll(visible, { timeout: 7000 }).toContain(BURMESE_TITLE);

    // Players: search, profile with both balances.
    await desk.getByRole('link', { name: 'Players' }).click();
    await desk.getByRole('searchbox').fill(DEMO_USER_NAME);
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    await desk.getByRole('button', { name: new RegExp(DEMO_USER_NAME) }).click();
    await desk.getByRole('heading', { name: new RegExp(DEMO_USER_NAME) }).waitFor();
    await desk.getByText('55,000.00').first().waitFor();
    await shoot(desk, 'players');

    await desk.getByRole('link', { name: 'Dashboard' }).click();
    await desk.getByText('Games today').waitFor();
    await shoot(desk, 'dashboard-after');
  });

  it('a tablet-width console keeps the queue usable', async () => {
    const playerToken = (await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } })).body.data.token as string;
    const depositId = await depositWithReceipt(playerToken, '550123');
    const { page } = await h.newPage({ viewport: { width: 820, height: 1180 } });
    await page.goto('/admin');
    await signIn(page);
    await page.getByRole('link', { name: 'Cashier' }).click();
    await page.getByRole('img', { name: `Receipt of request #${depositId}` }).waitFor();
    mkdirSync('.tmp/console', { recursive: true });
    await page.screenshot({ path: '.tmp/console/cashier-tablet-en.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);

    // R opens the reason; Enter on an empty reason sends nothing; with one, the request is rejected.
    await page.keyboard.press('r');
    const reason = page.getByRole('textbox', { name: 'Reason for rejecting (the player sees it)' });
    await reason.fill('No such transfer in the KBZPay app');
    await page.getByRole('button', { name: 'Reject request' }).click();
    await page.getByText(`Request #${depositId} rejected.`).waitFor();
    const rows = (await h.server.call('GET', '/api/admin/deposits?status=rejected', { token: ADMIN_TOKEN })).body.data.data as { id: number; note: string }[];
    expect(rows.find((r) => r.id === depositId)?.note).toBe('No such transfer in the KBZPay app');
  });
});
