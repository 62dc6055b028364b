import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, DEMO_USER_NAME } from '../../server/db/seed';
import en from '../../locales/en.json';
import mm from '../../locales/mm.json';
import enExtra from '../../locales/extra/en.json';
import mmExtra from '../../locales/extra/mm.json';
import { manualClock } from '../../server/lib/clock';
import { formatWallClock } from '../../shared/date-format';
import { keepSyllables } from '../../shared/keep-syllables';
import { signInitData } from '../server/telegram-helpers';
import { startHarness, type Harness } from './support/harness';

const BOT_TOKEN = '7000000001:AAE-e2e-bot-token-for-the-harness-only';

/**
 * The page the server sends for `/` carries the lobby's first screen (issue 14, decision 0016):
 * real banners, marquee and game types from the database, painted with no script, and the app
 * takes over without an error or a layout shift — in English and Burmese, as a guest, as a
 * logged-in player and inside Telegram.
 */
describe('first screen from the server', () => {
  let h: Harness;
  let firstBanner: string;
  let marquee: string;
  beforeAll(async () => {
    h = await startHarness({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
    firstBanner = (await h.server.call('GET', '/api/banner?lang=en')).body.data[0].title;
    marquee = (await h.server.call('GET', '/api/banner_Text?lang=en')).body.data[0].text;
  });
  afterAll(() => h?.close());

  it('the HTML for / holds the first banner, the marquee and the game types, and their data', async () => {
    const html = await (await fetch(`${h.server.url}/`)).text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="kp-boot"'));
    expect(root).toContain(`alt="${firstBanner}"`);
    expect(root).toContain(marquee);
    for (const label of [en.game_type.hotGames, en.game_type.slot, en.game_type.liveCasino]) expect(root).toContain(label);
    // The banner (our generated art) is painted with the page: a data URI, no request before the LCP
    // (issue 30); its address is preloaded at low priority for the app's own copy.
    expect(root).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="[^"]+" width="1200" height="400" fetchpriority="high"/);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/assets\/art\/banner\/\d+\.svg\?lang=en" fetchpriority="low">/);
    // The site's CSS comes inline: the first paint waits for no stylesheet request.
    expect(html).toMatch(/<style>[^<]*\.container/);
    expect(html).not.toContain('rel="stylesheet"');
    const boot = JSON.parse(/<script type="application\/json" id="kp-boot">(.*?)<\/script>/s.exec(html)![1]!);
    expect(Object.keys(boot.api)).toEqual(['/api/game_types', '/api/banner?lang=en', '/api/banner_Text?lang=en']);
  });

  it('comes in the language the kp_lan cookie names', async () => {
    const html = await (await fetch(`${h.server.url}/`, { headers: { cookie: 'kp_lan=mm' } })).text();
    expect(html).toContain('<html lang="my"');
    expect(html).toContain(mm.game_type.slot);
    expect(html).toContain('/api/banner?lang=mm');
  });

  it('paints the first screen with every script refused', async () => {
    const { page, context } = await h.newPage();
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect.poll(() => page.locator(`main img[alt="${firstBanner}"]`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('main nav').innerText()).toContain(en.game_type.slot);
    await context.close();
  });

  /** Console errors, page errors and the layout shift (CLS without input) of one visit to `/`. */
  async function visit(page: Page, url: string, ready: (page: Page) => Promise<unknown>) {
    const errors = await watchVisit(page);
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    // The app's own tree replaced the server's: the banner is React's now (a carousel slide).
    expect(await page.locator('[aria-roledescription="slide"] img').first().getAttribute('alt')).toBeTruthy();
    return { errors, cls };
  }

  it('a guest in English: the app takes over with no error and no layout shift', async () => {
    const { page, context } = await h.newPage();
    const { errors, cls } = await visit(page, '/', (p) => p.getByRole('button', { name: en.auth.loginShort }).waitFor());
    expect(errors).toEqual([]);
    expect(cls).toBeLessThanOrEqual(0.05);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('a guest who chose Burmese gets the page in Burmese on the next visit, with no error', async () => {
    // The site keeps Burmese syllables whole (shared/keep-syllables): the button's words as it writes them.
    const login = keepSyllables(mm.auth.loginShort);
    const { page, context } = await h.newPage({ lan: 'mm' });
    await page.goto('/?type=all');
    await page.getByRole('button', { name: login }).waitFor();
    // The app wrote the cookie: the next page comes from the server in Burmese.
    expect((await context.cookies()).find((c) => c.name === 'kp_lan')?.value).toBe('mm');
    const html = await page.evaluate(async () => (await fetch('/')).text());
    expect(html).toContain('<html lang="my"');
    const { errors, cls } = await visit(page, '/', (p) => p.getByRole('button', { name: login }).waitFor());
    expect(errors).toEqual([]);
    expect(cls).toBeLessThanOrEqual(0.05);
    await context.close();
  });

  it('a logged-in player: the app takes over with the balance, no error, no layout shift', async () => {
    const login = await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } });
    const { page, context } = await h.newPage();
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('userProfile', JSON.stringify(s.user));
    }, login.body.data);
    const { errors, cls } = await visit(page, '/', (p) => p.getByRole('link', { name: /^Game balance: / }).waitFor());
    expect(errors).toEqual([]);
    expect(cls).toBeLessThanOrEqual(0.05);
    await context.close();
  });

  it('inside Telegram: the silent sign-in runs over the server first screen with no error', async () => {
    const initData = signInitData(BOT_TOKEN, { user: { id: 5551401, first_name: 'Aung', language_code: 'en' }, auth_date: Math.floor(Date.now() / 1000), start_param: `ref_${DEMO_REFERRAL_CODE}` });
    const hash = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android', tgWebAppStartParam: `ref_${DEMO_REFERRAL_CODE}` });
    const { page, context } = await h.newPage();
    const { errors, cls } = await visit(page, `/#${hash}`, (p) => p.getByRole('link', { name: /^Game balance: / }).waitFor());
    expect(errors).toEqual([]);
    expect(cls).toBeLessThanOrEqual(0.05);
    await context.close();
  });
});

