/**
 * The operator console's session (/admin): a stored token is checked with GET /me; otherwise the
 * sign-in form (user name, password, 6-digit code) or first-time setup (setup code, new password,
 * first code). Too many attempts block the form for the server's wait. A 401 from any call
 * (`session.expired`) or sign-out returns to the form.
 * Host provides: `fetchMe`, `signIn`, `completeSetup`, `signOut`, `persistToken`, `clearToken`.
 */
import { assign, setup } from 'xstate';
import type { OperatorInfo, OperatorSession, SetupInput, SignInInput } from '../../api/admin';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export type SessionNotice = 'expired' | 'signedOut' | null;

export interface OperatorSessionContext {
  token: string | null;
  operator: OperatorInfo | null;
  /** `METHOD /path` keys the operator's role may call. */
  routes: string[];
  /** The last refusal's words (wrong credentials, server down), until the next attempt. */
  error: string | null;
  /** After a 429: how long the server asked to wait, in seconds. */
  waitSeconds: number;
  notice: SessionNotice;
}

export interface OperatorSessionInput {
  /** The token kept in sessionStorage, if any. */
  token: string | null;
}

export type OperatorSessionEvent =
  | { type: 'signIn.submit'; input: SignInInput }
  | { type: 'setup.open' }
  | { type: 'setup.cancel' }
  | { type: 'setup.submit'; input: SetupInput }
  | { type: 'signOut' }
  | { type: 'session.expired' };

const signedOutContext = { token: null, operator: null, routes: [] as string[] };
const retryAfter = (error: unknown) => {
  const seconds = (error as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 60;
};
export const operatorSessionMachine = setup({
  types: {
    input: {} as OperatorSessionInput,
    context: {} as OperatorSessionContext,
    events: {} as OperatorSessionEvent,
  },
  actors: {
    fetchMe: ioActor<Omit<OperatorSession, 'token'>, void>('fetchMe'),
    signIn: ioActor<OperatorSession, SignInInput>('signIn'),
    completeSetup: ioActor<OperatorSession, SetupInput>('completeSetup'),
    signOut: ioActor<unknown, void>('signOut'),
  },
  actions: {
    storeSession: assign((_, params: { session: OperatorSession }) => ({
      token: params.session.token,
      operator: params.session.operator,
      routes: params.session.routes,
      error: null,
      waitSeconds: 0,
      notice: null,
    })),
    storeMe: assign((_, params: { me: Omit<OperatorSession, 'token'> }) => ({ operator: params.me.operator, routes: params.me.routes })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error).message })),
    storeWait: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error).message, waitSeconds: retryAfter(params.error) })),
    startAttempt: assign({ error: null, notice: null }),
    endWait: assign({ waitSeconds: 0, error: null }),
    forget: assign((_, params: { notice: SessionNotice }) => ({ ...signedOutContext, notice: params.notice })),
    persistToken: (_, _params: { token: string }) => mustProvide('persistToken'),
    clearToken: () => mustProvide('clearToken'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isRateLimited: (_, params: { error: unknown }) => toErrorInfo(params.error).status === 429,
  },
  delays: {
    /** The server's Retry-After: the form stays blocked exactly that long. */
    retryWait: ({ context }) => context.waitSeconds * 1000,
  },
}).createMachine({
  id: 'operatorSession',
  context: ({ input }) => ({ ...signedOutContext, token: input.token, error: null, waitSeconds: 0, notice: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        onDone: { target: 'signedIn', actions: { type: 'storeMe', params: ({ event }) => ({ me: event.output }) } },
        onError: { target: 'signedOut', actions: ['clearToken', { type: 'forget', params: { notice: 'expired' } }] },
      },
    },
    signedOut: {
      on: {
        'signIn.submit': { target: 'signingIn', actions: 'startAttempt' },
        'setup.open': { target: 'setup', actions: 'startAttempt' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => (event as Extract<OperatorSessionEvent, { type: 'signIn.submit' }>).input,
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'storeSession', params: ({ event }) => ({ session: event.output }) }, { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) }],
        },
        onError: [
          { guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) }, target: 'blocked', actions: { type: 'storeWait', params: ({ event }) => ({ error: event.error }) } },
          { target: 'signedOut', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    blocked: {
      tags: ['error'],
      after: { retryWait: { target: 'signedOut', actions: 'endWait' } },
    },
    setup: {
      on: {
        'setup.submit': { target: 'settingUp', actions: 'startAttempt' },
        'setup.cancel': { target: 'signedOut', actions: 'startAttempt' },
      },
    },
    settingUp: {
      tags: ['busy'],
      invoke: {
        id: 'completeSetup',
        src: 'completeSetup',
        input: ({ event }) => (event as Extract<OperatorSessionEvent, { type: 'setup.submit' }>).input,
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'storeSession', params: ({ event }) => ({ session: event.output }) }, { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) }],
        },
        onError: [
          { guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) }, target: 'blocked', actions: { type: 'storeWait', params: ({ event }) => ({ error: event.error }) } },
          { target: 'setup', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    signedIn: {
      on: {
        signOut: { target: 'signingOut' },
        'session.expired': { target: 'signedOut', actions: ['clearToken', { type: 'forget', params: { notice: 'expired' } }] },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        // Signed out either way: the token is forgotten here even when the server could not be told.
        onDone: { target: 'signedOut', actions: ['clearToken', { type: 'forget', params: { notice: 'signedOut' } }] },
        onError: { target: 'signedOut', actions: ['clearToken', { type: 'forget', params: { notice: 'signedOut' } }] },
      },
    },
  },
});
