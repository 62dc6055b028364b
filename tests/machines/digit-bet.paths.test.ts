import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import enExtra from '../../locales/extra/en.json';
import type { DigitBetAnswer } from '../../src/api/types';
import { BET_MAX, MULTIPLIERS, NO_BACKEND, NO_BET, choiceRequest } from '../../src/machines/digit-bet/digit-bet-rules';
import {
  selectCanChooseSide,
  selectCanRoll,
  selectCounting,
  selectModal,
  selectRolling,
  selectSecondsLeft,
  selectStake,
} from '../../src/machines/digit-bet/digit-bet.selectors';
import { outcomeUnknown } from '../../src/machines/shared/money-form';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { wins } from './digit-bet-fixtures';
import { digitBetPaths } from './digit-bet.paths';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(digitBetPaths);
const rolling = (s: AnyMachineSnapshot) => s.matches({ game: 'rolling' });
const calls = (replayed: ReplayedStep, actor: string) => replayed.entries.filter((e) => e.kind === 'call' && e.actor === actor);

/** What a roll starting in this step must send: a new choice (a 0-second countdown), the pending roll, or the choice. */
function expectedRoll(before: AnyMachineSnapshot, event: AnyEventObject) {
  const { betAmount, multiplier } = before.context;
  if (event.type === 'digit.choose') return { betType: 'digit', digit: event.digit, betAmount, multiplier };
  if (event.type === 'side.choose') return { betType: event.side, digit: null, betAmount, multiplier };
  return before.context.pending ?? choiceRequest(before.context);
}

