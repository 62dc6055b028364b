import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The bot's command words (locales/bot/*.json, server-only): the same keys and placeholders in all four, real scripts. */
const ROOT = join(__dirname, '..', '..');
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const read = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'locales', 'bot', `${lang}.json`), 'utf8')).bot_commands as Record<string, string>;
const words = Object.fromEntries(LANGS.map((l) => [l, read(l)])) as Record<(typeof LANGS)[number], Record<string, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const SCRIPT = { mm: /[\u1000-\u109F]/, zh: /[\u4e00-\u9fff]/, th: /[\u0E00-\u0E7F]/ } as const;

describe('the bot\'s command words', () => {
  it('all four have the keys of English, with the same placeholders, none empty', () => {
    for (const lang of LANGS) {
      expect(Object.keys(words[lang]).sort(), lang).toEqual(Object.keys(words.en).sort());
      for (const [key, text] of Object.entries(words.en)) {
        expect(placeholders(words[lang][key] ?? ''), `${lang}:${key}`).toEqual(placeholders(text));
        expect((words[lang][key] ?? '').trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('every sentence is written in its own script (not left in English)', () => {
    const sentences = Object.keys(words.en).filter((key) => /[a-z]{3,}/i.test(words.en[key]!.replace(/\{\{\w+\}\}|\/\w+|SET|KyatPlay|2D/g, '')));
    for (const lang of ['mm', 'zh', 'th'] as const) {
      for (const key of sentences) expect(words[lang][key], `${lang}:${key}`).toMatch(SCRIPT[lang]);
    }
  });
});
