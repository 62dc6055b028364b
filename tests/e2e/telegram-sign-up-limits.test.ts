import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mmRefusals from '../../locales/refusals/mm.json';
import { DEMO_REFERRAL_CODE } from '../../server/db/seed';
import { DEV_MOCK_BOT_TOKEN } from '../../server/lib/published-secrets';
import { withoutJoiners } from '../../shared/keep-syllables';
import { PHONE, startHarness, type Harness } from './support/harness';

/**
 * Issue 25 point 1 inside the Telegram stand-in (decision 0031), at 390×844: many distinct
 * Telegram accounts sign up from ONE address (every browser here is 127.0.0.1) and none is
 * limited by it — twice as many as the per-address ceiling lets web sign-ups through. Their referral code is still counted: past its limit the next Telegram sign-up is
 * refused, and in Burmese the wait reads in Burmese words and digits ("about ၆၀ minutes").
 */
const PER_ADDRESS = 2;
const PER_REFERRAL = 4;
const SHOTS = '.tmp/telegram-limits';

describe('Telegram sign-ups behind one address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      TELEGRAM_DEV_MOCK: true,
      TELEGRAM_BOT_TOKEN: DEV_MOCK_BOT_TOKEN,
      REGISTER_MAX_PER_IP: PER_ADDRESS,
      REGISTER_MAX_PER_REFERRAL: PER_REFERRAL,
    });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => h?.close());

  /** A Telegram account opening the mini app from the channel's ref link, in its own browser. */
  async function open(id: number, tgLang: 'en' | 'my') {
    const { page, context } = await h.newPage({ viewport: PHONE });
    const registers: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/auth/telegram')) registers.push(res.status());
    });
    await page.goto(`/?tgMock=${id}&tgLang=${tgLang}&startapp=ref_${DEMO_REFERRAL_CODE}`);
    return { page, context, registers };
  }

  it(`${PER_REFERRAL} Telegram accounts from one address all sign up (the per-address ceiling is ${PER_ADDRESS})`, async () => {
    for (let i = 0; i < PER_REFERRAL; i++) {
      const id = 777_100_000 + i;
      const { page, context } = await open(id, i % 2 ? 'my' : 'en');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 }).toBeTruthy();
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;
      const me = await h.server.call('GET', '/api/user', { token });
      expect(me.body.data, `account ${i + 1}`).toMatchObject({ telegram_linked: true, name: `Mock Player ${id}` });
      if (i === PER_REFERRAL - 1) await page.screenshot({ path: `${SHOTS}/signed-up-${i + 1}.png` });
      await context.close();
    }
  });

  it('past the referral code\'s limit the next Telegram sign-up is refused, in Burmese words and digits', async () => {
    const { page, context, registers } = await open(777_100_900, 'my');
    await page.waitForFunction(() => document.documentElement.lang === 'my');
    await expect.poll(() => registers.at(-1), { timeout: 15_000 }).toBe(429);
    const prefix = withoutJoiners(mmRefusals.refusal['auth.too_many_signups'].split('{{wait}}')[0]!.trim());
    await expect.poll(async () => withoutJoiners(await page.locator('body').innerText()), { timeout: 10_000 }).toContain(prefix);
    const body = withoutJoiners(await page.locator('body').innerText());
    const line = body.split('\n').find((l) => l.includes(prefix))!;
    expect(line, 'the wait in Burmese digits and words').toMatch(/[၀-၉]+ မိနစ်/);
    expect(line, 'no Latin digits, no raw seconds').not.toMatch(/[0-9]/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${SHOTS}/refused-mm.png` });
    await context.close();
  });
});
