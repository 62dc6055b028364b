import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { TwoDLine } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { isOpen, selectedNums } from '../../src/machines/two-d-bet/two-d-draft';
import {
  selectBetBusy,
  selectBetError,
  selectCanConfirm,
  selectCanSubmit,
  selectLines,
  selectOverLimit,
  selectPicked,
  selectTotal,
} from '../../src/machines/two-d-bet/two-d-bet.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { wordsOf } from '../support/notice-words';
import { checkIdempotencyKey, hostActions } from './money-invariants';
import { CLOSED, FULL } from './two-d-fixtures';
import { twoDBetPaths } from './two-d-bet.paths';

const storedSelection = (lines: { num: string; amount: number }[], session: string | null) => ({
  totalAmount: lines.reduce((total, line) => total + line.amount, 0),
  amounts: lines,
  ...(session ? { session } : {}),
});

const paths = generatePaths(twoDBetPaths);

/** The spec's texts (§5, §8), written out so a changed constant cannot hide a changed message. */
const MIN_AMOUNT = 'ထိုးကြေး အနည်းဆုံး ၁၀၀ ထည့်ပါ။';
/** What the player reads for the flow's notices, in English unless said (tests/support/notice-words). */
const shownOf = (notices: unknown, lang: 'en' | 'mm' = 'en') => wordsOf(notices as never, lang);
const PLACED = 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။';
function expectedFailure(error: { status: number; message: string; data?: unknown }): string {
  if (Array.isArray(error.data) && error.data.length) return `Over-limit digits: ${error.data.join(', ')}`;
  if (error.status === 0) return 'Network or server error';
  return error.message || 'Bet failed!';
}

const submitting = (s: AnyMachineSnapshot) => s.matches({ confirming: 'submitting' });
const confirming = (s: AnyMachineSnapshot) => s.matches('confirming');
const sum = (lines: TwoDLine[]) => lines.reduce((total, line) => total + line.amount, 0);
const availabilityCalls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call' && e.actor === 'fetchAvailability');

function checkSelectors(after: AnyMachineSnapshot) {
  const snapshot = after as never;
  const lines = selectLines(snapshot);
  expect(selectTotal(snapshot), 'the total is the sum of the lines, as an integer string').toBe(String(sum(lines)));
  expect(selectPicked(snapshot)).toEqual(selectedNums(after.context));
  expect(selectBetBusy(snapshot)).toBe(submitting(after));
  expect(selectBetError(snapshot)).toBe(after.context.error);
  expect(selectOverLimit(snapshot)).toBe(after.context.overLimit);
  expect(selectCanConfirm(snapshot)).toBe(after.matches('picking') && selectedNums(after.context).length > 0);
  expect(selectCanSubmit(snapshot)).toBe(after.matches({ confirming: 'reviewing' }) && after.context.lines.length > 0);
  expect(lines.every((l, i) => i === 0 || lines[i - 1]!.num < l.num), 'lines are sorted, one per number').toBe(true);
}

/** No line below 100 is saved; closed and full numbers are never picked (a pick adds what was open by the grid it saw). */
function checkLinesAndPicks({ before, after }: ReplayedStep) {
  expect(after.context.lines.every((l: TwoDLine) => l.amount >= 100), 'a line below 100 is never saved').toBe(true);
  const added = selectedNums(after.context).filter((num) => !selectedNums(before.context).includes(num));
  expect(added.filter((num) => !isOpen(before.context.availability, num)), 'closed or full numbers picked').toEqual([]);
  if (before.context.availability) expect(added).not.toContain(FULL), expect(added).not.toContain(CLOSED);
}

