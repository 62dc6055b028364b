import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '../../shared/contract/ledger-kinds';
import { LEDGER_KIND_KEYS } from '../../src/console/ledger-kinds';

/** The console names every ledger kind in four languages (issue 25 point 10), never as its code (`withdraw_hold`). */
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
const admin = (lang: string) => (JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', 'admin', `${lang}.json`), 'utf8')) as { admin: Record<string, string> }).admin;

describe('console ledger kinds', () => {
  it('every kind the server writes has words in every console language, translated, and an "other" for a kind this build does not know', () => {
    const words = Object.fromEntries(LANGS.map((l) => [l, admin(l)]));
    for (const kind of [...LEDGER_KINDS, 'other'] as const) {
      const key = (kind === 'other' ? 'admin.ledgerKindOther' : LEDGER_KIND_KEYS[kind]).slice('admin.'.length);
      for (const lang of LANGS) {
        const text = words[lang]![key];
        expect(text, `${lang}:${kind}`).toBeTruthy();
        expect(text, `${lang}:${kind}`).not.toMatch(/_/);
        if (lang !== 'en') expect(text, `${lang}:${kind} is English`).not.toBe(words.en![key]);
      }
    }
    expect(admin('mm')[LEDGER_KIND_KEYS.withdraw_hold.slice(6)]).toBe('ငွေထုတ် (ထိန်းထားသည်)');
  });
});
