/**
 * The 2D bet page's shortcuts (domain-notes.md, Two-digit lottery): each builds a set of numbers
 * 00-99 and returns it as sorted, de-duplicated 'NN' strings, so the same shortcut always gives
 * the same list and a list can be compared or merged as text.
 */
import { normaliseDigits } from '../money';

/** Every number of the 2D grid, '00' to '99'. */
export const ALL_NUMBERS: readonly string[] = Array.from({ length: 100 }, (_, n) => pad(n));

export function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** '12' → '21'; a double is its own reverse. */
export const reverseOf = (num: string) => num.charAt(1) + num.charAt(0);

export const isNum = (value: string) => /^\d\d$/.test(value);

/** Sorted and de-duplicated: the one shape every shortcut returns. */
export function sortedNums(nums: Iterable<string>): string[] {
  return [...new Set(nums)].sort();
}

/** A single digit 0-9 (Burmese digits read as ASCII); anything else is a caller's bug. */
function digit(n: number | string): number {
  const value = typeof n === 'number' ? n : Number(normaliseDigits(n.trim()));
  if (!Number.isInteger(value) || value < 0 || value > 9 || (typeof n === 'string' && n.trim() === '')) {
    throw new RangeError(`not a digit: ${String(n)}`);
  }
  return value;
}

const where = (test: (first: number, second: number) => boolean) =>
  ALL_NUMBERS.filter((num) => test(Number(num.charAt(0)), Number(num.charAt(1))));

/** R: each number and its reverse (12 → 12, 21; a double gives itself only). */
export function reverse(nums: Iterable<string>): string[] {
  return sortedNums([...nums].filter(isNum).flatMap((num) => [num, reverseOf(num)]));
}

/** 00, 11, … 99 (10 numbers). */
export const doubles = () => where((a, b) => a === b);
/** 00, 22, 44, 66, 88. */
export const evenDoubles = () => where((a, b) => a === b && a % 2 === 0);
/** 11, 33, 55, 77, 99. */
export const oddDoubles = () => where((a, b) => a === b && a % 2 === 1);

/** Neighbouring digits either way: 01/10, 12/21 … 89/98, 90/09 (20 numbers). */
export const brothers = () => where((a, b) => (a + 1) % 10 === b || (b + 1) % 10 === a);

/** Power: 05, 16, 27, 38, 49 and their reverses (digits 5 apart; 10 numbers). */
export const power = () => reverse(['05', '16', '27', '38', '49']);

/** Nakhat: 07, 18, 24, 35, 69 and their reverses (10 numbers). */
export const nakhat = () => reverse(['07', '18', '24', '35', '69']);

/** Brake N: the digit sum ends in N (10 numbers). */
export const brake = (n: number | string) => {
  const d = digit(n);
  return where((a, b) => (a + b) % 10 === d);
};

/** Head N: N0 … N9. */
export const head = (n: number | string) => {
  const d = digit(n);
  return where((a) => a === d);
};

/** Tail N: 0N … 9N. */
export const tail = (n: number | string) => {
  const d = digit(n);
  return where((_, b) => b === d);
};

/** Every number with the digit N in it (19 numbers). */
export const contains = (n: number | string) => {
  const d = digit(n);
  return where((a, b) => a === d || b === d);
};

/**
 * Every ordered pair of the given digits: n(n−1) numbers without doubles, n² with them.
 * Digits come as a list or as typed text ('1 2 3', '၁၂၃'); repeats count once.
 */
export function combos(digits: string | Iterable<number>, withDoubles: boolean): string[] {
  const list = typeof digits === 'string' ? [...normaliseDigits(digits)].filter((c) => /\d/.test(c)).map(Number) : [...digits].map(digit);
  const set = [...new Set(list)];
  return sortedNums(set.flatMap((a) => set.filter((b) => withDoubles || a !== b).map((b) => `${a}${b}`)));
}
