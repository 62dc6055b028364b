import { describe, expect, it } from 'vitest';
import { MIN_LINE_AMOUNT, parseEntry } from '../../src/lib/two-d/entry';
import { wordsOf } from '../support/notice-words';
import { sessionFromTimeId, timeIdOf, yangonDate } from '../../src/lib/two-d/session';
import { brake, brothers, contains, doubles, head, nakhat, power, tail } from '../../src/lib/two-d/shortcuts';

const line = (num: string, amount: number) => ({ num, amount });

describe('parseEntry: typed 2D entries', () => {
  it('12=100: one number', () => {
    expect(parseEntry('12=100')).toEqual({ lines: [line('12', 100)], errors: [] });
  });

  it('12.34=500: dot-separated pairs with the reverse implied', () => {
    expect(parseEntry('12.34=500')).toEqual({
      lines: [line('12', 500), line('21', 500), line('34', 500), line('43', 500)],
      errors: [],
    });
    expect(parseEntry('55.12=200').lines).toEqual([line('12', 200), line('21', 200), line('55', 200)]);
  });

  it('12 34 56=200: several numbers, no reverse', () => {
    expect(parseEntry('12 34  56 = 200').lines).toEqual([line('12', 200), line('34', 200), line('56', 200)]);
  });

  it('12R=300: with its reverse (r too); a double once', () => {
    expect(parseEntry('12R=300').lines).toEqual([line('12', 300), line('21', 300)]);
    expect(parseEntry('12r 44R=300').lines).toEqual([line('12', 300), line('21', 300), line('44', 300)]);
  });

  it('reads Burmese digits anywhere', () => {
    expect(parseEntry('၁၂.၃၄=၅၀၀')).toEqual(parseEntry('12.34=500'));
    expect(parseEntry('၀၅R=1၀၀').lines).toEqual([line('05', 100), line('50', 100)]);
  });

  it('several entries on lines or after commas; a number twice adds up', () => {
    const parsed = parseEntry('12=100\n34R=200, 56=300၊ 78=400;90=500\r\n\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toEqual([line('12', 100), line('34', 200), line('43', 200), line('56', 300), line('78', 400), line('90', 500)]);
    expect(parseEntry('12R=100\n21=200').lines).toEqual([line('12', 100), line('21', 300)]);
    // Within one entry a number counts once: 12.21 is 12 and 21.
    expect(parseEntry('12.21=100').lines).toEqual([line('12', 100), line('21', 100)]);
  });

  it('empty text is nothing, not an error', () => {
    expect(parseEntry('')).toEqual({ lines: [], errors: [] });
    expect(parseEntry(' \n , ')).toEqual({ lines: [], errors: [] });
  });

  it('names every unreadable entry and keeps the readable ones', () => {
    const parsed = parseEntry('12=100\n34\n1x=100\n56=abc\n78=50\n=100\n12=100=200\n123=100\n90=200');
    expect(parsed.lines).toEqual([line('12', 100), line('90', 200)]);
    expect(parsed.errors.map((e) => wordsOf(e))).toEqual([
      '"34": write the numbers, = and the amount (12=100).',
      '"1x=100": "1x" is not a two-digit number.',
      '"56=abc": the amount must be a whole number of Ks.',
      `"78=50": the amount must be at least ${MIN_LINE_AMOUNT} Ks.`,
      '"=100": no numbers before =.',
      '"12=100=200": write the numbers, = and the amount (12=100).',
      '"123=100": "123" is not a two-digit number.',
    ]);
    expect(parsed.errors.map((e) => wordsOf(e, 'mm'))[1], 'in Burmese too').toBe('"1x=100": "1x" သည် ဂဏန်းနှစ်လုံး မဟုတ်ပါ။');
  });

  it('refuses broken dot groups and amounts that are not whole Kyat', () => {
    const said = (text: string) => parseEntry(text).errors.map((e) => wordsOf(e));
    expect(said('1.23=100')).toEqual(['"1.23=100": "1.23" is not a two-digit number.']);
    expect(said('.=100')).toEqual(['".=100": "." is not a two-digit number.']);
    expect(said('12=100.5')).toEqual(['"12=100.5": the amount must be a whole number of Ks.']);
    expect(parseEntry('12=-100').errors).toHaveLength(1);
    expect(said('12=99999999999999999999')).toEqual(['"12=99999999999999999999": the amount must be a whole number of Ks.']);
  });

  it('100 is the smallest amount', () => {
    expect(parseEntry('12=100').errors).toEqual([]);
    expect(parseEntry('12=99').errors).toHaveLength(1);
  });

  it('reads the Burmese shortcut words, the digit before or after, spaced or not', () => {
    const nums = (text: string) => parseEntry(text).lines.map((l) => l.num);
    expect(nums('၅ ထိပ်=၁၀၀')).toEqual(head(5));
    expect(nums('ထိပ် 5=100')).toEqual(head(5));
    expect(nums('3နောက်=100')).toEqual(tail(3));
    expect(nums('3 နောက်ပိတ်=100')).toEqual(tail(3));
    expect(nums('5ပတ်=100')).toEqual(contains(5));
    expect(nums('7 ဘရိတ်=100')).toEqual(brake(7));
    expect(nums('အပူး=100')).toEqual(doubles());
    expect(nums('ပါဝါ=100')).toEqual(power());
    expect(nums('နက္ခတ်=100')).toEqual(nakhat());
    expect(nums('ညီကို=100')).toEqual(brothers());
    expect(nums('၁၂ အာ=၁၀၀')).toEqual(['12', '21']);
    expect(parseEntry('12 5ထိပ်=200').lines).toContainEqual(line('12', 200));
    expect(parseEntry('ထိပ်=100').errors.map((e) => wordsOf(e))).toEqual(['"ထိပ်=100": "ထိပ်" is not a two-digit number.']);
  });
});

describe('2D sessions and dates', () => {
  it('the business date is Yangon’s (UTC+06:30)', () => {
    expect(yangonDate(new Date('2026-11-20T17:29:59Z'))).toBe('2026-11-20');
    expect(yangonDate(new Date('2026-11-20T17:30:00Z'))).toBe('2026-11-21');
  });

  it('maps the ?time= ids to draws and back', () => {
    expect([1, 2, '2', 3, 4, '4', 0, 5, null, undefined, 'x'].map(sessionFromTimeId)).toEqual([
      'morning', 'morning', 'morning', 'evening', 'evening', 'evening', undefined, undefined, undefined, undefined, undefined,
    ]);
    expect([timeIdOf('morning'), timeIdOf('evening')]).toEqual([2, 4]);
  });
});
