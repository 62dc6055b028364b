import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enExtra from '../../locales/extra/en.json' with { type: 'json' };
import mmExtra from '../../locales/extra/mm.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import mm from '../../locales/mm.json' with { type: 'json' };
import thExtra from '../../locales/extra/th.json' with { type: 'json' };
import zhExtra from '../../locales/extra/zh.json' with { type: 'json' };
import th from '../../locales/th.json' with { type: 'json' };
import zh from '../../locales/zh.json' with { type: 'json' };
import { twoDBets, users } from '../../server/db/schema';
import { manualClock } from '../../server/lib/clock';
import { registerPlayer, type Player } from '../server/accounts-helpers';
import { fund } from '../server/wallet-helpers';
import { PHONE, loginDemo, snap, startHarness, type Harness } from './support/harness';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
/** Monday 23 November 2026, 10:00 in Yangon: the morning 2D draw is open. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WORDS = { en: { ...en, ...enExtra }, mm: { ...mm, ...mmExtra }, zh: { ...zh, ...zhExtra }, th: { ...th, ...thExtra } } as const;
type Lan = keyof typeof WORDS;
/** A page's text without the word joiners that keep Burmese syllables whole at line ends. */
const plain = (text: string) => text.replace(/\u2060/g, '');
const textOf = async (page: Page, selector: string) => plain((await page.locator(selector).allInnerTexts()).join('\n'));
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, html: v.nodes.map((n) => n.html) }));
  });
}

/**
 * Issue 25, two wallets made obvious and money screens that tell the truth (decision 0032), in
 * Chromium at 390×844 against the real server, in English and Burmese (and Chinese and Thai, whose
 * words changed too): a player with 10,000 Ks in
 * the game wallet and nothing in the main one is told on /2d and moves money in place; on the
 * confirm page a short bet moves exactly the shortfall and is placed; a deposit approved by the
 * operator shows in the open log without a reload; a withdrawal above the game balance names it
 * and the minimum.
 */
