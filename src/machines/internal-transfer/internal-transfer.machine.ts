/**
 * Internal transfer page (/wallet/internal-transfer): the exchange between the main and game
 * wallets as a page, editing ⇄ submitting, with a direction swap that stays after a transfer.
 * Host provides: `submitExchange` (the same call as the Exchange dialog), `notifySuccess`,
 * `notifyError` (toasts), `refreshBalance` (sends balance.refresh).
 * Success clears the amount; a failure keeps it for a retry with the same request key.
 */
import { assign, setup } from 'xstate';
import type { ExchangeRequest } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { NETWORK_ERROR } from '../shared/money-form';
import { ioActor, mustProvide } from '../shared/placeholders';
import {
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
} from '../exchange/wallet-transfer';
import { ENTER_AMOUNT, SOMETHING_WRONG, TRANSFERRED } from '../../lib/fixed-texts';
export { ENTER_AMOUNT, TRANSFERRED };

export const TRANSFER_FAILED = SOMETHING_WRONG;

export type InternalTransferContext = TransferFields;
export type InternalTransferInput = TransferInput;

export type InternalTransferEvent = { type: 'amount.change'; value: string } | { type: 'direction.toggle' } | { type: 'exchange.submit' };

/** Spec §8: any refusal reads 'Something Went Wrong!'; no answer at all reads as the network. */
const transferFailure = (status: number) => (status === 0 ? NETWORK_ERROR : TRANSFER_FAILED);

export const internalTransferMachine = setup({
  types: {
    input: {} as InternalTransferInput,
    context: {} as InternalTransferContext,
    events: {} as InternalTransferEvent,
  },
  actors: {
    submitExchange: ioActor<{ message: string }, ExchangeRequest>('submitExchange'),
  },
  actions: {
    changeAmount: assign(({ context }, params: { value: string }) => withAmount(context, params.value)),
    toggleDirection: assign(({ context }) => withDirectionToggled(context)),
    refuseAmount: assign({ error: ENTER_AMOUNT }),
    confirm: assign(({ context }) => confirmed(context)),
    /** The direction stays: the player usually moves money the same way again. */
    settle: assign(settled),
    storeFailure: assign(({ context }, params: { error: unknown }) => {
      const error = toErrorInfo(params.error);
      return failed(context, error, transferFailure(error.status));
    }),
    notifySuccess: (_, _params: { message: string }) => mustProvide('notifySuccess'),
    notifyError: (_, _params: { message: string }) => mustProvide('notifyError'),
    refreshBalance: () => mustProvide('refreshBalance'),
  },
  guards: {
    hasValidAmount: ({ context }) => hasValidAmount(context),
  },
}).createMachine({
  id: 'internalTransfer',
  context: ({ input }) => initialTransfer(input),
  initial: 'editing',
  states: {
    editing: {
      on: {
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
          target: 'editing',
          actions: [{ type: 'notifySuccess', params: () => ({ message: TRANSFERRED }) }, 'refreshBalance', 'settle'],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyError', params: ({ context }) => ({ message: context.error ?? TRANSFER_FAILED }) },
          ],
        },
      },
    },
  },
});
