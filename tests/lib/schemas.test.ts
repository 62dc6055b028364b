/**
 * The shared schema pieces (server/lib/schemas.ts, decision 0021) at their edges: each refusal is
 * asserted as its code and params (what clients read) and its English words (what Laravel said).
 */
import { describe, expect, it } from 'vitest';
import { Refusal } from '../../server/domain/refusal';
import { english, parseRefusal } from '../../server/i18n/refusals';
import {
  checkDecimal,
  checkIntegerBetween,
  checkTwoDigitNumber,
  checkWhole,
  digitsText,
  optionalCalendarDate,
  optionalIdQuery,
  optionalPrintableAscii,
  phone,
  selectedId,
  wholeKyat,
} from '../../server/lib/schemas';
import { parseFields, validateFields } from '../../server/lib/validation';

const WALLET = { min: 1, max: 1_000_000_000 };
const CASHIER = { min: 5_000, max: 10_000_000, numeric: false };
const SLIP = { min: 0, minFirst: true, exponent: false, zeroDecimals: true };

/** The refusal a check gives: its code, params and English words; or the value. */
function outcome(checked: { ok: true; value: unknown } | { ok: false; message: string }) {
  if (checked.ok) return { value: checked.value };
  const refusal = parseRefusal(checked.message);
  return { code: refusal?.code, params: refusal?.params, words: english(checked.message) };
}

describe('wholeKyat: the exchange amount (required|numeric|integer|min:1|max)', () => {
  const amount = (value: unknown) => outcome(checkWhole('amount', value, WALLET));

  it('reads JSON numbers, numeric text, padded text and Burmese digits as the same whole Kyat', () => {
    expect(amount(100)).toEqual({ value: 100n });
    expect(amount('100')).toEqual({ value: 100n });
    expect(amount(' 100 ')).toEqual({ value: 100n });
    expect(amount('၁၀၀')).toEqual({ value: 100n });
    expect(amount('+100')).toEqual({ value: 100n });
    expect(amount('1000000000')).toEqual({ value: 1_000_000_000n });
  });

  it('refuses each bad input with the first rule it breaks', () => {
    expect(amount(undefined)).toEqual({ code: 'field.required', params: { field: 'amount' }, words: 'The amount field is required.' });
    expect(amount('   ')).toMatchObject({ code: 'field.required' });
    expect(amount(null)).toMatchObject({ code: 'field.required' });
    expect(amount('1,000')).toEqual({ code: 'field.number', params: { field: 'amount' }, words: 'The amount field must be a number.' });
    expect(amount('abc')).toMatchObject({ code: 'field.number' });
    expect(amount(true)).toMatchObject({ code: 'field.number' });
    expect(amount({ value: 1 })).toMatchObject({ code: 'field.number' });
    expect(amount(Number.NaN)).toMatchObject({ code: 'field.number' });
    expect(amount('1e3')).toEqual({ code: 'field.integer', params: { field: 'amount' }, words: 'The amount field must be an integer.' });
    expect(amount('1.5')).toMatchObject({ code: 'field.integer' });
    expect(amount(1.5)).toMatchObject({ code: 'field.integer' });
    expect(amount('-5')).toEqual({ code: 'field.min', params: { field: 'amount', min: 1 }, words: 'The amount field must be at least 1.' });
    expect(amount(0)).toMatchObject({ code: 'field.min' });
    expect(amount(-1e20)).toMatchObject({ code: 'field.min' });
    expect(amount('1000000001')).toEqual({
      code: 'field.max',
      params: { field: 'amount', max: 1_000_000_000 },
      words: 'The amount field must not be greater than 1000000000.',
    });
    expect(amount(1e20)).toMatchObject({ code: 'field.max' });
    // Exact: one past the safe integers is not rounded into range.
    expect(amount('9007199254740993')).toMatchObject({ code: 'field.max' });
  });

  it('refuses over-long text unread, whatever it holds', () => {
    expect(amount('1'.repeat(33))).toEqual({
      code: 'field.max_chars',
      params: { field: 'amount', max: 32 },
      words: 'The amount field must not be greater than 32 characters.',
    });
    expect(amount(`${'9'.repeat(200_000)}x`)).toMatchObject({ code: 'field.max_chars' });
    expect(amount('1'.repeat(32))).toMatchObject({ code: 'field.max' });
  });
});

