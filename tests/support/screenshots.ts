/**
 * Screenshots of the shell for a person to look at (not a test): phone and desktop, English and
 * Burmese, guest and player. Needs a built SPA served with the API (e.g. the real server):
 *   npx vite build && PORT=8090 DATA_DIR=/tmp/kp-ui npx tsx server/index.ts
 *   npx tsx tests/support/screenshots.ts [baseURL]
 * Output: .tmp/screens/*.png
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const BASE = process.argv[2] ?? process.env.BASE_URL ?? 'http://localhost:8090';
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
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage });
  console.log(`${OUT}/${name}.png`);
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
        {
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
        if (session) {
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
      }
    }
  } finally {
    await browser.close();
  }
}

void main();
