import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { pngBytes, postForm } from '../server/cashier-helpers';
import { startHarness, type Harness } from './support/harness';

/** Monday 23 November 2026, 10:00 in Yangon: the morning 2D draw is open. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';

/** Every screen a player can reach (app/routes.tsx), with the tabs and the pages that need a slip. */
const ROUTES = [
  '/?type=all', '/games', '/demo-play', '/ranking', '/information?tab=profile', '/information?tab=transfer', '/information?tab=logs',
  '/wallet', '/wallet/internal-transfer', '/wallet-history', '/transactions', '/exchange-log', '/top-up/bank', '/with-draw',
  '/2d', '/2d/bet?time=2', '/2d/daily-winner', '/2d/holiday', '/morning-bet-slip', '/evening-bet-slip',
  '/digitbet', '/fairness', '/shan', '/promotion', '/contact', '/about', '/ads-video', '/no-such-page',
];

/**
 * Issue 13 proof: a funded player who has made a deposit, an exchange, a 2D bet and a Digit Bet
 * walks every route in Burmese (a sample in Chinese and Thai) and sees no raw key (`word_word`,
 * `area.key`) and no English sentence outside proper names (game, provider and bank names, the
 * brand, the player's own names).
 */
describe('every word in the player’s language', () => {
  let h: Harness;
  let token: string;
  const properNames = new Set<string>(['KyatPlay', 'Telegram', 'Viber', 'Facebook', 'Shan Koe Mee', 'Digit Bet', 'SET', 'Ks', 'MMK', 'APK', 'VIP', 'no-such-page']);

  beforeAll(async () => {
    h = await startHarness({}, manualClock(MONDAY_MORNING));
    const login = await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } });
    token = login.body.data.token;
    const user = login.body.data.user;
    [user.name, user.user_name].forEach((n: string) => properNames.add(n));
    // History on every log: a deposit, an exchange both ways, a 2D bet, a Digit Bet.
    const types = (await h.server.call('GET', '/api/agent-payment-type', { token })).body.data as Array<{ id: number }>;
    const deposit = await postForm(h.server, '/api/depositfinicial', token, { agent_payment_type_id: String(types[0]!.id), amount: '5000', refrence_no: '482913', receipt: new Blob([pngBytes()]) });
    expect(deposit.status).toBe(200);
    expect((await h.server.call('POST', '/api/exchange-game-to-main', { token, body: { amount: 5000 }, headers: { 'Idempotency-Key': 'walk-1' } })).status).toBe(200);
    expect((await h.server.call('POST', '/api/exchange-main-to-game', { token, body: { amount: 1000 }, headers: { 'Idempotency-Key': 'walk-2' } })).status).toBe(200);
    expect((await h.server.call('POST', '/api/twod-bet', { token, body: { totalAmount: 300, amounts: [{ num: '38', amount: 300 }] }, headers: { 'Idempotency-Key': 'walk-3' } })).status).toBe(200);
    expect((await h.server.call('POST', '/api/digitbet', { token, body: { bet_type: 'big', bet_amount: 100, multiplier: 1 }, headers: { 'Idempotency-Key': 'walk-4' } })).status).toBe(200);
    // Catalogue names are proper names.
    const catalogue = await h.server.call('GET', '/api/game_lists/1/1?page=1&per_page=200', { token });
    for (const g of (catalogue.body?.data?.data ?? catalogue.body?.data ?? []) as Array<{ game_name?: string; name?: string }>) properNames.add(g.game_name ?? g.name ?? '');
    const providers = await h.server.call('GET', '/api/providers/1', { token });
    for (const p of (providers.body?.data ?? []) as Array<{ name?: string; provider_name?: string }>) properNames.add(p.provider_name ?? p.name ?? '');
    for (const t of types as Array<{ payment_type?: { name?: string }; name?: string }>) properNames.add(t.payment_type?.name ?? t.name ?? '');
    // Contact channels are named by their handles and links (t.me/…, @…).
    const contacts = await h.server.call('GET', '/api/contact', { token });
    for (const c of (contacts.body?.data ?? []) as Array<Record<string, unknown>>) {
      for (const v of Object.values(c)) {
        if (typeof v !== 'string') continue;
        properNames.add(v);
        // The handle a link names (t.me/kyatplay_support → kyatplay_support).
        const handle = /[/@]([\w.-]+)\/?$/.exec(v)?.[1];
        if (handle) properNames.add(handle);
      }
    }
  });
  afterAll(() => h?.close());

  /** What a reader sees on the page: visible text, minus proper names, numbers and codes. */
  async function problems(page: import('playwright-core').Page): Promise<string[]> {
    const text = await page.evaluate(() => document.body.innerText);
    let rest = text;
    for (const name of [...properNames].filter(Boolean).sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
    const found: string[] = [];
    for (const m of rest.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)) found.push(`raw key: ${m[0]}`);
    // `area.key` left untranslated (a host name such as t.me is not one).
    for (const m of rest.matchAll(/\b[a-z_]+\.[a-z][A-Za-z_]+\b/g)) if (!/\.(me|com|net|org|io|app)$/.test(m[0])) found.push(`raw key: ${m[0]}`);
    // Three or more English words in a row is a sentence left in English.
    for (const m of rest.matchAll(/\b[A-Za-z][a-z]+(?:[ ,'’-]+[A-Za-z][a-z]+){2,}\b/g)) found.push(`English: ${m[0]}`);
    return found;
  }

  async function walk(lan: string, routes: string[]) {
    const { page, context } = await h.newPage({ lan });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const report: Record<string, string[]> = {};
    for (const route of routes) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      // Signed in on every page: the header shows the balance, no login form is up.
      expect(await page.evaluate(() => localStorage.getItem('token')), route).toBe(token);
      expect(await page.locator('[role="dialog"] input[name="user_name"]').count(), `${route}: asked to log in`).toBe(0);
      const found = await problems(page);
      if (found.length) report[route] = [...new Set(found)];
    }
    await context.close();
    return report;
  }

  it('Burmese: every route', async () => {
    expect(await walk('mm', ROUTES)).toEqual({});
  });

  it('the check itself sees English: the same walk in English reports sentences', async () => {
    const report = await walk('en', ['/digitbet', '/top-up/bank']);
    expect(Object.values(report).flat().filter((f) => f.startsWith('English:')).length).toBeGreaterThan(2);
  });

  it('Chinese and Thai: a sample', async () => {
    const sample = ['/?type=all', '/information?tab=logs', '/transactions', '/2d/bet?time=2', '/digitbet', '/top-up/bank', '/promotion'];
    expect({ zh: await walk('zh', sample), th: await walk('th', sample) }).toEqual({ zh: {}, th: {} });
  });
});
