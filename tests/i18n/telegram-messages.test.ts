import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The bot's message words (locales/telegram/*.json, server-only): the same keys and placeholders in four real languages. */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
type Tree = { [key: string]: string | Tree };
const read = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', 'telegram', `${lang}.json`), 'utf8')) as Tree;
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
const words = Object.fromEntries(LANGS.map((l) => [l, flatten(read(l))])) as Record<(typeof LANGS)[number], Map<string, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('Telegram message words', () => {
  it('all four have the same keys, the same placeholders, and no empty text', () => {
    for (const lang of LANGS) {
      expect([...words[lang].keys()].sort(), lang).toEqual([...words.en.keys()].sort());
      for (const [key, text] of words.en) {
        expect(placeholders(words[lang].get(key)!), `${lang}:${key}`).toEqual(placeholders(text));
        expect(words[lang].get(key)!.trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('are real translations in their own scripts', () => {
    const script = { mm: /[\u1000-\u109f]/, zh: /[\u4e00-\u9fff]/, th: /[\u0e00-\u0e7f]/ } as const;
    for (const lang of ['mm', 'zh', 'th'] as const) {
      for (const [key, text] of words[lang]) {
        expect(text, `${lang}:${key}`).toMatch(script[lang]);
        expect(text, `${lang}:${key}`).not.toBe(words.en.get(key));
      }
    }
  });
});
