import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatUnits, parseAmount, parseRequestTime, seamlessSign } from '../../server/domain/seamless-protocol';
import { signMatches } from '../../server/lib/signature';

/** The protocol's pure parts: signatures, request_time, exact amounts and balances per currency. */
describe('seamless protocol', () => {
  it('signs md5(operator_code + request_time + action word + secret_key)', () => {
    const expected = createHash('md5').update('kyatplay1700000000withdrawsecret').digest('hex');
    expect(seamlessSign('kyatplay', '1700000000', 'withdraw', 'secret')).toBe(expected);
    expect(signMatches(expected, expected)).toBe(true);
    expect(signMatches(expected.toUpperCase(), expected)).toBe(true);
    expect(signMatches(expected.slice(0, -1) + (expected.endsWith('0') ? '1' : '0'), expected)).toBe(false);
    expect(signMatches(expected.slice(1), expected)).toBe(false);
    expect(signMatches('', expected)).toBe(false);
    expect(signMatches(undefined, expected)).toBe(false);
    expect(signMatches(12345, expected)).toBe(false);
  });

  it('reads request_time in seconds or milliseconds, as a number or digits', () => {
    expect(parseRequestTime(1_700_000_000)).toEqual({ text: '1700000000', ms: 1_700_000_000_000 });
    expect(parseRequestTime(1_700_000_000_123)).toEqual({ text: '1700000000123', ms: 1_700_000_000_123 });
    expect(parseRequestTime('1700000000')).toEqual({ text: '1700000000', ms: 1_700_000_000_000 });
    for (const bad of [undefined, null, '', 'abc', -5, 0, 1.5, '17e8', {}]) expect(parseRequestTime(bad)).toBeUndefined();
  });

  it('parses MMK amounts to exact pya, refusing a third decimal', () => {
    const cases: [unknown, bigint | undefined][] = [
      [0.1, 10n],
      [0.2, 20n],
      [0.30000000000000004, undefined],
      [1000, 100_000n],
      [1000.5, 100_050n],
      ['1000.50', 100_050n],
      ['0.07', 7n],
      [1.005, undefined],
      ['1.005', undefined],
      ['1.000', 100n],
      [-25.5, -2_550n],
      [0, 0n],
      [1e3, 100_000n],
      ['1e3', 100_000n],
      [123456789012.34, 12_345_678_901_234n],
      [12345678901234567, undefined], // beyond a double's exact digits
      [Number.NaN, undefined],
      [Number.POSITIVE_INFINITY, undefined],
      ['', undefined],
      ['abc', undefined],
      ['0x10', undefined],
      [true, undefined],
      [null, undefined],
      [[1], undefined],
    ];
    for (const [value, pya] of cases) expect(parseAmount(value, 'MMK'), String(value)).toBe(pya);
  });

  it('parses MMK2 (thousands of Kyat) ×1000, to five decimals', () => {
    expect(parseAmount(1, 'MMK2')).toBe(100_000n);
    expect(parseAmount(1.5, 'MMK2')).toBe(150_000n);
    expect(parseAmount(0.001, 'MMK2')).toBe(100n);
    expect(parseAmount(0.00001, 'MMK2')).toBe(1n);
    expect(parseAmount(0.000001, 'MMK2')).toBeUndefined();
  });

  it('formats balances per currency, MMK2 rounded down to two decimals', () => {
    expect(formatUnits(123_456n, 'MMK')).toBe(1234.56);
    expect(formatUnits(100_000n, 'MMK')).toBe(1000);
    expect(formatUnits(7n, 'MMK')).toBe(0.07);
    expect(formatUnits(-2_550n, 'MMK')).toBe(-25.5);
    expect(formatUnits(5_000_000n, 'MMK2')).toBe(50);
    expect(formatUnits(123_456n, 'MMK2')).toBe(1.23);
    expect(formatUnits(99_999n, 'MMK2')).toBe(0.99);
    expect(formatUnits(0n, 'MMK2')).toBe(0);
  });
});
