import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import mmSite from '../../locales/extra/mm.json';
import mmConsole from '../../locales/admin/mm.json';
import { manualClock } from '../../server/lib/clock';
import { keepSyllables } from '../../shared/keep-syllables';
import { registerPlayer, type Player } from '../server/accounts-helpers';
import { paymentTypeId as wavePay } from '../server/cashier-helpers';
import { fund } from '../server/wallet-helpers';
import { enrolOperator, signInToConsole, type ConsoleOperator } from './support/console';
import { DESKTOP, PHONE, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-duties-0123456789';
const SHOTS = '/tmp/shots-duties';
const HOUR = 3_600_000;

/**
 * Separation of duties in the browser (issue 26, decision 0034): cashier Aye resets a player's
 * password in the console; the player, signed in with the one-time password at 390×844, sees only
 * "Choose a new password" (English and Burmese) and chooses one; a day later Aye cannot approve
 * the player's withdrawal (the refusal in the console's words, the request stays) while cashier Bo
 * can. A large withdrawal waits for a second approver: Bo's first approval marks it waiting, Bo
 * again is refused, Aye (no conflict with that player) approves it.
 */
describe('operator console: separation of duties', () => {
  let h: Harness;
  const clock = manualClock('2026-11-23T03:30:00Z');
  let aye: ConsoleOperator;
  let bo: ConsoleOperator;
  let victim: Player;
  let other: Player;

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN, WITHDRAW_SECOND_APPROVAL_KYAT: 100_000 }, clock);
    aye = await enrolOperator(h, clock, ADMIN_TOKEN, { user_name: 'aye', role: 'cashier', display_name: 'Daw Aye' });
    bo = await enrolOperator(h, clock, ADMIN_TOKEN, { user_name: 'bobo', role: 'cashier', display_name: 'U Bo' });
    victim = await registerPlayer(h.server, { name: 'Ko Victim' });
    other = await registerPlayer(h.server, { name: 'Ma Big' });
    await fund(h.server.database.db, victim.id, { game: 50_000 });
    await fund(h.server.database.db, other.id, { game: 300_000 });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => h?.close());

  const shot = async (page: Page, name: string) => {
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  };
  const consoleLang = async (page: Page, lang: 'en' | 'mm') => {
    await page.locator('select[aria-label]').first().selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
  };
  const withdraw = async (player: Player, password: string, amount: number) => {
    const paymentTypeId = await wavePay(h.server.database.db, 'WavePay');
    const res = await h.server.call('POST', '/api/withdrawfinicial', {
      token: player.token,
      body: { payment_type_id: paymentTypeId, account_name: 'Cashier Mule', account_number: '09799999999', amount, password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  /** The console's cashier queue on Withdrawals, the request selected, A then Enter. */
  const approveInQueue = async (page: Page, id: number, userName: string) => {
    if (!new URL(page.url()).pathname.startsWith('/admin/cashier')) await page.getByRole('link', { name: 'Cashier' }).click();
    await page.getByRole('radio').nth(1).click();
    await page.getByRole('option', { name: new RegExp(`#${id} · ${userName}`) }).click();
    await page.keyboard.press('a');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  };

  it('one cashier resets a password and cannot approve that player\'s withdrawal; another can; the player must choose a new password first', async () => {
    // Aye resets the password in the console.
    const { page: desk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(desk, clock, aye);
    await desk.getByRole('link', { name: 'Players' }).click();
    await desk.getByRole('searchbox').fill(victim.userName);
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    await desk.getByRole('button', { name: new RegExp(victim.userName) }).click();
    await desk.getByRole('button', { name: 'One-time password' }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'One-time password' }).click();
    const oneTime = /One-time password: (\S+)/.exec(await desk.getByTestId('password-reset-result').innerText())?.[1] ?? '';
    expect(oneTime).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{10}$/);

    // The player signs in with it on a phone: only "Choose a new password", in English and in Burmese.
    const signInWith = async (lan: 'en' | 'mm') => {
      const { page } = await h.newPage({ viewport: PHONE, lan });
      await page.goto('/login');
      await page.locator('[role="dialog"] input[name="user_name"]').fill(victim.userName);
      await page.locator('[role="dialog"] input[name="password"]').fill(oneTime);
      await page.locator('[role="dialog"] button[type="submit"]').click();
      return page;
    };
    const mm = await signInWith('mm');
    // Burmese text on the page keeps its syllables together (word joiners), as the site writes it.
    const mmHeading = mm.getByRole('heading', { name: keepSyllables(mmSite.profile.forcedTitle) });
    await mmHeading.waitFor();
    await mm.goto('/wallet');
    await mmHeading.waitFor();
    expect(await mm.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(mm, 'player-forced-password-390-mm');
    const phone = await signInWith('en');
    const forced = phone.getByRole('heading', { name: 'Choose a new password' });
    await forced.waitFor();
    await phone.getByText('Support reset your password.', { exact: false }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(phone, 'player-forced-password-390-en');
    // A wrong confirmation is refused under its field; then the new password ends the screen.
    await phone.locator('input[name="current_password"]').fill(oneTime);
    await phone.locator('input[name="password"]').fill('victim-own-77');
    await phone.locator('input[name="password_confirmation"]').fill('victim-own-78');
    await phone.getByRole('button', { name: 'Save new password' }).click();
    await phone.getByText('confirmation does not match', { exact: false }).first().waitFor();
    await phone.locator('input[name="password_confirmation"]').fill('victim-own-77');
    await phone.getByRole('button', { name: 'Save new password' }).click();
    await forced.waitFor({ state: 'detached' });
    victim.token = (await h.server.call('POST', '/api/login', { body: { user_name: victim.userName, password: 'victim-own-77' } })).body.data.token;
    expect((await h.server.call('GET', '/api/user', { token: victim.token })).body.data.must_change_password).toBeUndefined();

    // A day later the player asks for a withdrawal; Aye is refused, in the console's words, and the request stays.
    clock.advance(25 * HOUR);
    const id = await withdraw(victim, 'victim-own-77', 40_000);
    const { page: ayeDesk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(ayeDesk, clock, aye);
    await approveInQueue(ayeDesk, id, victim.userName);
    await ayeDesk.getByText('so another operator must approve their withdrawal', { exact: false }).waitFor();
    await ayeDesk.getByRole('option', { name: new RegExp(`#${id} · `) }).waitFor();
    await shot(ayeDesk, 'console-duty-conflict-1280-en');
    await consoleLang(ayeDesk, 'mm');
    await approveInQueue(ayeDesk, id, victim.userName);
    await ayeDesk.getByText('ငွေထုတ်မှုကို အခြားအော်ပရေတာ', { exact: false }).first().waitFor();
    await shot(ayeDesk, 'console-duty-conflict-1280-mm');
    await consoleLang(ayeDesk, 'en');
    const pending = await h.server.call('GET', '/api/admin/withdrawals?status=pending', { token: ADMIN_TOKEN });
    expect(pending.body.data.data.map((r: { id: number }) => r.id)).toContain(id);

    // Bo approves it.
    const { page: boDesk } = await h.newPage({ viewport: DESKTOP });
    await signInToConsole(boDesk, clock, bo);
    await approveInQueue(boDesk, id, victim.userName);
    await boDesk.getByText(`Request #${id} approved.`).waitFor();

    // A large withdrawal: Bo's approval is the first, the row says it waits; Bo again is refused; Aye settles it.
    const big = await withdraw(other, other.password, 150_000);
    await boDesk.getByRole('option', { name: new RegExp(`#${big} · ${other.userName}`) }).waitFor();
    await approveInQueue(boDesk, big, other.userName);
    await boDesk.getByText(`Request #${big}: first approval recorded.`, { exact: false }).waitFor();
    const waiting = boDesk.getByRole('option', { name: new RegExp(`#${big} · `) });
    await waiting.getByText('Waiting for a second approval by another operator').waitFor();
    await shot(boDesk, 'console-second-approval-1280-en');
    await consoleLang(boDesk, 'mm');
    await waiting.getByText(mmConsole.admin.secondApprovalShort).waitFor();
    await shot(boDesk, 'console-second-approval-1280-mm');
    await consoleLang(boDesk, 'en');
    await approveInQueue(boDesk, big, other.userName);
    await boDesk.getByText('a different operator must give the second', { exact: false }).waitFor();
    await approveInQueue(ayeDesk, big, other.userName);
    await ayeDesk.getByText(`Request #${big} approved.`).waitFor();
    const row = await h.server.call('GET', `/api/admin/withdrawals?status=approved`, { token: ADMIN_TOKEN });
    expect(row.body.data.data.find((r: { id: number }) => r.id === big)).toMatchObject({ status_word: 'approved', first_approval: { by: 'bobo' } });
  });
});