describe('wholeKyat without `numeric` (the cashier: required|integer|min|max)', () => {
  const amount = (value: unknown) => outcome(checkWhole('amount', value, CASHIER));
  it('says "must be an integer" for anything not an integer, then the bounds', () => {
    expect(amount('abc')).toMatchObject({ code: 'field.integer' });
    expect(amount('1,000')).toMatchObject({ code: 'field.integer' });
    expect(amount(Number.POSITIVE_INFINITY)).toMatchObject({ code: 'field.integer' });
    expect(amount('4999')).toEqual({ code: 'field.min', params: { field: 'amount', min: 5_000 }, words: 'The amount field must be at least 5000.' });
    expect(amount('၅၀၀၀')).toEqual({ value: 5_000n });
    expect(amount(10_000_001)).toMatchObject({ code: 'field.max', params: { field: 'amount', max: 10_000_000 } });
  });

  it('as a zod piece in a shape, through the one helper', () => {
    expect(validateFields({ amount: wholeKyat('amount', CASHIER) }, { amount: '7000' })).toEqual({ values: { amount: 7_000n }, errors: {} });
    expect(validateFields({ amount: wholeKyat('amount', CASHIER) }, { amount: 'x' }).errors.amount!.map(english)).toEqual(['The amount field must be an integer.']);
  });
});

describe('wholeKyat for a 2D slip line (min 0 first, no exponent, "1500.00" read as 1500)', () => {
  const line = (value: unknown) => outcome(checkWhole('amounts.0.amount', value, SLIP));
  it('reads the slip forms and refuses the rest', () => {
    expect(line('1500.00')).toEqual({ value: 1_500n });
    expect(line('1500.50')).toMatchObject({ code: 'field.integer' });
    expect(line('1e3')).toMatchObject({ code: 'field.number' });
    expect(line('-1.5')).toMatchObject({ code: 'field.min', params: { field: 'amounts.0.amount', min: 0 } });
    expect(line(-5)).toMatchObject({ code: 'field.min' });
    expect(line(1e20)).toEqual({ code: 'field.too_large', params: { field: 'amounts.0.amount' }, words: 'The amount #1 field is too large.' });
  });
});

describe('the other number pieces', () => {
  it('integer between (Digit Bet multiplier)', () => {
    const m = (value: unknown) => outcome(checkIntegerBetween('multiplier', value, 1, 100));
    expect(m('7')).toEqual({ value: 7 });
    expect(m('၇')).toEqual({ value: 7 });
    expect(m('-0')).toMatchObject({ code: 'field.between' });
    expect(m(1.5)).toMatchObject({ code: 'field.integer' });
    expect(m('1e2')).toMatchObject({ code: 'field.integer' });
    expect(m(101)).toEqual({ code: 'field.between', params: { field: 'multiplier', min: 1, max: 100 }, words: 'The multiplier field must be between 1 and 100.' });
    expect(m('1'.repeat(40))).toMatchObject({ code: 'field.max_chars' });
  });

  it('Laravel numeric with two decimals (Digit Bet amount)', () => {
    const a = (value: unknown) => outcome(checkDecimal('bet_amount', value, 1));
    expect(a('2.50')).toEqual({ value: '2.50' });
    expect(a(1.25)).toEqual({ value: '1.25' });
    expect(a('1e3')).toMatchObject({ code: 'field.decimals' });
    expect(a('1,000')).toMatchObject({ code: 'field.number' });
    expect(a('0.5')).toMatchObject({ code: 'field.min', params: { field: 'bet_amount', min: 1 } });
    expect(a('1.005')).toEqual({ code: 'field.decimals', params: { field: 'bet_amount' }, words: 'The bet amount field must have 0-2 decimal places.' });
  });

  it('two-digit 2D number', () => {
    const n = (value: unknown) => outcome(checkTwoDigitNumber('amounts.0.num', value));
    expect(n(' ၀၅ ')).toEqual({ value: '05' });
    expect(n('')).toMatchObject({ code: 'field.required' });
    expect(n('5')).toMatchObject({ code: 'two_d.number_format' });
    expect(n('+5')).toMatchObject({ code: 'two_d.number_format' });
    expect(n(5)).toEqual({ code: 'two_d.number_format', params: { field: 'amounts.0.num' }, words: 'The number #1 field must be two digits, 00 to 99.' });
  });
});

