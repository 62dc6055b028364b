/**
 * The overrides of the Burmese fallback face (src/styles/base.css `KyatPlay Myanmar Fallback`,
 * docs/decisions/0040), computed from the font files: our web font (fontsource's Noto Sans Myanmar
 * woff2, the file the page downloads) and the system font the fallback face names (SIL Padauk,
 * Debian's fonts-sil-padauk), for each weight.
 *
 * - size-adjust: the median, over our Burmese strings (locales/mm.json and locales/extra/mm.json,
 *   syllables kept whole as the site writes them; strings of 8+ Myanmar characters), of a string's
 *   width in the web font over its width in the fallback — each Myanmar run shaped by Chromium
 *   (HarfBuzz, the shaper that lays out the page; a canvas with each file as its own face). A typical
 *   string then takes the same width in either font. The median, not the total: the total is
 *   weighted toward the few long texts (rules, terms) that no first screen shows, and it put one
 *   paragraph of /promotion on one more line (docs/decisions/0040 § Fallback).
 * - ascent-override, descent-override, line-gap-override: the web font's vertical metrics read
 *   from the file with fontkit (its OS/2 typo metrics, which it asks browsers to use with
 *   USE_TYPO_METRICS; its hhea says the same), divided by size-adjust, because the browser scales
 *   the overrides by size-adjust too.
 *
 * Prints the two @font-face rules (stdout) and the spread of the per-run ratios (stderr).
 *
 *   npx tsx scripts/myanmar-fallback-metrics.ts [padauk-dir]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error fontkit ships no types; this script is outside the type-checked tree
import * as fontkit from 'fontkit';
import { chromium } from 'playwright-core';
import { keepSyllables } from '../shared/keep-syllables';
import { findChromium } from '../tests/support/chromium';

const ROOT = new URL('..', import.meta.url).pathname;
const WEB = join(ROOT, 'node_modules/@fontsource/noto-sans-myanmar/files');
const PADAUK = process.argv[2] ?? '/usr/share/fonts/truetype/padauk';
const FAMILY = 'KyatPlay Myanmar Fallback';
const UNICODE_RANGE = 'U+1000-109F, U+A9E0-A9FF, U+AA60-AA7F, U+200C-200D, U+2060, U+25CC';
/** The characters the Burmese faces cover (their unicode-range): runs of these are laid out in them. */
const MYANMAR_RUN = /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F\u200C\u200D\u2060\u25CC]+/g;

interface Weight {
  weight: 400 | 700;
  web: string;
  fallback: string;
  /** The fallback's PostScript and full names, as local() matches them. */
  local: string[];
}
const WEIGHTS: Weight[] = [
  { weight: 400, web: 'noto-sans-myanmar-myanmar-400-normal.woff2', fallback: 'Padauk-Regular.ttf', local: ['Padauk-Regular', 'Padauk'] },
  { weight: 700, web: 'noto-sans-myanmar-myanmar-700-normal.woff2', fallback: 'Padauk-Bold.ttf', local: ['Padauk-Bold', 'Padauk Bold'] },
];

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Our Burmese strings (8 Myanmar characters or more: shorter ones are too few glyphs to say much), each as its Myanmar runs. */
const corpus = ['locales/mm.json', 'locales/extra/mm.json']
  .flatMap((file) => strings(JSON.parse(readFileSync(join(ROOT, file), 'utf8'))))
  .map((s) => (keepSyllables(s).match(MYANMAR_RUN) ?? []).filter((run) => /[\u1000-\u109F]/.test(run)))
  .filter((runs) => runs.join('').length >= 8);
const runs = corpus.flat();

const dataUri = (file: string, type: string) => `url(data:${type};base64,${readFileSync(file).toString('base64')})`;

/** Each run's width in em, in the web font ('web') and in the fallback ('fallback'), one weight. */
async function widths(w: Weight): Promise<{ web: number[]; fallback: number[] }> {
  const browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const css =
      `@font-face{font-family:web;font-weight:${w.weight};src:${dataUri(join(WEB, w.web), 'font/woff2')}}` +
      `@font-face{font-family:fallback;font-weight:${w.weight};src:${dataUri(join(PADAUK, w.fallback), 'font/ttf')}}`;
    await page.setContent(`<style>${css}</style>`);
    return await page.evaluate(
      async ({ runs, weight }) => {
        await Promise.all(['web', 'fallback'].map((f) => document.fonts.load(`${weight} 100px ${f}`, '\u1000')));
        // No named functions in here: the runner's transpiler wraps them in a helper the page lacks.
        const ctx = document.createElement('canvas').getContext('2d')!;
        const out: Record<string, number[]> = {};
        for (const family of ['web', 'fallback']) {
          ctx.font = `${weight} 100px ${family}`;
          out[family] = runs.map((run) => ctx.measureText(run).width / 100);
        }
        return { web: out.web!, fallback: out.fallback! };
      },
      { runs, weight: w.weight },
    );
  } finally {
    await browser.close();
  }
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Long because it is the whole recipe of one face: shape, take the median, read the metrics, print. */
async function face(w: Weight): Promise<string> {
  const { web, fallback } = await widths(w);
  // Each string's width in the web font over its width in the fallback (its runs laid side by side).
  let at = 0;
  const ratios = corpus
    .map((strs) => {
      const n = strs.length;
      const ratio = sum(web.slice(at, at + n)) / sum(fallback.slice(at, at + n));
      at += n;
      return ratio;
    })
    .sort((a, b) => a - b);
  const q = (p: number) => ratios[Math.floor(p * (ratios.length - 1))]!;
  const size = q(0.5);
  console.error(
    `${w.weight}: ${ratios.length} strings, ${runs.length} runs; per-string ratio web/${w.fallback}: p5 ${q(0.05).toFixed(4)}, ` +
      `median ${size.toFixed(4)}, p95 ${q(0.95).toFixed(4)}; all the text's total ${(sum(web) / sum(fallback)).toFixed(4)}`,
  );
  const font = fontkit.openSync(join(WEB, w.web)) as { unitsPerEm: number; 'OS/2': { typoAscender: number; typoDescender: number; typoLineGap: number } };
  const { typoAscender, typoDescender, typoLineGap } = font['OS/2'];
  const em = font.unitsPerEm;
  return [
    '@font-face {',
    `  font-family: '${FAMILY}';`,
    '  font-style: normal;',
    `  font-weight: ${w.weight};`,
    `  src: ${w.local.map((name) => `local('${name}')`).join(', ')};`,
    `  size-adjust: ${pct(size)};`,
    `  ascent-override: ${pct(typoAscender / em / size)};`,
    `  descent-override: ${pct(-typoDescender / em / size)};`,
    `  line-gap-override: ${pct(typoLineGap / em / size)};`,
    `  unicode-range: ${UNICODE_RANGE};`,
    '}',
  ].join('\n');
}

for (const w of WEIGHTS) console.log(await face(w));
