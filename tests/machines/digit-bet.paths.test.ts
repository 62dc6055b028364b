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
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
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

/** A roll starting in this step sends the choice (or the pending roll again) with the key. */
function checkRollStart({ step, before, after, entries }: ReplayedStep) {
  if (!rolling(after) || rolling(before)) return;
  const expected = expectedRoll(before, step.event);
  expect(entries[0], 'the roll sends the choice, or the pending roll again').toEqual({ kind: 'call', actor: 'placeBet', input: { ...expected, key: after.context.key } });
  expect(after.context.pending).toEqual(expected);
}

function checkView({ after }: ReplayedStep) {
  const s = after as never;
  const { context } = after;
  expect(context.digit !== null && context.side !== null, 'never a digit and Big/Small at once').toBe(false);
  expect(selectSecondsLeft(s)).toBe(after.hasTag('counting') ? context.countdownMs / 1000 : null);
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

function always(replayed: ReplayedStep) {
  checkKey(replayed);
  checkRollStart(replayed);
  checkView(replayed);
  if (!replayed.step.event.type.startsWith('xstate.')) expect(hostActions(replayed.entries), 'only answers reach the host').toEqual([]);
}

type Effect = Effects[string];

/** A choice clears the messages and the last result and starts the countdown; a 0-second one has rolled already (spec §4 Digit game). */
const chooses =
  (other: 'digit' | 'side'): Effect =>
  ({ after }) => {
    const { context } = after;
    const deadline = rolling(after) ? null : context.now + context.countdownMs;
    expect(context).toMatchObject({ status: null, lastRoll: null, deadline, [other]: null });
    expect(rolling(after)).toBe(context.countdownMs === 0);
  };

/** Nothing about the bet or the game changes: only the modal or the history moves. */
const keepsTheBet: Effect = ({ before, after }) => {
  const { betAmount, multiplier, digit, side } = before.context;
  expect(after.context).toMatchObject({ betAmount, multiplier, digit, side });
};

/** What each event does, from the spec (§2 Digit Bet screen, §4 Digit game and Bet modal, §5 Digit game). */
const effects: Effects = {
  'digit.choose': chooses('side'),
  'side.choose': chooses('digit'),
  'bet.roll': ({ before, after }) => {
    if (before.hasTag('counting')) {
      // Roll now: the chosen bet rolls at once, before its deadline, and the countdown stops.
      expect(rolling(after)).toBe(true);
      expect(before.context.deadline).toBeGreaterThan(before.context.now);
      expect(after.context.pending).toEqual(choiceRequest(before.context));
      expect(after.context.deadline).toBeNull();
    } else if (!rolling(after)) {
      expect(before.context.pending).toBeNull();
      expect(after.context.status, "'Please place a bet first!'").toEqual({ code: 'noBet' });
    }
  },
  'xstate.after.countdown.digitBet.game.counting': (replayed) => {
    expect(calls(replayed, 'placeBet'), 'the countdown fires exactly one roll').toHaveLength(1);
    expect(rolling(replayed.after)).toBe(true);
  },
  'xstate.after.tick.digitBet.game.counting.ticking': ({ before, after }) => {
    expect(after.hasTag('counting'), 'a tick only re-reads the clock').toBe(true);
    expect(after.context.deadline).toBe(before.context.deadline);
  },
  'xstate.done.actor.placeBet': ({ step, before, after, entries }) => {
    const answer = step.event.output as DigitBetAnswer;
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
      expect(entries.filter((e) => e.kind === 'call' && e.actor === 'fetchHistory'), 'a refusal refetches the history').toHaveLength(1);
      expect(hostActions(entries)).toEqual([]);
    }
  },
  'xstate.error.actor.placeBet': ({ step, before, after }) => {
    const { status, message } = step.event.error;
    expect(after.context.status).toEqual(status === 0 ? { code: 'offline' } : { code: 'backendError', message });
    expect(after.context.pending, 'the roll stays for a retry only when its outcome is unknown').toEqual(outcomeUnknown(status) ? before.context.pending : null);
    expect(after.context).toMatchObject({ digit: null, side: null });
  },
  'history.load': ({ after, entries }) => {
    expect(after.matches({ history: 'loading' })).toBe(true);
    expect(entries.filter((e) => e.kind === 'call' && e.actor === 'fetchHistory')).toHaveLength(1);
  },
  'xstate.done.actor.fetchHistory': ({ step, after }) => {
    expect(after.matches({ history: 'ready' })).toBe(true);
    expect(after.context).toMatchObject({ history: step.event.output, historyError: null });
  },
  'xstate.error.actor.fetchHistory': ({ before, after }) => {
    expect(after.matches({ history: 'failed' })).toBe(true);
    expect(after.context.history, 'a failed reload keeps the rows shown').toEqual(before.context.history);
  },
  'multiplier.choose': ({ step, before, after }) => {
    expect(after.context.multiplier).toBe(step.event.multiplier);
    expect(after.context.betAmount).toBe(before.context.betAmount);
  },
  'betModal.open': (replayed) => {
    expect(replayed.after.matches({ modal: 'open' })).toBe(true);
    keepsTheBet(replayed);
  },
  'betModal.close': (replayed) => {
    expect(replayed.after.matches({ modal: 'closed' })).toBe(true);
    keepsTheBet(replayed);
  },
  'betModal.step': ({ step, before, after }) => {
    const field = step.event.field as 'bet' | 'coin';
    expect(after.context.modal[field], 'bet and coin value stay at 1 or more').toBe(Math.max(1, before.context.modal[field] + step.event.by));
  },
  'betModal.max': ({ after }) => expect(after.context.modal, 'BET MAX sets bet and coin value to 10 each').toEqual({ bet: BET_MAX, coin: BET_MAX }),
  'betModal.confirm': ({ before, after }) => {
    const { bet, coin } = before.context.modal;
    expect(after.context.betAmount, 'total = bet × coin value × 20').toBe(bet * coin * 20);
    expect(after.matches({ modal: 'closed' })).toBe(true);
  },
};

describe('digit-bet: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(digitBetPaths, path), async () => {
      await replayPath(digitBetPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(digitBetPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('digit-bet', effects, paths);

  it('the spec messages are the English strings, verbatim', () => {
    expect(enExtra.digit.noBet).toBe(NO_BET);
    expect(enExtra.digit.offline).toBe(NO_BACKEND);
    expect(enExtra.digit.won).toBe('You Won! The number was {{n}}.');
    expect(enExtra.digit.lost).toBe('You Lost! The number was {{n}}.');
    expect(enExtra.digit.rollingIn).toBe('Rolling in {{n}}...');
    expect(enExtra.digit.rolling).toBe('Rolling...');
  });
});
