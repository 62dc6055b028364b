/**
 * Withdraw form (information → transfer → Withdraw): loads the payment types and the player's
 * saved payout accounts, prefills the most recent one, then files a withdraw request (the server
 * holds the amount from the game balance). loading → ready (editing | submitting) | loadFailed.
 * Host provides: `loadWithdrawOptions`, `submitWithdraw` (POST /withdrawfinicial with the key),
 * `notifySuccess`, `refreshBalance` (sends balance.refresh), `goToWithdrawLog`.
 * The screen sends the game balance with the submit: an amount above it is refused here, naming
 * what is available and the minimum withdrawal (decision 0032), before anything is sent.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ApiErrorInfo, PaymentType, WithdrawRequest } from '../../api/types';
import { formatAmount, normaliseDigits } from '../../lib/money';
import { notice, type Notice } from '../../lib/notice';
import { toErrorInfo } from '../shared/error-info';
import {
  confirmKey,
  failureMessage,
  initialKeyFields,
  keyAfterFailure,
  keyIfSame,
  loadFailureMessage,
  requestAmount,
  withoutField,
  type KeyFields,
  type KeyInput,
} from '../shared/money-form';
import { ioActor, mustProvide } from '../shared/placeholders';
import { prefill, type WithdrawOptions } from './withdraw-options';
import { CHOOSE_PAYMENT_TYPE, WITHDRAWN } from '../../lib/fixed-texts';
export { CHOOSE_PAYMENT_TYPE, WITHDRAWN };


export type WithdrawField = 'account_name' | 'account_number' | 'amount' | 'password';

export interface WithdrawFormContext extends KeyFields {
  paymentTypes: PaymentType[];
  paymentTypeId: number | null;
  accountName: string;
  accountNumber: string;
  amount: string;
  password: string;
  fieldErrors: Record<string, string>;
  message: string | null;
  /** The client's own refusal (an amount above the game balance), worded by the view. */
  notice: Notice | null;
}

/** The smallest withdrawal the server accepts, in whole Kyat (server/domain/cashier.ts). */
export const WITHDRAW_MIN_KYAT = 10_000;

/** Whole Kyat of the game balance as the API spells it ("15000.00"); null when not known. */
const wholeBalance = (available: string | undefined) => {
  const n = available === undefined ? NaN : Math.floor(Number(available));
  return Number.isFinite(n) ? Math.max(0, n) : null;
};

export type WithdrawFormInput = KeyInput;

export type WithdrawFormEvent =
  | { type: 'paymentType.choose'; id: number }
  | { type: 'field.change'; field: WithdrawField; value: string }
  | { type: 'withdraw.submit'; available?: string }
  | { type: 'options.retry' };

const FIELD_KEYS = { account_name: 'accountName', account_number: 'accountNumber', amount: 'amount', password: 'password' } as const;

/** Digits may be typed in Burmese; a name or a password is kept exactly as typed. */
const DIGIT_FIELDS: ReadonlySet<WithdrawField> = new Set(['account_number', 'amount']);

/** The server's words for payment_type_id are replaced by the spec's Burmese prompt. */
function withdrawFieldErrors(error: ApiErrorInfo): Record<string, string> {
  const { fieldErrors } = error;
  return 'payment_type_id' in fieldErrors ? { ...fieldErrors, payment_type_id: CHOOSE_PAYMENT_TYPE } : fieldErrors;
}

