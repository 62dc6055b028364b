import { describe, expect, it } from 'vitest';
import {
  ALL_NUMBERS,
  brake,
  brothers,
  combos,
  contains,
  doubles,
  evenDoubles,
  head,
  nakhat,
  oddDoubles,
  power,
  reverse,
  tail,
} from '../../src/lib/two-d/shortcuts';

/** Every shortcut returns sorted, de-duplicated two-digit strings. */
function expectWellFormed(nums: string[]) {
  expect(nums.every((n) => /^\d\d$/.test(n))).toBe(true);
  expect(nums).toEqual([...new Set(nums)].sort());
}

describe('2D shortcuts', () => {
  it('the grid is 00 to 99', () => {
    expect(ALL_NUMBERS).toHaveLength(100);
    expect([ALL_NUMBERS[0], ALL_NUMBERS[99]]).toEqual(['00', '99']);
  });

  it('R adds each reverse; a double gives itself only', () => {
    expect(reverse(['12'])).toEqual(['12', '21']);
    expect(reverse(['33'])).toEqual(['33']);
    expect(reverse(['21', '12', '05', '44'])).toEqual(['05', '12', '21', '44', '50']);
    expect(reverse([])).toEqual([]);
    expect(reverse(['1', 'ab', '123'])).toEqual([]);
  });

  it('doubles, even doubles and odd doubles', () => {
    expect(doubles()).toEqual(['00', '11', '22', '33', '44', '55', '66', '77', '88', '99']);
    expect(evenDoubles()).toEqual(['00', '22', '44', '66', '88']);
    expect(oddDoubles()).toEqual(['11', '33', '55', '77', '99']);
  });

  it('brothers: neighbouring digits either way, 90/09 included (20 numbers)', () => {
    const nums = brothers();
    expect(nums).toHaveLength(20);
    expect(nums).toEqual(['01', '09', '10', '12', '21', '23', '32', '34', '43', '45', '54', '56', '65', '67', '76', '78', '87', '89', '90', '98']);
  });

  it('power and nakhat with their reverses (10 each)', () => {
    expect(power()).toEqual(['05', '16', '27', '38', '49', '50', '61', '72', '83', '94']);
    expect(nakhat()).toEqual(['07', '18', '24', '35', '42', '53', '69', '70', '81', '96']);
  });

  it('brake N: digit sum mod 10 = N (10 numbers for every N)', () => {
    expect(brake(0)).toEqual(['00', '19', '28', '37', '46', '55', '64', '73', '82', '91']);
    expect(brake(5)).toEqual(['05', '14', '23', '32', '41', '50', '69', '78', '87', '96']);
    for (let n = 0; n <= 9; n++) {
      const nums = brake(n);
      expect(nums).toHaveLength(10);
      expect(nums.every((x) => (Number(x[0]) + Number(x[1])) % 10 === n)).toBe(true);
    }
  });

  it('head N, tail N (10 each) and contains N (19)', () => {
    expect(head(3)).toEqual(['30', '31', '32', '33', '34', '35', '36', '37', '38', '39']);
    expect(tail(3)).toEqual(['03', '13', '23', '33', '43', '53', '63', '73', '83', '93']);
    expect(contains(3)).toEqual(['03', '13', '23', '30', '31', '32', '33', '34', '35', '36', '37', '38', '39', '43', '53', '63', '73', '83', '93']);
    for (let n = 0; n <= 9; n++) {
      expect(head(n)).toHaveLength(10);
      expect(tail(n)).toHaveLength(10);
      expect(contains(n)).toHaveLength(19);
    }
  });

  it('takes a digit as text, Burmese digits too, and refuses anything else', () => {
    expect(head('၇')).toEqual(head(7));
    expect(brake(' 4 ')).toEqual(brake(4));
    for (const bad of [10, -1, 1.5, '', 'x', '12']) expect(() => head(bad)).toThrow(RangeError);
  });

  it('combos: n(n−1) without doubles, n² with them; repeats and separators ignored', () => {
    expect(combos([1, 2, 3], false)).toEqual(['12', '13', '21', '23', '31', '32']);
    expect(combos([1, 2, 3], true)).toEqual(['11', '12', '13', '21', '22', '23', '31', '32', '33']);
    expect(combos('1 2 2 ၃', false)).toEqual(combos([1, 2, 3], false));
    for (let n = 1; n <= 10; n++) {
      const digits = Array.from({ length: n }, (_, i) => i);
      expect(combos(digits, false)).toHaveLength(n * (n - 1));
      expect(combos(digits, true)).toHaveLength(n * n);
    }
    expect(combos([], true)).toEqual([]);
  });

  it('every shortcut is sorted and de-duplicated', () => {
    const all = [doubles(), evenDoubles(), oddDoubles(), brothers(), power(), nakhat(), brake(7), head(0), tail(9), contains(5), combos('4321', true), reverse(['98', '89', '12'])];
    for (const nums of all) expectWellFormed(nums);
  });
});
