/**
 * Balance poller: while logged in, fetches the player every `pollInterval` (5 s) in the shared
 * polling loop (../shared/poll.ts), pauses while the page is hidden and fetches at once when it
 * shows again or on `balance.refresh`.
 * Host provides: `fetchUser` (GET /user), `logError`; runs as the `balance` child of authMachine.
 * Emits to its parent: `user.changed` only when balance or main_balance changed,
 * `session.expired` on a 401. Other failures are logged and polling goes on.
 */
import { assign, sendParent, setup } from 'xstate';
import type { ApiErrorInfo, User } from '../../api/types';
import { hasStatus, toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';
import { pollLoop } from '../shared/poll';

export interface BalanceInput {
  user: User | null;
}

export interface BalanceContext {
  user: User | null;
  error: ApiErrorInfo | null;
}

export type BalanceEvent = { type: 'page.hidden' } | { type: 'page.visible' } | { type: 'balance.refresh' };

/** The parent-facing events this machine sends (authMachine handles both). */
export type BalanceReport = { type: 'user.changed'; user: User } | { type: 'session.expired' };

const balance = setup({
  types: {
    input: {} as BalanceInput,
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
  },
  actors: {
    fetchUser: ioActor<User, void>('fetchUser'),
  },
  actions: {
    logError: (_, _params: { error: ApiErrorInfo }) => mustProvide('logError'),
  },
  guards: {
    balanceChanged: ({ context }, params: { user: User }) =>
      context.user === null ||
      context.user.balance !== params.user.balance ||
      context.user.main_balance !== params.user.main_balance,
    isUnauthorized: (_, params: { error: unknown }) => hasStatus(params.error, 401),
  },
  delays: {
    pollInterval: 5000,
  },
});

/** One poll of GET /user: a changed balance is merged and reported; a 401 ends the session. */
const fetching = balance.createStateConfig({
  invoke: {
    id: 'fetchUser',
    src: 'fetchUser',
    onDone: [
      {
        guard: { type: 'balanceChanged', params: ({ event }) => ({ user: event.output }) },
        actions: [
          assign({ user: ({ context, event }) => ({ ...context.user, ...event.output }), error: null }),
          sendParent(({ context }): BalanceReport => ({ type: 'user.changed', user: context.user as User })),
        ],
      },
      { actions: assign({ error: null }) },
    ],
    onError: [
      {
        guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
        actions: [assign({ error: ({ event }) => toErrorInfo(event.error) }), sendParent((): BalanceReport => ({ type: 'session.expired' }))],
      },
      {
        actions: [
          assign({ error: ({ event }) => toErrorInfo(event.error) }),
          { type: 'logError', params: ({ event }) => ({ error: toErrorInfo(event.error) }) },
        ],
      },
    ],
  },
});

/** Between polls a refresh (after money moved, a game closed, the wallet's button) fetches at once. */
const waiting = balance.createStateConfig({
  on: { 'balance.refresh': { target: 'fetching' } },
});

export const balanceMachine = balance.createMachine({
  id: 'balance',
  context: ({ input }) => ({ user: input.user, error: null }),
  ...pollLoop(fetching, waiting),
});
