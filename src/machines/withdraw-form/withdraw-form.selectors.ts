import type { SnapshotFrom } from 'xstate';
import type { withdrawFormMachine } from './withdraw-form.machine';

type WithdrawFormSnapshot = SnapshotFrom<typeof withdrawFormMachine>;

export const selectPaymentTypes = (snapshot: WithdrawFormSnapshot) => snapshot.context.paymentTypes;
export const selectPaymentTypeId = (snapshot: WithdrawFormSnapshot) => snapshot.context.paymentTypeId;
export const selectAccountName = (snapshot: WithdrawFormSnapshot) => snapshot.context.accountName;
export const selectAccountNumber = (snapshot: WithdrawFormSnapshot) => snapshot.context.accountNumber;
export const selectWithdrawAmount = (snapshot: WithdrawFormSnapshot) => snapshot.context.amount;
export const selectWithdrawPassword = (snapshot: WithdrawFormSnapshot) => snapshot.context.password;
export const selectWithdrawFieldErrors = (snapshot: WithdrawFormSnapshot) => snapshot.context.fieldErrors;
export const selectWithdrawMessage = (snapshot: WithdrawFormSnapshot) => snapshot.context.message;
export const selectWithdrawNotice = (snapshot: WithdrawFormSnapshot) => snapshot.context.notice;
export const selectWithdrawBusy = (snapshot: WithdrawFormSnapshot) => snapshot.matches({ ready: 'submitting' });
export const selectWithdrawLoading = (snapshot: WithdrawFormSnapshot) => snapshot.matches('loading');
export const selectWithdrawLoadFailed = (snapshot: WithdrawFormSnapshot) => snapshot.matches('loadFailed');
