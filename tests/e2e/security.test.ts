import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { DESKTOP, loginDemo, startHarness, type Harness } from './support/harness';

/**
 * Issue 11 in a real Chromium: the built site runs under its Content-Security-Policy without a
 * single violation (finding 7), and an aggregator's launch `content` runs with an opaque origin,
 * where it cannot read the player's token (finding 12).
 */

/** Collects CSP violations, from the page's own events and from the console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(msg.text())) fromConsole.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

/** What the third-party HTML tries, written into its own page for the test to read. */
const PROBE_HTML = `<!doctype html><html><head><title>Aggregator game</title></head><body><pre id="out">running</pre><script>
var r = {};
function t(name, f) { try { r[name] = 'read:' + String(f()); } catch (e) { r[name] = 'blocked:' + e.name; } }
t('localStorage', function () { return localStorage.getItem('token'); });
t('sessionStorage', function () { return sessionStorage.length; });
t('cookie', function () { return document.cookie; });
t('opener', function () { return window.opener === null ? 'none' : window.opener.localStorage.getItem('token'); });
r.origin = String(self.origin);
document.getElementById('out').textContent = JSON.stringify(r);
</script></body></html>`;

describe('the site under its security headers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('loads and works with the CSP and no violation, as a web page and inside Telegram', async () => {
    const { page, context } = await h.newPage({ viewport: DESKTOP });
    const violations = await watchCsp(page);
    const res = await page.goto('/');
    expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
    await page.waitForURL(/\?type=all$/);
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    for (const path of ['/?type=1', '/2d', '/digitbet', '/wallet', '/top-up/bank', '/information?tab=profile', '/promotion', '/contact', '/ads-video', '/reels']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
    // Inside Telegram: the SDK chunk loads and runs (bundled, nothing from telegram.org).
    await page.goto('/?type=all#tgWebAppData=query_id%3DAA&tgWebAppVersion=8.0&tgWebAppPlatform=android');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => 'Telegram' in window)).toBe(true);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('another site cannot frame the money screens; the frame-ancestors allow Telegram`s web clients', async () => {
    const { page, context } = await h.newPage();
    const res = await page.goto('/wallet');
    expect(res!.headers()['content-security-policy']).toMatch(/frame-ancestors 'self' https:\/\/web\.telegram\.org https:\/\/\*\.telegram\.org/);
    // A page on another origin (127.0.0.1 vs localhost) frames the wallet: Chromium refuses it.
    const other = h.server.url.replace('127.0.0.1', 'localhost');
    await page.goto(`${other}/download/x.apk`);
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.id = 'victim';
      f.onload = () => (f.dataset.loaded = '1');
      document.body.append(f);
    }, `${h.server.url}/wallet`);
    await page.waitForFunction(() => document.getElementById('victim')?.dataset.loaded === '1');
    const framed = page.frames().find((f) => f.url().startsWith(`${h.server.url}/wallet`));
    // Blocked frames are left on an empty error document: the site never rendered in it.
    const rendered = framed ? await framed.evaluate(() => !!document.querySelector('#root')).catch(() => false) : false;
    expect(rendered).toBe(false);
    await context.close();
  });
});

describe('an aggregator`s launch content', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('runs in an opaque-origin window: it cannot read the token, cookies or the site`s window', async () => {
    const { page, context } = await h.newPage({ viewport: DESKTOP });
    await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    // The aggregator answers with HTML instead of a URL.
    await page.route('**/api/seamless/launch-game', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, message: 'Game launched', content: PROBE_HTML }) }),
    );
    await page.goto('/?type=1');
    await page.locator('main a[href*="type=1&provider="]').first().click();
    await page.waitForURL(/\?type=1&provider=\d+$/);
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: /^Play / }).first().click();
    const game = await popup;
    await game.waitForLoadState();
    await expect.poll(() => game.locator('#out').textContent(), { timeout: 15_000 }).toMatch(/^\{/);
    const result = JSON.parse((await game.locator('#out').textContent())!) as Record<string, string>;

    expect(result.origin).toBe('null');
    expect(result.localStorage).toBe('blocked:SecurityError');
    expect(result.sessionStorage).toBe('blocked:SecurityError');
    expect(result.cookie).toBe('blocked:SecurityError');
    expect(result.opener).toBe('read:none');
    expect(JSON.stringify(result)).not.toContain(token!);
    expect(await game.title()).toBe('Aggregator game');
    // The site is left as it was, its busy state over.
    await expect.poll(() => page.getByRole('button', { name: /^Play / }).first().isEnabled()).toBe(true);
    await context.close();
  });
});
