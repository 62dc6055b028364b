/**
 * Moving money from the game wallet to the main one in place, where a 2D stake needs the main
 * balance (decision 0032): the page offers an amount (the shortfall, or the whole game balance);
 * the player may type another, from 1 up to the game balance. idle → moving → idle.
 * Host provides: `moveMoney` (POST /exchange-game-to-main with the key), `notifyMoved` (toast),
 * `refreshBalance` (balance.refresh), `continueBet` (the host's next step: submit the bet, or nothing).
 * A failure keeps the amount and, when the outcome is unknown, the key for a retry.
 */
import { assign, setup } from 'xstate';
import type { ExchangeRequest } from '../../api/types';
import { formatAmount, normaliseDigits } from '../../lib/money';
import { notice, spoken, type Notice } from '../../lib/notice';
import { NETWORK_ERROR } from '../../lib/fixed-texts';
import { toErrorInfo } from '../shared/error-info';
import { confirmKey, initialKeyFields, keyAfterFailure, keyIfSame, wholeAmount, type KeyFields, type KeyInput } from '../shared/money-form';
import { ioActor, mustProvide } from '../shared/placeholders';

export interface WalletMoveContext extends KeyFields {
  /** As typed; empty means the offer. */
  typed: string;
  /** The whole Kyat being moved (set at submit). */
  amount: number;
  error: Notice | null;
}

export type WalletMoveInput = KeyInput;

/** `offer`: what the page suggests; `max`: the game balance in whole Kyat (both from the screen's balances). */
export type WalletMoveEvent = { type: 'amount.change'; value: string } | { type: 'move.submit'; offer: number; max: number };

/** The amount a submit moves: the typed one, else the offer. */
export const moveAmount = (typed: string, offer: number) => (typed.trim() === '' ? offer : (wholeAmount(typed) ?? 0));

const failure = (error: unknown): Notice => {
  const info = toErrorInfo(error);
  return info.status === 0 ? notice('errors.network') : spoken(info.message || NETWORK_ERROR);
};

export const walletMoveMachine = setup({
  types: {
    input: {} as WalletMoveInput,
    context: {} as WalletMoveContext,
    events: {} as WalletMoveEvent,
  },
  actors: {
    moveMoney: ioActor<{ message: string }, ExchangeRequest>('moveMoney'),
  },
  actions: {
    changeAmount: assign(({ context }, params: { value: string }) => {
      const typed = normaliseDigits(params.value);
      return { typed, error: null, key: keyIfSame(typed === context.typed, context) };
    }),
    // A pending key (the last request's outcome unknown) is sent again: the server answers it once.
    confirm: assign(({ context }, params: { amount: number }) => ({ amount: params.amount, error: null, ...confirmKey(context) })),
    refuseAmount: assign((_, params: { max: number }) => ({ error: notice('wallet_move.range', { max: formatAmount(params.max, 0) }) })),
    storeFailure: assign(({ context }, params: { error: unknown }) => ({ error: failure(params.error), ...keyAfterFailure(context, toErrorInfo(params.error)) })),
    settle: assign({ typed: '', key: null, error: null }),
    notifyMoved: (_, _params: { amount: number }) => mustProvide('notifyMoved'),
    refreshBalance: () => mustProvide('refreshBalance'),
    continueBet: () => mustProvide('continueBet'),
  },
  guards: {
    inRange: ({ context }, params: { offer: number; max: number }) => {
      const amount = moveAmount(context.typed, params.offer);
      return amount >= 1 && amount <= params.max;
    },
  },
}).createMachine({
  id: 'walletMove',
  context: ({ input }) => ({ typed: '', amount: 0, error: null, ...initialKeyFields(input) }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'amount.change': { actions: { type: 'changeAmount', params: ({ event }) => ({ value: event.value }) } },
        'move.submit': [
          {
            guard: { type: 'inRange', params: ({ event }) => ({ offer: event.offer, max: event.max }) },
            target: 'moving',
            actions: { type: 'confirm', params: ({ context, event }) => ({ amount: moveAmount(context.typed, event.offer) }) },
          },
          { actions: { type: 'refuseAmount', params: ({ event }) => ({ max: event.max }) } },
        ],
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'moveMoney',
        src: 'moveMoney',
        input: ({ context }) => ({ direction: 'gameToMain' as const, amount: context.amount, key: context.key ?? '' }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'notifyMoved', params: ({ context }) => ({ amount: context.amount }) }, 'refreshBalance', 'settle', 'continueBet'],
        },
        onError: { target: 'idle', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
