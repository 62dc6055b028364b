/**
 * Issue 28 (decision 0033) in the browser: a genuine server failure (a table the query needs is
 * gone for a moment) reaches the player with its request id for support, and the server's error
 * line, captured from the real server's logger, carries that same id and its stack: on the
 * "Something Went Wrong!" card of the page whose data failed, on the error screen when the page then
 * breaks, and under the error toast a failed submission raises; on a phone, in English, Burmese,
 * Chinese and Thai (the toast in English and Burmese). The console's dashboard shows the 'Right now'
 * card (waiting queues with their oldest age, server errors, last books check) from the same
 * counters, at 1280 and 390 in four languages. All of it clean of serious and critical axe findings.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock';
import { createLogger } from '../../server/lib/log';
import { BCP47 } from '../../shared/languages';
import { keepSyllables, withoutJoiners } from '../../shared/keep-syllables';
import en from '../../locales/en.json';
import mm from '../../locales/mm.json';
import th from '../../locales/th.json';
import zh from '../../locales/zh.json';
import adminEn from '../../locales/admin/en.json';
import adminMm from '../../locales/admin/mm.json';
import adminTh from '../../locales/admin/th.json';
import adminZh from '../../locales/admin/zh.json';
import { demoAccounts, postForm } from '../server/cashier-helpers';
import { registerPlayer } from '../server/accounts-helpers';
import { enrolOperator, signInToConsole } from './support/console';
import { DESKTOP, PHONE, loginDemo, startHarness, type Harness } from './support/harness';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';

const ADMIN_TOKEN = 'e2e-admin-token-observability-0123456789';
/** Monday 23 November 2026, 10:00 in Yangon. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';
const SHOTS = '/tmp/shots-28c';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SITE = { en, mm, zh, th } as const;
const CONSOLE = { en: adminEn, mm: adminMm, zh: adminZh, th: adminTh } as const;
const LANGS = ['en', 'mm', 'zh', 'th'] as const;

/** axe over the whole document: the serious and critical findings, as "rule: targets". */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** A locale's template as a regular expression: its words literal, each `{{name}}` the given pattern. */
function pattern(template: string, values: Record<string, string>): RegExp {
  return new RegExp(
    template
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        return name ? values[name]! : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join(''),
  );
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('a server failure reaches the player with its request id, and the console shows it', () => {
  let h: Harness;
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const clock = manualClock(MONDAY_MORNING);

  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, clock, { logger });
  }, 180_000);
  afterAll(() => h?.close());

  it('shows "Something Went Wrong!" (and then the error screen) with the id that is on the failure\'s log line (with its stack), in four languages on a phone', async () => {
    // The ranking reads the withdrawals: with their table gone the server genuinely fails (a 500).
    await h.server.database.db.execute(sql`alter table withdraw_requests rename to withdraw_requests_gone`);
    try {
      const ids = new Set<string>();
      for (const lan of LANGS) {
        const { context, page } = await h.newPage({ viewport: PHONE, lan, bypassCSP: true });
        try {
          const failed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/toptenwithdraw');
          await page.goto('/ranking');
          const answer = await failed;
          expect(answer.status()).toBe(500);
          const id = (await answer.headerValue('x-request-id'))!;
          expect(id).toMatch(/^[0-9a-f-]{36}$/);
          ids.add(id);

          const alert = page.getByRole('alert').filter({ has: page.getByTestId('request-id') });
          await alert.waitFor();
          await page.waitForFunction((l) => document.documentElement.lang === l, BCP47[lan]);
          const words = SITE[lan].errors;
          expect(withoutJoiners((await alert.textContent()) ?? '')).toContain(words.somethingWrong);
          const reference = page.getByTestId('request-id');
          expect(await reference.locator('code').textContent()).toBe(id);
          expect(withoutJoiners((await reference.textContent()) ?? '')).toBe(words.reference.replace('{{id}}', id));

          // The same id on the server's error line, with the failure's stack, and on its access line.
          const error = lines.find((l) => l.level === 'error' && l.reqId === id);
          expect(error, `no error line for ${id}`).toMatchObject({ msg: 'request failed', route: '/api/toptenwithdraw', method: 'GET' });
          expect((error!.err as { stack?: string }).stack).toMatch(/withdraw_requests/);
          expect((error!.err as { stack?: string }).stack).toMatch(/\n\s+at /);
          expect(lines.find((l) => l.msg === 'request' && l.reqId === id)).toMatchObject({ status: 500 });

          expect(await seriousViolations(page)).toEqual([]);
          await shot(page, `site-error-${lan}-390`);

          // The page itself breaks next (the About page's code cannot be fetched: an old build's file
          // gone after a deploy): the error screen names the server failure of the minute before.
          await page.route('**/assets/AboutScreen-*', (route) => route.abort());
          await page.evaluate(() => {
            history.pushState(null, '', '/about');
            dispatchEvent(new PopStateEvent('popstate'));
          });
          const broken = page.locator('section[aria-labelledby="error-title"]');
          await broken.waitFor();
          expect(withoutJoiners((await broken.locator('#error-title').textContent()) ?? '')).toBe(words.unexpected);
          expect(await broken.getByTestId('request-id').locator('code').textContent()).toBe(id);
          expect(await seriousViolations(page)).toEqual([]);
          await shot(page, `site-error-screen-${lan}-390`);
        } finally {
          await context.close();
        }
      }
      expect(ids.size).toBe(LANGS.length);
    } finally {
      await h.server.database.db.execute(sql`alter table withdraw_requests_gone rename to withdraw_requests`);
    }

    // Once the table is back, Try again loads the ranking and the reference is gone.
    const { context, page } = await h.newPage({ viewport: PHONE, lan: 'en' });
    try {
      const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/toptenwithdraw');
      await page.goto('/ranking');
      expect((await loaded).status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.locator('.animate-pulse').count(), { timeout: 10_000 }).toBe(0);
      expect(await page.getByTestId('request-id').count()).toBe(0);
      expect(await page.getByRole('alert').filter({ hasText: en.errors.somethingWrong }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('an error toast after a server failure names its request id (the exchange dialog), in English and Burmese', async () => {
    // The exchange writes an `exchanges` row first: with that table gone the server genuinely fails.
    for (const lan of ['en', 'mm'] as const) {
      const { context, page } = await h.newPage({ viewport: PHONE, lan });
      try {
        await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
        await page.goto('/information?tab=profile');
        await h.server.database.db.execute(sql`alter table exchanges rename to exchanges_gone`);
        try {
          await page.getByRole('button', { name: keepSyllables(SITE[lan].wallet.exchangeBalance) }).last().click();
          const dialog = page.locator('[role="dialog"]');
          await dialog.locator('input[name="amount"]').fill('1000');
          const failed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/exchange-main-to-game');
          await dialog.locator('button[type="submit"]').click();
          const answer = await failed;
          expect(answer.status()).toBe(500);
          const id = (await answer.headerValue('x-request-id'))!;
          const toast = page.locator('[data-sonner-toast]').filter({ hasText: id });
          await toast.waitFor();
          expect(withoutJoiners((await toast.locator('[data-description]').textContent()) ?? '')).toBe(SITE[lan].errors.reference.replace('{{id}}', id));
          const error = lines.find((l) => l.level === 'error' && l.reqId === id);
          expect(error, `no error line for ${id}`).toMatchObject({ msg: 'request failed', route: '/api/exchange-main-to-game' });
          expect((error!.err as { stack?: string }).stack).toMatch(/exchanges/);
          await page.waitForTimeout(600); // the toast slides in
          await shot(page, `site-toast-${lan}-390`);
        } finally {
          await h.server.database.db.execute(sql`alter table exchanges_gone rename to exchanges`);
        }
      } finally {
        await context.close();
      }
    }
  }, 240_000);

  it("shows the console's 'Right now' card: the waiting deposit with its age, the server errors, the books check", async () => {
    // A deposit waits 16 minutes.
    const accounts = await demoAccounts(h.server.database.db);
    const player = await registerPlayer(h.server);
    const deposit = await postForm(h.server, '/api/depositfinicial', player.token, { agent_payment_type_id: String(accounts.KBZPay), amount: '5000', refrence_no: '778899' });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const op = await enrolOperator(h, clock, ADMIN_TOKEN, { user_name: 'on_call', role: 'owner', display_name: 'On call' });
    clock.advance(16 * 60_000);

    for (const [viewport, size] of [
      [DESKTOP, '1280'],
      [PHONE, '390'],
    ] as const) {
      const { context, page } = await h.newPage({ viewport, bypassCSP: true });
      try {
        await signInToConsole(page, clock, op);
        for (const lan of LANGS) {
          await page.locator('select[aria-label]').first().selectOption(lan);
          await page.waitForFunction((l) => document.documentElement.lang === l, BCP47[lan]);
          const words = CONSOLE[lan].admin;
          const card = page.getByRole('region', { name: withoutJoiners(words.liveTitle) }).or(page.getByRole('region', { name: words.liveTitle }));
          await card.waitFor();
          const text = withoutJoiners((await card.textContent()) ?? '');
          expect(text).toContain(words.liveOldestDeposit);
          // Waiting at least 16 minutes (the console's own sign-in moves the server clock on too).
          const waited = words.liveWaited.replace('{{age}}', words.liveMinutes.replace('{{count}}', '{{minutes}}'));
          const minutes = Number(pattern(waited, { count: '1', minutes: '(\\d+)' }).exec(text)?.[1]);
          expect(minutes, text).toBeGreaterThanOrEqual(16);
          expect(text).toContain(words.liveNoneWaiting); // no withdrawal waits
          // The six 500s above are counted (at the first look: since the start, they are all there is).
          const rate = pattern(words.liveErrorRate, { errors: '(\\d+)', requests: '\\d+', percent: '\\d+(?:\\.\\d\\d)?%' }).exec(text);
          expect(rate, text).not.toBeNull();
          if (size === '1280') expect(Number(rate![1])).toBe(6);
          expect(text).toContain(words.liveBooks);
          await card.scrollIntoViewIfNeeded();
          await shot(page, `console-right-now-${lan}-${size}`);
          await page.screenshot({ path: `${SHOTS}/console-dashboard-${lan}-${size}-full.png`, fullPage: true });
          expect(await seriousViolations(page)).toEqual([]);
        }
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