/**
 * /2d, /promotion and /digitbet come from the server with their first screen too (issue 14):
 * the draw's closing message by the server's clock (a weekday, 10:00 in Yangon), the first
 * promotion with its image preloaded, a guest's login prompt; the app takes over showing the same
 * words, with no error and no layout shift, in English and Burmese.
 */
describe('first screens of /2d, /promotion and /digitbet from the server', () => {
  const MONDAY_MORNING = '2026-11-23T03:30:00Z';
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, manualClock(MONDAY_MORNING));
  });
  afterAll(() => h?.close());

  const cookie = (lan: string) => ({ headers: { cookie: `kp_lan=${lan}` } });
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="kp-boot"'));
  const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="kp-boot">(.*?)<\/script>/s.exec(html)![1]!);
  const closing = (lang: 'en' | 'mm') => {
    const s = lang === 'en' ? enExtra.two_d : mmExtra.two_d;
    const locale = lang === 'en' ? 'en' : 'my';
    const text = s.closesAt.replace('{{draw}}', formatWallClock('12:00', locale)).replace('{{time}}', formatWallClock('11:55', locale));
    return lang === 'mm' ? keepSyllables(text) : text;
  };

  it('/2d: the live board with the closing time by the server clock, and the feed it read', async () => {
    for (const lang of ['en', 'mm'] as const) {
      const html = await (await fetch(`${h.server.url}/2d`, cookie(lang))).text();
      const root = rootOf(html);
      expect(root).toContain(closing(lang));
      expect(root).toContain(formatWallClock('10:00', lang === 'en' ? 'en' : 'my'));
      expect(bootOf(html).api['/live'].server_time).toBe('2026-11-23 10:00:00');
    }
  });

  it('/promotion: the first promotion, its image in the page, and the list it read', async () => {
    for (const lang of ['en', 'mm'] as const) {
      const first = (await h.server.call('GET', `/api/promotion?lang=${lang}`)).body.data[0];
      const html = await (await fetch(`${h.server.url}/promotion`, cookie(lang))).text();
      expect(rootOf(html)).toContain(lang === 'mm' ? keepSyllables(first.title) : first.title);
      expect(rootOf(html)).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="" width="600" height="400" loading="eager" fetchpriority="high"/);
      expect(html).toMatch(new RegExp(`<link rel="preload" as="image" href="/assets/art/promotion/\\d+\\.svg\\?lang=${lang}" fetchpriority="low">`));
      expect(Object.keys(bootOf(html).api)).toEqual([`/api/promotion?lang=${lang}`]);
    }
  });

  it('/digitbet: the title and, for a guest, the login prompt', async () => {
    const html = await (await fetch(`${h.server.url}/digitbet`, cookie('mm'))).text();
    expect(rootOf(html)).toContain(keepSyllables(mm.auth.loginRequired));
    expect(rootOf(html)).toContain(keepSyllables(mmExtra.digit.title));
  });

  it('/digitbet for a signed-in player: the game\'s boxes, never the login prompt, and the game takes their place without a jump', async () => {
    const served = await (await fetch(`${h.server.url}/digitbet`, { headers: { cookie: 'kp_lan=en; kp_in=1' } })).text();
    expect(rootOf(served)).not.toContain(en.auth.loginRequired);
    expect(rootOf(served)).toContain(`role="status" aria-label="${en.common.loading}"`);
    // The hint is per browser: the guest's page stays the guest's.
    expect(rootOf(await (await fetch(`${h.server.url}/digitbet`, cookie('en'))).text())).toContain(en.auth.loginRequired);

    const login = await h.server.call('POST', '/api/login', { body: { user_name: DEMO_USER_NAME, password: DEMO_PASSWORD } });
    const { page, context } = await h.newPage();
    await context.addInitScript((s) => {
      if (sessionStorage.getItem('kp-test-signed-out')) return;
      localStorage.setItem('token', s.token);
      localStorage.setItem('userProfile', JSON.stringify(s.user));
    }, login.body.data);
    // A session stored before the hint existed: the first visit sets it, the next one is painted as a player's.
    await page.goto('/');
    await page.getByRole('link', { name: /^Game balance: / }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'kp_in')?.value).toBe('1');
    const prompts: string[] = [];
    await page.exposeFunction('kpSawPrompt', (text: string) => prompts.push(text));
    await page.addInitScript((words) => {
      new MutationObserver(() => {
        if (document.body?.innerText.includes(words)) (window as unknown as { kpSawPrompt(t: string): void }).kpSawPrompt(words);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, en.auth.loginRequired);
    const errors = await watchVisit(page);
    await page.goto('/digitbet');
    await page.getByTestId('current-bet').waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(prompts).toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.05);
    // Signing out takes the hint away with the session.
    await page.evaluate(() => {
      sessionStorage.setItem('kp-test-signed-out', '1');
      localStorage.clear();
    });
    await page.goto('/');
    await page.getByRole('button', { name: en.auth.loginShort }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'kp_in')).toBeUndefined();
    await context.close();
  });

  /** What a reader sees first in `main`: with every script refused (the server's), then once the app has taken over. */
  const firstWords: Record<string, string> = {
    '/2d': 'section[aria-labelledby="live-title"] p.flex-1',
    '/promotion': 'main ul li h2',
    '/digitbet': 'main p.text-lg',
  };

  // Issue 30: the first paint shares the line with nothing — no script of the app is asked for
  // (nor the icon) until the first contentful paint is out; the app still takes over.
  it('asks for none of the app before the first contentful paint, on every first screen, and then takes over', async () => {
    for (const path of ['/', ...Object.keys(firstWords)]) {
      const html = await (await fetch(`${h.server.url}${path}`)).text();
      expect(html, path).not.toMatch(/<script type="module"|rel="modulepreload"|rel="icon"/);
      const { page, context } = await h.newPage();
      const errors = await watchVisit(page);
      await page.goto(path);
      await page.locator('header button').first().waitFor();
      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        requests: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/.+\.js$|\/favicon\.svg$/.test(e.name))
          .map((e) => ({ name: e.name, at: e.startTime })),
      }));
      expect(timing.fcp, path).not.toBeNull();
      expect(timing.requests.length, path).toBeGreaterThan(3);
      for (const r of timing.requests) expect(r.at, `${path}: ${r.name}`).toBeGreaterThanOrEqual(timing.fcp!);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  // Issue 30 (TBT): the app's chunks all download at once but run one at a time, a task each, in
  // an order where every chunk comes after the chunks it imports (read here from the chunks' own
  // import statements), and the entry last: its evaluation is no longer one long task.
  it('runs the app\'s chunks one at a time, each after the chunks it imports, the entry last', async () => {
    const html = await (await fetch(`${h.server.url}/`)).text();
    const [entry, ...deps] = /<meta name="kp-app" content="([^"]+)"/.exec(html)![1].split(' ');
    expect(deps.length).toBeGreaterThan(1);
    const imports = async (url: string) => {
      const code = await (await fetch(`${h.server.url}${url}`)).text();
      return [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => `/assets/${m[1]}`);
    };
    // The chunks the entry needs before it runs: its static imports, and theirs.
    const needed = new Set<string>();
    const walk = async (url: string) => {
      for (const dep of await imports(url)) if (!needed.has(dep)) (needed.add(dep), await walk(dep));
    };
    await walk(entry);
    expect([...needed].sort()).toEqual([...deps].sort());
    for (const [i, url] of deps.entries()) {
      for (const dep of await imports(url)) expect(deps.indexOf(dep), `${url} imports ${dep}`).toBeLessThan(i);
    }

    const { page, context } = await h.newPage();
    const errors = await watchVisit(page);
    await page.goto('/');
    await page.getByRole('button', { name: en.auth.loginShort }).waitFor();
    const ran = await page.evaluate(() => [...document.querySelectorAll('script[type="module"]')].map((s) => new URL((s as HTMLScriptElement).src).pathname));
    expect(ran).toEqual([...deps, entry]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Issue 30 (TBT): a read that lands while React renders the app's first screen in slices makes
  // React render it all again in one long task. The lobby's reads are in before that render starts,
  // so the app's first frame already has the hot picks' games, never their placeholder.
  it('the lobby takes over with its hot picks already read, even when that read is slow', async () => {
    const { page, context } = await h.newPage();
    const errors = await watchVisit(page);
    let answered = 0;
    await page.route('**/api/hot_game_lists*', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      const response = await route.fetch();
      answered = Date.now();
      await route.fulfill({ response });
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __hotFirstSeen?: { skeleton: boolean; tiles: number; at: number } };
      new MutationObserver(() => {
        const section = document.querySelector('section[aria-labelledby="hot-picks-heading"]');
        if (!section || w.__hotFirstSeen) return;
        w.__hotFirstSeen = { skeleton: section.querySelector('[role="status"]') !== null, tiles: section.querySelectorAll('img').length, at: Date.now() };
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.locator('section[aria-labelledby="hot-picks-heading"] img').first().waitFor();
    const first = await page.evaluate(() => (window as unknown as { __hotFirstSeen: { skeleton: boolean; tiles: number; at: number } }).__hotFirstSeen);
    expect(answered, 'the hot games were read').toBeGreaterThan(0);
    expect(first.skeleton, 'the first hot picks the app shows are games, not a placeholder').toBe(false);
    expect(first.tiles).toBeGreaterThan(0);
    expect(first.at).toBeGreaterThanOrEqual(answered);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Issue 30 (JS for /): the auth dialogs, the side menu (its language list), the profile's forms and
  // the icons only later screens draw are chunks of their own, asked for when a guest reaches for
  // them, not with the first screen.
  it('loads the dialogs and the side menu only when a guest reaches for them, and they open', async () => {
    const { page, context } = await h.newPage();
    const errors = await watchVisit(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/.+\.js$/.test(r.url())) scripts.push(r.url().split('/').pop()!);
    });
    await page.goto('/');
    await page.getByRole('button', { name: en.auth.loginShort }).waitFor();
    await page.waitForLoadState('networkidle');
    const lazyOnes = /^(auth-dialogs|LoginDialog|RegisterDialog|Drawer|live-profile|ForcedPasswordScreen|icons-more|LanguageList)-/;
    expect(scripts.filter((s) => lazyOnes.test(s)), 'none with the first screen').toEqual([]);

    await page.getByRole('button', { name: en.auth.loginShort }).click();
    await page.getByRole('dialog').locator('input[type="password"]').waitFor();
    expect(scripts.some((s) => s.startsWith('auth-dialogs-')), 'the dialogs came when asked for').toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: en.nav.openMenu }).click();
    await page.locator('#side-menu').waitFor();
    expect(scripts.some((s) => s.startsWith('Drawer-')), 'the side menu came when asked for').toBe(true);
    // The menu's icons beyond the first screen's came with it, drawn when it opened.
    expect(scripts.some((s) => s.startsWith('icons-more-'))).toBe(true);
    expect(await page.locator('#side-menu svg:not(:has(*))').count(), 'no icon left empty').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const lang of ['en', 'mm'] as const) {
    for (const path of Object.keys(firstWords)) {
      it(`${path} in ${lang}: the app takes over with the same words, no error and no layout shift`, async () => {
        const selector = firstWords[path]!;
        const still = await h.newPage({ lan: lang });
        await still.context.addCookies([{ name: 'kp_lan', value: lang, url: h.server.url }]);
        await still.page.route('**/*.js', (route) => route.abort());
        await still.page.goto(path);
        const served = await still.page.locator(selector).first().innerText();
        expect(served.length).toBeGreaterThan(3);
        await still.context.close();

        const { page, context } = await h.newPage({ lan: lang });
        await context.addCookies([{ name: 'kp_lan', value: lang, url: h.server.url }]);
        const errors = await watchVisit(page);
        await page.goto(path);
        // The app is in: its language menu (the top bar's right side) is rendered.
        await page.locator('header button').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        expect(await page.locator(selector).first().innerText()).toBe(served);
        expect(errors).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.05);
        await context.close();
      });
    }
  }
});

/** Collects the visit's console and page errors, and sums its layout shifts without input (CLS) in `window.__cls`. */
async function watchVisit(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return errors;
}
