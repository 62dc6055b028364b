import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import mm from '../../locales/mm.json';
import enExtra from '../../locales/extra/en.json';
import mmExtra from '../../locales/extra/mm.json';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, DEMO_USER_NAME } from '../../server/db/seed';
import { addHoliday } from '../../server/domain/two-d/holidays';
import { manualClock } from '../../server/lib/clock';
import { keepSyllables, withoutJoiners } from '../../shared/keep-syllables';
import { signInitData } from '../server/telegram-helpers';
import { DESKTOP, PHONE, loginDemo, recordTelegramCalls, snap, startHarness, type Harness } from './support/harness';

/**
 * The rough edges of a first day (issue 25, points 5, 6, 7, 9, 11), at phone size in English and
 * Burmese: the pop-up ad's rules and its Deposit button, one clear closed state on /2d, a footer
 * without the desktop lines on phones and in Telegram, Telegram's light theme on the whole page,
 * no word joiners in the MainButton's text, and the Digit Bet history's loss colour readable.
 */
const BOT_TOKEN = '7000000001:AAE-e2e-bot-token-for-the-harness-only';
/** Saturday 28 November 2026, 10:00 in Yangon: no 2D draws today. */
const SATURDAY = '2026-11-28T03:30:00Z';
/** Thursday 10 December 2026 (Constitution Day, a weekday holiday), 10:00 in Yangon: open by the clock alone. */
const HOLIDAY = '2026-12-10';
const HOLIDAY_MORNING = '2026-12-10T03:30:00Z';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LIGHT = { bg_color: '#ffffff', secondary_bg_color: '#f1f1f4', text_color: '#000000', hint_color: '#999999', link_color: '#2481cc', button_color: '#2481cc', button_text_color: '#ffffff', section_bg_color: '#ffffff', accent_text_color: '#2481cc', destructive_text_color: '#cc2929', section_separator_color: '#e7e7e7' };
const LANS = { en: { main: en, extra: enExtra }, mm: { main: mm, extra: mmExtra } } as const;
type Lan = keyof typeof LANS;
/** A string as the page shows it (Burmese carries word joiners, shared/keep-syllables). */
const shown = (lan: Lan, text: string) => (lan === 'mm' ? keepSyllables(text) : text);
const YEAR = new Date().getFullYear();

async function seriousViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

