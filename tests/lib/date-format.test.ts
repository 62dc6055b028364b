import { describe, expect, it } from 'vitest';
import {
  clampDate,
  dateFieldOrder,
  dateFieldText,
  formatApiTime,
  formatCalendarDate,
  formatInstant,
  formatWallClock,
  parseApiTime,
  toMyanmarDigits,
} from '../../shared/date-format';

// 08:00 UTC is 14:30 in Yangon (UTC+06:30).
const afternoon = new Date('2026-11-21T08:00:00Z');
// 20:00 UTC on the 21st is already 02:30 on the 22nd in Yangon.
const afterMidnight = new Date('2026-11-21T20:00:00Z');

const LATIN_DIGIT = /[0-9]/;

describe('formatInstant: one format per language, in Yangon time', () => {
  it('writes every language the same way on every screen (date and time)', () => {
    expect(formatInstant(afternoon, 'en')).toBe('Nov 21, 2026, 2:30 PM');
    expect(formatInstant(afternoon, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁ ၁၄:၃၀');
    expect(formatInstant(afternoon, 'zh-Hans')).toBe('2026年11月21日 14:30');
    expect(formatInstant(afternoon, 'th')).toBe('21 พ.ย. 2569 14:30');
  });

  it('puts an instant after midnight UTC+06:30 on the next Yangon day, whatever the device zone', () => {
    expect(formatInstant(afterMidnight, 'en')).toBe('Nov 22, 2026, 2:30 AM');
    expect(formatInstant(afterMidnight, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂ ၀၂:၃၀');
    expect(formatInstant(afterMidnight, 'zh-Hans')).toBe('2026年11月22日 02:30');
    expect(formatInstant(afterMidnight, 'th')).toBe('22 พ.ย. 2569 02:30');
    // The last minute of the 21st and the first of the 22nd, Yangon time.
    expect(formatInstant(new Date('2026-11-21T17:29:00Z'), 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁ ၂၃:၅၉');
    expect(formatInstant(new Date('2026-11-21T17:30:00Z'), 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂ ၀၀:၀၀');
  });

  it("writes Burmese Yangon time as ICU's zone data has it, at any instant (computed without Intl)", () => {
    const MONTHS = ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ'];
    const icu = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Yangon', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // Every 7 h 13 min over three years, leap day and year ends included.
    for (let t = Date.UTC(2023, 11, 30); t < Date.UTC(2026, 11, 31); t += 433 * 60_000) {
      const at = new Date(t);
      const p = Object.fromEntries(icu.formatToParts(at).map((x) => [x.type, x.value]));
      const expected = toMyanmarDigits(`${p.year} ${MONTHS[Number(p.month) - 1]} ${Number(p.day)} ${p.hour}:${p.minute}`);
      expect(formatInstant(at, 'my'), at.toISOString()).toBe(expected);
    }
  });

  it('writes Burmese in Myanmar digits and month names only, for every month', () => {
    for (let month = 0; month < 12; month++) {
      for (const kind of ['dateTime', 'date', 'time'] as const) {
        const text = formatInstant(new Date(Date.UTC(2026, month, 15, 6, 7)), 'my', kind);
        expect(text, `${month} ${kind}`).not.toMatch(LATIN_DIGIT);
        expect(text, `${month} ${kind}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('writes only the date or only the time when asked', () => {
    expect(formatInstant(afterMidnight, 'my', 'date')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂');
    expect(formatInstant(afterMidnight, 'my', 'time')).toBe('၀၂:၃၀');
    expect(formatInstant(afterMidnight, 'en', 'date')).toBe('Nov 22, 2026');
  });
});

describe('API times', () => {
  it('reads the API display form as Yangon wall time and ISO instants as instants', () => {
    expect(parseApiTime('2026-11-22 02:30:00')?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(parseApiTime('2026-11-22T02:30')?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(parseApiTime('2026-11-21T20:00:00.000Z')?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(parseApiTime('2026-11-22T02:30:00+06:30')?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(parseApiTime('yesterday')).toBeNull();
    expect(parseApiTime('2026-11-22')).toBeNull();
  });

  it('prints the display form and the instant identically: no raw "2026-11-22 02:30:00" on any screen', () => {
    for (const locale of ['en', 'my', 'zh-Hans', 'th']) {
      expect(formatApiTime('2026-11-22 02:30:00', locale)).toBe(formatApiTime('2026-11-21T20:00:00.000Z', locale));
      expect(formatApiTime('2026-11-22 02:30:00', locale)).not.toContain('2026-11-22');
    }
    expect(formatApiTime('2026-11-22 02:30:00', 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂ ၀၂:၃၀');
    expect(formatApiTime('not a time', 'my')).toBe('not a time');
  });

  it('prints calendar dates and wall-clock times the same way', () => {
    expect(formatCalendarDate('2026-11-22', 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂');
    expect(formatCalendarDate('2026-11-22', 'en')).toBe('Nov 22, 2026');
    expect(formatCalendarDate('2026-11-22', 'th')).toBe('22 พ.ย. 2569');
    expect(formatWallClock('16:30', 'en')).toBe('4:30 PM');
    expect(formatWallClock('16:30', 'my')).toBe('၁၆:၃၀');
    expect(formatWallClock('16:30', 'zh-Hans')).toBe('16:30');
  });
});

describe('the date picker fields', () => {
  it('orders day, month and year the way each language writes a date', () => {
    expect(dateFieldOrder('en')).toEqual(['month', 'day', 'year']);
    expect(dateFieldOrder('my')).toEqual(['year', 'month', 'day']);
    expect(dateFieldOrder('zh-Hans')).toEqual(['year', 'month', 'day']);
    expect(dateFieldOrder('th')).toEqual(['day', 'month', 'year']);
  });

  it('names each field in the reader’s language', () => {
    expect(dateFieldText('month', 11, 'my')).toBe('နိုဝင်ဘာ');
    expect(dateFieldText('day', 22, 'my')).toBe('၂၂');
    expect(dateFieldText('year', 2026, 'my')).toBe('၂၀၂၆');
    expect(dateFieldText('month', 11, 'en')).toBe('November');
    expect(dateFieldText('month', 11, 'zh-Hans')).toBe('十一月');
    expect(dateFieldText('year', 2026, 'th')).toContain('2569');
  });

  it('keeps a chosen date real and not after the last allowed day', () => {
    expect(clampDate(2026, 2, 31, '2026-12-31')).toBe('2026-02-28');
    expect(clampDate(2024, 2, 31, '2026-12-31')).toBe('2024-02-29');
    expect(clampDate(2026, 12, 25, '2026-11-23')).toBe('2026-11-23');
    expect(clampDate(2026, 11, 30, '2026-11-23')).toBe('2026-11-23');
    expect(clampDate(2025, 12, 25, '2026-11-23')).toBe('2025-12-25');
  });
});

it('turns Latin digits into Myanmar digits', () => {
  expect(toMyanmarDigits('2026-11-21 09:05')).toBe('၂၀၂၆-၁၁-၂၁ ၀၉:၀၅');
});
