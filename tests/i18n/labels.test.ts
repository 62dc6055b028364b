import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusLabel } from '../../server/domain/cashier';
import { DEMO_HOLIDAYS, holidayKey } from '../../server/domain/two-d/holidays';
import { REQUEST_STATUSES } from '../../shared/contract/cashier-status';
import { BET_TYPES, OUTCOMES } from '../../shared/contract/digit-bet';
import { PERIODS } from '../../shared/contract/game-log-periods';
import { HOLIDAY_KEYS } from '../../shared/contract/holidays';
import { LEDGER_KINDS } from '../../shared/contract/ledger-kinds';
import { SLIP_STATUSES } from '../../shared/contract/slip-status';
import {
  DIGIT_BET_TYPE_LABELS,
  DIGIT_OUTCOME_LABELS,
  GAME_LOG_PERIOD_LABELS,
  LEDGER_KIND_LABELS,
  SLIP_STATUS_LABELS,
  holidayLabel,
  ledgerKindLabel,
} from '../../shared/labels';
import { cashierLogStatus, requestStatus } from '../../src/screens/information/log-status';

/**
 * Every code the server can put in front of a player has words in all four languages. The lists
 * come from the server's own constants (the ledger kinds Movement is typed from, the cashier and
 * slip statuses, the game-log periods, Digit Bet's bet types and outcomes, the known holidays), so a
 * new one fails here until it is labelled; the labels go through the same functions the screens use.
 */
const ROOT = join(__dirname, '..', '..');
const LANGS = ['en', 'mm', 'zh', 'th'] as const;
type Lang = (typeof LANGS)[number];
const read = (...path: string[]) => JSON.parse(readFileSync(join(ROOT, 'locales', ...path), 'utf8')) as Record<string, unknown>;

const t = {} as Record<Lang, TFunction>;
beforeAll(async () => {
  for (const lang of LANGS) {
    const instance = i18next.createInstance();
    await instance.init({ lng: lang, fallbackLng: false, interpolation: { escapeValue: false }, resources: { [lang]: { translation: { ...read(`${lang}.json`), ...read('extra', `${lang}.json`) } } } });
    t[lang] = instance.t;
  }
});

/** What a player must never read: a missing key ("ledger.gameBet"), a code ("digit_bet"), nothing. */
function expectWords(text: string, code: string, where: string) {
  expect(text.trim(), where).not.toBe('');
  expect(text, where).not.toBe(code);
  expect(text, where).not.toMatch(/^[a-z_]+\.[a-zA-Z]+$/);
  expect(text, where).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
}

/** Labels of `codes` in every language; mm, zh and th must differ from English (translated, not copied). */
function expectLabelled(codes: readonly (string | number)[], label: (t: TFunction, code: string | number) => string) {
  for (const code of codes) {
    const english = label(t.en, code);
    for (const lang of LANGS) {
      const text = label(t[lang], code);
      expectWords(text, String(code), `${lang}:${code}`);
      if (lang !== 'en') expect(text, `${lang}:${code} is English`).not.toBe(english);
    }
  }
}

describe('every code the server writes has a label in all four languages', () => {
  it('ledger kinds (/transactions), each with its own words', () => {
    expect(LEDGER_KINDS.length).toBeGreaterThanOrEqual(15);
    expectLabelled(LEDGER_KINDS, (tr, kind) => ledgerKindLabel(tr, String(kind)));
    // Known by name, not falling back to "Other".
    for (const kind of LEDGER_KINDS) expect(LEDGER_KIND_LABELS, kind).toHaveProperty(kind);
    for (const lang of LANGS) {
      const labels = LEDGER_KINDS.map((kind) => ledgerKindLabel(t[lang], kind));
      expect(new Set(labels).size, `${lang}: two kinds read the same`).toBe(LEDGER_KINDS.length);
    }
  });

  it('a kind this build does not know reads as "Other", never as its code', () => {
    expect(ledgerKindLabel(t.mm, 'lucky_spin')).toBe(t.mm('ledger.other'));
  });

  it('deposit and withdraw statuses: the request codes and the log words the server spells', () => {
    expectLabelled(REQUEST_STATUSES, (tr, code) => tr(requestStatus(code).label));
    expectLabelled(REQUEST_STATUSES, (tr, code) => tr(cashierLogStatus(statusLabel(Number(code))).label));
    // Pending, done and rejected read differently.
    for (const lang of LANGS) expect(new Set(REQUEST_STATUSES.map((code) => t[lang](requestStatus(code).label))).size).toBe(3);
  });

  it('2D slip statuses', () => {
    expectLabelled(SLIP_STATUSES, (tr, status) => tr(SLIP_STATUS_LABELS[status as keyof typeof SLIP_STATUS_LABELS]));
  });

  it('game-log periods', () => {
    expectLabelled(PERIODS, (tr, period) => tr(GAME_LOG_PERIOD_LABELS[period as keyof typeof GAME_LOG_PERIOD_LABELS]));
  });

  it('Digit Bet bet types and outcomes', () => {
    expectLabelled(BET_TYPES, (tr, type) => tr(DIGIT_BET_TYPE_LABELS[type as keyof typeof DIGIT_BET_TYPE_LABELS]));
    expectLabelled(OUTCOMES, (tr, outcome) => tr(DIGIT_OUTCOME_LABELS[outcome as keyof typeof DIGIT_OUTCOME_LABELS]));
  });

  it('2D holidays: every known key, and every seeded holiday by its stable key (no English left)', () => {
    expectLabelled(HOLIDAY_KEYS, (tr, key) => holidayLabel(tr, { name: 'x', key: key as (typeof HOLIDAY_KEYS)[number], substitute: false }));
    for (const { name } of DEMO_HOLIDAYS) {
      const known = holidayKey(name);
      expect(known.key, name).not.toBeNull();
      for (const lang of ['mm', 'zh', 'th'] as const) {
        const text = holidayLabel(t[lang], { name, ...known });
        expect(text, `${lang}: ${name}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('a substitution day names its holiday; an operator’s own name stays as written', () => {
    const substitute = holidayKey('Substitution for Makha Bucha Day');
    expect(substitute).toEqual({ key: 'makhaBucha', substitute: true });
    expect(holidayLabel(t.th, { name: 'Substitution for Makha Bucha Day', ...substitute })).toBe('วันหยุดชดเชยวันมาฆบูชา');
    expect(holidayLabel(t.en, { name: 'Substitution for Makha Bucha Day', ...substitute })).toBe('Substitution for Makha Bucha Day');
    expect(holidayKey('  new year’s day ')).toEqual({ key: null, substitute: false }); // a curly apostrophe is another name
    expect(holidayKey("  NEW YEAR'S  day ")).toEqual({ key: 'newYearsDay', substitute: false });
    const own = { name: 'Bridge holiday (SET)', ...holidayKey('Bridge holiday (SET)') };
    expect(holidayLabel(t.mm, own)).toBe('Bridge holiday (SET)');
  });
});
