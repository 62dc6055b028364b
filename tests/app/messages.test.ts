import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import mmExtra from '../../locales/extra/mm.json';
import mm from '../../locales/mm.json';
import { translateMessage } from '../../src/app/messages';
import { noticeText } from '../../src/app/notice-text';
import { notice, spoken } from '../../src/lib/notice';

async function i18nWith(resources: Record<string, unknown>) {
  const i18n = createInstance();
  await i18n.init({ lng: 'mm', fallbackLng: 'en', resources: { en: { translation: en }, mm: { translation: resources } } });
  return i18n.t.bind(i18n) as Parameters<typeof translateMessage>[0];
}

describe('translateMessage', () => {
  it("translates a machine's fixed text once its strings are loaded", async () => {
    const t = await i18nWith({ ...mm, ...mmExtra });
    expect(translateMessage(t, 'Bet failed!')).toBe(mmExtra.two_d.betFailed);
  });

  it('has no sentence patterns: a text with a variable part passes through as it came', async () => {
    const t = await i18nWith({ ...mm, ...mmExtra });
    expect(translateMessage(t, 'Over-limit digits: 05, 50')).toBe('Over-limit digits: 05, 50');
  });

  it('shows the text, never a bare key, while the lazily loaded strings are not there yet', async () => {
    const t = await i18nWith(mm);
    expect(translateMessage(t, 'Bet failed!')).toBe('Bet failed!');
  });

  it("leaves server refusals as the server worded them (they come in the reader's language, with codes)", async () => {
    const t = await i18nWith({ ...mm, ...mmExtra });
    expect(translateMessage(t, 'လက်ကျန်ငွေ မလုံလောက်ပါ။')).toBe('လက်ကျန်ငွေ မလုံလောက်ပါ။');
    expect(translateMessage(t, 'Insufficient Balance')).toBe('Insufficient Balance');
  });

  it('passes unknown texts through and keeps empty ones empty', async () => {
    const t = await i18nWith(mm);
    expect(translateMessage(t, 'Something new from the server')).toBe('Something new from the server');
    expect(translateMessage(t, null)).toBeNull();
  });
});

describe('noticeText', () => {
  it("words a notice's key with its values in the reader's language, one line per notice", async () => {
    const t = await i18nWith({ ...mm, ...mmExtra });
    expect(noticeText(t, notice('two_d.overLimit', { nums: '05, 50' }))).toBe(mmExtra.two_d.overLimit.replace('{{nums}}', '05, 50'));
    expect(noticeText(t, [notice('two_d.minAmount'), spoken('လက်ကျန်ငွေ မလုံလောက်ပါ။')])).toBe(`${mmExtra.two_d.minAmount}\nလက်ကျန်ငွေ မလုံလောက်ပါ။`);
  });

  it('shows nothing rather than a bare key while the lazily loaded strings are not there yet', async () => {
    const t = await i18nWith(mm);
    expect(noticeText(t, notice('two_d.overLimit', { nums: '05' }))).toBe('');
    expect(noticeText(t, null)).toBe('');
  });
});
