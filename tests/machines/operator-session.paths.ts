/** Path model of operatorSessionMachine: sign-in, first-time setup, the 429 wait, 401s and sign-out. */
import type { SnapshotFrom } from 'xstate';
import { operatorSessionMachine } from '../../src/machines/operator-session/operator-session.machine';
import { after, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { setupInput, signInInput, thidaMe, thidaSession, tooManyLogins, unauthenticated, wrongCredentials, wrongSetup } from './operator-fixtures';

type SessionSnapshot = SnapshotFrom<typeof operatorSessionMachine>;

function events(snapshot: SessionSnapshot): PhrasedEvent[] {
  if (snapshot.matches('restoring')) {
    return [
      ['GET /me answers who is signed in', done('fetchMe', thidaMe)],
      ['GET /me answers 401 (the session ended)', failed('fetchMe', unauthenticated)],
    ];
  }
  if (snapshot.matches('signingIn')) {
    return [
      ['the server opens a session', done('signIn', thidaSession)],
      ['the server refuses the credentials (401)', failed('signIn', wrongCredentials)],
      ['the server says to wait 30 seconds (429)', failed('signIn', tooManyLogins)],
      ['the network fails', failed('signIn', networkDown)],
    ];
  }
  if (snapshot.matches('settingUp')) {
    return [
      ['the server completes the setup and opens a session', done('completeSetup', thidaSession)],
      ['the server refuses the setup code (401)', failed('completeSetup', wrongSetup)],
      ['the server says to wait 30 seconds (429)', failed('completeSetup', tooManyLogins)],
    ];
  }
  if (snapshot.matches('signingOut')) {
    return [
      ['the server ends the session', done('signOut', null)],
      ['the network fails', failed('signOut', networkDown)],
    ];
  }
  return [
    ['they sign in with user name, password and code', { type: 'signIn.submit', input: signInInput }],
    ['they open first-time setup', { type: 'setup.open' }],
    ['they submit setup code, new password and first code', { type: 'setup.submit', input: setupInput }],
    ['they go back to sign-in', { type: 'setup.cancel' }],
    ['30 seconds pass', after('retryWait', 'operatorSession.blocked')],
    ['they sign out', { type: 'signOut' }],
    ['a call answers 401 (the session ended)', { type: 'session.expired' }],
  ];
}

function describeState(snapshot: SessionSnapshot): string {
  const { context } = snapshot;
  const said = context.error ? `, showing "${context.error}"` : context.notice ? ` with the note "${context.notice}"` : '';
  if (snapshot.matches('starting') || snapshot.matches('restoring')) return 'the console checks the stored session (spinner)';
  if (snapshot.matches('signedOut')) return `the sign-in form${said}`;
  if (snapshot.matches('signingIn')) return 'the sign-in is being sent (busy)';
  if (snapshot.matches('blocked')) return `the sign-in form is blocked for ${context.waitSeconds} s, showing the wait`;
  if (snapshot.matches('setup')) return `the first-time setup form${said}`;
  if (snapshot.matches('settingUp')) return 'the setup is being sent (busy)';
  if (snapshot.matches('signingOut')) return 'signing out (busy)';
  return `signed in as ${context.operator?.user_name} (${context.operator?.role}), the menu shows ${context.routes.length} routes`;
}

export const operatorSessionPaths = definePathModel({
  name: 'operator-session',
  title: 'Operator console sign-in (/admin)',
  source: 'src/machines/operator-session/operator-session.machine.ts',
  machine: operatorSessionMachine,
  starts: [
    { name: 'a new tab', input: { token: null } },
    { name: 'a reload with a stored token', input: { token: 'op-token-stored' }, maxSteps: 3 },
  ],
  events,
  describeState,
});
