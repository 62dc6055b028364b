import { describe, expect, it } from 'vitest';
import { BadFigure, normaliseSetIndex, normaliseSetValue, twoDFromSet, withThousands } from '../../server/domain/two-d/number-rule';

describe('2D number rule', () => {
  it('takes the index last decimal and the value last integer digit: 1,346.23 + 57,388.58 → 38', () => {
    expect(twoDFromSet('1,346.23', '57,388.58')).toBe('38');
    expect(twoDFromSet('1346.23', '57388.58')).toBe('38');
  });

  it('never takes the integer digit of the index (the public implementation mistake: 6x)', () => {
    const twod = twoDFromSet('1346.23', '57388.58');
    expect(twod[0]).not.toBe('6');
    expect(twoDFromSet('1,299.90', '40,001.99')).toBe('01');
  });

  it('prints the index with two decimals first: 1346.2 ends in 0, 1346 ends in 0', () => {
    expect(twoDFromSet('1346.2', '57388.58')).toBe('08');
    expect(twoDFromSet('1346', '57388')).toBe('08');
    expect(normaliseSetIndex('1,346.2')).toBe('1346.20');
  });

  it('ignores the value decimals entirely', () => {
    expect(twoDFromSet('1400.05', '61234.99')).toBe('54');
    expect(twoDFromSet('1400.05', '61234')).toBe('54');
  });

  it('gives doubles and zeros', () => {
    expect(twoDFromSet('1,310.00', '50,000.00')).toBe('00');
    expect(twoDFromSet('1,310.99', '50,009.01')).toBe('99');
  });

  it('refuses what is not a figure', () => {
    for (const bad of ['', 'abc', '1.346,23', '1,34,6.23', '-1346.23', '1346.234', '13 46.23']) {
      expect(() => twoDFromSet(bad, '57388.58'), bad).toThrow(BadFigure);
    }
    expect(() => twoDFromSet('1346.23', 'x')).toThrow(BadFigure);
    expect(() => normaliseSetValue('57388.585')).toThrow(BadFigure);
  });

  it('prints figures with thousands separators', () => {
    expect(withThousands('1346.23')).toBe('1,346.23');
    expect(withThousands('57388.58')).toBe('57,388.58');
    expect(withThousands('999.00')).toBe('999.00');
  });
});
