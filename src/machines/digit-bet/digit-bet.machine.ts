/**
 * Digit Bet (/digitbet): pick a digit, or Big/Small, and a 90-second countdown rolls it (or the
 * player rolls at once: `bet.roll` while counting); the server rolls (provably fair) and settles. Three regions: the game (idle → counting → rolling),
 * the history (loaded on entry, refetched after a refusal) and the bet multiplier modal.
 * Host provides: `placeBet` (POST /digitbet with the key), `fetchHistory` (GET /digitbet/history),
 * `updateBalance` (the shared balance chip takes the game balance of the answer), and the clock
 * (`createDigitBetMachine(now)`; the countdown is a deadline, remaining = deadline − now).
 */
import { assign, raise, setup } from 'xstate';
import type { DigitBetAnswer, DigitBetRequest, DigitBetRow, DigitSide } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';
import {
  BET_MAX,
  chosen,
  failed,
  initialContext,
  isDigit,
  isMultiplier,
  modalStepped,
  modalTotal,
  msLeft,
  msToNextSecond,
  refused,
  rollRequest,
  rollStarted,
  settled,
  type BetModalFields,
  type DigitBetContext,
  type DigitBetInput,
} from './digit-bet-rules';

export type DigitBetEvent =
  | { type: 'digit.choose'; digit: number }
  | { type: 'side.choose'; side: DigitSide }
  | { type: 'multiplier.choose'; multiplier: number }
  | { type: 'bet.roll' }
  | { type: 'history.load' }
  | { type: 'betModal.open' }
  | { type: 'betModal.close' }
  | { type: 'betModal.step'; field: keyof BetModalFields; by: 1 | -1 }
  | { type: 'betModal.max' }
  | { type: 'betModal.confirm' }
  /** Raised inside: the bet amount or multiplier changed (a pending retry is dropped). */
  | { type: 'bet.changed' }
  /** Raised inside: a bet's answer brought the history. */
  | { type: 'history.replaced' };

/** Types, IO actors, guards and delays: every part that does not read the clock. */
const digitBetBase = setup({
  types: {
    input: {} as DigitBetInput,
    context: {} as DigitBetContext,
    events: {} as DigitBetEvent,
  },
  actors: {
    placeBet: ioActor<DigitBetAnswer, DigitBetRequest>('placeBet'),
    fetchHistory: ioActor<DigitBetRow[], void>('fetchHistory'),
  },
  guards: {
    validDigit: (_, params: { digit: number }) => isDigit(params.digit),
    validMultiplier: (_, params: { multiplier: number }) => isMultiplier(params.multiplier),
    hasPendingRoll: ({ context }) => context.pending !== null,
    /** Spec §4: "A digit choice disables the Big/Small buttons" (a side choice still gives way to a digit). */
    noDigitChosen: ({ context }) => context.digit === null,
    countdownOver: ({ context }) => msLeft(context) === 0,
    answered: (_, params: { answer: DigitBetAnswer }) => params.answer.success,
  },
  delays: {
    /** Re-reads the clock on the next whole second of the countdown (the view re-renders). */
    tick: ({ context }) => msToNextSecond(context),
    /** From the choice to the deadline. */
    countdown: ({ context }) => msLeft(context),
  },
});

/** The actions; a choice and every tick read the clock `now`. */
function digitBetSetup(now: () => number) {
  return digitBetBase.extend({
    actions: {
      chooseDigit: assign(({ context }, params: { digit: number }) => chosen(context, { digit: params.digit }, now())),
      chooseSide: assign(({ context }, params: { side: DigitSide }) => chosen(context, { side: params.side }, now())),
      readClock: assign(() => ({ now: now() })),
      refuseRoll: assign({ status: { code: 'noBet' } }),
      startRoll: assign(({ context }) => rollStarted(context)),
      storeAnswer: assign(({ context }, params: { answer: DigitBetAnswer }) =>
        params.answer.success ? settled(context, params.answer) : refused(params.answer.message),
      ),
      storeFailure: assign(({ context }, params: { error: unknown }) => failed(context, toErrorInfo(params.error))),
      setMultiplier: assign((_, params: { multiplier: number }) => ({ multiplier: params.multiplier })),
      dropPending: assign({ pending: null, key: null }),
      stepModal: assign(({ context }, params: { field: keyof BetModalFields; by: number }) => ({
        modal: modalStepped(context.modal, params.field, params.by),
      })),
      maxModal: assign({ modal: { bet: BET_MAX, coin: BET_MAX } }),
      applyModal: assign(({ context }) => ({ betAmount: modalTotal(context.modal) })),
      storeHistory: assign((_, params: { history: DigitBetRow[] }) => ({ history: params.history, historyError: null })),
      storeHistoryError: assign((_, params: { error: unknown }) => ({ historyError: toErrorInfo(params.error) })),
      updateBalance: (_, _params: { balance: string }) => mustProvide('updateBalance'),
    },
  });
}

