/**
 * Typed 2D entries, as power users write them (domain-notes.md, Two-digit lottery):
 *   12=100          one number
 *   12 34 56=200    several numbers, each at 200
 *   12R=300         a number and its reverse (12, 21)
 *   12.34=500       dot-separated pairs, reverse implied: 12, 21, 34, 43 at 500 each
 *   ၅ ထိပ်=100      Burmese shortcut words (below), the digit before or after the word
 * Entries are separated by new lines, commas (also ၊ and ;); Burmese digits ၀-၉ count anywhere.
 * A number in two entries is one line with both amounts added up. The text is Unicode: the view
 * converts Zawgyi-typed entries first (src/lib/zawgyi.ts).
 */
import { normaliseDigits } from '../money';
import { notice, type Notice } from '../notice';
import { brake, brothers, contains, doubles, head, isNum, nakhat, power, reverseOf, sortedNums, tail } from './shortcuts';

/** Words with a digit: ထိပ် head, နောက် tail, ပတ် contains (the digit anywhere), ဘရိတ် brake. */
const DIGIT_WORDS: Record<string, (digit: string) => string[]> = {
  ထိပ်စီး: head,
  ထိပ်: head,
  နောက်ပိတ်: tail,
  နောက်: tail,
  ပတ်သီး: contains,
  ပတ်: contains,
  ဘရိတ်: brake,
};
/** Words that are a set: အပူး doubles, ပါဝါ power, နက္ခတ် nakhat, ညီကို brothers. */
const SET_WORDS: Record<string, () => string[]> = { အပူး: doubles, ပါဝါ: power, နက္ခတ်: nakhat, ညီကို: brothers };
/** အာ after a number is R (its reverse), as players say the letter. */
const REVERSE_WORD = /(\d)\s*အာ/gu;

const DIGIT_WORD = Object.keys(DIGIT_WORDS).join('|');
/** A digit and its word, either way round and spaced or not, become one token: `5ထိပ်`. */
const DIGIT_WITH_WORD = new RegExp(`(?<![\\d.])(\\d)\\s*(${DIGIT_WORD})|(${DIGIT_WORD})\\s*(\\d)(?![\\d.])`, 'gu');

const joinWords = (text: string) =>
  text.replace(DIGIT_WITH_WORD, (_, d1?: string, w1?: string, w2?: string, d2?: string) => `${d1 ?? d2}${w1 ?? w2}`).replace(REVERSE_WORD, '$1R');

/** The smallest amount one line may carry (spec §9: minimum line on confirm). */
export const MIN_LINE_AMOUNT = 100;

export interface EntryLine {
  num: string;
  amount: number;
}

export interface ParsedEntry {
  lines: EntryLine[];
  /** One per unreadable entry: the locale key that says why (`two_d.entry*`), with the entry. */
  errors: Notice[];
}

const ENTRY_SEPARATOR = /[\n\r,;\u104a]+/;

/** The numbers of one token ('12', '12R', '12.34'), or null when it is not one. */
function tokenNums(token: string): string[] | null {
  if (token.includes('.')) {
    const pieces = token.split('.').filter(Boolean).map((piece) => piece.replace(/[rR]$/, ''));
    if (!pieces.length || !pieces.every(isNum)) return null;
    return pieces.flatMap((num) => [num, reverseOf(num)]);
  }
  const word = /^(\d)(\D+)$/u.exec(token);
  if (word && DIGIT_WORDS[word[2]!]) return DIGIT_WORDS[word[2]!]!(word[1]!);
  if (SET_WORDS[token]) return SET_WORDS[token]!();
  const m = /^(\d\d)([rR])?$/.exec(token);
  if (!m) return null;
  return m[2] ? [m[1]!, reverseOf(m[1]!)] : [m[1]!];
}

/** One entry's numbers and amount, or the reason it cannot be read. */
function parseOne(entry: string): { nums: string[]; amount: number } | { error: Notice } {
  const parts = entry.split('=');
  if (parts.length !== 2) return { error: notice('two_d.entryFormat', { entry }) };
  const [numsText, amountText] = parts.map((part) => part.trim()) as [string, string];
  const amount = Number(amountText);
  if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount)) return { error: notice('two_d.entryWhole', { entry }) };
  if (amount < MIN_LINE_AMOUNT) return { error: notice('two_d.entryMin', { entry, min: MIN_LINE_AMOUNT }) };
  const tokens = joinWords(numsText).split(/\s+/).filter(Boolean);
  if (!tokens.length) return { error: notice('two_d.entryNoNumbers', { entry }) };
  const nums: string[] = [];
  for (const token of tokens) {
    const found = tokenNums(token);
    if (!found) return { error: notice('two_d.entryBadNumber', { entry, token }) };
    nums.push(...found);
  }
  return { nums: sortedNums(nums), amount };
}

/** Every entry of `text` as lines (one per number, sorted), and one error per unreadable entry. */
export function parseEntry(text: string): ParsedEntry {
  const amounts = new Map<string, number>();
  const errors: Notice[] = [];
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
