/**
 * Path model of digitBetMachine: choosing, the countdown, rolling and every server answer, the
 * history and the bet multiplier modal. The clock stands still at T0 (generated paths are pure:
 * time passes only as named delays), so two starts: the spec's 90-second countdown, explored a few
 * steps deep for the countdown itself, and the browser journey's 0-second setting, where a choice
 * rolls at once and everything after it is explored.
 */
import type { SnapshotFrom } from 'xstate';
import { createDigitBetMachine } from '../../src/machines/digit-bet/digit-bet.machine';
import type { DigitBetContext, RollRequest } from '../../src/machines/digit-bet/digit-bet-rules';
import { after, apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { earlierBets, settledAnswer, T0 } from './digit-bet-fixtures';
import { arrangeDigitAnswer, describeDigitScreen, DIGIT_SETUP, ZERO_COUNTDOWN } from './digit-bet.qa';
import { refusalWords } from '../support/qa-words';
import { keySeed, networkDown } from './money-fixtures';

/** The machine on a clock that reads T0. */
export const digitBetModelMachine = createDigitBetMachine(() => T0);
type DigitBetSnapshot = SnapshotFrom<typeof digitBetModelMachine>;

/** The short balance's refusal (cashier.insufficient) in the locale's English words. */
export const refusal = refusalWords('cashier.insufficient');
export const serverError = apiError(500, 'Something Went Wrong!');

const choose = (digit: number) => ({ type: 'digit.choose', digit });
const side = (value: 'big' | 'small') => ({ type: 'side.choose', side: value });

const betText = (r: RollRequest) => (r.betType === 'digit' ? `digit ${r.digit}` : r.betType === 'big' ? 'Big' : 'Small');

function rollAnswers(context: DigitBetContext): PhrasedEvent[] {
  const request = context.pending!;
  const answer = (rolled: number) => done('placeBet', settledAnswer(request, rolled, context.balance, context.history));
  return [
    ['the server rolls 7', answer(7)],
    ['the server rolls 2', answer(2)],
    [`the server refuses: ${refusal}`, done('placeBet', { success: false, message: refusal })],
    ['the network fails', failed('placeBet', networkDown)],
    ['the server fails (500)', failed('placeBet', serverError)],
  ];
}

function historyEvents(snapshot: DigitBetSnapshot): PhrasedEvent[] {
  if (snapshot.matches({ history: 'loading' })) {
    return [
      ['the history loads (3 bets)', done('fetchHistory', earlierBets)],
      ['loading the history fails', failed('fetchHistory', networkDown)],
    ];
  }
  return snapshot.matches({ history: 'failed' }) ? [['they retry the history', { type: 'history.load' }]] : [];
}

/** The page behind the modal: choices, multipliers and the Roll button. */
function pageEvents(snapshot: DigitBetSnapshot): PhrasedEvent[] {
  const { context } = snapshot;
  if (snapshot.matches({ game: 'rolling' })) return [];
  const retry = context.pending !== null ? ' (the roll to retry is dropped)' : '';
  const events: PhrasedEvent[] = [
    [`they tap digit 7${retry}`, choose(7)],
    [`they tap digit 5${retry}`, choose(5)],
    // A digit choice disables Big/Small (spec §4): the player cannot tap them then.
    ...(context.digit === null
      ? ([
          [`they tap Big${retry}`, side('big')],
          [`they tap Small${retry}`, side('small')],
        ] as PhrasedEvent[])
      : []),
    [`they pick x${context.multiplier === 5 ? 100 : 5}${retry}`, { type: 'multiplier.choose', multiplier: context.multiplier === 5 ? 100 : 5 }],
    [`they tap the bet amount${retry}`, { type: 'betModal.open' }],
  ];
  if (snapshot.matches({ game: 'idle' })) {
    const roll = context.pending ? `they press Roll the Dice again (the same ${betText(context.pending)} roll)` : 'they press Roll the Dice without a bet';
    return [...events, [roll, { type: 'bet.roll' }]];
  }
  return [
    ['a second passes', after('tick', 'digitBet.game.counting.ticking')],
    ['the countdown ends', after('countdown', 'digitBet.game.counting')],
    ['they press Roll now before the countdown ends', { type: 'bet.roll' }],
    ...events,
  ];
}

function modalEvents(context: DigitBetContext): PhrasedEvent[] {
  const { bet, coin } = context.modal;
  return [
    ['they press + on the bet', { type: 'betModal.step', field: 'bet', by: 1 }],
    // − is disabled at 1 (spec §5: the values stay at 1 or more), so it is only pressed above 1.
    ...(bet > 1 ? ([['they press − on the bet', { type: 'betModal.step', field: 'bet', by: -1 }]] as PhrasedEvent[]) : []),
    ...(coin > 1 ? ([['they press − on the coin value', { type: 'betModal.step', field: 'coin', by: -1 }]] as PhrasedEvent[]) : []),
    ['they press BET MAX', { type: 'betModal.max' }],
    [`they confirm ${bet} × ${coin} × 20`, { type: 'betModal.confirm' }],
    ['they close the modal', { type: 'betModal.close' }],
  ];
}

function events(snapshot: DigitBetSnapshot): PhrasedEvent[] {
  const { context } = snapshot;
  const answers = snapshot.matches({ game: 'rolling' }) ? rollAnswers(context) : [];
  // The open modal covers the page: only it, the answers and the timers can act.
  const player = snapshot.matches({ modal: 'open' }) ? modalEvents(context) : pageEvents(snapshot);
  const timers = snapshot.matches({ modal: 'open' }) && snapshot.hasTag('counting') ? pageEvents(snapshot).slice(0, 2) : [];
  // The history's Try Again is on the page, under the modal while it is open.
  const history = snapshot.matches({ modal: 'open' }) ? historyEvents(snapshot).filter(([, e]) => e.type !== 'history.load') : historyEvents(snapshot);
  return [...answers, ...history, ...timers, ...player];
}

export const digitBetPaths = definePathModel({
  name: 'digit-bet',
  title: 'Digit Bet (/digitbet)',
  source: 'src/machines/digit-bet/digit-bet.machine.ts',
  machine: digitBetModelMachine,
  starts: [
    { name: 'the 90-second countdown', input: { keySeed }, maxSteps: 3 },
    { name: 'a 0-second countdown', input: { keySeed, countdownSeconds: 0 }, arrange: ZERO_COUNTDOWN },
  ],
  events,
  describeState: describeDigitScreen,
  setup: DIGIT_SETUP,
  arrange: arrangeDigitAnswer,
});
