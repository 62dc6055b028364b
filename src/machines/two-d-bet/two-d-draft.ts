/**
 * The 2D bet's working state, as pure functions: the grid selection (`picked`, at the stake),
 * lines with amounts of their own (typed entries, a stored draft, the confirm page), availability,
 * and the Idempotency-Key that follows what would be sent (shared/money-form).
 */
import type { NumberAvailability, TwoDAvailability, TwoDDraft, TwoDLine, TwoDSession } from '../../api/types';
import { MIN_LINE_AMOUNT, parseEntry } from '../../lib/two-d/entry';
import { isNum, sortedNums } from '../../lib/two-d/shortcuts';
import { BET_NOTICES, closedNotice } from '../../lib/two-d/messages';
import { spoken, type Notice } from '../../lib/notice';
import { isTwoDSession } from '../../lib/two-d/session';
import { toErrorInfo } from '../shared/error-info';
import { initialKeyFields, keyIfSame, wholeAmount, type KeyFields, type KeySeedOption } from '../shared/money-form';

export const DEFAULT_STAKE = '100';

export interface LineEdit {
  num: string;
  /** The amount as typed (Burmese digits already read as ASCII). */
  value: string;
}

export interface BetFields extends KeyFields {
  session: TwoDSession | null;
  stake: string;
  /** Numbers tapped on the grid or added by a shortcut; each bets the stake. */
  picked: string[];
  /** Numbers with an amount of their own; on the confirm page, the whole bet. */
  lines: TwoDLine[];
  availability: TwoDAvailability | null;
  availabilityError: string | null;
  /** What the bet flow tells the player now, one notice per line (src/lib/notice.ts); null when all is well. */
  error: Notice[] | null;
  /** Numbers the server refused as over the limit (highlighted on the confirm page). */
  overLimit: string[];
  editing: LineEdit | null;
}

export interface TwoDBetInput extends KeySeedOption {
  /** The stored bet selection, if any (spec §3). */
  draft?: TwoDDraft | null;
  /** From /2d/bet?time= (lib/two-d/session sessionFromTimeId); else the server's open session. */
  session?: TwoDSession;
}

export function initialBet(input: TwoDBetInput): BetFields {
  return {
    session: isTwoDSession(input.session) ? input.session : draftSession(input.draft),
    stake: DEFAULT_STAKE,
    picked: [],
    lines: draftToLines(input.draft),
    availability: null,
    availabilityError: null,
    error: null,
    overLimit: [],
    editing: null,
    ...initialKeyFields(input),
  };
}

/**
 * Spec §8: 'Network or server error' when no answer came, else the server's refusal (worded in the
 * reader's language from its code by the api layer) or 'Bet failed!'.
 */
export function betFailure(error: unknown): Notice[] {
  const info = toErrorInfo(error);
  if (info.status === 0) return [BET_NOTICES.network];
  return [info.message ? spoken(info.message) : BET_NOTICES.failed];
}

/** A stored draft as lines: valid numbers and whole amounts only, one line per number, sorted. */
export function draftToLines(draft: TwoDDraft | null | undefined): TwoDLine[] {
  const amounts = new Map<string, number>();
  for (const line of Array.isArray(draft?.amounts) ? draft.amounts : []) {
    const num = String(line?.num ?? '');
    const amount = Number(line?.amount);
    if (isNum(num) && Number.isSafeInteger(amount) && amount > 0) amounts.set(num, (amounts.get(num) ?? 0) + amount);
  }
  return [...amounts.keys()].sort().map((num) => ({ num, amount: amounts.get(num)! }));
}

