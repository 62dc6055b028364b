import type { SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './change-password.machine';

type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export const selectPwFieldErrors = (snapshot: ChangePasswordSnapshot) => snapshot.context.fieldErrors;
export const selectPwMessage = (snapshot: ChangePasswordSnapshot) => snapshot.context.message;
export const selectPwBusy = (snapshot: ChangePasswordSnapshot) => snapshot.hasTag('busy');
export const selectPwSucceeded = (snapshot: ChangePasswordSnapshot) => snapshot.matches('succeeded');
