/**
 * Deposit form (information → transfer → Deposit): loads the agent's receiving accounts, defaults
 * to the first, lets the player pick another in a chooser and copy its account number, then files
 * a deposit request. loading → ready (editing | choosing | submitting) | loadFailed.
 * Host provides: `loadBanks`, `submitDeposit` (POST /depositfinicial with the key), `copyText`,
 * `notifyCopied`, `notifySuccess`, `goToDepositLog`.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Bank, DepositRequest } from '../../api/types';
import { normaliseDigits } from '../../lib/money';
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
import { DEPOSITED } from '../../lib/fixed-texts';
export { DEPOSITED };


export type DepositField = 'amount' | 'refrence_no';

export interface DepositFormContext extends KeyFields {
  banks: Bank[];
  bankId: number | null;
  amount: string;
  refrenceNo: string;
  receipt: File | null;
  fieldErrors: Record<string, string>;
  message: string | null;
}

export type DepositFormInput = KeyInput;

export type DepositFormEvent =
  | { type: 'chooser.open' }
  | { type: 'chooser.close' }
  | { type: 'bank.choose'; id: number }
  | { type: 'field.change'; field: DepositField; value: string }
  | { type: 'receipt.choose'; file: File | null }
  | { type: 'account.copy' }
  | { type: 'deposit.submit' }
  | { type: 'banks.retry' };

export const chosenBank = (context: Pick<DepositFormContext, 'banks' | 'bankId'>) =>
  context.banks.find((bank) => bank.id === context.bankId) ?? null;

const emptyForm = { amount: '', refrenceNo: '', receipt: null, fieldErrors: {}, message: null, key: null } as const;

/**
 * The chosen account's number is copied from the form's account card. Not while the chooser is
 * open: the dialog covers the card and has no copy of its own (the browser journeys drive the
 * machine's paths on the real screen, tests/e2e/money-paths.test.ts).
 */
const copyAccountNumber = {
  guard: 'hasAccountNumber',
  actions: [
    { type: 'copyText', params: ({ context }: { context: DepositFormContext }) => ({ text: chosenBank(context)?.accountNumber ?? '' }) },
    'notifyCopied',
  ],
} as const;

export const depositFormMachine = setup({
  types: {
    input: {} as DepositFormInput,
    context: {} as DepositFormContext,
    events: {} as DepositFormEvent,
  },
  actors: {
    loadBanks: ioActor<Bank[], void>('loadBanks'),
    submitDeposit: ioActor<{ message: string }, DepositRequest>('submitDeposit'),
  },
  actions: {
    storeBanks: assign((_, params: { banks: Bank[] }) => ({ banks: params.banks, bankId: params.banks[0]?.id ?? null, message: null })),
    storeLoadFailure: assign((_, params: { error: unknown }) => ({ message: loadFailureMessage(toErrorInfo(params.error)) })),
    chooseBank: assign(({ context, event }) => {
      assertEvent(event, 'bank.choose');
      const same = event.id === context.bankId;
      return { bankId: event.id, fieldErrors: withoutField(context.fieldErrors, 'agent_payment_type_id'), key: keyIfSame(same, context) };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const value = normaliseDigits(event.value);
      const name = event.field === 'amount' ? 'amount' : 'refrenceNo';
      const same = value === context[name];
      return { [name]: value, fieldErrors: withoutField(context.fieldErrors, event.field), key: keyIfSame(same, context) };
    }),
    chooseReceipt: assign(({ context, event }) => {
      assertEvent(event, 'receipt.choose');
      const same = event.file === context.receipt;
      return { receipt: event.file, fieldErrors: withoutField(context.fieldErrors, 'receipt'), key: keyIfSame(same, context) };
    }),
    confirm: assign(({ context }) => ({ fieldErrors: {}, message: null, ...confirmKey(context) })),
    storeFailure: assign(({ context }, params: { error: unknown }) => {
      const error = toErrorInfo(params.error);
      return { fieldErrors: error.fieldErrors, message: failureMessage(error), ...keyAfterFailure(context, error) };
    }),
    resetForm: assign(emptyForm),
    copyText: (_, _params: { text: string }) => mustProvide('copyText'),
    notifyCopied: () => mustProvide('notifyCopied'),
    notifySuccess: (_, _params: { message: string }) => mustProvide('notifySuccess'),
    goToDepositLog: () => mustProvide('goToDepositLog'),
  },
  guards: {
    isKnownBank: ({ context, event }) => event.type === 'bank.choose' && context.banks.some((bank) => bank.id === event.id),
    hasAccountNumber: ({ context }) => !!chosenBank(context)?.accountNumber,
    hasBank: ({ context }) => chosenBank(context) !== null,
  },
}).createMachine({
  id: 'depositForm',
  context: ({ input }) => ({ banks: [], bankId: null, ...emptyForm, ...initialKeyFields(input) }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBanks',
        src: 'loadBanks',
        onDone: { target: 'ready', actions: { type: 'storeBanks', params: ({ event }) => ({ banks: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'banks.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'account.copy': copyAccountNumber,
            'chooser.open': { target: 'choosing' },
            'field.change': { actions: 'changeField' },
            'receipt.choose': { actions: 'chooseReceipt' },
            'deposit.submit': { guard: 'hasBank', target: 'submitting', actions: 'confirm' },
          },
        },
        choosing: {
          on: {
            'bank.choose': { guard: 'isKnownBank', target: 'editing', actions: 'chooseBank' },
            'chooser.close': { target: 'editing' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitDeposit',
            src: 'submitDeposit',
            input: ({ context }) => ({
              agent_payment_type_id: context.bankId ?? 0,
              amount: requestAmount(context.amount),
              refrence_no: context.refrenceNo,
              receipt: context.receipt,
              key: context.key ?? '',
            }),
            onDone: {
              target: 'editing',
              actions: [{ type: 'notifySuccess', params: { message: DEPOSITED } }, 'goToDepositLog', 'resetForm'],
            },
            onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
