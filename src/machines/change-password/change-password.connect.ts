/**
 * The change (or first set) password form's view object: busy, the server's field errors, the
 * failure text while failed, whether it just succeeded, and the intents (submit, edit a field).
 */
import type { SnapshotFrom } from 'xstate';
import type { ChangePasswordInput, SetPasswordInput } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import type { ChangePasswordEvent, changePasswordMachine } from './change-password.machine';
import { selectPwBusy, selectPwFieldErrors, selectPwMessage, selectPwSucceeded } from './change-password.selectors';

type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
type Send = (event: ChangePasswordEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  submit: (input: ChangePasswordInput | SetPasswordInput) => send({ type: 'password.submit', input }),
  /** Typing in a field clears that field's error. */
  edit: (field: string) => send({ type: 'form.edit', field }),
}));

export function connectChangePassword(snapshot: ChangePasswordSnapshot, send: Send) {
  return {
    busy: selectPwBusy(snapshot),
    fieldErrors: selectPwFieldErrors(snapshot),
    /** The failure text (401 "Old Password is incorrect", network, unexpected), only while failed. */
    failure: snapshot.hasTag('error') ? selectPwMessage(snapshot) : null,
    succeeded: selectPwSucceeded(snapshot),
    ...intents(send),
  };
}

export type ChangePasswordView = ReturnType<typeof connectChangePassword>;
