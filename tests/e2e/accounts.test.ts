import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_REFERRAL_CODE } from '../../server/db/seed';
import { DESKTOP, PHONE, snap, startHarness, type Harness } from './support/harness';

/**
 * The accounts journey a new player takes, in Chromium against the real server:
 * register with the demo referral code → balance chip → Burmese → change password → logout →
 * log in with the new password; a wrong password shows the server's message.
 */
describe('accounts journey in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const phone = `09${String(Date.now()).slice(-8)}`;
  const password = 'first-pass-1';
  const newPassword = 'second-pass-2';

  async function fill(page: Page, values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) {
      await page.locator(`[role="dialog"] input[name="${name}"], form input[name="${name}"]`).first().fill(value);
    }
  }

  async function openDrawerAndLogout(page: Page) {
    // A toast (the password change's) lies over the top bar on a phone for its few seconds, and a
    // pointer resting on it holds it there (sonner pauses on hover): wait until it has gone.
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('button', { name: /menu|မီနူး/i }).first().click();
    await page.locator('#side-menu').getByRole('button', { name: /logout|ထွ\u2060?က်/i }).click();
  }

  it('registers, switches to Burmese, changes password, logs out and back in', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await page.goto('/');
    await page.waitForURL(/\?type=all$/);

    // Register: the server's field errors appear under the fields first.
    await page.getByRole('button', { name: 'Join Now' }).first().click();
    await fill(page, { name: 'Aung Aung', phone, password, password_confirmation: password, referral_code: 'NOPE99' });
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await expect.poll(() => page.locator('[role="dialog"] .field-error').first().textContent()).toMatch(/^\*.*referral/i);
    await fill(page, { referral_code: DEMO_REFERRAL_CODE });
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await page.getByText('Welcome! Your account is ready.').waitFor();
    await page.waitForURL(/\/\?type=all$/);

    // Logged in: the balance chip shows the game balance in Ks; the token is stored.
    const chip = page.getByRole('link', { name: /Game balance: 0\.00 Ks/i });
    await chip.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{20,}/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userProfile'))) ?? '{}').phone).toBe(phone);
    await snap(page, 'journey-registered-phone-en');

    // Burmese: the choice is stored under 'lan', html lang is 'my', Burmese glyphs render with the Myanmar font.
    // On a phone the language list lives in the drawer.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#side-menu button[lang="my"]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('my');
    expect(await page.evaluate(() => localStorage.getItem('lan'))).toBe('mm');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Myanmar"', 'မြန်မာ'))).toBe(true);
    const body = await page.locator('body').innerText();
    expect(body).toMatch(/[\u1000-\u109F]{3,}/);
    await page.keyboard.press('Escape');

    // Change password on the profile tab (Burmese UI); the server's 401 shows in the badge first.
    await page.goto('/information?tab=profile');
    await page.locator('input[name="current_password"]').waitFor();
    await fill(page, { current_password: 'wrong-one', password: newPassword, password_confirmation: newPassword });
    await page.locator('form button[type="submit"]').click();
    await page.locator('#password-title ~ [role="alert"], [role="alert"]:has-text("Old Password is incorrect")').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull(); // still logged in
    await fill(page, { current_password: password, password: newPassword, password_confirmation: newPassword });
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/information\?tab=profile$/);
    await expect.poll(() => page.locator('input[name="current_password"]').inputValue()).toBe('');
    await snap(page, 'journey-profile-phone-mm');

    // Logout clears the session, said in Burmese (never the legacy "Logout successfully.").
    await openDrawerAndLogout(page);
    const shown = () => page.locator('body').innerText().then((t) => t.replace(/[\u200b-\u200d\u2060]/g, ''));
    await expect.poll(shown).toContain('အကောင့်မှ ထွက်ခြင်း အောင်မြင်ပါသည်။');
    expect(await shown()).not.toMatch(/successfully/i);
    await snap(page, 'journey-logged-out-phone-mm');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.waitForURL(/\/\?type=all$/);

    // Back to English; a wrong password shows the server's message under the user name.
    await page.evaluate(() => localStorage.setItem('lan', 'en'));
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).first().click();
    await fill(page, { user_name: phone, password });
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await page.locator('[role="dialog"]').getByText('Credentials do not match!').waitFor();

    // The new password works.
    await fill(page, { user_name: phone, password: newPassword });
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await page.getByText('You are logged in.').waitFor();
    await page.getByRole('link', { name: /Game balance/i }).waitFor();
    await page.context().close();
  });

  it('renders the shell at desktop size with the demo player logged in', async () => {
    const { page } = await h.newPage({ viewport: DESKTOP });
    await page.goto('/login');
    await page.locator('[role="dialog"] input[name="user_name"]').fill('Pi00000001');
    await page.locator('[role="dialog"] input[name="password"]').fill('demo1234');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await page.getByRole('link', { name: /Game balance: 50,000\.00 Ks/ }).waitFor();
    await page.waitForURL(/\/\?type=all$/);
    await snap(page, 'journey-home-desktop-en');
    await page.context().close();
  });

  it('shows the not-found screen, with the way home, for an unknown route', async () => {
    const { page } = await h.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.locator('body').innerText()).toContain('404');
    expect(await page.locator('body').innerText()).not.toContain('Unexpected Application Error!');
    await page.context().close();
  });
});
