/**
 * Moving money between the main and game wallets, for both screens that do it (input `use`):
 * - `exchange`, the Exchange Balance dialog: closed → open.editing ⇄ open.submitting; opens
 *   main → game unless told otherwise; close and success clear the amount and reset the direction.
 * - `internalTransfer`, the /wallet/internal-transfer page: open from the start (closed passes
 *   straight on); success clears the amount and keeps the direction.
 * Host provides: `submitExchange` (POST /exchange-main-to-game | -game-to-main with the key),
 * `notifySuccess`, `notifyError` (toasts), `refreshBalance` (sends balance.refresh).
 * A failure keeps the form open with the amount for a retry with the same key. Texts: transfer-uses.ts.
 */
import { assign, setup } from 'xstate';
import type { ExchangeDirection, ExchangeRequest } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
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
} from './transfer-fields';
import { TRANSFER_RULES, failureText } from './transfer-uses';

export type TransferContext = TransferFields;
export type { TransferInput, TransferUse } from './transfer-fields';

export type TransferEvent =
  | { type: 'transfer.open'; direction?: ExchangeDirection }
  | { type: 'transfer.close' }
  | { type: 'amount.change'; value: string }
  | { type: 'direction.toggle' }
  | { type: 'transfer.submit' };

type Answer = { message: string };

export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    submitExchange: ioActor<Answer, ExchangeRequest>('submitExchange'),
  },
  actions: {
    openIn: assign((_, params: { direction?: ExchangeDirection }) => ({ direction: params.direction ?? DEFAULT_DIRECTION, error: null })),
    /** The dialog, on close and after success: the amount clears and the direction resets. */
    resetDialog: assign({ ...settled, direction: DEFAULT_DIRECTION }),
    /** The page after success: the direction stays, the player usually moves money the same way again. */
    settle: assign(settled),
    changeAmount: assign(({ context }, params: { value: string }) => withAmount(context, params.value)),
    toggleDirection: assign(({ context }) => withDirectionToggled(context)),
    refuseAmount: assign(({ context }) => ({ error: TRANSFER_RULES[context.use].invalidAmount })),
    confirm: assign(({ context }) => confirmed(context)),
    storeFailure: assign(({ context }, params: { error: unknown }) => {
      const error = toErrorInfo(params.error);
      return failed(context, error, failureText(context.use, error));
    }),
    notifySuccess: (_, _params: { message: string }) => mustProvide('notifySuccess'),
    notifyError: (_, _params: { message: string }) => mustProvide('notifyError'),
    refreshBalance: () => mustProvide('refreshBalance'),
  },
  guards: {
    isExchange: ({ context }) => context.use === 'exchange',
    isInternalTransfer: ({ context }) => context.use === 'internalTransfer',
    hasValidAmount: ({ context }) => hasValidAmount(context),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => initialTransfer(input),
  initial: 'closed',
  states: {
    closed: {
      always: { guard: 'isInternalTransfer', target: 'open' },
      on: {
        'transfer.open': { guard: 'isExchange', target: 'open', actions: { type: 'openIn', params: ({ event }) => ({ direction: event.direction }) } },
      },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'transfer.close': { guard: 'isExchange', target: '#transfer.closed', actions: 'resetDialog' },
            'amount.change': { actions: { type: 'changeAmount', params: ({ event }) => ({ value: event.value }) } },
            'direction.toggle': { actions: 'toggleDirection' },
            'transfer.submit': [{ guard: 'hasValidAmount', target: 'submitting', actions: 'confirm' }, { actions: 'refuseAmount' }],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitExchange',
            src: 'submitExchange',
            input: ({ context }) => exchangeRequest(context),
            onDone: [
              { guard: 'isExchange', target: '#transfer.closed', actions: [{ type: 'notifySuccess', params: successToast }, 'refreshBalance', 'resetDialog'] },
              { guard: 'isInternalTransfer', target: 'editing', actions: [{ type: 'notifySuccess', params: successToast }, 'refreshBalance', 'settle'] },
            ],
            onError: {
              target: 'editing',
              actions: [
                { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'notifyError', params: ({ context, event }) => ({ message: failureText(context.use, toErrorInfo(event.error)) }) },
              ],
            },
          },
        },
      },
    },
  },
});

function successToast({ context, event }: { context: TransferContext; event: { output: Answer } }) {
  return { message: TRANSFER_RULES[context.use].success(event.output.message) };
}
