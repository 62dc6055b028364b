import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from '../../src/lib/money';

const ROOT = join(__dirname, '..', '..');
type Tree = { [key: string]: string | Tree };
const read = (...path: string[]) => JSON.parse(readFileSync(join(ROOT, 'locales', ...path), 'utf8')) as Tree;
const strings = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));

/** docs/decisions/0010-currency-word.md: one word per language. */
const CURRENCY = { en: 'Ks', mm: 'ကျပ်', zh: '缅元', th: 'จ๊าด' } as const;

describe('money: one formatter, one currency word per language', () => {
  it('groups digits, keeps two decimals and puts the currency word after', () => {
    expect(formatMoney('1234567.5', CURRENCY.mm)).toBe('1,234,567.50 ကျပ်');
    expect(formatMoney('-500', CURRENCY.en)).toBe('-500.00 Ks');
    expect(formatMoney('12345678901234.56', CURRENCY.zh)).toBe('12,345,678,901,234.56 缅元');
    expect(formatMoney(null, CURRENCY.th)).toBe('0.00 จ๊าด');
    expect(formatAmount('1000', 0)).toBe('1,000');
  });

  it('each language names its currency word once, in common.currency', () => {
    for (const [lang, word] of Object.entries(CURRENCY)) expect((read(`${lang}.json`).common as Tree).currency, lang).toBe(word);
  });

  it('no text in any language uses another currency word (no MMK, no Ks outside English, no 缅币)', () => {
    const others = (lang: keyof typeof CURRENCY) => [
      'MMK',
      '缅币',
      ...Object.entries(CURRENCY)
        .filter(([l]) => l !== lang)
        .map(([, w]) => w),
    ];
    for (const lang of Object.keys(CURRENCY) as (keyof typeof CURRENCY)[]) {
      const texts = [...strings(read(`${lang}.json`)), ...strings(read('extra', `${lang}.json`))];
      for (const word of others(lang)) {
        const pattern = /^[A-Za-z]+$/.test(word) ? new RegExp(`\\b${word}\\b`) : new RegExp(word);
        const offenders = texts.filter((text) => pattern.test(text));
        expect(offenders, `${lang} uses ${word}`).toEqual([]);
      }
    }
  });
});
