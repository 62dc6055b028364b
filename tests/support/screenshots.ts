/**
 * Screenshots of the shell for a person to look at (not a test): phone and desktop, English and
 * Burmese, guest and player, and the wallet screens (dialogs open, errors shown, lists).
 * Needs a built SPA served with the API (e.g. the real server):
 *   npx vite build && PORT=8090 DATA_DIR=/tmp/kp-ui npx tsx server/index.ts
 *   npx tsx tests/support/screenshots.ts [baseURL] [--only=wallet]
 * Output: .tmp/screens/*.png
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import en from '../../locales/en.json';
import mm from '../../locales/mm.json';

const args = process.argv.slice(2);
const BASE = args.find((a) => !a.startsWith('--')) ?? process.env.BASE_URL ?? 'http://localhost:8090';
/** `--only=wallet` skips the shell shots and takes only the wallet screens. */
const ONLY_WALLET = args.includes('--only=wallet');
const TEXT = { en, mm } as const;
const OUT = '.tmp/screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Session {
  token: string;
  user: unknown;
}

async function demoSession(): Promise<Session | null> {
  const res = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ user_name: 'Pi00000001', password: 'demo1234' }),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { data: Session };
  return body.data;
}

async function open(browser: Browser, opts: { viewport: typeof PHONE; lan: string; session: Session | null }) {
  const context = await browser.newContext({ viewport: opts.viewport, baseURL: BASE, deviceScaleFactor: 1 });
  await context.addInitScript(
    ({ lan, session }) => {
      localStorage.setItem('lan', lan);
      if (session) {
        localStorage.setItem('token', session.token);
        localStorage.setItem('userProfile', JSON.stringify(session.user));
      }
    },
    { lan: opts.lan, session: opts.session },
  );
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[pageerror]', err.message));
  page.on('console', (msg) => msg.type() === 'error' && console.error('[console]', msg.text()));
  return { context, page };
}

async function snap(page: Page, name: string, fullPage = false) {
  // A full-page shot taken while scrolled draws the sticky bars mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage });
  console.log(`${OUT}/${name}.png`);
}

type Text = (typeof TEXT)[keyof typeof TEXT];

/** Waits until no skeleton or spinner is left on the page. */
async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, .kp-spin'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

async function go(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/** The wallet screens: the exchange dialog, the cashier forms with errors, logs and lists. */
async function walletShots(page: Page, tag: string, text: Text) {
  await go(page, '/information?tab=profile');
  await page.getByRole('button', { name: text.wallet.exchangeBalance, exact: true }).click();
  await snap(page, `${tag}-exchange-dialog`);
  await page.getByLabel(text.wallet.amount).fill('0');
  await page.getByRole('dialog').getByRole('button', { name: text.wallet.exchange, exact: true }).click();
  await snap(page, `${tag}-exchange-dialog-error`);
  await page.keyboard.press('Escape');

  await go(page, '/information?tab=transfer');
  await snap(page, `${tag}-deposit`, true);
  await page.getByRole('button', { name: text.cashier.change }).click();
  await snap(page, `${tag}-deposit-chooser`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: text.cashier.submitDeposit }).click();
  await settled(page);
  await snap(page, `${tag}-deposit-errors`, true);

  await go(page, '/information?tab=transfer&type=withdraw');
  await snap(page, `${tag}-withdraw`, true);
  await page.getByRole('button', { name: text.cashier.submitWithdraw }).click();
  await settled(page);
  await snap(page, `${tag}-withdraw-errors`, true);

  for (const type of ['deposit', 'withdraw', 'game_logs']) {
    await go(page, `/information?tab=logs&type=${type}`);
    await snap(page, `${tag}-logs-${type}`, true);
  }
  const pages: Array<[string, string]> = [
    ['/wallet', 'wallet'],
    ['/wallet/internal-transfer', 'internal-transfer'],
    ['/wallet-history', 'history-deposits'],
    ['/wallet-history?tab=withdrawals', 'history-withdrawals'],
    ['/transactions', 'transactions'],
    ['/exchange-log', 'exchange-log'],
    ['/top-up/bank', 'top-up-bank'],
    ['/with-draw', 'with-draw'],
  ];
  for (const [path, name] of pages) {
    await go(page, path);
    await snap(page, `${tag}-${name}`, true);
  }
  // Failures and loading, forced at the network.
  await page.route('**/api/exchange-transactions-log**', (route) => route.fulfill({ status: 500, json: {} }));
  await go(page, '/exchange-log');
  await snap(page, `${tag}-exchange-log-failed`);
  await page.route('**/api/banks', (route) => route.abort());
  await go(page, '/top-up/bank');
  await snap(page, `${tag}-top-up-bank-failed`);
  await page.route('**/api/transaction/deposit-requestlog**', () => undefined);
  await page.goto('/wallet-history');
  await page.locator('.animate-pulse').first().waitFor();
  await snap(page, `${tag}-history-loading`);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await go(page, '/wallet/internal-transfer');
  await page.getByRole('button', { name: new RegExp(text.wallet.swap) }).click();
  await page.getByLabel(text.wallet.amount).fill('999999999');
  await page.getByRole('button', { name: text.wallet.transferNow, exact: true }).click();
  await settled(page);
  await snap(page, `${tag}-internal-transfer-error`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const session = await demoSession();
  if (!session) console.warn('demo login failed: player screenshots are skipped');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS, headless: true });
  try {
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const lan of ['en', 'mm']) {
        const tag = `${size}-${lan}`;
        if (!ONLY_WALLET) {
          const { context, page } = await open(browser, { viewport, lan, session: null });
          await page.goto('/');
          await page.waitForURL(/\?type=all/);
          await snap(page, `${tag}-guest-home`, true);
          await page.getByRole('button', { name: lan === 'en' ? 'Join Now' : 'အခုပဲ စာရင်းသွင်းပါ' }).first().click();
          await snap(page, `${tag}-register`);
          await page.goto('/login');
          await snap(page, `${tag}-login`);
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: /menu|မီနူး/i }).first().click();
          await snap(page, `${tag}-guest-drawer`);
          await page.goto('/no-such-page');
          await snap(page, `${tag}-404`);
          await context.close();
        }
        if (session && !ONLY_WALLET) {
          const { context, page } = await open(browser, { viewport, lan, session });
          await page.goto('/?type=all');
          await snap(page, `${tag}-player-home`, true);
          await page.evaluate(() => window.scrollTo(0, 200));
          await snap(page, `${tag}-player-scrolled`);
          await page.goto('/information');
          await page.waitForURL(/tab=profile/);
          await page.getByRole('heading', { level: 2 }).first().waitFor();
          await snap(page, `${tag}-profile`, true);
          await page.getByRole('button', { name: /menu|မီနူး/i }).first().click();
          await snap(page, `${tag}-player-drawer`);
          await page.keyboard.press('Escape');
          await page.goto('/information?tab=logs');
          await snap(page, `${tag}-logs`);
          await context.close();
        }
        if (session) {
          const { context, page } = await open(browser, { viewport, lan, session });
          await walletShots(page, tag, TEXT[lan as keyof typeof TEXT]);
          await context.close();
        }
        {
          const { context, page } = await open(browser, { viewport, lan, session: null });
          await page.goto('/wallet');
          await snap(page, `${tag}-guest-wallet`);
          await page.goto('/wallet/internal-transfer');
          await page.waitForURL(/\/login/);
          await snap(page, `${tag}-guest-internal-transfer`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

void main();