export const withdrawFormMachine = setup({
  types: {
    input: {} as WithdrawFormInput,
    context: {} as WithdrawFormContext,
    events: {} as WithdrawFormEvent,
  },
  actors: {
    loadWithdrawOptions: ioActor<WithdrawOptions, void>('loadWithdrawOptions'),
    submitWithdraw: ioActor<{ message: string }, WithdrawRequest>('submitWithdraw'),
  },
  actions: {
    storeOptions: assign((_, params: { options: WithdrawOptions }) => ({ ...prefill(params.options), message: null })),
    storeLoadFailure: assign((_, params: { error: unknown }) => ({ message: loadFailureMessage(toErrorInfo(params.error)) })),
    choosePaymentType: assign(({ context, event }) => {
      assertEvent(event, 'paymentType.choose');
      const same = event.id === context.paymentTypeId;
      return { paymentTypeId: event.id, fieldErrors: withoutField(context.fieldErrors, 'payment_type_id'), key: keyIfSame(same, context) };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const name = FIELD_KEYS[event.field];
      const value = DIGIT_FIELDS.has(event.field) ? normaliseDigits(event.value) : event.value;
      const same = value === context[name];
      return { [name]: value, fieldErrors: withoutField(context.fieldErrors, event.field), notice: null, key: keyIfSame(same, context) };
    }),
    askForPaymentType: assign({ fieldErrors: { payment_type_id: CHOOSE_PAYMENT_TYPE }, message: null }),
    confirm: assign(({ context }) => ({ fieldErrors: {}, message: null, notice: null, ...confirmKey(context) })),
    refuseOverBalance: assign((_, params: { available: number }) => ({
      fieldErrors: {},
      message: null,
      notice: notice('cashier.withdrawShort', { available: formatAmount(params.available, 0), minimum: formatAmount(WITHDRAW_MIN_KYAT, 0) }),
    })),
    storeFailure: assign(({ context }, params: { error: unknown }) => {
      const error = toErrorInfo(params.error);
      return { fieldErrors: withdrawFieldErrors(error), message: failureMessage(error), ...keyAfterFailure(context, error) };
    }),
    /** The payout account stays for next time; the amount and password do not. */
    settle: assign({ amount: '', password: '', fieldErrors: {}, message: null, key: null }),
    notifySuccess: (_, _params: { message: string }) => mustProvide('notifySuccess'),
    refreshBalance: () => mustProvide('refreshBalance'),
    goToWithdrawLog: () => mustProvide('goToWithdrawLog'),
  },
  guards: {
    isOffered: ({ context, event }) => event.type === 'paymentType.choose' && context.paymentTypes.some((type) => type.id === event.id),
    hasPaymentType: ({ context }) => context.paymentTypeId !== null,
    /** A payment type is chosen and the amount is more than the game balance the screen knows. */
    overBalance: ({ context }, params: { available: string | undefined }) => {
      const available = wholeBalance(params.available);
      const amount = Number(normaliseDigits(context.amount).trim());
      return context.paymentTypeId !== null && available !== null && Number.isFinite(amount) && amount > available;
    },
  },
}).createMachine({
  id: 'withdrawForm',
  context: ({ input }) => ({
    paymentTypes: [],
    paymentTypeId: null,
    accountName: '',
    accountNumber: '',
    amount: '',
    password: '',
    fieldErrors: {},
    message: null,
    notice: null,
    ...initialKeyFields(input),
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadWithdrawOptions',
        src: 'loadWithdrawOptions',
        onDone: { target: 'ready', actions: { type: 'storeOptions', params: ({ event }) => ({ options: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'options.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'paymentType.choose': { guard: 'isOffered', actions: 'choosePaymentType' },
            'field.change': { actions: 'changeField' },
            'withdraw.submit': [
              {
                guard: { type: 'overBalance', params: ({ event }) => ({ available: event.available }) },
                actions: { type: 'refuseOverBalance', params: ({ event }) => ({ available: wholeBalance(event.available) ?? 0 }) },
              },
              { guard: 'hasPaymentType', target: 'submitting', actions: 'confirm' },
              { actions: 'askForPaymentType' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitWithdraw',
            src: 'submitWithdraw',
            input: ({ context }) => ({
              payment_type_id: context.paymentTypeId ?? 0,
              account_name: context.accountName,
              account_number: context.accountNumber,
              amount: requestAmount(context.amount),
              password: context.password,
              key: context.key ?? '',
            }),
            onDone: {
              target: 'editing',
              actions: [{ type: 'notifySuccess', params: { message: WITHDRAWN } }, 'refreshBalance', 'goToWithdrawLog', 'settle'],
            },
            onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