export const totalOf = (lines: readonly TwoDLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

export const toDraft = (lines: TwoDLine[], session: TwoDSession | null = null): TwoDDraft => ({ totalAmount: totalOf(lines), amounts: lines, ...(session ? { session } : {}) });

/** The draw a stored selection was made for, if it says (a reload of the confirm page keeps it). */
export const draftSession = (draft: TwoDDraft | null | undefined): TwoDSession | null => (isTwoDSession(draft?.session) ? draft.session : null);

export function availabilityOf(availability: TwoDAvailability | null, num: string): NumberAvailability | undefined {
  return availability?.numbers.find((n) => n.num === num);
}

/** Open for a new pick: unknown availability counts as open (the server checks again). */
export function isOpen(availability: TwoDAvailability | null, num: string): boolean {
  if (!availability) return true;
  if (availability.status !== 'open') return false;
  const row = availabilityOf(availability, num);
  return !row || (!row.closed && row.remaining > 0);
}

export const selectedNums = (f: Pick<BetFields, 'picked' | 'lines'>) => sortedNums([...f.picked, ...f.lines.map((l) => l.num)]);
export const isSelected = (f: Pick<BetFields, 'picked' | 'lines'>, num: string) => f.picked.includes(num) || f.lines.some((l) => l.num === num);

/** What the bet would be now: the lines, plus every picked number at the stake. */
export function draftLines(f: Pick<BetFields, 'picked' | 'lines' | 'stake'>): TwoDLine[] {
  if (!f.picked.length) return f.lines;
  const stake = wholeAmount(f.stake) ?? 0;
  const own = new Set(f.lines.map((l) => l.num));
  const added = f.picked.filter((num) => !own.has(num)).map((num) => ({ num, amount: stake }));
  return [...f.lines, ...added].sort((a, b) => a.num.localeCompare(b.num));
}

const sameLines = (a: TwoDLine[], b: TwoDLine[]) =>
  a.length === b.length && a.every((line, i) => line.num === b[i]!.num && line.amount === b[i]!.amount);

/** New lines: the key survives only if the bet is unchanged; highlights stay on numbers still there. */
export function withLines(f: BetFields, lines: TwoDLine[]): Partial<BetFields> {
  return {
    lines,
    error: null,
    overLimit: f.overLimit.filter((num) => lines.some((l) => l.num === num)),
    key: keyIfSame(sameLines(lines, f.lines), f),
  };
}

/** The stake may go to confirm when it is not needed (no picks) or at least the minimum line. */
export const stakeAccepted = (f: BetFields) => !f.picked.length || (wholeAmount(f.stake) ?? 0) >= MIN_LINE_AMOUNT;

export const toggled = (f: BetFields, num: string): Partial<BetFields> =>
  isSelected(f, num)
    ? { picked: f.picked.filter((n) => n !== num), ...withLines(f, f.lines.filter((l) => l.num !== num)) }
    : { picked: [...f.picked, num], error: null };

export const addable = (f: BetFields, nums: readonly string[]) => nums.filter((num) => isNum(num) && !isSelected(f, num) && isOpen(f.availability, num));

/** A typed entry that reads cleanly: its open numbers become lines, closed ones are named. */
export function withEntry(f: BetFields, text: string): Partial<BetFields> {
  const typed = parseEntry(text).lines;
  const open = typed.filter((line) => isOpen(f.availability, line.num));
  const closed = typed.filter((line) => !open.includes(line));
  const nums = new Set(open.map((l) => l.num));
  const lines = [...f.lines.filter((l) => !nums.has(l.num)), ...open].sort((a, b) => a.num.localeCompare(b.num));
  const picked = f.picked.filter((num) => !nums.has(num));
  return { picked, ...withLines(f, lines), error: closed.length ? [closedNotice(closed.map((l) => l.num))] : null };
}

export const entryErrors = (text: string) => parseEntry(text).errors;
export const entryReadable = (text: string) => {
  const parsed = parseEntry(text);
  return parsed.errors.length === 0 && parsed.lines.length > 0;
};

/** The amount being edited, when it may be saved. */
export function editedAmount(editing: LineEdit | null): number | null {
  const amount = editing ? wholeAmount(editing.value) : null;
  return amount !== null && amount >= MIN_LINE_AMOUNT ? amount : null;
}

export const editStarted = (f: BetFields, num: string): Partial<BetFields> => ({
  editing: { num, value: String(f.lines.find((l) => l.num === num)?.amount ?? '') },
  error: null,
});

/** Saves the edited amount (the guard checked it) into its line. */
export function editSaved(f: BetFields): Partial<BetFields> {
  const amount = editedAmount(f.editing) ?? 0;
  return { editing: null, ...withLines(f, f.lines.map((l) => (l.num === f.editing?.num ? { ...l, amount } : l))) };
}

/** The numbers of an over-limit refusal (ApiError.data), or null for any other failure. */
export function overLimitNums(error: unknown): string[] | null {
  const data = (error as { data?: unknown } | null)?.data;
  return Array.isArray(data) && data.length && data.every((n) => typeof n === 'string') ? (data as string[]) : null;
}
