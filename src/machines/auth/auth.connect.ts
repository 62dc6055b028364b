/**
 * The session's view object: who is logged in, which auth dialog is open, the refusal of the last
 * login or registration, and the intents (open or close a dialog, log in, register, log out).
 */
import type { SnapshotFrom } from 'xstate';
import type { LoginInput, RegisterInput } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import type { AuthEvent, authMachine } from './auth.machine';
import {
  selectFieldErrors,
  selectGeneralError,
  selectIsBusy,
  selectIsLoggedIn,
  selectModal,
  selectMustChangePassword,
  selectUser,
} from './auth.selectors';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;
type Send = (event: AuthEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** Opens the login dialog; does nothing once logged in (or while a request is out). */
  openLogin: () => send({ type: 'modal.open', modal: 'login' }),
  openRegister: () => send({ type: 'modal.open', modal: 'register' }),
  closeModal: () => send({ type: 'modal.close' }),
  login: (input: LoginInput) => send({ type: 'login.submit', input }),
  register: (input: RegisterInput) => send({ type: 'register.submit', input }),
  clearError: () => send({ type: 'error.clear' }),
  logout: () => send({ type: 'logout' }),
}));

export function connectAuth(snapshot: AuthSnapshot, send: Send) {
  return {
    loggedIn: selectIsLoggedIn(snapshot),
    user: selectUser(snapshot),
    /** An operator reset the password: nothing but the new-password screen until one is chosen. */
    mustChangePassword: selectMustChangePassword(snapshot),
    modal: selectModal(snapshot),
    busy: selectIsBusy(snapshot),
    /** The server's words under each field of the open form. */
    fieldErrors: selectFieldErrors(snapshot),
    /** A refusal that belongs to no field (wrong credentials, the network), or null. */
    generalError: selectGeneralError(snapshot),
    ...intents(send),
  };
}

export type AuthView = ReturnType<typeof connectAuth>;