describe.each(['en', 'mm', 'zh', 'th'] as const)('two wallets in the browser (%s)', (lan: Lan) => {
  const w = WORDS[lan];
  const ks = (n: string) => `${n} ${w.common.currency}`;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ADMIN_TOKEN }, manualClock(MONDAY_MORNING));
  });
  afterAll(() => h?.close());

  const balances = async (player: Player) => {
    const [row] = await h.server.database.db.select().from(users).where(eq(users.id, player.id));
    return { game: row!.balance, main: row!.mainBalance };
  };
  const open = async (player: Player) => {
    const { page } = await h.newPage({ viewport: PHONE, lan, bypassCSP: true });
    await loginDemo(page, player.userName, player.password);
    return page;
  };

  it('/2d says the main balance is empty and moves money in place; the confirm page moves exactly the shortfall and places the bet', async () => {
    const player = await registerPlayer(h.server);
    await fund(h.server.database.db, player.id, { game: 10_000 });
    const page = await open(player);
    await page.goto('/2d');
    const panel = page.getByTestId('wallet-move');
    await panel.waitFor();
    expect(plain(await panel.innerText())).toContain(fill(w.wallet_move.emptyMain, { main: ks('0'), game: ks('10,000') }));
    expect(plain(await panel.getByRole('button').innerText())).toBe(fill(w.wallet_move.move, { amount: ks('10,000') }));
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `two-wallets-2d-hint-${lan}`);

    // The player chooses 3,000 of it: the button says so, one tap moves it.
    await panel.locator('input').fill('3000');
    expect(plain(await panel.getByRole('button').innerText())).toBe(fill(w.wallet_move.move, { amount: ks('3,000') }));
    await panel.getByRole('button').click();
    await expect.poll(() => panel.count(), { timeout: 8000 }).toBe(0);
    expect(await balances(player)).toEqual({ game: 700_000n, main: 300_000n });

    // A 5,000 Ks bet on the confirm page: 2,000 short, the game wallet covers it.
    await page.evaluate(() => localStorage.setItem('twoDBet', JSON.stringify({ totalAmount: 5000, amounts: [{ num: '23', amount: 5000 }], session: 'morning' })));
    await page.goto('/2d/confirm');
    await panel.waitFor();
    expect(plain(await panel.innerText())).toContain(fill(w.wallet_move.short, { shortfall: ks('2,000'), game: ks('7,000') }));
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `two-wallets-confirm-short-${lan}`);
    expect(plain(await panel.getByRole('button').innerText())).toBe(fill(w.wallet_move.move, { amount: ks('2,000') }));
    await panel.getByRole('button').click();
    // The move, then the bet, in one tap.
    await page.waitForURL(/\/morning-bet-slip/, { timeout: 10_000 });
    expect(await balances(player)).toEqual({ game: 500_000n, main: 0n });
    const bets = await h.server.database.db.select().from(twoDBets).where(eq(twoDBets.userId, player.id));
    expect(bets).toHaveLength(1);
    await snap(page, `two-wallets-bet-placed-${lan}`);
    await page.context().close();
  });

  it('the wallet card names its buttons: Deposit opens the deposit page, Move between wallets the transfer', async () => {
    const player = await registerPlayer(h.server);
    const page = await open(player);
    await page.goto('/wallet');
    const card = page.locator('section[aria-labelledby="wallet-card-title"]');
    expect(plain(await card.locator('a[href="/top-up/bank"]').innerText())).toBe(w.wallet.deposit);
    expect(plain(await card.locator('a[href="/wallet/internal-transfer"]').innerText())).toBe(w.wallet.topUp);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `two-wallets-wallet-card-${lan}`);
    await page.context().close();
  });

  it('a deposit reads "sent — waiting for approval", and the open log shows the approval without a reload', async () => {
    const player = await registerPlayer(h.server);
    const page = await open(player);
    await page.goto('/information?tab=transfer');
    await page.locator('input[name="refrence_no"]').waitFor();
    await page.locator('input[name="amount"]').fill('5000');
    await page.locator('input[name="refrence_no"]').fill(String(100_000 + player.id).slice(-6));
    await page.locator('main form button[type="submit"]').first().click();
    await expect.poll(() => textOf(page, 'body')).toContain(w.cashier.depositSuccess);
    await snap(page, `two-wallets-deposit-sent-${lan}`);
    await page.waitForURL(/tab=logs.*type=deposit/);
    await expect.poll(() => textOf(page, 'main')).toContain(w.log.pending);
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const pending = await h.server.call('GET', '/api/admin/deposits?status=pending', { headers });
    const rows = pending.body.data.data as Array<{ id: number }>;
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    expect((await h.server.call('POST', `/api/admin/deposits/${id}/approve`, { headers })).status).toBe(200);
    // No reload: the poller sees the balance move (≤ 5 s) and the log asks again.
    await expect.poll(() => textOf(page, 'main li'), { timeout: 10_000 }).toContain(w.log.success);
    expect(await textOf(page, 'main li')).not.toContain(w.log.pending);
    await snap(page, `two-wallets-deposit-approved-${lan}`);
    await page.context().close();
  });

  it('a withdrawal above the game balance names the balance and the 10,000 Ks minimum before anything is sent', async () => {
    const player = await registerPlayer(h.server);
    await fund(h.server.database.db, player.id, { game: 15_000 });
    const page = await open(player);
    await page.goto('/information?tab=transfer&type=withdraw');
    await page.getByRole('radio').first().click();
    await page.locator('input[name="account_name"]').fill('Ko Ko');
    await page.locator('input[name="account_number"]').fill('09123456789');
    await page.locator('input[name="amount"]').fill('20000');
    await page.locator('input[name="password"]').fill(player.password);
    let sent = 0;
    page.on('request', (r) => void (r.url().includes('/withdrawfinicial') && r.method() === 'POST' && (sent += 1)));
    await page.locator('main form button[type="submit"]').first().click();
    const words = fill(w.cashier.withdrawShort, { available: '15,000', minimum: '10,000' });
    await expect.poll(() => textOf(page, 'main form [role="alert"]')).toContain(words);
    expect(sent, 'refused on the page').toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `two-wallets-withdraw-short-${lan}`);
    await page.context().close();
  });
});
