/**
 * Balance poller: while logged in, fetches the player every `pollInterval` (5 s), pauses while
 * the page is hidden and fetches at once when it shows again.
 * Host provides: `fetchUser` (GET /user), `logError`; runs as the `balance` child of authMachine.
 * Emits to its parent: `user.changed` only when balance or main_balance changed,
 * `session.expired` on a 401. Other failures are logged and polling goes on.
 */
import { assign, sendParent, setup } from 'xstate';
import type { ApiErrorInfo, User } from '../../api/types';
import { hasStatus, toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

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

export const balanceMachine = setup({
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
}).createMachine({
  id: 'balance',
  context: ({ input }) => ({ user: input.user, error: null }),
  initial: 'visible',
  states: {
    visible: {
      initial: 'fetching',
      on: {
        'page.hidden': { target: 'hidden' },
      },
      states: {
        fetching: {
          tags: ['busy'],
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: [
              {
                guard: { type: 'balanceChanged', params: ({ event }) => ({ user: event.output }) },
                target: 'waiting',
                actions: [
                  assign({ user: ({ context, event }) => ({ ...context.user, ...event.output }), error: null }),
                  sendParent(({ context }): BalanceReport => ({ type: 'user.changed', user: context.user as User })),
                ],
              },
              { target: 'waiting', actions: assign({ error: null }) },
            ],
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: 'waiting',
                actions: [
                  assign({ error: ({ event }) => toErrorInfo(event.error) }),
                  sendParent((): BalanceReport => ({ type: 'session.expired' })),
                ],
              },
              {
                target: 'waiting',
                actions: [
                  assign({ error: ({ event }) => toErrorInfo(event.error) }),
                  { type: 'logError', params: ({ event }) => ({ error: toErrorInfo(event.error) }) },
                ],
              },
            ],
          },
        },
        waiting: {
          after: { pollInterval: { target: 'fetching' } },
          on: {
            'balance.refresh': { target: 'fetching' },
          },
        },
      },
    },
    hidden: {
      on: {
        'page.visible': { target: 'visible' },
      },
    },
  },
});
