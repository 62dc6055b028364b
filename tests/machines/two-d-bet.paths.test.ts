import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { TwoDLine } from '../../src/api/types';
import { isOpen, selectedNums, toDraft } from '../../src/machines/two-d-bet/two-d-draft';
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
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { wordsOf } from '../support/notice-words';
import { checkIdempotencyKey, hostActions } from './money-invariants';
import { CLOSED, FULL } from './two-d-fixtures';
import { twoDBetPaths } from './two-d-bet.paths';

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

function checkInvariants(replayed: ReplayedStep) {
  const { step, before, after, entries } = replayed;
  const { event } = step;
  checkIdempotencyKey(replayed, 'submitBet', submitting);
  checkSelectors(after);
  const actions = hostActions(entries);

  expect(after.context.lines.every((l: TwoDLine) => l.amount >= 100), 'a line below 100 is never saved').toBe(true);

  // Closed and full numbers are never picked: whatever a pick adds was open by the grid it saw.
  if (['number.toggle', 'numbers.add', 'entry.apply'].includes(event.type)) {
    const added = selectedNums(after.context).filter((num) => !selectedNums(before.context).includes(num));
    expect(added.filter((num) => !isOpen(before.context.availability, num)), 'closed or full numbers picked').toEqual([]);
    if (before.context.availability) expect(added).not.toContain(FULL), expect(added).not.toContain(CLOSED);
  }

  // The stored draft follows every change of the lines the player makes on the way to or on the confirm page.
  const persisted = actions.filter((a) => a.name === 'persistDraft');
  const changesLines =
    (event.type === 'selection.confirm' && confirming(after)) ||
    (event.type === 'line.save' && after.matches({ confirming: 'reviewing' })) ||
    event.type === 'line.delete';
  expect(persisted, 'persistDraft exactly when the player changes the bet on the way to or on the confirm page').toEqual(
    changesLines ? [{ name: 'persistDraft', params: { draft: toDraft(after.context.lines) } }] : [],
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

  switch (event.type) {
    case 'selection.confirm':
      if (confirming(after)) {
        expect(actions.map((a) => a.name)).toEqual(['persistDraft', 'goToConfirm']);
        expect(after.context.lines).toEqual(selectLines(before as never));
      } else {
        expect(shownOf(after.context.error, 'mm'), 'a stake below 100 is refused at Bet').toBe(MIN_AMOUNT);
        expect(actions).toEqual([]);
      }
      break;
    case 'line.save':
      if (after.matches({ confirming: 'editing' })) {
        expect(shownOf(after.context.error, 'mm')).toBe(MIN_AMOUNT);
        expect(after.context.lines, 'a refused amount is not saved').toBe(before.context.lines);
      } else {
        const saved = after.context.lines.find((l: TwoDLine) => l.num === before.context.editing.num);
        expect(saved.amount).toBe(Number(before.context.editing.value));
      }
      break;
    case 'selection.more':
      expect(actions).toEqual([{ name: 'goToBet', params: { session: before.context.session } }]);
      expect(after.context.lines, 'going back keeps the bet').toBe(before.context.lines);
      break;
    case 'draft.load': {
      // Nothing stored, or an empty selection stored: the confirm page leaves for home.
      const stored = (event.draft?.amounts.length ?? 0) > 0;
      expect(actions.map((a) => a.name)).toEqual(stored ? [] : ['goHome']);
      if (stored) expect(after.matches({ confirming: 'reviewing' })).toBe(true);
      break;
    }
    case 'xstate.done.actor.submitBet':
      expect(actions).toEqual([
        { name: 'clearDraft', params: undefined },
        { name: 'notifySuccess', params: { message: event.output.message || PLACED } },
        { name: 'refreshBalance', params: undefined },
        { name: 'goToSlip', params: { session: before.context.session } },
      ]);
      expect(after.matches('done')).toBe(true);
      break;
    case 'xstate.error.actor.submitBet': {
      const shown = expectedFailure(event.error);
      expect(actions.map((a) => a.name)).toEqual(['notifyError']);
      expect(shownOf((actions[0]!.params as { message: unknown }).message), 'the toast says it').toBe(shown);
      expect(shownOf(after.context.error)).toBe(shown);
      expect(after.context.overLimit, 'the over-limit numbers are highlighted').toEqual(Array.isArray(event.error.data) ? event.error.data : []);
      expect(after.context.lines, 'a failure keeps the bet for a retry').toBe(before.context.lines);
      break;
    }
    case 'line.delete':
      expect(actions.map((a) => a.name)).toEqual(['persistDraft']);
      break;
    default:
      if (!event.type.startsWith('xstate.')) expect(actions, 'only answers and the moves above reach the host').toEqual([]);
  }
}

describe('two-d-bet: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(twoDBetPaths, path), async () => {
      await replayPath(twoDBetPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(twoDBetPaths, paths), 'transitions in no path').toEqual([]);
  });
});