function always(replayed: ReplayedStep) {
  const { step, before, after, entries } = replayed;
  const { event } = step;
  checkIdempotencyKey(replayed, 'submitBet', submitting);
  checkSelectors(after);
  const actions = hostActions(entries);

  checkLinesAndPicks(replayed);

  // The stored draft follows every change of the lines the player makes on the way to or on the confirm page.
  const persisted = actions.filter((a) => a.name === 'persistDraft');
  const changesLines =
    (event.type === 'selection.confirm' && confirming(after)) ||
    (event.type === 'line.save' && after.matches({ confirming: 'reviewing' })) ||
    event.type === 'line.delete';
  expect(persisted, 'persistDraft exactly when the player changes the bet on the way to or on the confirm page').toEqual(
    // The stored selection: its lines, their total and the draw it is for (spec §3; the draw once known).
    changesLines ? [{ name: 'persistDraft', params: { draft: storedSelection(after.context.lines, after.context.session) } }] : [],
  );
  if (changesLines) expect((persisted[0]!.params as { draft: { totalAmount: number; amounts: TwoDLine[] } }).draft.totalAmount).toBe(sum(after.context.lines));

  // A changed bet is a new request: its key goes.
  const linesChanged = JSON.stringify(before.context.lines) !== JSON.stringify(after.context.lines);
  if (linesChanged && !event.type.startsWith('xstate.')) expect(after.context.key, 'a changed bet drops the key').toBeNull();

  if (submitting(after) && !submitting(before)) {
    const { lines, session, key } = after.context;
    expect(entries.filter((e) => e.kind === 'call')).toEqual([
      { kind: 'call', actor: 'submitBet', input: { totalAmount: sum(lines), amounts: lines, session, key } },
    ]);
  }
  // The grid is fetched exactly when picking (re)enters loading, for the chosen draw.
  const gridFetch = after.matches({ picking: 'loading' }) && (!before.matches({ picking: 'loading' }) || event.type === 'session.change');
  expect(availabilityCalls(entries)).toEqual(gridFetch ? [{ kind: 'call', actor: 'fetchAvailability', input: { session: after.context.session } }] : []);
  const moves = ['selection.confirm', 'selection.more', 'draft.load', 'line.save', 'line.delete'];
  if (!event.type.startsWith('xstate.') && !moves.includes(event.type)) expect(actions, 'only answers and the moves of the bet reach the host').toEqual([]);
}

type Effect = Effects[string];
const selection = (s: AnyMachineSnapshot) => selectedNums(s.context);
/** The numbers an entry names (domain-notes, Two-digit lottery): "12" → 12; "34.56" → 34, 43, 56, 65 (reverse implied); "1x" → 10 … 19. */
function namedBy(text: string): string[] {
  return text.split(',').flatMap((part) => {
    const [numbers = ''] = part.split('=');
    const reversed = numbers.includes('.');
    return [...numbers.matchAll(/(\d)(\d|x)/g)].flatMap(([, tens, ones]) =>
      ones === 'x' ? [...'0123456789'].map((d) => tens + d) : reversed ? [tens + ones, ones + tens] : [tens + ones],
    );
  });
}

/** The grid is asked again (the fetch itself is checked in `always`); the selection stays. */
const refetches: Effect = ({ before, after }) => {
  expect(after.matches({ picking: 'loading' })).toBe(true);
  expect(selection(after)).toEqual(selection(before));
};

