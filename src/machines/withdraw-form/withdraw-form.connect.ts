/**
 * The withdraw form's view object: the payment types on offer, the payout account, amount and
 * password as entered, the server's refusals, and the intents (choose a type, edit, submit).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { WithdrawField, WithdrawFormEvent, withdrawFormMachine } from './withdraw-form.machine';
import {
  selectAccountName,
  selectAccountNumber,
  selectPaymentTypeId,
  selectPaymentTypes,
  selectWithdrawAmount,
  selectWithdrawBusy,
  selectWithdrawFieldErrors,
  selectWithdrawLoadFailed,
  selectWithdrawLoading,
  selectWithdrawMessage,
  selectWithdrawNotice,
  selectWithdrawPassword,
} from './withdraw-form.selectors';

type WithdrawFormSnapshot = SnapshotFrom<typeof withdrawFormMachine>;
type Send = (event: WithdrawFormEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** The options could not load: ask again. */
  retry: () => send({ type: 'options.retry' }),
  choosePaymentType: (id: number) => send({ type: 'paymentType.choose', id }),
  setField: (field: WithdrawField, value: string) => send({ type: 'field.change', field, value }),
  /** `available`: the game balance as the API spells it, so an amount above it is refused before sending. */
  submit: (available?: string) => send(available === undefined ? { type: 'withdraw.submit' } : { type: 'withdraw.submit', available }),
}));

export function connectWithdrawForm(snapshot: WithdrawFormSnapshot, send: Send) {
  const values: Record<WithdrawField, string> = {
    account_name: selectAccountName(snapshot),
    account_number: selectAccountNumber(snapshot),
    amount: selectWithdrawAmount(snapshot),
    password: selectWithdrawPassword(snapshot),
  };
  return {
    loading: selectWithdrawLoading(snapshot),
    loadFailed: selectWithdrawLoadFailed(snapshot),
    paymentTypes: selectPaymentTypes(snapshot),
    paymentTypeId: selectPaymentTypeId(snapshot),
    /** Each field as entered, by its request name. */
    values,
    fieldErrors: selectWithdrawFieldErrors(snapshot),
    message: selectWithdrawMessage(snapshot),
    notice: selectWithdrawNotice(snapshot),
    busy: selectWithdrawBusy(snapshot),
    ...intents(send),
  };
}

export type WithdrawFormView = ReturnType<typeof connectWithdrawForm>;
