import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { seedDemo } from '../../../server/db/seed';
import type { Clock } from '../../../server/lib/clock';
import type { Logger } from '../../../server/lib/log';
import { startTestServer, type TestServer } from '../../support/server';
import en from '../../../locales/en.json';
import mm from '../../../locales/mm.json';
import th from '../../../locales/th.json';
import zh from '../../../locales/zh.json';
import { keepSyllables } from '../../../shared/keep-syllables';
import { findChromium } from '../../support/chromium';

export const CHROMIUM = findChromium() ?? '/usr/bin/chromium';
/** The built site the journeys run against (`npm run build` writes dist/; KP_DIST lets parallel builds keep apart). */
export const DIST = process.env.KP_DIST ?? 'dist';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Chromium's flags for these journeys (as root, offline). */
export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  server: TestServer;
  browser: Browser;
  /** `bypassCSP` lets a journey inject a tool's script (axe-core) past the site's `script-src 'self'`. */
  newPage(opts?: { viewport?: { width: number; height: number }; lan?: string; bypassCSP?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The real product for a browser journey: the built SPA (dist/) and the API served by the real
 * HTTP server over a fresh, seeded PGlite database, driven by Debian's Chromium.
 */
export async function startHarness(env: Record<string, unknown> = {}, clock?: Clock, opts: { logger?: Logger } = {}): Promise<Harness> {
  if (!existsSync(`${DIST}/index.html`)) throw new Error(`${DIST}/ is missing: run \`npm run build\` first`);
  const server = await startTestServer('pglite', { env: { STATIC_DIR: DIST, ...env }, clock, logger: opts.logger });
  await seedDemo(server.database.db);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  return {
    server,
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({ viewport: opts.viewport ?? PHONE, baseURL: server.url, bypassCSP: opts.bypassCSP });
      // The home pop-up ad opens at most once a day; journeys start with it dismissed for good
      // (a journey about the ad clears this). The session key is what builds before issue 13 read.
      await context.addInitScript(() => {
        localStorage.setItem('kp:popupAd', JSON.stringify({ dismissed: true }));
        sessionStorage.setItem('popupAdShown', '1');
      });
      if (opts.lan) {
        await context.addInitScript((lan) => {
          if (!localStorage.getItem('lan')) localStorage.setItem('lan', lan);
        }, opts.lan);
      }
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error('[pageerror]', err.message));
      return { context, page };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Saves a screenshot under .tmp/screens for a person to look at (not an assertion). */
export async function snap(page: Page, name: string) {
  mkdirSync('.tmp/screens', { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `.tmp/screens/${name}.png` });
}

/** Logs the demo player in through the login dialog (`/login`) and waits for the balance chip (any language). */
export async function loginDemo(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await page.locator('[role="dialog"] input[name="user_name"]').fill(userName);
  await page.locator('[role="dialog"] input[name="password"]').fill(password);
  const submit = page.locator('[role="dialog"] button[type="submit"]');
  // Inside Telegram the dialog's own button is hidden (the MainButton carries it); Enter submits.
  if (await submit.isVisible()) await submit.click();
  else await page.locator('[role="dialog"] input[name="password"]').press('Enter');
  await page.getByRole('link', { name: GAME_BALANCE }).waitFor();
}

/** The balance chip's name in any of the four languages ("Game balance: 50,000.00 Ks", "ဂိမ်းလက်ကျန်ငွေ: …", as the page writes it). */
const GAME_BALANCE = new RegExp(`^(?:${[en, mm, zh, th].map((l) => keepSyllables(l.wallet.gameBalance)).join('|')}): `);

/** Pya as the site prints an amount: 4_900_000n → '49,000.00'. */
export const shownKs = (pya: bigint) => (Number(pya) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

export type TelegramPosted = { event: string; data: Record<string, unknown> | null };

/**
 * Records what the page posts to Telegram's native side (the proxy Telegram's apps inject), from
 * the next navigation on; returns a reader of everything posted so far.
 */
export async function recordTelegramCalls(page: Page): Promise<() => Promise<TelegramPosted[]>> {
  await page.addInitScript(() => {
    (window as unknown as { __tgPosted: unknown[] }).__tgPosted = [];
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent(event: string, data: string) {
        (window as unknown as { __tgPosted: unknown[] }).__tgPosted.push({ event, data: data ? JSON.parse(data) : null });
      },
    };
  });
  return () => page.evaluate(() => (window as unknown as { __tgPosted: TelegramPosted[] }).__tgPosted);
}

/** The launch parameters Telegram puts in the Mini App's URL (Android client, Bot API 8.0). */
export const TELEGRAM_HASH = '#tgWebAppData=query_id%3DAA&tgWebAppVersion=8.0&tgWebAppPlatform=android';

/** What Telegram's native side sends to the page: a press of the MainButton, the BackButton, … */
export async function telegramEvent(page: Page, event: 'main_button_pressed' | 'secondary_button_pressed' | 'back_button_pressed') {
  await page.evaluate((e) => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent(e), event);
}
