import { describe, expect, it } from 'vitest';
import { formatDate, toMyanmarDigits } from '../../src/lib/date-format';

const YANGON = 'Asia/Yangon';
// 08:00 UTC is 14:30 in Yangon (UTC+06:30).
const at = new Date('2026-11-21T08:00:00Z');
const withoutBurmeseData = () => false;

describe('formatDate', () => {
  it('writes Burmese itself when the browser has no Burmese locale data: Myanmar month name and digits, Yangon time', () => {
    expect(formatDate(at, 'my', { date: 'medium', time: true, timeZone: YANGON }, withoutBurmeseData)).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁ ၁၄:၃၀');
    expect(formatDate(at, 'my', { date: 'short', time: true, timeZone: YANGON }, withoutBurmeseData)).toBe('၂၁/၁၁/၂၀၂၆ ၁၄:၃၀');
    expect(formatDate(at, 'my', { date: 'medium', timeZone: YANGON }, withoutBurmeseData)).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁');
    expect(formatDate(new Date(Date.UTC(2000, 0, 1, 9, 5)), 'my', { time: true, timeZone: 'UTC' }, withoutBurmeseData)).toBe('၀၉:၀၅');
  });

  it('never prints an English month name for Burmese, whichever way it formats', () => {
    for (const data of [() => true, withoutBurmeseData]) {
      for (let month = 0; month < 12; month++) {
        const text = formatDate(new Date(Date.UTC(2026, month, 15, 6)), 'my', { date: 'medium', time: true, timeZone: YANGON }, data);
        expect(text).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('leaves other languages to Intl, in Yangon time', () => {
    expect(formatDate(at, 'en', { date: 'medium', time: true, timeZone: YANGON })).toBe('Nov 21, 2026, 2:30 PM');
    expect(formatDate(at, 'th', { date: 'medium', timeZone: YANGON })).toBe(new Intl.DateTimeFormat('th', { dateStyle: 'medium', timeZone: YANGON }).format(at));
  });

  it('turns Latin digits into Myanmar digits', () => {
    expect(toMyanmarDigits('2026-11-21 09:05')).toBe('၂၀၂၆-၁၁-၂၁ ၀၉:၀၅');
  });
});