type DigitBetSetup = ReturnType<typeof digitBetSetup>;

/** A valid digit, or a side while no digit is chosen, starts (or restarts) the countdown. */
function choices(m: DigitBetSetup) {
  return m.createStateConfig({
    on: {
      'digit.choose': {
        guard: { type: 'validDigit', params: ({ event }) => ({ digit: event.digit }) },
        target: '#digitBet.game.counting',
        reenter: true,
        actions: { type: 'chooseDigit', params: ({ event }) => ({ digit: event.digit }) },
      },
      'side.choose': {
        guard: 'noDigitChosen',
        target: '#digitBet.game.counting',
        reenter: true,
        actions: { type: 'chooseSide', params: ({ event }) => ({ side: event.side }) },
      },
    },
  }).on;
}

function idleState(m: DigitBetSetup) {
  return m.createStateConfig({
    on: {
      ...choices(m),
      'bet.roll': [{ guard: 'hasPendingRoll', target: 'rolling', actions: 'startRoll' }, { actions: 'refuseRoll' }],
      'bet.changed': { actions: 'dropPending' },
    },
  });
}

function countingState(m: DigitBetSetup) {
  return m.createStateConfig({
    tags: ['counting'],
    initial: 'ticking',
    // A late tick (a throttled background tab) finds the deadline passed: roll at once.
    always: { guard: 'countdownOver', target: 'rolling', actions: 'startRoll' },
    after: { countdown: { target: 'rolling', actions: 'startRoll' } },
    on: {
      // Roll now: a player who has picked need not wait for the countdown.
      'bet.roll': { target: 'rolling', actions: 'startRoll' },
      ...choices(m),
    },
    states: {
      ticking: {
        after: { tick: { target: 'ticking', reenter: true, actions: 'readClock' } },
      },
    },
  });
}

/** The server rolls: a settled answer brings the balance and the history, a refusal refetches it. */
function rollingState(m: DigitBetSetup) {
  return m.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'placeBet',
      src: 'placeBet',
      input: ({ context }) => rollRequest(context),
      onDone: [
        {
          guard: { type: 'answered', params: ({ event }) => ({ answer: event.output }) },
          target: 'idle',
          actions: [
            { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
            { type: 'updateBalance', params: ({ event }) => ({ balance: event.output.success ? event.output.balance : '' }) },
            raise({ type: 'history.replaced' }),
          ],
        },
        {
          target: 'idle',
          actions: [{ type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) }, raise({ type: 'history.load' })],
        },
      ],
      onError: { target: 'idle', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
    },
  });
}

function historyRegion(m: DigitBetSetup) {
  return m.createStateConfig({
    initial: 'loading',
    on: {
      'history.load': { target: '.loading', reenter: true },
      'history.replaced': { target: '.ready' },
    },
    states: {
      loading: {
        invoke: {
          id: 'fetchHistory',
          src: 'fetchHistory',
          onDone: { target: 'ready', actions: { type: 'storeHistory', params: ({ event }) => ({ history: event.output }) } },
          onError: { target: 'failed', actions: { type: 'storeHistoryError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      ready: {},
      failed: { tags: ['error'] },
    },
  });
}

function modalRegion(m: DigitBetSetup) {
  return m.createStateConfig({
    initial: 'closed',
    states: {
      closed: {
        on: { 'betModal.open': { target: 'open' } },
      },
      open: {
        on: {
          'betModal.close': { target: 'closed' },
          'betModal.step': { actions: { type: 'stepModal', params: ({ event }) => ({ field: event.field, by: event.by }) } },
          'betModal.max': { actions: 'maxModal' },
          'betModal.confirm': { target: 'closed', actions: ['applyModal', raise({ type: 'bet.changed' })] },
        },
      },
    },
  });
}

export function createDigitBetMachine(now: () => number = () => Date.now()) {
  const m = digitBetSetup(now);
  return m.createMachine({
    id: 'digitBet',
    type: 'parallel',
    context: ({ input }) => initialContext(input, now()),
    on: {
      'multiplier.choose': {
        guard: { type: 'validMultiplier', params: ({ event }) => ({ multiplier: event.multiplier }) },
        actions: [{ type: 'setMultiplier', params: ({ event }) => ({ multiplier: event.multiplier }) }, raise({ type: 'bet.changed' })],
      },
    },
    states: {
      game: { initial: 'idle', states: { idle: idleState(m), counting: countingState(m), rolling: rollingState(m) } },
      history: historyRegion(m),
      modal: modalRegion(m),
    },
  });
}

/** The machine on the wall clock; tests build their own with `createDigitBetMachine(clock)`. */
export const digitBetMachine = createDigitBetMachine();
export type DigitBetMachine = typeof digitBetMachine;
