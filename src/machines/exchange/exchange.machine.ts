/**
 * Exchange Balance dialog (profile tab): closed → open.editing ⇄ open.submitting. Moves money
 * between the main and game wallets; direction main→game unless opened otherwise.
 * Host provides: `submitExchange` (POST /exchange-main-to-game | -game-to-main with the key),
 * `notifySuccess`, `notifyError` (toasts), `refreshBalance` (sends balance.refresh).
 * Success closes and resets the dialog; a failure keeps it open with the amount for a retry.
 */
import { assign, setup } from 'xstate';
import type { ExchangeDirection, ExchangeRequest } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { NETWORK_ERROR } from '../shared/money-form';
import { ioActor, mustProvide } from '../shared/placeholders';
import {
  DEFAULT_DIRECTION,
  confirmed,
  exchangeRequest,
  failed,
  hasValidAmount,
  initialTransfer,
  settled,
  withAmount,
  withDirectionToggled,
  type TransferFields,
  type TransferInput,
} from './wallet-transfer';
import { INVALID_AMOUNT, EXCHANGE_FAILED } from '../../lib/fixed-texts';
export { INVALID_AMOUNT, EXCHANGE_FAILED };


export type ExchangeContext = TransferFields;
export type ExchangeInput = TransferInput;

export type ExchangeEvent =
  | { type: 'exchange.open'; direction?: ExchangeDirection }
  | { type: 'exchange.close' }
  | { type: 'amount.change'; value: string }
  | { type: 'direction.toggle' }
  | { type: 'exchange.submit' };

/** Spec §8: the network text for status 0, else the server's message or 'Exchange failed!'. */
function exchangeFailure(error: { status: number; message: string }): string {
  return error.status === 0 ? NETWORK_ERROR : error.message || EXCHANGE_FAILED;
}

export const exchangeMachine = setup({
  types: {
    input: {} as ExchangeInput,
    context: {} as ExchangeContext,
    events: {} as ExchangeEvent,
  },
  actors: {
    submitExchange: ioActor<{ message: string }, ExchangeRequest>('submitExchange'),
  },
  actions: {
    openIn: assign((_, params: { direction?: ExchangeDirection }) => ({ direction: params.direction ?? DEFAULT_DIRECTION, error: null })),
    /** On close and after success: the amount clears and the direction resets. */
    resetDialog: assign({ ...settled, direction: DEFAULT_DIRECTION }),
    changeAmount: assign(({ context }, params: { value: string }) => withAmount(context, params.value)),
    toggleDirection: assign(({ context }) => withDirectionToggled(context)),
    refuseAmount: assign({ error: INVALID_AMOUNT }),
    confirm: assign(({ context }) => confirmed(context)),
    storeFailure: assign(({ context }, params: { error: unknown }) => {
      const error = toErrorInfo(params.error);
      return failed(context, error, exchangeFailure(error));
    }),
    notifySuccess: (_, _params: { message: string }) => mustProvide('notifySuccess'),
    notifyError: (_, _params: { message: string }) => mustProvide('notifyError'),
    refreshBalance: () => mustProvide('refreshBalance'),
  },
  guards: {
    hasValidAmount: ({ context }) => hasValidAmount(context),
  },
}).createMachine({
  id: 'exchange',
  context: ({ input }) => initialTransfer(input),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'exchange.open': { target: 'open', actions: { type: 'openIn', params: ({ event }) => ({ direction: event.direction }) } },
      },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'exchange.close': { target: '#exchange.closed', actions: 'resetDialog' },
            'amount.change': { actions: { type: 'changeAmount', params: ({ event }) => ({ value: event.value }) } },
            'direction.toggle': { actions: 'toggleDirection' },
            'exchange.submit': [{ guard: 'hasValidAmount', target: 'submitting', actions: 'confirm' }, { actions: 'refuseAmount' }],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitExchange',
            src: 'submitExchange',
            input: ({ context }) => exchangeRequest(context),
            onDone: {
              target: '#exchange.closed',
              actions: [
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                'refreshBalance',
                'resetDialog',
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'notifyError', params: ({ context }) => ({ message: context.error ?? EXCHANGE_FAILED }) },
              ],
            },
          },
        },
      },
    },
  },
});
