import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten, type Tree } from '../support/locale-tree';

/** The bot's message words (locales/telegram/*.json, server-only): the same keys and placeholders in four real languages. */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const read = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', 'telegram', `${lang}.json`), 'utf8')) as Tree;
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
