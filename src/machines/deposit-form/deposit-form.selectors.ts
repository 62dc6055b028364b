import type { SnapshotFrom } from 'xstate';
import { chosenBank, type depositFormMachine } from './deposit-form.machine';

type DepositFormSnapshot = SnapshotFrom<typeof depositFormMachine>;

export const selectBanks = (snapshot: DepositFormSnapshot) => snapshot.context.banks;
export const selectChosenBank = (snapshot: DepositFormSnapshot) => chosenBank(snapshot.context);
export const selectDepositAmount = (snapshot: DepositFormSnapshot) => snapshot.context.amount;
export const selectRefrenceNo = (snapshot: DepositFormSnapshot) => snapshot.context.refrenceNo;
export const selectReceipt = (snapshot: DepositFormSnapshot) => snapshot.context.receipt;
export const selectDepositFieldErrors = (snapshot: DepositFormSnapshot) => snapshot.context.fieldErrors;
export const selectDepositMessage = (snapshot: DepositFormSnapshot) => snapshot.context.message;
export const selectDepositBusy = (snapshot: DepositFormSnapshot) => snapshot.matches({ ready: 'submitting' });
export const selectChooserOpen = (snapshot: DepositFormSnapshot) => snapshot.matches({ ready: 'choosing' });
export const selectDepositLoading = (snapshot: DepositFormSnapshot) => snapshot.matches('loading');
export const selectDepositLoadFailed = (snapshot: DepositFormSnapshot) => snapshot.matches('loadFailed');
export const selectCanCopyAccount = (snapshot: DepositFormSnapshot) => snapshot.can({ type: 'account.copy' });
export const selectCanDeposit = (snapshot: DepositFormSnapshot) => snapshot.can({ type: 'deposit.submit' });
