import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { totpCode } from '../../server/domain/operators/totp';
import { manualClock } from '../../server/lib/clock';
import { formatInstant } from '../../shared/date-format';
import { DESKTOP, PHONE, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-closed-day-0123';
/** Thursday 10 December 2026, 10:00 in Yangon: a weekday the operator has marked a SET holiday. */
const HOLIDAY = '2026-12-10';
const NOW = '2026-12-10T03:30:00Z';
const OPERATOR = { user_name: 'kyaw', display_name: 'Ko Kyaw', password: 'kyaw-console-2026' };
const ADMIN_WORDS = {
  en: JSON.parse(readFileSync('locales/admin/en.json', 'utf8')) as { admin: Record<string, string> },
  mm: JSON.parse(readFileSync('locales/admin/mm.json', 'utf8')) as { admin: Record<string, string> },
};
const CONFIRM_MM = ADMIN_WORDS.mm.admin.confirmResult!;
/** Every screen of the console's navigation (src/console/ConsoleShell.tsx). */
const SCREENS = ['dashboard', 'cashier', 'two-d', 'content', 'games', 'players', 'reports', 'disputes', 'operators', 'audit'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The console's language, switched with its own picker. */
async function language(page: Page, lang: 'en' | 'mm') {
  await page.locator('select[aria-label]').first().selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === (l === 'mm' ? 'my' : 'en'), lang);
  await page.evaluate(() => document.fonts.ready);
}

const WORDS = {
  en: { keys: ADMIN_WORDS.en.admin.shortcuts, ask: (id: number) => `Approve request #${id}?`, held: 'Withdrawal (held)', opening: 'Opening balance', closed: 'Not a trading day.', holiday: 'Constitution Day is a SET holiday', number: '2D number (00–99)', noResult: 'No result yet.', noDraw: 'No draw (not a trading day)', confirm: 'Confirm and settle' },
  mm: { keys: ADMIN_WORDS.mm.admin.shortcuts, ask: (id: number) => `တောင်းဆိုမှု #${id} ကို အတည်ပြုမလား။`, held: 'ငွေထုတ် (ထိန်းထားသည်)', opening: 'အဖွင့် လက်ကျန်ငွေ', closed: 'အရောင်းအဝယ် ရက်မဟုတ်ပါ။', holiday: 'Constitution Day သည် SET ပိတ်ရက်ဖြစ်သည်', number: null, noResult: 'ရလဒ် မထွက်သေးပါ။', noDraw: 'ထီပွဲ မရှိပါ (အရောင်းအဝယ် ရက်မဟုတ်ပါ)', confirm: CONFIRM_MM },
} as const;

/**
 * Issue 25 point 10 in Chromium, at 1280×800 and 390×844, in English and Burmese: A asks before a
 * withdrawal is approved (Escape sends nothing); the player's history beside the request names its
 * ledger kinds in the console's language with Yangon times; on a holiday the 2D result form says
 * "not a trading day" and is shut before anything is typed, and the dashboard says so too.
 */
describe('console: confirmation, translated history, closed days', () => {
  let h: Harness;
  const clock = manualClock(NOW);
  let secret = '';
  let withdrawalId = 0;
  let heldAt = '';

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock);
    const created = await h.server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: OPERATOR.user_name, display_name: OPERATOR.display_name, role: 'owner' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    secret = new URL(created.body.data.otpauth_uri).searchParams.get('secret')!;
    clock.advance(30_000);
    const setup = await h.server.call('POST', '/api/admin/session/setup', { body: { user_name: OPERATOR.user_name, setup_code: created.body.data.setup_code, password: OPERATOR.password, totp: totpCode(secret, clock.now()) } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const holiday = await h.server.call('POST', '/api/admin/two-d/holidays', { token: ADMIN_TOKEN, body: { date: HOLIDAY, name: 'Constitution Day' } });
    expect(holiday.status, JSON.stringify(holiday.body)).toBeLessThan(300);
    // The demo player asks to withdraw 10,000 Ks: a withdraw_hold row in their ledger.
    const token = (await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } })).body.data.token as string;
    const banks = (await h.server.call('GET', '/api/banks', { token })).body.data as { id: number }[];
    const wd = await h.server.call('POST', '/api/withdrawfinicial', { token, body: { payment_type_id: banks[0]!.id, account_name: 'U Kyaw Min', account_number: '09250123456', amount: 10_000, password: DEMO_PASSWORD } });
    expect(wd.status, JSON.stringify(wd.body)).toBe(200);
    const queue = (await h.server.call('GET', '/api/admin/withdrawals?status=pending', { token: ADMIN_TOKEN })).body.data.data as { id: number }[];
    withdrawalId = queue[0]!.id;
    const player = (await h.server.call('GET', `/api/admin/players?q=${DEMO_USER_NAME}`, { token: ADMIN_TOKEN })).body.data.data[0].id as number;
    const ledger = (await h.server.call('GET', `/api/admin/players/${player}/ledger`, { token: ADMIN_TOKEN })).body.data.data as { kind: string; created_at: string }[];
    heldAt = ledger.find((r) => r.kind === 'withdraw_hold')!.created_at;
  });
  afterAll(() => h?.close());

  async function signIn(page: Page) {
    await page.goto('/admin');
    await page.locator('input[name="user_name"]').fill(OPERATOR.user_name);
    await page.locator('input[name="password"]').fill(OPERATOR.password);
    clock.advance(30_000);
    await page.locator('input[name="totp"]').fill(totpCode(secret, clock.now()));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('operator').waitFor();
  }

  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`at ${viewport.width}×${viewport.height}: A asks first; the history is in the console's words and Yangon time; a holiday shuts the result form`, { timeout: 120_000 }, async () => {
      const { page } = await h.newPage({ viewport, bypassCSP: true });
      await signIn(page);
      mkdirSync('.tmp/console-k4', { recursive: true });
      for (const lang of ['en', 'mm'] as const) {
        const w = WORDS[lang];
        await page.goto('/admin/cashier');
        await language(page, lang);
        // The withdrawals queue, the request selected.
        await page.locator('.kc-page-head [role="radio"]').nth(1).click();
        await page.getByRole('option', { name: new RegExp(`#${withdrawalId} · ${DEMO_USER_NAME}`) }).click();
        // The player's history: translated kinds, never the code; the hold's time on the Yangon clock.
        const history = page.locator('.kc-detail');
        await history.getByText(w.held, { exact: true }).first().waitFor();
        await history.getByText(w.opening, { exact: true }).first().waitFor();
        const text = await history.innerText();
        expect(text).not.toMatch(/withdraw_hold|opening\b/);
        const yangon = formatInstant(new Date(heldAt), lang === 'mm' ? 'my' : 'en', 'dateTime');
        const browserLocal = new Date(heldAt).toLocaleString('en-US');
        expect(text).toContain(yangon);
        expect(text).not.toContain(browserLocal);

        // The key hint says A asks first (and R asks for a reason).
        const paragraphs = await page.locator('.kc-page p').allInnerTexts();
        expect(paragraphs.map((p) => p.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '').trim())).toContain(w.keys);

        // A asks; Escape sends nothing.
        await page.locator('body').click({ position: { x: 2, y: 2 } });
        await page.keyboard.press('a');
        const ask = page.getByRole('alertdialog', { name: w.ask(withdrawalId) });
        await ask.waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `.tmp/console-k4/approve-ask-${size}-${lang}.png` });
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await ask.waitFor({ state: 'detached' });
        const pending = (await h.server.call('GET', '/api/admin/withdrawals?status=pending', { token: ADMIN_TOKEN })).body.data.data as { id: number }[];
        expect(pending.map((r) => r.id)).toContain(withdrawalId);
        await page.screenshot({ path: `.tmp/console-k4/history-${size}-${lang}.png`, fullPage: true });

        // 2D results on the holiday: the words, and nothing to type into.
        await page.goto('/admin/two-d');
        await page.getByTestId('not-trading-day').first().waitFor();
        const closed = page.getByTestId('not-trading-day').first();
        expect(await closed.innerText()).toContain(w.closed);
        expect(await closed.innerText()).toContain(w.holiday);
        const input = page.locator('input[name="twod"]');
        expect(await input.isDisabled()).toBe(true);
        expect(await page.getByText(w.noResult).count()).toBe(0);
        expect(await page.getByTestId('draws-today').innerText()).toContain(w.noDraw);
        if (w.number) expect(await page.getByRole('textbox', { name: w.number }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: w.confirm }).first().isDisabled()).toBe(true);
        await page.screenshot({ path: `.tmp/console-k4/two-d-holiday-${size}-${lang}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);

        // The dashboard says the same instead of "No result yet".
        await page.goto('/admin');
        await page.getByTestId('not-trading-day').first().waitFor();
        expect(await page.getByTestId('not-trading-day').first().innerText()).toContain(w.closed);
        expect(await page.getByText(w.noResult).count()).toBe(0);
        await page.screenshot({ path: `.tmp/console-k4/dashboard-holiday-${size}-${lang}.png`, fullPage: true });

        // At 390 px no console screen is wider than the phone (a wide table scrolls inside its card).
        if (size === 'phone') {
          for (const screen of SCREENS) {
            await page.goto(`/admin/${screen}`);
            await page.locator('.kc-page').first().waitFor();
            await page.waitForLoadState('networkidle');
            await page.evaluate(() => document.fonts.ready);
            const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth);
            if (wide > 390) await page.screenshot({ path: `.tmp/console-k4/too-wide-${screen}-${lang}.png`, fullPage: true });
            expect(wide, `/admin/${screen} (${lang}) scrolls sideways`).toBeLessThanOrEqual(390);
          }
        }
      }
      await language(page, 'en');
    });
  }
});
