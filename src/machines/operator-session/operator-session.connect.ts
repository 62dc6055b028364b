/**
 * The operator session's view object: what the sign-in form, the console's frame and its menus
 * show, and the operator's intents (sign in, first-time setup, sign out).
 */
import type { SnapshotFrom } from 'xstate';
import type { SetupInput, SignInInput } from '../../api/admin';
import { intentsPerActor } from '../shared/connect';
import type { OperatorSessionEvent, operatorSessionMachine } from './operator-session.machine';
import {
  selectBlocked,
  selectInSetup,
  selectMay,
  selectOperator,
  selectRestoring,
  selectSessionBusy,
  selectSessionError,
  selectSessionNotice,
  selectSignedIn,
  selectWaitSeconds,
} from './operator-session.selectors';

type OperatorSessionSnapshot = SnapshotFrom<typeof operatorSessionMachine>;
type Send = (event: OperatorSessionEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  signIn: (input: SignInInput) => send({ type: 'signIn.submit', input }),
  openSetup: () => send({ type: 'setup.open' }),
  cancelSetup: () => send({ type: 'setup.cancel' }),
  completeSetup: (input: SetupInput) => send({ type: 'setup.submit', input }),
  signOut: () => send({ type: 'signOut' }),
}));

export function connectOperatorSession(snapshot: OperatorSessionSnapshot, send: Send) {
  return {
    operator: selectOperator(snapshot),
    signedIn: selectSignedIn(snapshot),
    /** The stored session is being checked: nothing to show yet. */
    restoring: selectRestoring(snapshot),
    /** First-time setup instead of the sign-in form. */
    inSetup: selectInSetup(snapshot),
    busy: selectSessionBusy(snapshot),
    /** Too many attempts: the form waits `waitSeconds`. */
    blocked: selectBlocked(snapshot),
    waitSeconds: selectWaitSeconds(snapshot),
    /** The last refusal's words, until the next attempt. */
    error: selectSessionError(snapshot),
    /** Why the form is back: the session expired or the operator signed out. */
    notice: selectSessionNotice(snapshot),
    /** The role may call `METHOD /path` (menus and buttons follow it). */
    may: (route: string) => selectMay(snapshot, route),
    ...intents(send),
  };
}

export type OperatorSessionView = ReturnType<typeof connectOperatorSession>;