/** What each event does, from the spec (§2 2D lottery, §4 2D bet flow, §5 2D confirm: amounts of at least 100). */
const effects: Effects = {
  'xstate.done.actor.fetchAvailability': ({ step, after }) => {
    expect(after.matches({ picking: 'ready' })).toBe(true);
    expect(after.context.availability).toEqual(step.event.output);
  },
  'xstate.error.actor.fetchAvailability': ({ step, after }) => {
    expect(after.matches({ picking: 'failed' })).toBe(true);
    expect(after.context.availabilityError).toBe(step.event.error.message);
  },
  'xstate.after.availabilityInterval.twoDBet.picking.ready': refetches,
  'xstate.after.availabilityInterval.twoDBet.picking.failed': refetches,
  'availability.refresh': refetches,
  'session.change': ({ step, after }) => {
    expect(after.matches({ picking: 'loading' })).toBe(true);
    expect([after.context.session, after.context.availability], 'the other draw, its grid to come').toEqual([step.event.session, null]);
  },
  'stake.change': ({ step, after }) => expect([after.context.stake, after.context.error]).toEqual([normaliseDigits(step.event.value), null]),
  'number.toggle': ({ step, before, after }) => {
    const { num } = step.event;
    expect(selection(after).includes(num), 'a tap flips the number').toBe(!selection(before).includes(num));
  },
  'numbers.add': ({ step, before, after }) => {
    const open = (step.event.nums as string[]).filter((num) => isOpen(before.context.availability, num) || selection(before).includes(num));
    expect(selection(after)).toEqual([...new Set([...selection(before), ...open])].sort());
  },
  'numbers.clear': ({ after }) => expect(selection(after)).toEqual([]),
  'entry.apply': ({ step, before, after }) => {
    const added = selection(after).filter((num) => !selection(before).includes(num));
    expect(added.filter((num) => !namedBy(step.event.text).includes(num)), 'an entry adds only the numbers it names').toEqual([]);
    // A closed or full number it names is left out (checked for every step in `always`), with a notice.
    if (added.length < namedBy(step.event.text).filter((num) => !selection(before).includes(num)).length) expect(after.context.error?.length).toBeGreaterThan(0);
  },
  'selection.confirm': ({ before, after, entries }) => {
    if (confirming(after)) {
      expect(hostActions(entries).map((a) => a.name)).toEqual(['persistDraft', 'goToConfirm']);
      expect(after.context.lines).toEqual(selectLines(before as never));
      return;
    }
    expect(shownOf(after.context.error, 'mm'), 'a stake below 100 is refused at Bet').toBe(MIN_AMOUNT);
    expect(hostActions(entries)).toEqual([]);
  },
  'draft.load': ({ step, after, entries }) => {
    // Nothing stored, or an empty selection stored: the confirm page leaves for home.
    const stored = (step.event.draft?.amounts.length ?? 0) > 0;
    expect(hostActions(entries).map((a) => a.name)).toEqual(stored ? [] : ['goHome']);
    if (stored) expect(after.matches({ confirming: 'reviewing' })).toBe(true);
  },
  'selection.more': ({ before, after, entries }) => {
    expect(hostActions(entries)).toEqual([{ name: 'goToBet', params: { session: before.context.session } }]);
    expect(after.context.lines, 'going back keeps the bet').toBe(before.context.lines);
  },
  'line.edit': ({ step, before, after }) => {
    expect(after.matches({ confirming: 'editing' })).toBe(true);
    expect(after.context.editing.num).toBe(step.event.num);
    expect(after.context.lines).toBe(before.context.lines);
  },
  'line.amount': ({ step, before, after }) => {
    expect(after.context.editing).toEqual({ ...before.context.editing, value: normaliseDigits(step.event.value) });
    expect(after.context.lines, 'typing saves nothing yet').toBe(before.context.lines);
  },
  'line.save': ({ before, after }) => {
    if (after.matches({ confirming: 'editing' })) {
      expect(shownOf(after.context.error, 'mm')).toBe(MIN_AMOUNT);
      expect(after.context.lines, 'a refused amount is not saved').toBe(before.context.lines);
      return;
    }
    const saved = after.context.lines.find((l: TwoDLine) => l.num === before.context.editing.num);
    expect(saved.amount).toBe(Number(before.context.editing.value));
  },
  'line.cancel': ({ before, after }) => {
    expect(after.matches({ confirming: 'reviewing' })).toBe(true);
    expect(after.context.lines, 'cancel keeps the saved amount').toBe(before.context.lines);
  },
  'line.delete': ({ step, after, entries }) => {
    expect(after.context.lines.map((l: TwoDLine) => l.num)).not.toContain(step.event.num);
    expect(hostActions(entries).map((a) => a.name)).toEqual(['persistDraft']);
  },
  'bet.submit': ({ after }) => expect(submitting(after)).toBe(true),
  'xstate.done.actor.submitBet': ({ step, before, after, entries }) => {
    expect(hostActions(entries)).toEqual([
      { name: 'clearDraft', params: undefined },
      { name: 'notifySuccess', params: { message: step.event.output.message || PLACED } },
      { name: 'refreshBalance', params: undefined },
      { name: 'goToSlip', params: { session: before.context.session } },
    ]);
    expect(after.matches('done')).toBe(true);
  },
  'xstate.error.actor.submitBet': ({ step, before, after, entries }) => {
    const { error } = step.event;
    const shown = expectedFailure(error);
    const actions = hostActions(entries);
    expect(actions.map((a) => a.name)).toEqual(['notifyError']);
    expect(shownOf((actions[0]!.params as { message: unknown }).message), 'the toast says it').toBe(shown);
    expect(shownOf(after.context.error)).toBe(shown);
    expect(after.context.overLimit, 'the over-limit numbers are highlighted').toEqual(Array.isArray(error.data) ? error.data : []);
    expect(after.context.lines, 'a failure keeps the bet for a retry').toBe(before.context.lines);
  },
};

describe('two-d-bet: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(twoDBetPaths, path), async () => {
      await replayPath(twoDBetPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(twoDBetPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('two-d-bet', effects, paths);
});