describe('ids, dates, text, phone', () => {
  const one = (schema: Parameters<typeof validateFields>[0][string], value: unknown) => {
    const { values, errors } = validateFields({ f: schema }, { f: value });
    return errors.f ? errors.f.map(english) : values.f;
  };

  it('a selected id is a positive integer, else "invalid"', () => {
    expect(one(selectedId('payment_type_id'), '3')).toBe(3);
    expect(one(selectedId('payment_type_id'), 3)).toBe(3);
    expect(one(selectedId('payment_type_id'), '')).toEqual(['The payment method field is required.']);
    expect(one(selectedId('payment_type_id'), '0')).toEqual(['The selected payment method is invalid.']);
    expect(one(selectedId('payment_type_id'), 'x'.repeat(10_000))).toEqual(['The selected payment method is invalid.']);
  });

  it('an optional query id', () => {
    expect(one(optionalIdQuery('seed_id'), undefined)).toBeUndefined();
    expect(one(optionalIdQuery('seed_id'), ' 12 ')).toBe(12);
    expect(one(optionalIdQuery('seed_id'), '012')).toEqual(['The seed id field must be an integer.']);
    expect(one(optionalIdQuery('seed_id'), '-1')).toEqual(['The seed id field must be an integer.']);
  });

  it('an optional calendar date', () => {
    expect(one(optionalCalendarDate('date'), '2026-02-28')).toBe('2026-02-28');
    expect(one(optionalCalendarDate('date'), '')).toBeUndefined();
    expect(one(optionalCalendarDate('date'), '2026-02-30')).toEqual(['The date field must match the format Y-m-d.']);
  });

  it('printable ASCII', () => {
    const seed = optionalPrintableAscii('client_seed', 64);
    expect(one(seed, ' lucky-7 ')).toBe('lucky-7');
    expect(one(seed, 'a b')).toEqual(['The client seed field may only contain printable ASCII characters without spaces.']);
    expect(one(seed, 'ဘ')).toEqual(['The client seed field may only contain printable ASCII characters without spaces.']);
    expect(one(seed, 'x'.repeat(65))).toEqual(['The client seed field must not be greater than 64 characters.']);
    expect(one(seed, 7)).toEqual(['The client seed field must be a string.']);
  });

  it('digits text', () => {
    expect(one(digitsText('refrence_no', 6, 6), 123456)).toBe('123456');
    expect(one(digitsText('refrence_no', 6, 6), '၁၂၃၄၅၆')).toBe('123456');
    expect(one(digitsText('refrence_no', 6, 6), '12345')).toEqual(['The reference number field must be 6 digits.']);
    expect(one(digitsText('account_number', 6, 20), '1'.repeat(21))).toEqual(['The account number field must be between 6 and 20 digits.']);
  });

  it('the canonical Myanmar phone', () => {
    expect(one(phone(), '+95 9 123 456 789')).toBe('09123456789');
    expect(one(phone(), '၀၉၁၂၃၄၅၆၇၈၉')).toBe('09123456789');
    expect(one(phone(), 'call me')).toEqual(['The phone field format is invalid.']);
    expect(one(phone(), '1'.repeat(21))).toEqual(['The phone field must not be greater than 20 characters.']);
  });
});

describe('parseFields: the one helper', () => {
  it('throws the invalid refusal with every field, in the shape order', () => {
    const shape = { amount: wholeKyat('amount', WALLET), date: optionalCalendarDate('date') };
    expect(parseFields(shape, { amount: '5' })).toEqual({ amount: 5n, date: undefined });
    try {
      parseFields(shape, { amount: 'x', date: 'no' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(Refusal);
      const refusal = err as Refusal;
      expect(refusal.kind).toBe('invalid');
      expect(Object.keys(refusal.fieldErrors!)).toEqual(['amount', 'date']);
    }
  });
});