describe('a first day: pop-up, closed 2D, footer, Telegram, contrast', () => {
  let h: Harness;
  const clock = manualClock(SATURDAY);
  beforeAll(async () => {
    h = await startHarness({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET: 'e2e-webhook-secret' }, clock);
  });
  afterAll(() => h?.close());

  /** A browser of its own with nothing remembered: the pop-up ad is due (the harness's pages start with it dismissed). */
  async function freshContext(lan: Lan, viewport = PHONE): Promise<BrowserContext> {
    const context = await h.browser.newContext({ viewport, baseURL: h.server.url, bypassCSP: true });
    await context.addInitScript((l) => {
      if (!localStorage.getItem('lan')) localStorage.setItem('lan', l);
    }, lan);
    return context;
  }

  /** Longer than the ad waits for the page to settle (src/app/page-settled.ts: 4 s without input). */
  const pastTheAdsWait = (page: Page) => page.waitForTimeout(5500);

  for (const lan of ['en', 'mm'] as const) {
    it(`${lan}: no pop-up right after registering; a later visit gets it, and its button opens the deposit page`, async () => {
      const { main } = LANS[lan];
      const context = await freshContext(lan);
      const page = await context.newPage();
      const dialogs = page.locator('[role="dialog"]');
      await page.goto('/?type=all');
      await page.getByRole('button', { name: shown(lan, main.auth.joinShort), exact: true }).first().click();
      const phone = `09${String(Date.now()).slice(-8)}`;
      for (const [name, value] of Object.entries({ name: 'Aung Aung', phone, password: 'secret123', password_confirmation: 'secret123', referral_code: DEMO_REFERRAL_CODE })) {
        await page.locator(`[role="dialog"] input[name="${name}"]`).fill(value);
      }
      await page.locator('[role="dialog"] button[type="submit"]').click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
      await dialogs.first().waitFor({ state: 'detached' });
      await pastTheAdsWait(page);
      expect(await dialogs.count(), 'no pop-up right after registering').toBe(0);
      // Even on another Home load in the same visit.
      await page.reload();
      await pastTheAdsWait(page);
      expect(await dialogs.count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('kp:popupAd')), 'never shown, so still due').toBeNull();

      // A later visit (a new tab): the ad, with a button that says what the picture says.
      const later = await context.newPage();
      await later.goto('/?type=all');
      const follow = later.getByTestId('popup-follow');
      await follow.waitFor();
      expect(await follow.textContent()).toBe(shown(lan, main.home.popupDeposit));
      expect(await later.getByTestId('popup-dismiss').textContent(), "Don't show again stays").toBe(shown(lan, main.home.popupNeverAgain));
      expect(await later.locator('[role="dialog"]').count(), 'one sheet').toBe(1);
      await later.waitForTimeout(400); // past the sheet's pop-in animation
      await snap(later, `first-day-popup-phone-${lan}`);
      expect(await seriousViolations(later), 'axe on Home with the ad open').toEqual([]);
      await follow.click();
      await later.waitForURL(/\/top-up\/bank$/);
      await expect.poll(() => later.locator('[role="dialog"]').count()).toBe(0);
      await context.close();
    });

    it(`${lan}: in Telegram (light theme) the first sign-in shows the welcome sheet only, the page is light, the MainButton text has no joiners`, async () => {
      const { main } = LANS[lan];
      const context = await freshContext(lan);
      const page = await context.newPage();
      const posted = await recordTelegramCalls(page);
      const user = { id: 5_570_000 + (lan === 'en' ? 1 : 2), first_name: 'Ko Ko', language_code: lan === 'mm' ? 'my' : 'en' };
      // Signed at the server's (Saturday) time: init data from the future would be refused.
      const initData = signInitData(BOT_TOKEN, { user, auth_date: Math.floor(Date.parse(SATURDAY) / 1000) });
      const hash = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android', tgWebAppThemeParams: JSON.stringify(LIGHT) });
      await page.goto(`/?type=all#${hash}`);
      const dialogs = page.locator('[role="dialog"]');
      await dialogs.first().waitFor();
      await pastTheAdsWait(page);
      expect(await dialogs.count(), 'the welcome sheet alone, no pop-up ad over or under it').toBe(1);
      expect(await dialogs.first().locator('input[name="referral_code"]').count()).toBe(1);

      // Telegram's light theme on the page itself, not only on the sheets.
      const colours = await page.evaluate(() => ({
        body: getComputedStyle(document.body).backgroundColor,
        sheet: getComputedStyle(document.querySelector('[role="dialog"]')!).backgroundColor,
        text: getComputedStyle(document.body).color,
      }));
      expect(colours).toEqual({ body: 'rgb(255, 255, 255)', sheet: 'rgb(241, 241, 244)', text: 'rgb(0, 0, 0)' });

      // The MainButton carries the words Telegram draws itself: no invisible joiners.
      const mainButton = async () => (await posted()).filter((p) => p.event === 'web_app_setup_main_button').at(-1)?.data;
      await expect.poll(mainButton).toMatchObject({ is_visible: true, text: main.telegram.createAccount });
      for (const p of await posted()) {
        if (typeof p.data?.text === 'string') expect(p.data.text, p.event).not.toMatch(/[\u200B-\u200D\u2060\uFEFF]/);
      }
      await snap(page, `first-day-telegram-welcome-light-${lan}`);
      expect(await seriousViolations(page), 'axe on the Telegram welcome, light theme').toEqual([]);

      await dialogs.first().locator('input[name="referral_code"]').fill(DEMO_REFERRAL_CODE);
      await page.evaluate(() => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent('main_button_pressed'));
      await dialogs.first().waitFor({ state: 'detached' });
      await pastTheAdsWait(page);
      expect(await dialogs.count(), 'no pop-up after the first Telegram sign-in either').toBe(0);

      // The footer in Telegram: this year's copyright only.
      await expect.poll(() => page.getByTestId('footer-phone').isVisible()).toBe(true);
      expect(await page.getByTestId('footer-phone').textContent()).toBe(`© ${YEAR} KyatPlay`);
      expect(await page.getByTestId('footer-desktop').isVisible()).toBe(false);
      await page.getByTestId('footer-phone').scrollIntoViewIfNeeded();
      await snap(page, `first-day-telegram-home-light-${lan}`);
      expect(await seriousViolations(page), 'axe on Home in Telegram, light theme').toEqual([]);
      await context.close();
    });

    it(`${lan}: /2d on a Saturday is one clear state: Bet disabled, and when betting opens again in words`, async () => {
      const { extra } = LANS[lan];
      const { page, context } = await h.newPage({ viewport: PHONE, lan, bypassCSP: true });
      await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
      await page.goto('/2d');
      const bet = page.getByTestId('two-d-bet');
      await expect.poll(() => bet.isDisabled()).toBe(true);
      const opens = page.getByTestId('two-d-opens');
      const monday = extra.two_d.weekday1;
      const time = lan === 'en' ? '12:00 AM' : null;
      const text = (await opens.textContent())!;
      expect(withoutJoiners(text)).toContain(withoutJoiners(monday));
      if (time) expect(text).toBe(`Betting opens Monday at ${time} (Yangon time). 2D draws run Monday to Friday.`);
      expect(await bet.getAttribute('aria-describedby')).toBe(await opens.getAttribute('id'));
      await bet.click({ force: true });
      expect(await page.locator('[role="dialog"]').count(), 'no dialog chain').toBe(0);
      await snap(page, `first-day-2d-closed-phone-${lan}`);
      expect(await seriousViolations(page), 'axe on /2d closed').toEqual([]);
      // On a phone: no desktop footer lines.
      expect(await page.getByTestId('footer-desktop').isVisible()).toBe(false);
      expect(await page.getByTestId('footer-phone').textContent()).toBe(`© ${YEAR} KyatPlay`);
      await context.close();
    });
  }

  for (const lan of ['en', 'mm'] as const) {
    it(`${lan}: /2d on a weekday holiday (Thursday, Constitution Day) is the same closed state: Bet disabled, Friday in words, the holiday named`, async () => {
      const { extra } = LANS[lan];
      await addHoliday(h.server.database.db, HOLIDAY, 'Constitution Day', clock.now());
      clock.set(new Date(HOLIDAY_MORNING));
      try {
        // The server's first screen already says it (no Bet the server would refuse).
        const first = await (await fetch(`${h.server.url}/2d`)).text();
        expect(first).toMatch(/<button type="button" class="btn-primary[^"]*" disabled aria-describedby="two-d-opens">/);

        const { page, context } = await h.newPage({ viewport: PHONE, lan, bypassCSP: true });
        await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
        await page.goto('/2d');
        const bet = page.getByTestId('two-d-bet');
        await expect.poll(() => bet.isDisabled()).toBe(true);
        const opens = page.getByTestId('two-d-opens');
        const text = withoutJoiners((await opens.textContent())!);
        const friday = withoutJoiners(extra.two_d.weekday5);
        expect(text).toContain(friday);
        expect(text).toContain(withoutJoiners(extra.two_d.tradingDaysHolidays));
        if (lan === 'en') expect(text).toBe('Betting opens Friday at 12:00 AM (Yangon time). 2D draws run Monday to Friday, except holidays.');
        else expect(text).toMatch(/[၀-၉]{2}:[၀-၉]{2}/); // the time in Burmese digits
        const board = withoutJoiners((await page.locator('section[aria-labelledby="live-title"]').textContent())!);
        expect(board).toContain(withoutJoiners(extra.two_d.holidayToday.replace('{{name}}', extra.two_d_holiday.constitutionDay)));
        await bet.click({ force: true });
        expect(await page.locator('[role="dialog"]').count(), 'no dialog chain').toBe(0);
        await snap(page, `first-day-2d-holiday-phone-${lan}`);
        expect(await seriousViolations(page), 'axe on /2d on a holiday').toEqual([]);
        await context.close();
      } finally {
        clock.set(new Date(SATURDAY));
      }
    });
  }

  it('zh and th: the closed /2d and the phone footer read in their language', async () => {
    for (const lan of ['zh', 'th']) {
      const { page, context } = await h.newPage({ viewport: PHONE, lan });
      await page.goto('/2d');
      await page.getByTestId('two-d-opens').waitFor();
      await page.getByTestId('footer-phone').scrollIntoViewIfNeeded();
      await snap(page, `first-day-2d-closed-phone-${lan}`);
      await context.close();
    }
  });

  it('the desktop web site keeps the footer the spec describes', async () => {
    const { page, context } = await h.newPage({ viewport: DESKTOP });
    await page.goto('/?type=all');
    const desktop = page.getByTestId('footer-desktop');
    await expect.poll(() => desktop.isVisible()).toBe(true);
    expect(await desktop.textContent()).toContain(en.footer.bestViewed);
    expect(await page.getByTestId('footer-phone').isVisible()).toBe(false);
    await context.close();
  });

  it('Digit Bet history: a loss reads at 4.5:1 or better (axe) on a phone', async () => {
    const { page, context } = await h.newPage({ viewport: PHONE, bypassCSP: true });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    for (let i = 0; i < 6; i++) {
      const res = await h.server.call('POST', '/api/digitbet', { token, body: { bet_type: 'digit', digit: 3, bet_amount: 100, multiplier: 1 }, headers: { 'Idempotency-Key': `first-day-${i}` } });
      expect(res.status).toBe(200);
    }
    await page.goto('/digitbet');
    const loss = page.locator('[data-testid="digit-history-row"] .text-loss').first();
    await loss.waitFor();
    expect(await seriousViolations(page), 'axe on Digit Bet with a loss in the history').toEqual([]);
    await loss.scrollIntoViewIfNeeded();
    await snap(page, 'first-day-digit-loss-phone-en');
    await context.close();
  });
});
