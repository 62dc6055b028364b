/**
 * The deposit form's view object: the accounts to pay into, what the player entered, the server's
 * refusals, and the intents (copy, choose an account, edit a field, attach a receipt, submit).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { DepositFormEvent, depositFormMachine } from './deposit-form.machine';
import {
  selectBanks,
  selectCanCopyAccount,
  selectCanDeposit,
  selectChooserOpen,
  selectChosenBank,
  selectDepositAmount,
  selectDepositBusy,
  selectDepositFieldErrors,
  selectDepositLoadFailed,
  selectDepositLoading,
  selectDepositMessage,
  selectReceipt,
  selectRefrenceNo,
} from './deposit-form.selectors';

type DepositFormSnapshot = SnapshotFrom<typeof depositFormMachine>;
type Send = (event: DepositFormEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** The accounts could not load: ask again. */
  retry: () => send({ type: 'banks.retry' }),
  copyAccount: () => send({ type: 'account.copy' }),
  openChooser: () => send({ type: 'chooser.open' }),
  closeChooser: () => send({ type: 'chooser.close' }),
  chooseBank: (id: number) => send({ type: 'bank.choose', id }),
  setAmount: (value: string) => send({ type: 'field.change', field: 'amount', value }),
  setReference: (value: string) => send({ type: 'field.change', field: 'refrence_no', value }),
  chooseReceipt: (file: File | null) => send({ type: 'receipt.choose', file }),
  submit: () => send({ type: 'deposit.submit' }),
}));

export function connectDepositForm(snapshot: DepositFormSnapshot, send: Send) {
  const banks = selectBanks(snapshot);
  return {
    loading: selectDepositLoading(snapshot),
    loadFailed: selectDepositLoadFailed(snapshot),
    banks,
    bank: selectChosenBank(snapshot),
    /** Change shows only when there is another account to change to. */
    canChangeBank: banks.length > 1,
    chooserOpen: selectChooserOpen(snapshot),
    canCopy: selectCanCopyAccount(snapshot),
    canSubmit: selectCanDeposit(snapshot),
    amount: selectDepositAmount(snapshot),
    refrenceNo: selectRefrenceNo(snapshot),
    receipt: selectReceipt(snapshot),
    fieldErrors: selectDepositFieldErrors(snapshot),
    message: selectDepositMessage(snapshot),
    busy: selectDepositBusy(snapshot),
    ...intents(send),
  };
}

export type DepositFormView = ReturnType<typeof connectDepositForm>;
