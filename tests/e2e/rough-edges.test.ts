import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { digitBets, users } from '../../server/db/schema';
import { manualClock } from '../../server/lib/clock';
import { DESKTOP, PHONE, loginDemo, snap, startHarness, type Harness } from './support/harness';

/** Monday 23 November 2026, 10:00 in Yangon: the morning 2D draw is open. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';

/** Logs the demo player in (the login dialog speaks English), then shows the site in `lan`. */
async function loginIn(page: Page, lan: string) {
  await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
  if (lan !== 'en') await page.evaluate((l) => localStorage.setItem('lan', l), lan);
}

/** True when the element's box lies wholly inside the viewport. */
async function inViewport(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}

/**
 * Issue 13, rough edges, in Chromium against the real server: Digit Bet's Roll now and its result
 * in view on a phone, the kind 404, the Exchange button at 0, the deposit log after a deposit,
 * the pop-up ad's once-a-day memory, Burmese kept whole at line ends, and Zawgyi typed 2D entries.
 */
describe('rough edges in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, manualClock(MONDAY_MORNING));
  });
  afterAll(() => h?.close());

  const betsOf = async (userName: string) => {
    const [user] = await h.server.database.db.select().from(users).where(eq(users.userName, userName));
    return h.server.database.db.select().from(digitBets).where(eq(digitBets.userId, user!.id));
  };

  it('Digit Bet: Roll now beside the countdown rolls at once, long before it ends', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/digitbet');
    await page.getByTestId('side-big').click();
    // The spec's 90-second countdown runs; Roll now stands beside it.
    await expect.poll(() => page.getByTestId('result-stage').textContent()).toMatch(/Rolling in (90|89|88)\.\.\./);
    expect(await page.getByTestId('roll').textContent()).toBe('Roll now');
    await snap(page, 'rough-digit-roll-now-phone-en');
    const before = (await betsOf(DEMO_USER_NAME)).length;
    await page.getByTestId('roll-now').click();
    await expect.poll(() => page.getByTestId('digit-status').textContent(), { timeout: 10_000 }).toMatch(/You (Won|Lost)! The number was \d \((Big|Small)\)\./);
    const bets = await betsOf(DEMO_USER_NAME);
    expect(bets).toHaveLength(before + 1);
    expect(bets.at(-1)!.betType).toBe('big');
    // The countdown is over: nothing says 'Rolling in', and no second roll follows.
    expect(await page.getByTestId('result-stage').textContent()).not.toMatch(/Rolling in/);
    expect(await page.getByTestId('roll').textContent()).toBe('Roll the Dice');
    await page.waitForTimeout(1500);
    expect(await betsOf(DEMO_USER_NAME)).toHaveLength(before + 1);
    await page.context().close();
  });

  it('Digit Bet: after a roll from the stake at the bottom, the result and its message are in view at 390×844', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/digitbet');
    await page.getByTestId('multiplier-5').click();
    await page.getByTestId('digit-7').click();
    // The player is down at the stake, the result stage far above.
    await page.getByTestId('roll').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await inViewport(page, 'digit-result')).toBe(false);
    await page.getByTestId('roll').click();
    await expect.poll(() => page.getByTestId('digit-status').textContent(), { timeout: 10_000 }).toMatch(/You (Won|Lost)! The number was \d\./);
    await expect.poll(() => inViewport(page, 'digit-result'), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => inViewport(page, 'digit-status')).toBe(true);
    const rolled = await page.getByTestId('digit-result').getAttribute('data-digit');
    expect(await page.getByTestId('digit-status').textContent()).toContain(`The number was ${rolled}.`);
    await snap(page, 'rough-digit-result-phone-en');
    await page.context().close();
  });

  it('Digit Bet screens in every language, phone and desktop', async () => {
    for (const lan of ['en', 'mm', 'zh', 'th']) {
      for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
        const { page } = await h.newPage({ viewport });
        await loginIn(page, lan);
        await page.goto('/digitbet');
        await page.getByTestId('digit-3').click();
        await page.getByTestId('roll-now').waitFor();
        await snap(page, `rough-digit-counting-${name}-${lan}`);
        await page.getByTestId('roll').scrollIntoViewIfNeeded();
        await snap(page, `rough-digit-stake-${name}-${lan}`);
        await page.getByTestId('roll-now').click();
        await expect.poll(() => page.getByTestId('digit-status').getAttribute('data-tone'), { timeout: 10_000 }).toMatch(/^(win|loss)$/);
        await expect.poll(() => inViewport(page, 'digit-status'), { timeout: 5_000 }).toBe(true);
        await snap(page, `rough-digit-result-${name}-${lan}`);
        await page.getByTestId('bet-amount').click();
        await page.getByTestId('bet-modal').waitFor();
        await snap(page, `rough-digit-modal-${name}-${lan}`);
        await page.context().close();
      }
    }
  });

  it('404: says the page was not found, kindly, and leads home', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const text = await page.getByTestId('not-found').innerText();
    expect(text).toContain('404');
    expect(text).toContain('/no-such-page');
    expect(text).not.toContain('Unexpected Application Error!');
    await snap(page, 'rough-404-phone-en');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(/\/\?type=all$/);
    await page.context().close();
    for (const lan of ['mm', 'zh', 'th']) {
      for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
        const { page: p } = await h.newPage({ viewport, lan });
        await p.goto('/Promotions/old-offer');
        await p.getByTestId('not-found').waitFor();
        expect(await p.getByTestId('not-found').innerText()).toContain('/Promotions/old-offer');
        await snap(p, `rough-404-${name}-${lan}`);
        await p.context().close();
      }
    }
    const { page: desktop } = await h.newPage({ viewport: DESKTOP });
    await desktop.goto('/no-such-page');
    await desktop.getByTestId('not-found').waitFor();
    await snap(desktop, 'rough-404-desktop-en');
    await desktop.context().close();
  });

  it('Exchange: the button is disabled for an empty amount and for 0, enabled for an amount', async () => {
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const { page } = await h.newPage({ viewport });
      await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
      await page.goto('/information?tab=profile');
      await page.getByRole('button', { name: /Exchange Balance/ }).last().click();
      const dialog = page.locator('[role="dialog"]');
      const exchange = dialog.getByRole('button', { name: 'Exchange', exact: true });
      const amount = dialog.locator('input[name="amount"]');
      expect(await exchange.isDisabled(), 'empty').toBe(true);
      for (const zero of ['0', '00', '၀']) {
        await amount.fill(zero);
        await expect.poll(() => exchange.isDisabled(), { message: `disabled at ${zero}` }).toBe(true);
      }
      await snap(page, `rough-exchange-zero-${name}-en`);
      await amount.fill('100');
      await expect.poll(() => exchange.isDisabled()).toBe(false);
      await amount.fill('0');
      await expect.poll(() => exchange.isDisabled()).toBe(true);
      // Enter in the field does not send 0 either.
      await amount.press('Enter');
      await page.waitForTimeout(300);
      expect(await dialog.count()).toBe(1);
      await page.context().close();
    }
  });

  it('after a deposit the log opens at its top with the new request as the first row', async () => {
    const { page } = await h.newPage({ viewport: PHONE });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    // Earlier requests make the log longer than the screen, so a kept scroll offset would show.
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const [bank] = (await h.server.call('GET', '/api/banks', { token })).body.data as { id: number }[];
    for (let i = 0; i < 8; i++) {
      const res = await h.server.call('POST', '/api/depositfinicial', { token, body: { agent_payment_type_id: bank!.id, amount: 5000 + i, refrence_no: `40000${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    await page.goto('/information?tab=transfer');
    await page.locator('input[name="refrence_no"]').waitFor();
    await page.locator('input[name="amount"]').fill('7300');
    await page.locator('input[name="refrence_no"]').fill('735102');
    const submit = page.locator('main form button[type="submit"]').first();
    await submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await submit.click();
    await page.waitForURL(/tab=logs.*type=deposit/);
    const row = page.locator('main li').filter({ hasText: '7,300' });
    await row.waitFor();
    expect(await row.evaluate((li) => li.parentElement!.firstElementChild === li), 'the new request is the first row').toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await row.boundingBox();
    expect(box!.y + box!.height, 'the new row is on screen').toBeLessThanOrEqual(PHONE.height);
    await snap(page, 'rough-deposit-log-phone-en');
    await page.context().close();
  });

  it('the pop-up ad opens at most once a day, and never again after "Don\'t show again"', async () => {
    // A browser of its own: the harness's pages start with the ad dismissed.
    const context = await h.browser.newContext({ viewport: PHONE, baseURL: h.server.url });
    const page = await context.newPage();
    const dialog = page.locator('[role="dialog"]');
    await page.goto('/?type=all');
    await page.getByTestId('popup-close').waitFor();
    await snap(page, 'rough-popup-phone-en');
    await page.getByTestId('popup-close').click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The same day, even in a new tab session: not again.
    await page.reload();
    await page.getByRole('navigation', { name: 'Game types' }).waitFor();
    // Longer than the ad waits for the page to settle (src/app/page-settled.ts: 4 s without input).
    await page.waitForTimeout(5500);
    expect(await dialog.count()).toBe(0);
    // The next day it comes back; "Don't show again" ends it for good.
    await page.evaluate(() => localStorage.setItem('kp:popupAd', JSON.stringify({ shownOn: '2000-01-01' })));
    await page.reload();
    await page.getByTestId('popup-dismiss').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('kp:popupAd')))!)).toMatchObject({ dismissed: true });
    await page.evaluate(() => localStorage.setItem('kp:popupAd', JSON.stringify({ shownOn: '2000-01-01', dismissed: true })));
    await page.reload();
    await page.getByRole('navigation', { name: 'Game types' }).waitFor();
    // Longer than the ad waits for the page to settle (src/app/page-settled.ts: 4 s without input).
    await page.waitForTimeout(5500);
    expect(await dialog.count()).toBe(0);
    await context.close();
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const lan of ['mm', 'zh', 'th', 'en']) {
        const c = await h.browser.newContext({ viewport, baseURL: h.server.url });
        await c.addInitScript((l) => localStorage.setItem('lan', l), lan);
        const p = await c.newPage();
        await p.goto('/?type=all');
        await p.getByTestId('popup-dismiss').waitFor();
        await snap(p, `rough-popup-${name}-${lan}`);
        await c.close();
      }
    }
  });

  it('Burmese: the game-type strip never breaks a line inside a syllable', async () => {
    for (const viewport of [{ width: 800, height: 900 }, DESKTOP, PHONE]) {
      const { page } = await h.newPage({ viewport, lan: 'mm' });
      await page.goto('/?type=all');
      const strip = page.getByRole('navigation', { name: /[\u1000-\u109F]/ });
      await strip.locator('li a span').nth(8).waitFor();
      await page.evaluate(() => document.fonts.ready);
      const lines = await strip.locator('li a span').evaluateAll((spans) =>
        spans.map((span) => {
          // Each label as the lines it is laid out in.
          const node = span.firstChild!;
          const text = node.textContent ?? '';
          const range = document.createRange();
          const out: string[] = [];
          let top = NaN;
          for (let i = 0; i < text.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect) {
              out[out.length - 1] += text[i];
              continue;
            }
            if (Math.abs(rect.top - top) > 4) out.push('');
            top = rect.top;
            out[out.length - 1] += text[i];
          }
          return out.map((line) => line.replaceAll('\u2060', ''));
        }),
      );
      const wrapped = lines.filter((l) => l.length > 1);
      if (viewport !== PHONE) expect(wrapped.length, 'some labels wrap at this width').toBeGreaterThan(0);
      for (const label of lines) {
        for (const next of label.slice(1)) {
          // A line may start only where a syllable starts: not with a mark, nor with a consonant
          // that closes the syllable before it (asat or virama after it).
          expect(next, JSON.stringify(label)).not.toMatch(/^[\u102B-\u103E\u1056-\u1059\u105E-\u1060\u1062-\u1064\u1067-\u106D\u1071-\u1074\u1082-\u108D\u108F\u109A-\u109D]/);
          expect(next, JSON.stringify(label)).not.toMatch(/^[\u1000-\u1021]\u1037?[\u1039\u103A]/);
        }
      }
      expect(lines.flat().some((l) => l.endsWith('ဂိ')), 'ဂိမ်း ("game") stays whole').toBe(false);
      await snap(page, `rough-type-strip-${viewport.width}-mm`);
      await page.context().close();
    }
  });

  it('2D: an entry typed in Zawgyi reads as Unicode (the converter loads in the browser)', async () => {
    // Desktop: the typed entry is always open beside the grid.
    const { page } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    await page.goto('/2d/bet?time=2');
    const entry = page.locator('input[name="entry"]');
    await entry.waitFor();
    // "၅ ပတ်" (every number with a 5: 19 of them) as a Zawgyi phone types it.
    await entry.fill('၅ပတ္=၁၀၀');
    await entry.press('Enter');
    await page.getByRole('button', { name: 'Bet (19)' }).waitFor();
    expect(await entry.inputValue(), 'applied cleanly, the box is empty again').toBe('');
    expect(await page.locator('button[aria-pressed="true"]').count()).toBe(19);
    await page.context().close();
  });
});
