import type { SnapshotFrom } from 'xstate';
import type { operatorSessionMachine } from './operator-session.machine';

type OperatorSessionSnapshot = SnapshotFrom<typeof operatorSessionMachine>;

export const selectOperator = (s: OperatorSessionSnapshot) => s.context.operator;
export const selectSignedIn = (s: OperatorSessionSnapshot) => s.matches('signedIn') || s.matches('signingOut');
export const selectRestoring = (s: OperatorSessionSnapshot) => s.matches('starting') || s.matches('restoring');
export const selectInSetup = (s: OperatorSessionSnapshot) => s.matches('setup') || s.matches('settingUp');
export const selectSessionBusy = (s: OperatorSessionSnapshot) => s.hasTag('busy');
export const selectBlocked = (s: OperatorSessionSnapshot) => s.matches('blocked');
export const selectWaitSeconds = (s: OperatorSessionSnapshot) => s.context.waitSeconds;
export const selectSessionError = (s: OperatorSessionSnapshot) => s.context.error;
export const selectSessionNotice = (s: OperatorSessionSnapshot) => s.context.notice;
export const selectCanSignIn = (s: OperatorSessionSnapshot) => s.can({ type: 'signIn.submit', input: { user_name: '', password: '', totp: '' } });
/** The role may call `METHOD /path` (a key of GET /me's `routes`): menus and buttons follow it. */
export const selectMay = (s: OperatorSessionSnapshot, route: string) => s.context.routes.includes(route);
