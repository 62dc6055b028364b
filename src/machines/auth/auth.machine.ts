/**
 * Session: the login/register modals, logging in and out, and the logged-in session with its
 * balance poller (`balance` child, systemId 'balance'). Initial state follows `input.token`.
 * Host provides: loginUser, registerUser, logoutUser; persistSession, persistUser, clearSession,
 * notifyLoggedIn, notifyRegistered, notifyLoggedOut, returnToOrigin (after login/register: the
 * page the player came from), goHome, logError.
 * Listens for `session.expired` (any 401 "Unauthenticated."), `user.changed` from the poller and
 * `session.start` (a session made elsewhere: Telegram sign-in).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ApiErrorInfo, LoginInput, RegisterInput, Session, User } from '../../api/types';
import { balanceMachine } from '../balance/balance.machine';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export type AuthModal = 'login' | 'register';

export interface AuthInput {
  token: string | null;
  user: User | null;
}

export interface AuthContext {
  token: string | null;
  user: User | null;
  modal: AuthModal | null;
  error: ApiErrorInfo | null;
}

export type AuthEvent =
  | { type: 'modal.open'; modal: AuthModal }
  | { type: 'modal.close' }
  | { type: 'login.submit'; input: LoginInput }
  | { type: 'register.submit'; input: RegisterInput }
  | { type: 'logout' }
  | { type: 'session.expired' }
  | { type: 'user.changed'; user: User }
  | { type: 'session.start'; session: Session }
  | { type: 'error.clear' };

/** Success of login and register alike: keep the session in context and in storage. */
const signIn = [
  { type: 'storeSession', params: ({ event }: { event: { output: Session } }) => event.output },
  { type: 'persistSession', params: ({ event }: { event: { output: Session } }) => event.output },
] as const;

const storeError = { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

const POLLER_STOPPED: ApiErrorInfo = { status: 0, message: 'The balance poller stopped.', fieldErrors: {} };

export const authMachine = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    loginUser: ioActor<Session, LoginInput>('loginUser'),
    registerUser: ioActor<Session, RegisterInput>('registerUser'),
    logoutUser: ioActor<void, { token: string | null }>('logoutUser'),
    balance: balanceMachine,
  },
  actions: {
    storeSession: assign((_, params: Session) => ({ token: params.token, user: params.user, modal: null, error: null })),
    forgetSession: assign({ token: null, user: null, modal: null, error: null }),
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    storeUser: assign((_, params: { user: User }) => ({ user: params.user })),
    persistSession: (_, _params: Session) => mustProvide('persistSession'),
    persistUser: (_, _params: { user: User }) => mustProvide('persistUser'),
    clearSession: () => mustProvide('clearSession'),
    notifyLoggedIn: () => mustProvide('notifyLoggedIn'),
    notifyRegistered: () => mustProvide('notifyRegistered'),
    notifyLoggedOut: () => mustProvide('notifyLoggedOut'),
    returnToOrigin: () => mustProvide('returnToOrigin'),
    goHome: () => mustProvide('goHome'),
    logError: (_, _params: { error: ApiErrorInfo }) => mustProvide('logError'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input.token, user: input.user, modal: null, error: null }),
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: 'hasToken', target: 'authenticated' }, { target: 'anonymous' }],
    },
    anonymous: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'modal.open': { actions: assign({ modal: ({ event }) => event.modal, error: null }) },
            'modal.close': { actions: assign({ modal: null, error: null }) },
            'login.submit': { target: 'loggingIn', actions: assign({ error: null }) },
            'register.submit': { target: 'registering', actions: assign({ error: null }) },
            'error.clear': { actions: assign({ error: null }) },
            'session.start': {
              target: '#auth.authenticated',
              actions: [
                { type: 'storeSession', params: ({ event }) => event.session },
                { type: 'persistSession', params: ({ event }) => event.session },
              ],
            },
          },
        },
        loggingIn: {
          tags: ['busy'],
          invoke: {
            id: 'loginUser',
            src: 'loginUser',
            input: ({ event }) => {
              assertEvent(event, 'login.submit');
              return event.input;
            },
            onDone: {
              target: '#auth.authenticated',
              actions: [...signIn, 'notifyLoggedIn', 'returnToOrigin'],
            },
            onError: { target: 'idle', actions: storeError },
          },
        },
        registering: {
          tags: ['busy'],
          invoke: {
            id: 'registerUser',
            src: 'registerUser',
            input: ({ event }) => {
              assertEvent(event, 'register.submit');
              return event.input;
            },
            onDone: {
              target: '#auth.authenticated',
              actions: [...signIn, 'notifyRegistered', 'returnToOrigin'],
            },
            onError: { target: 'idle', actions: storeError },
          },
        },
      },
    },
    authenticated: {
      initial: 'idle',
      invoke: {
        id: 'balance',
        systemId: 'balance',
        src: 'balance',
        input: ({ context }) => ({ user: context.user }),
        // The poller never finishes; if it stops anyway the session goes on with a stale balance.
        onDone: { target: '.idle', actions: { type: 'logError', params: () => ({ error: POLLER_STOPPED }) } },
        onError: { target: '.idle', actions: { type: 'logError', params: ({ event }) => ({ error: toErrorInfo(event.error) }) } },
      },
      on: {
        'session.expired': { target: 'anonymous', actions: ['forgetSession', 'clearSession', 'goHome'] },
        'user.changed': {
          actions: [
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'persistUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
      states: {
        idle: {
          on: { logout: { target: 'loggingOut' } },
        },
        loggingOut: {
          tags: ['busy'],
          invoke: {
            id: 'logoutUser',
            src: 'logoutUser',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: '#auth.anonymous', actions: ['forgetSession', 'clearSession', 'notifyLoggedOut', 'goHome'] },
            // A failed logout is only logged: the session is cleared locally all the same.
            onError: {
              target: '#auth.anonymous',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: toErrorInfo(event.error) }) },
                'forgetSession',
                'clearSession',
                'goHome',
              ],
            },
          },
        },
      },
    },
  },
});
