import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitWords, wordRefusal, type RefusalCatalogue } from '../../shared/refusal-words';

/** Issue 25: a wait reads "about 49 minutes" in the player's language and digits, never raw seconds. */
const catalogue = (lng: string) => JSON.parse(readFileSync(`locales/refusals/${lng}.json`, 'utf8')) as RefusalCatalogue;

describe('waits in words', () => {
  it('2923 seconds is about 49 minutes, in each language and its digits', () => {
    expect(waitWords(catalogue('en').wait, 2923)).toBe('about 49 minutes');
    expect(waitWords(catalogue('mm').wait, 2923)).toBe('၄၉ မိနစ်ခန့်');
    expect(waitWords(catalogue('zh').wait, 2923)).toBe('约 49 分钟');
    expect(waitWords(catalogue('th').wait, 2923)).toBe('ประมาณ 49 นาที');
  });

  it('rounds up to whole minutes, says hours from 90 minutes, and one in the singular', () => {
    const en = catalogue('en').wait;
    expect(waitWords(en, 1)).toBe('about 1 minute');
    expect(waitWords(en, 61)).toBe('about 2 minutes');
    expect(waitWords(en, 89 * 60)).toBe('about 89 minutes');
    expect(waitWords(en, 90 * 60)).toBe('about 2 hours');
    expect(waitWords(en, 24 * 3600)).toBe('about 24 hours');
    expect(waitWords(catalogue('mm').wait, 3 * 3600)).toBe('၃ နာရီခန့်');
  });

  it('the sign-up refusal is worded with it in all four languages, no Latin digits in Burmese', () => {
    const refusal = { code: 'auth.too_many_signups', params: { seconds: 2923 } };
    expect(wordRefusal(catalogue('en'), refusal)).toBe('Too many sign-ups from this phone or network. Please try again in about 49 minutes.');
    const mm = wordRefusal(catalogue('mm'), refusal)!;
    expect(mm).toContain('၄၉ မိနစ်ခန့် အကြာတွင်');
    expect(mm).not.toMatch(/[0-9]|\{\{/);
    expect(wordRefusal(catalogue('zh'), refusal)).toBe('此手机或网络的注册次数过多，请在约 49 分钟后重试。');
    expect(wordRefusal(catalogue('th'), refusal)).toBe('มีการสมัครจากโทรศัพท์หรือเครือข่ายนี้มากเกินไป โปรดลองอีกครั้งในประมาณ 49 นาที');
  });
});
