/**
 * Typed 2D entries, as power users write them (domain-notes.md, Two-digit lottery):
 *   12=100          one number
 *   12 34 56=200    several numbers, each at 200
 *   12R=300         a number and its reverse (12, 21)
 *   12.34=500       dot-separated pairs, reverse implied: 12, 21, 34, 43 at 500 each
 * Entries are separated by new lines, commas (also ၊ and ;); Burmese digits ၀-၉ count anywhere.
 * A number in two entries is one line with both amounts added up.
 */
import { normaliseDigits } from '../money';
import { isNum, reverseOf, sortedNums } from './shortcuts';

/** The smallest amount one line may carry (spec §9: minimum line on confirm). */
export const MIN_LINE_AMOUNT = 100;

export interface EntryLine {
  num: string;
  amount: number;
}

export interface ParsedEntry {
  lines: EntryLine[];
  errors: string[];
}

const ENTRY_SEPARATOR = /[\n\r,;\u104a]+/;

/** The numbers of one token ('12', '12R', '12.34'), or null when it is not one. */
function tokenNums(token: string): string[] | null {
  if (token.includes('.')) {
    const pieces = token.split('.').filter(Boolean).map((piece) => piece.replace(/[rR]$/, ''));
    if (!pieces.length || !pieces.every(isNum)) return null;
    return pieces.flatMap((num) => [num, reverseOf(num)]);
  }
  const m = /^(\d\d)([rR])?$/.exec(token);
  if (!m) return null;
  return m[2] ? [m[1]!, reverseOf(m[1]!)] : [m[1]!];
}

/** One entry's numbers and amount, or the reason it cannot be read. */
function parseOne(entry: string): { nums: string[]; amount: number } | { error: string } {
  const parts = entry.split('=');
  if (parts.length !== 2) return { error: `"${entry}": write the numbers, = and the amount (12=100)` };
  const [numsText, amountText] = parts.map((part) => part.trim()) as [string, string];
  const amount = Number(amountText);
  if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount)) return { error: `"${entry}": the amount must be a whole number of Ks` };
  if (amount < MIN_LINE_AMOUNT) {
    return { error: `"${entry}": the amount must be at least ${MIN_LINE_AMOUNT}` };
  }
  const tokens = numsText.split(/\s+/).filter(Boolean);
  if (!tokens.length) return { error: `"${entry}": no numbers before =` };
  const nums: string[] = [];
  for (const token of tokens) {
    const found = tokenNums(token);
    if (!found) return { error: `"${entry}": "${token}" is not a two-digit number` };
    nums.push(...found);
  }
  return { nums: sortedNums(nums), amount };
}

/** Every entry of `text` as lines (one per number, sorted), and one error per unreadable entry. */
export function parseEntry(text: string): ParsedEntry {
  const amounts = new Map<string, number>();
  const errors: string[] = [];
  for (const raw of normaliseDigits(text).split(ENTRY_SEPARATOR)) {
    const entry = raw.trim();
    if (!entry) continue;
    const parsed = parseOne(entry);
    if ('error' in parsed) {
      errors.push(parsed.error);
      continue;
    }
    for (const num of parsed.nums) amounts.set(num, (amounts.get(num) ?? 0) + parsed.amount);
  }
  const lines = [...amounts.keys()].sort().map((num) => ({ num, amount: amounts.get(num)! }));
  return { lines, errors };
}
