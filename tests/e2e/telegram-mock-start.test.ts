import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REFERRAL_CODE } from '../../server/db/seed';
import { DEV_MOCK_BOT_TOKEN } from '../../server/lib/published-secrets';
import { PHONE, startHarness, type Harness } from './support/harness';

/**
 * The mock Telegram with the built site (`TELEGRAM_DEV_MOCK=1 npm start`, issue 25 point 12): the
 * server serves the built dist/ (as `npm start` does), adds its mock script, and `/?tgMock` signs a
 * new Telegram player in from a ref link, in English and in Burmese, at phone size. (Production
 * refusing it: tests/server/telegram-dev-mock.test.ts.)
 */
describe('mock Telegram on the built site', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ TELEGRAM_DEV_MOCK: true, TELEGRAM_BOT_TOKEN: DEV_MOCK_BOT_TOKEN });
  });
  afterAll(() => h?.close());

  for (const [lang, tgLang, id, htmlLang] of [['en', 'en', 777000201, 'en'], ['mm', 'my', 777000202, 'my']] as const) {
    it(`/?tgMock signs a new Telegram player in and follows the launch link (${lang})`, async () => {
      const { page, context } = await h.newPage({ viewport: PHONE });
      await page.goto(`/?tgMock=${id}&tgLang=${tgLang}&startapp=ref_${DEMO_REFERRAL_CODE}__2d`);
      await page.waitForURL((u) => u.pathname === '/2d');
      await page.waitForFunction((l) => document.documentElement.lang === l, htmlLang);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 10_000 }).toBeTruthy();
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;
      const me = await h.server.call('GET', '/api/user', { token });
      expect(me.body.data).toMatchObject({ telegram_linked: true, has_password: false, name: `Mock Player ${id}` });
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      await page.evaluate(() => document.fonts.ready);
      mkdirSync('.tmp/console-k4', { recursive: true });
      await page.screenshot({ path: `.tmp/console-k4/tg-mock-start-${lang}.png` });
      await context.close();
    });
  }
});
