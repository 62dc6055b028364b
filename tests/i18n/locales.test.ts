import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, type Tree } from '../support/locale-tree';

const ROOT = join(__dirname, '..', '..');
const LANGS = ['en', 'mm', 'zh', 'th'] as const;

function read(...path: string[]): Tree {
  return JSON.parse(readFileSync(join(ROOT, 'locales', ...path), 'utf8')) as Tree;
}

/** The entry bundle, the lazily loaded extra bundle and the console's (/admin) bundle, merged as the apps merge them. */
function load(lang: string): Tree {
  return { ...read(`${lang}.json`), ...read('extra', `${lang}.json`), ...read('admin', `${lang}.json`) };
}


const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const locales = Object.fromEntries(LANGS.map((l) => [l, flatten(load(l))])) as Record<(typeof LANGS)[number], Map<string, string>>;
const en = locales.en;

describe('locale files', () => {
  it('the extra and console bundles add areas of their own and never override another bundle\'s area', () => {
    for (const lang of LANGS) {
      const core = Object.keys(read(`${lang}.json`));
      const extra = Object.keys(read('extra', `${lang}.json`));
      for (const area of extra) expect(core, `${lang}:${area}`).not.toContain(area);
      for (const area of Object.keys(read('admin', `${lang}.json`))) expect([...core, ...extra], `${lang}:${area}`).not.toContain(area);
    }
  });

  it('all four have exactly the same keys as English', () => {
    const enKeys = [...en.keys()].sort();
    for (const lang of LANGS) expect([...locales[lang].keys()].sort(), lang).toEqual(enKeys);
  });

  it('every key has the same {{placeholders}} in every language', () => {
    for (const lang of LANGS) {
      for (const [key, text] of en) expect(placeholders(locales[lang].get(key) ?? ''), `${lang}:${key}`).toEqual(placeholders(text));
    }
  });

  it('no value is empty', () => {
    for (const lang of LANGS) {
      for (const [key, text] of locales[lang]) expect(text.trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('keys are nested by area with camelCase leaves', () => {
    for (const key of en.keys()) expect(key, key).toMatch(/^[a-z][a-z_]*\.[a-z][a-zA-Z0-9]*(_one|_other)?$/);
  });

  it('a counted text has both plural forms in every language, so English says "1 winner" and never "1 winners"', async () => {
    const counted = [...en.keys()].filter((key) => key.endsWith('_one') || key.endsWith('_other'));
    expect(counted.length).toBeGreaterThan(0);
    for (const key of counted) {
      const base = key.replace(/_(one|other)$/, '');
      for (const lang of LANGS) expect(locales[lang].has(`${base}_one`) && locales[lang].has(`${base}_other`), `${lang}:${base}`).toBe(true);
      expect(en.get(`${base}_one`), base).not.toBe(en.get(`${base}_other`));
    }
    // Any {{count}} text in English is a plural pair (a bare "{{count}} winners" reads wrong for 1).
    const bare = [...en].filter(([key, text]) => /\{\{count\}\}/.test(text) && !/_(one|other)$/.test(key) && /\{\{count\}\} [a-z]+s\b/.test(text));
    expect(bare.map(([key]) => key)).toEqual([]);
    const { createInstance } = await import('i18next');
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: Object.fromEntries(LANGS.map((l) => [l, { translation: load(l) }])) });
    expect(i18n.t('two_d_winners.winnersCount', { count: 1 })).toBe('1 winner');
    expect(i18n.t('two_d_winners.winnersCount', { count: 3 })).toBe('3 winners');
    expect(i18n.t('two_d_winners.winnersCount', { count: 1, lng: 'mm' })).toBe(locales.mm.get('two_d_winners.winnersCount_one')!.replace('{{count}}', '1'));
  });

  it('mm, zh and th are real translations, not English copies', () => {
    for (const lang of ['mm', 'zh', 'th'] as const) {
      const same = [...en].filter(([key, text]) => locales[lang].get(key) === text).map(([key]) => key);
      // Brand and product names may stay as they are; the bulk must differ.
      expect(same.length / en.size, `${lang} copies English for: ${same.join(', ')}`).toBeLessThan(0.1);
    }
  });

  it('Burmese is written in Myanmar script', () => {
    const burmese = [...locales.mm.values()].filter((text) => /[\u1000-\u109f]/.test(text));
    expect(burmese.length / locales.mm.size).toBeGreaterThan(0.85);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('keys used in the source', () => {
  const files = sourceFiles(join(ROOT, 'src'));
  // t('area.key') / i18n.t("area.key") calls with any area, plus any 'area.key' string literal
  // of a known area (label maps hand keys to t() indirectly).
  const callRe = /\bt\(\s*['"`]([a-z_]+\.[a-zA-Z0-9]+)['"`]/g;
  const areas = [...new Set([...en.keys()].map((k) => k.split('.')[0]))].join('|');
  // An event name ({ type: 'transfer.open' }, or a transition key 'transfer.open': …) is not a text key,
  // even when its prefix is also a locale area.
  const labelRe = new RegExp(`(?<!type:\\s*)['"]((?:${areas})\\.[a-zA-Z0-9]+)['"](?!\\s*:)`, 'g');

  const used = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const re of [callRe, labelRe]) for (const m of text.matchAll(re)) used.set(m[1]!, file.slice(ROOT.length + 1));
  }

  it('finds the keys the app uses', () => {
    expect(used.size).toBeGreaterThan(30);
  });

  it('every key used in src exists in en.json', () => {
    // A counted text is found by its plural forms (i18next picks _one / _other by the count).
    const missing = [...used].filter(([key]) => !en.has(key) && !en.has(`${key}_other`)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
