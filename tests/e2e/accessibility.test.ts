import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { DESKTOP, PHONE, loginDemo, startHarness, type Harness } from './support/harness';

/** axe-core's browser build, injected into each page (decision 0012). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Monday 23 November 2026, 10:00 in Yangon: the 2D morning draw is open, so its whole bet page shows. */
const MONDAY_MORNING = '2026-11-23T03:30:00Z';

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  html: string[];
}

/**
 * One violation this journey found in a part another change owns (Digit Bet): the digit tiles'
 * SVG draws each digit twice (an embossed shadow under it), so their visible text reads "00"
 * against the name "Digit 0". Excused here by page, rule and element; when it is fixed the test
 * says so, so the excuse cannot outlive the problem.
 */
const KNOWN: Array<{ path: string; id: string; html: string }> = [];
const isKnown = (path: string, v: Found, html: string) => KNOWN.some((k) => k.path === path && k.id === v.id && html.includes(k.html));

/** Drops the known violations' nodes; returns what is left and whether a known one was seen. */
function withoutKnown(path: string, found: Found[]): { left: Found[]; sawKnown: boolean } {
  let sawKnown = false;
  const left = found.flatMap((v) => {
    const keep = v.html.map((html) => !isKnown(path, v, html));
    if (keep.includes(false)) sawKnown = true;
    const targets = v.targets.filter((_, i) => keep[i]);
    return targets.length ? [{ ...v, targets, html: v.html.filter((_, i) => keep[i]) }] : [];
  });
  return { left, sawKnown };
}

/** The pages players spend money on, each with what shows once its data is in (in any language). */
const PAGES: Array<{ path: string; ready: (page: Page) => Locator; then?: (page: Page) => Promise<void> }> = [
  { path: '/', ready: (page) => page.locator('main li:has(img[src*="/assets/art/game/"]) button').first() },
  { path: '/information?tab=transfer', ready: (page) => page.locator('#pay-to-title') },
  {
    path: '/2d/bet?time=2',
    ready: (page) => page.locator('main li button[aria-pressed]').first(),
    // On a phone the quick picks open above the grid: check them open too.
    then: async (page) => {
      const toggle = page.locator('button[aria-controls="bet-tool-quick"]');
      if (await toggle.isVisible()) await toggle.click();
    },
  },
  { path: '/digitbet', ready: (page) => page.getByTestId('digit-0') },
  { path: '/promotion', ready: (page) => page.locator('main article button').first() },
];

/** Runs axe over the whole document and keeps what a player would be stopped by: serious and critical. */
async function seriousViolations(page: Page): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; html: string }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')), html: v.nodes.map((n) => n.html) }));
  });
}

/** Loaded: the page's own content is there and no skeleton is still pulsing. */
async function settle(page: Page, ready: Locator) {
  await ready.waitFor();
  await expect.poll(() => page.locator('.animate-pulse').count(), { timeout: 10_000 }).toBe(0);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * axe-core over the money pages, logged in as the demo player, on a phone and a desktop, in English
 * and Burmese: no serious or critical violation (contrast, names, labels, roles).
 */
describe('accessibility (axe-core) in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, manualClock(MONDAY_MORNING));
  });
  afterAll(() => h?.close());

  it('knows a violation when it sees one', async () => {
    const { page, context } = await h.newPage({ viewport: PHONE, bypassCSP: true });
    // Nothing may lie over the faint text, or axe cannot tell its background and leaves its contrast
    // "incomplete": no pop-up ad (it opens once the page settles), and the text at the top of the
    // page, not under the phone's bottom bar (CI once missed color-contrast).
    await page.addInitScript(() => localStorage.setItem('kp:popupAd', JSON.stringify({ dismissed: true })));
    await page.goto('/');
    // The app's own tree, not the server's first screen that it replaces (decision 0016).
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.evaluate(() => {
      const bad = document.createElement('div');
      bad.innerHTML = '<button type="button"></button><input type="text"><p style="color:#777;background:#888">faint</p>';
      document.querySelector('main')!.prepend(bad);
      bad.scrollIntoView({ block: 'center' });
    });
    const ids = (await seriousViolations(page)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['button-name', 'label', 'color-contrast']));
    await context.close();
  });

  for (const [viewport, lan] of [
    [PHONE, 'en'],
    [DESKTOP, 'en'],
    [PHONE, 'mm'],
    [DESKTOP, 'mm'],
  ] as const) {
    it(`has no serious or critical violation at ${viewport.width}×${viewport.height} in ${lan}`, async () => {
      const { page, context } = await h.newPage({ viewport, bypassCSP: true });
      await loginDemo(page, DEMO_USER_NAME, DEMO_PASSWORD);
      await page.evaluate((l) => localStorage.setItem('lan', l), lan);
      const found: Record<string, Array<Omit<Found, 'html'>>> = {};
      const knownSeen = new Set<string>();
      for (const { path, ready, then } of PAGES) {
        await page.goto(path);
        await settle(page, ready(page));
        const violations = await seriousViolations(page);
        if (then) {
          await then(page);
          violations.push(...(await seriousViolations(page)));
        }
        const { left, sawKnown } = withoutKnown(path, violations);
        if (sawKnown) knownSeen.add(path);
        if (left.length) found[path] = left.map(({ html: _html, ...v }) => v);
      }
      expect(found).toEqual({});
      // Fixed? Then drop it from KNOWN.
      expect([...knownSeen], 'a known violation is gone: remove it from KNOWN').toEqual(KNOWN.map((k) => k.path));
      await context.close();
    });
  }
});
