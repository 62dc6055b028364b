import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const selectIsLoggedIn = (snapshot: AuthSnapshot) => snapshot.matches('authenticated');
export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user;
/** Signed in with an operator's one-time password: the site shows only the new-password screen (decision 0034). */
export const selectMustChangePassword = (snapshot: AuthSnapshot) =>
  snapshot.matches('authenticated') && snapshot.context.user?.must_change_password === true;
export const selectToken = (snapshot: AuthSnapshot) => snapshot.context.token;
export const selectModal = (snapshot: AuthSnapshot) => snapshot.context.modal;
export const selectIsBusy = (snapshot: AuthSnapshot) => snapshot.hasTag('busy');
export const selectAuthError = (snapshot: AuthSnapshot) => snapshot.context.error;
export const selectFieldErrors = (snapshot: AuthSnapshot) => snapshot.context.error?.fieldErrors ?? {};
export const selectGeneralError = (snapshot: AuthSnapshot) =>
  Object.keys(snapshot.context.error?.fieldErrors ?? {}).length ? null : (snapshot.context.error?.message ?? null);
