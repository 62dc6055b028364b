import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mmExtra from '../../locales/extra/mm.json';
import { manualClock } from '../../server/lib/clock';
import { keepSyllables } from '../../shared/keep-syllables';
import { ARGS, CHROMIUM, PHONE, startHarness, type Harness } from './support/harness';

/**
 * Burmese on a phone without Noto Sans Myanmar (issue 30, decision 0040 § Fallback): until our font
 * file arrives the page is drawn in the system's Padauk through the fallback face, scaled to the
 * web font's widths and given its ascent and descent, so the swap to the web font moves nothing.
 *
 * This browser runs with a font configuration that hides the machine's Noto Sans Myanmar, so the
 * face's local() fails as it would on such a phone (Padauk stays: CI installs fonts-sil-padauk).
 * Each Burmese first screen (the `kp_lan=mm` cookie, 390×844) is drawn with our font file refused
 * and then with it loaded, before the app takes over (every script refused) and after: the LCP
 * element's box and the page's height must be the same within 1 px.
 */
describe('Burmese fallback font: the web font swap moves nothing', () => {
  const MONDAY_MORNING = '2026-11-23T03:30:00Z';
  let h: Harness;
  let browser: Browser;
  let fontDir: string;
  beforeAll(async () => {
    h = await startHarness({}, manualClock(MONDAY_MORNING));
    fontDir = mkdtempSync(join(tmpdir(), 'kp-fonts-'));
    writeFileSync(
      join(fontDir, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="no">/etc/fonts/fonts.conf</include>\n` +
        `  <selectfont><rejectfont><glob>*/NotoSansMyanmar-*</glob></rejectfont></selectfont>\n</fontconfig>\n`,
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, env: { ...process.env, FONTCONFIG_FILE: join(fontDir, 'fonts.conf') } });
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    if (fontDir) rmSync(fontDir, { recursive: true, force: true });
  });

  interface Drawn {
    /** The Burmese faces and their state: `Noto Sans Myanmar 400 error`, … */
    faces: string[];
    /** The LCP element as child indices below `main` (the app draws the same tree), and its box. */
    lcp: { path: number[]; box: number[] } | null;
    height: number;
  }

  /** One visit: the page with our font file refused or loaded, with the app or without any script. */
  async function draw(path: string, font: 'refused' | 'loaded', app: boolean, lcpPath?: number[]): Promise<Drawn> {
    const context = await browser.newContext({ viewport: PHONE, baseURL: h.server.url });
    try {
      await context.addCookies([{ name: 'kp_lan', value: 'mm', url: h.server.url }]);
      await context.addInitScript(() => {
        localStorage.setItem('kp:popupAd', JSON.stringify({ dismissed: true }));
        sessionStorage.setItem('popupAdShown', '1');
        const w = window as unknown as { __lcp: Element[] };
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Array<{ element: Element | null }>) if (e.element) w.__lcp.push(e.element);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await context.newPage();
      if (font === 'refused') await page.route('**/*.woff2', (route) => route.abort());
      if (!app) await page.route('**/*.js', (route) => route.abort());
      await page.goto(path);
      // The app is in when its top bar's buttons are (the server's has none for a guest).
      if (app) await page.locator('header button').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      return await page.evaluate((given) => {
        const main = document.querySelector('main')!;
        const w = window as unknown as { __lcp: Element[] };
        let path = given ?? null;
        if (!path) {
          const el = w.__lcp.at(-1);
          path = [];
          for (let at = el ?? null; at && at !== main; at = at.parentElement) path.unshift(at.parentElement ? [...at.parentElement.children].indexOf(at) : -1);
        }
        let found: Element | null = main;
        for (const i of path) found = found?.children[i] ?? null;
        const r = found?.getBoundingClientRect();
        return {
          faces: [...document.fonts].filter((f) => /Myanmar/.test(f.family)).map((f) => `${f.family} ${f.weight} ${f.status}`),
          lcp: r && path.length ? { path, box: [r.x, r.y, r.width, r.height] } : null,
          height: document.documentElement.scrollHeight,
        };
      }, lcpPath);
    } finally {
      await context.close();
    }
  }

  const close = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) <= 1);

  it('this browser has no Noto Sans Myanmar of its own: with our file refused, the fallback face (Padauk) draws Burmese', async () => {
    const refused = await draw('/digitbet', 'refused', false);
    expect(refused.faces).toContain('Noto Sans Myanmar 400 error');
    expect(refused.faces).toContain('KyatPlay Myanmar Fallback 400 loaded');
    const loaded = await draw('/digitbet', 'loaded', false);
    expect(loaded.faces).toContain('Noto Sans Myanmar 400 loaded');
  });

  it('the fallback face is as wide as the web font on our words, where Padauk itself is far narrower', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: h.server.url });
    await context.addCookies([{ name: 'kp_lan', value: 'mm', url: h.server.url }]);
    const page = await context.newPage();
    await page.goto('/digitbet');
    const words = [mmExtra.digit.title, mmExtra.promotion.secureText, mmExtra.promotion.payoutsText].map(keepSyllables).join(' ');
    const widths = await page.evaluate(async (text) => {
      await Promise.all(['400 16px "Noto Sans Myanmar"', '400 16px "KyatPlay Myanmar Fallback"'].map((f) => document.fonts.load(f, text)));
      const ctx = document.createElement('canvas').getContext('2d')!;
      const out: number[] = [];
      for (const family of ['"Noto Sans Myanmar"', '"KyatPlay Myanmar Fallback"', 'Padauk']) {
        ctx.font = `400 16px ${family}, monospace`;
        out.push(ctx.measureText(text).width);
      }
      return out;
    }, words);
    await context.close();
    const [web, fallback, padauk] = widths as [number, number, number];
    expect(Math.abs(fallback / web - 1)).toBeLessThan(0.02);
    expect(padauk / web).toBeLessThan(0.9);
  });

  for (const path of ['/', '/2d', '/promotion', '/digitbet']) {
    it(`${path} in Burmese: the LCP element's box and the page's height with our font refused and loaded, before the app and after`, async () => {
      const refused = await draw(path, 'refused', false);
      const loaded = await draw(path, 'loaded', false);
      expect(refused.lcp).not.toBeNull();
      expect(loaded.lcp?.path).toEqual(refused.lcp!.path);
      expect(close(loaded.lcp!.box, refused.lcp!.box), `LCP box ${loaded.lcp!.box} loaded, ${refused.lcp!.box} refused`).toBe(true);
      expect(Math.abs(loaded.height - refused.height)).toBeLessThanOrEqual(1);

      // The app's own tree, the same element in it (the app draws what the server drew).
      const appRefused = await draw(path, 'refused', true, refused.lcp!.path);
      const appLoaded = await draw(path, 'loaded', true, refused.lcp!.path);
      expect(appRefused.faces).toContain('Noto Sans Myanmar 400 error');
      expect(appLoaded.faces).toContain('Noto Sans Myanmar 400 loaded');
      expect(close(appLoaded.lcp!.box, appRefused.lcp!.box), `LCP box ${appLoaded.lcp!.box} loaded, ${appRefused.lcp!.box} refused`).toBe(true);
      expect(Math.abs(appLoaded.height - appRefused.height)).toBeLessThanOrEqual(1);
    });
  }
});