function checkRoll({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  if (rolling(after) && !rolling(before)) {
    const expected = expectedRoll(before, event);
    expect(entries[0], 'the roll sends the choice, or the pending roll again').toEqual({
      kind: 'call',
      actor: 'placeBet',
      input: { ...expected, key: after.context.key },
    });
    expect(after.context.pending).toEqual(expected);
  }
  if (event.type === 'xstate.done.actor.placeBet') {
    const answer = event.output as DigitBetAnswer;
    const bet = before.context.pending!;
    expect(after.context, 'after any roll the choices clear').toMatchObject({ digit: null, side: null, deadline: null, pending: null, key: null });
    if (answer.success) {
      expect(answer.outcome === 'win').toBe(wins(bet.betType, bet.digit, answer.rolledNumber));
      const side = bet.betType === 'digit' ? null : answer.rolledNumber >= 5 ? 'big' : 'small';
      expect(after.context.status).toEqual({ code: answer.outcome === 'win' ? 'won' : 'lost', rolled: answer.rolledNumber, side });
      expect(after.context).toMatchObject({ lastRoll: answer.rolledNumber, history: answer.history, balance: answer.balance });
      expect(hostActions(entries), 'the balance chip takes the new game balance').toEqual([{ name: 'updateBalance', params: { balance: answer.balance } }]);
      expect(after.matches({ history: 'ready' })).toBe(true);
    } else {
      expect(after.context.status).toEqual({ code: 'refused', message: answer.message });
      expect(calls({ step, before, after, entries } as ReplayedStep, 'fetchHistory'), 'a refusal refetches the history').toHaveLength(1);
      expect(hostActions(entries)).toEqual([]);
    }
  } else if (event.type === 'xstate.error.actor.placeBet') {
    const { status, message } = event.error;
    expect(after.context.status).toEqual(status === 0 ? { code: 'offline' } : { code: 'backendError', message });
    expect(after.context.pending, 'the roll stays for a retry only when its outcome is unknown').toEqual(outcomeUnknown(status) ? before.context.pending : null);
    expect(after.context).toMatchObject({ digit: null, side: null });
  } else if (!event.type.startsWith('xstate.done') && !event.type.startsWith('xstate.error')) {
    expect(hostActions(entries), 'only answers reach the host').toEqual([]);
  }
}

function checkChoices({ step, before, after }: ReplayedStep) {
  const { event } = step;
  const { context } = after;
  expect(context.digit !== null && context.side !== null, 'never a digit and Big/Small at once').toBe(false);
  if (event.type === 'digit.choose' || event.type === 'side.choose') {
    // A choice starts the countdown; a 0-second one has rolled already.
    const deadline = rolling(after) ? null : context.now + context.countdownMs;
    expect(context).toMatchObject({ status: null, lastRoll: null, deadline });
    expect(rolling(after)).toBe(context.countdownMs === 0);
    if (event.type === 'digit.choose') expect(context.side).toBeNull();
    else expect(context.digit).toBeNull();
  }
  if (event.type === 'bet.roll' && !rolling(after)) {
    expect(before.context.pending).toBeNull();
    expect(before.hasTag('counting'), 'Roll now always rolls').toBe(false);
    expect(context.status).toEqual({ code: 'noBet' });
  }
  if (event.type === 'bet.roll' && before.hasTag('counting')) {
    // Roll now: the chosen bet rolls at once, before its deadline, and the countdown stops.
    expect(rolling(after)).toBe(true);
    expect(before.context.deadline).toBeGreaterThan(before.context.now);
    expect(after.context.pending).toEqual(choiceRequest(before.context));
    expect(context.deadline).toBeNull();
  }
  if (after.hasTag('counting')) expect(selectSecondsLeft(after as never)).toBe(context.countdownMs / 1000);
  else expect(selectSecondsLeft(after as never)).toBeNull();
}

function checkView({ after }: ReplayedStep) {
  const s = after as never;
  const { context } = after;
  expect(selectStake(s), 'stake = bet × multiplier').toBe(context.betAmount * context.multiplier);
  expect(MULTIPLIERS).toContain(context.multiplier);
  expect(selectRolling(s)).toBe(rolling(after));
  expect(selectCanRoll(s), 'Roll the Dice (Roll now while counting) whenever no request runs').toBe(!rolling(after));
  expect(selectCounting(s)).toBe(after.matches({ game: 'counting' }));
  if (context.digit !== null) expect(selectCanChooseSide(s), 'a digit choice disables Big/Small').toBe(false);
  const modal = selectModal(s);
  expect(modal.bet).toBeGreaterThanOrEqual(1);
  expect(modal.coin).toBeGreaterThanOrEqual(1);
  expect(modal.total).toBe(modal.bet * modal.coin * 20);
}

function checkModal({ step, before, after }: ReplayedStep) {
  const { event } = step;
  if (event.type === 'betModal.max') expect(after.context.modal).toEqual({ bet: BET_MAX, coin: BET_MAX });
  if (event.type === 'betModal.confirm') {
    const { bet, coin } = before.context.modal;
    expect(after.context.betAmount).toBe(bet * coin * 20);
    expect(after.matches({ modal: 'closed' })).toBe(true);
  }
  if (event.type === 'betModal.step') {
    const field = event.field as 'bet' | 'coin';
    expect(after.context.modal[field]).toBe(Math.max(1, before.context.modal[field] + event.by));
  }
}

/**
 * The shared key rules; with a 0-second countdown a new choice rolls in the same step, dropping
 * a pending key and sending a new one (the shared checker would read that as a retry).
 */
function checkKey(replayed: ReplayedStep) {
  const { step, after, log, entries } = replayed;
  if (!/^(digit|side)\.choose$/.test(step.event.type) || !rolling(after)) return checkIdempotencyKey(replayed, 'placeBet', rolling);
  const earlier = log.slice(0, log.length - entries.length).flatMap((e) => (e.kind === 'call' && e.actor === 'placeBet' ? [(e.input as { key: string }).key] : []));
  expect(calls(replayed, 'placeBet')).toHaveLength(1);
  expect(earlier, 'a new choice is a new roll with a new key').not.toContain(after.context.key);
}

function checkInvariants(replayed: ReplayedStep) {
  checkKey(replayed);
  if (replayed.step.event.type.startsWith('xstate.after.countdown')) {
    expect(calls(replayed, 'placeBet'), 'the countdown fires exactly one roll').toHaveLength(1);
  }
  checkRoll(replayed);
  checkChoices(replayed);
  checkView(replayed);
  checkModal(replayed);
}

describe('digit-bet: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(digitBetPaths, path), async () => {
      await replayPath(digitBetPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(digitBetPaths, paths), 'transitions in no path').toEqual([]);
  });

  it('the spec messages are the English strings, verbatim', () => {
    expect(enExtra.digit.noBet).toBe(NO_BET);
    expect(enExtra.digit.offline).toBe(NO_BACKEND);
    expect(enExtra.digit.won).toBe('You Won! The number was {{n}}.');
    expect(enExtra.digit.lost).toBe('You Lost! The number was {{n}}.');
    expect(enExtra.digit.rollingIn).toBe('Rolling in {{n}}...');
    expect(enExtra.digit.rolling).toBe('Rolling...');
  });
});
