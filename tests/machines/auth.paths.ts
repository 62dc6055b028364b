/** Path model of authMachine: what a player and the server can do at each point. */
import type { SnapshotFrom } from 'xstate';
import { authMachine } from '../../src/machines/auth/auth.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { loginInput, player, plusKs, registerInput, session } from '../support/path-fixtures';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

function anonymousEvents({ context }: AuthSnapshot): PhrasedEvent[] {
  return [
    ['they open the login form', { type: 'modal.open', modal: 'login' }],
    ['they open the registration form', { type: 'modal.open', modal: 'register' }],
    ...(context.modal ? ([['they close the form', { type: 'modal.close' }]] as PhrasedEvent[]) : []),
    ...(context.error ? ([['they dismiss the error', { type: 'error.clear' }]] as PhrasedEvent[]) : []),
    // A form can only be submitted while it is the open one.
    ...(context.modal === 'login' ? ([['they submit the login form', { type: 'login.submit', input: loginInput }]] as PhrasedEvent[]) : []),
    ...(context.modal === 'register'
      ? ([['they submit the registration form', { type: 'register.submit', input: registerInput }]] as PhrasedEvent[])
      : []),
    ['the server accepts the login', done('loginUser', session)],
    ['the server refuses the credentials (401)', failed('loginUser', apiError(401, 'Credentials do not match!'))],
    [
      'the server rejects the login fields (422)',
      failed('loginUser', apiError(422, 'The user name field is required.', { user_name: 'The user name field is required.' })),
    ],
    ['the network fails during login', failed('loginUser', apiError(0, 'Network error. Please try again.'))],
    ['the server accepts the registration', done('registerUser', session)],
    [
      'the server rejects the registration fields (422)',
      failed('registerUser', apiError(422, 'The referral code is invalid.', { referral_code: 'The referral code is invalid.' })),
    ],
    ['the network fails during registration', failed('registerUser', apiError(0, 'Network error. Please try again.'))],
    ['Telegram sign-in hands over a session', { type: 'session.start', session }],
  ];
}

function authenticatedEvents({ context }: AuthSnapshot): PhrasedEvent[] {
  const user = context.user ?? player;
  return [
    ['they log out', { type: 'logout' }],
    ['the server confirms the logout', done('logoutUser')],
    ['the logout call fails', failed('logoutUser', apiError(500, 'Something Went Wrong!'))],
    ['a call answers 401 "Unauthenticated."', { type: 'session.expired' }],
    ['the balance poller sees a new balance', { type: 'user.changed', user: { ...user, balance: plusKs(user.balance, 1000) } }],
    ['the balance poller stops', done('balance')],
    ['the balance poller crashes', failed('balance', new Error('balance poller crashed'))],
  ];
}

const formName = (modal: string | null) => (modal === 'register' ? 'registration' : 'login');

function describeState(snapshot: AuthSnapshot): string {
  const { modal, error, user } = snapshot.context;
  if (snapshot.matches({ authenticated: 'loggingOut' })) return 'the player is logging out (busy)';
  if (snapshot.matches('authenticated')) return `the player is logged in as ${user?.user_name} (balance ${user?.balance} Ks)`;
  if (snapshot.hasTag('busy')) return `the ${formName(modal)} form is submitting (busy)`;
  const form = modal ? `with the ${formName(modal)} form open` : 'and no form is open';
  const fields = Object.keys(error?.fieldErrors ?? {});
  const shown = !error ? '' : fields.length ? `, errors under ${fields.join(', ')}` : `, showing "${error.message}"`;
  return `the player is logged out ${form}${shown}`;
}

export const authPaths = definePathModel({
  name: 'auth',
  title: 'Login, registration and the logged-in session',
  source: 'src/machines/auth/auth.machine.ts',
  machine: authMachine,
  starts: [
    { name: 'logged out', input: { token: null, user: null } },
    // A saved session starts logged in; one step from there is enough, the rest is covered above.
    { name: 'a saved session', input: { token: session.token, user: player }, maxSteps: 1 },
  ],
  events: (snapshot) => (snapshot.matches('anonymous') ? anonymousEvents(snapshot) : authenticatedEvents(snapshot)),
  describeState,
});
