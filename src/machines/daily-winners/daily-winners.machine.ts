/**
 * 2D daily winners (/2d/daily-winner): one date (today in Yangon by default) and a session (all,
 * morning, evening); changing either refetches, and refresh fetches again.
 * loading → ready | empty | failed | forbidden. A 404 (no result yet) is empty, not a failure.
 * Host provides: `fetchWinners` (GET /two-d-daily-winners), `sessionExpired` and `goToLogin` (401).
 */
import { assign, setup } from 'xstate';
import type { DailyWinners, TwoDSession } from '../../api/types';
import { WINNERS_FAILED, WINNERS_FORBIDDEN } from '../../lib/two-d/messages';
import { hasStatus, toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export type WinnersSession = 'all' | TwoDSession;
export const WINNERS_SESSIONS: readonly WinnersSession[] = ['all', 'morning', 'evening'];

export interface DailyWinnersInput {
  /** 'YYYY-MM-DD'; the host passes today in Yangon (lib/two-d/session yangonDate). */
  date: string;
  session?: WinnersSession;
}

export interface DailyWinnersContext {
  date: string;
  session: WinnersSession;
  /** The last answer; null while loading and after a failure or a 404. */
  winners: DailyWinners | null;
  error: string | null;
}

export interface FetchWinnersInput {
  date: string;
  /** Null for all sessions (the server then answers the latest results). */
  session: TwoDSession | null;
}

export type DailyWinnersEvent =
  | { type: 'date.change'; date: string }
  | { type: 'session.change'; session: WinnersSession }
  | { type: 'winners.refresh' };

const isSession = (value: unknown): value is WinnersSession => (WINNERS_SESSIONS as readonly unknown[]).includes(value);
const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Nothing to list: no draw and no latest results, or the chosen draw has no winners. */
export function hasNoWinners(winners: DailyWinners, session: WinnersSession): boolean {
  if (session === 'all') return winners.latestResults.length === 0 && (winners.draw?.winners.length ?? 0) === 0;
  return (winners.draw?.winners.length ?? 0) === 0;
}

/** Spec §8: the server's message, or 'Failed to fetch winners' (also for a network failure). */
const failureText = (error: unknown) => {
  const info = toErrorInfo(error);
  return info.status === 0 ? WINNERS_FAILED : info.message || WINNERS_FAILED;
};

/** Fetches again; what is listed stays until the answer replaces it, an error goes at once. */
const refresh = { target: 'loading', actions: 'clearError' } as const;

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const dailyWinnersMachine = setup({
  types: {
    input: {} as DailyWinnersInput,
    context: {} as DailyWinnersContext,
    events: {} as DailyWinnersEvent,
  },
  actors: {
    fetchWinners: ioActor<DailyWinners, FetchWinnersInput>('fetchWinners'),
  },
  actions: {
    chooseDate: assign((_, params: { date: string }) => ({ date: params.date, winners: null, error: null })),
    chooseSession: assign((_, params: { session: WinnersSession }) => ({ session: params.session, winners: null, error: null })),
    storeWinners: assign((_, params: { winners: DailyWinners }) => ({ winners: params.winners, error: null })),
    clearError: assign({ error: null }),
    storeFailure: assign((_, params: { message: string }) => ({ winners: null, error: params.message })),
    sessionExpired: () => mustProvide('sessionExpired'),
    goToLogin: () => mustProvide('goToLogin'),
  },
  guards: {
    isOtherDate: ({ context }, params: { date: unknown }) => isDate(params.date) && params.date !== context.date,
    isOtherSession: ({ context }, params: { session: unknown }) => isSession(params.session) && params.session !== context.session,
    hasNoWinners: ({ context }, params: { winners: DailyWinners }) => hasNoWinners(params.winners, context.session),
    isStatus: (_, params: { error: unknown; status: number }) => hasStatus(params.error, params.status),
  },
}).createMachine({
  id: 'dailyWinners',
  context: ({ input }) => ({ date: input.date, session: isSession(input.session) ? input.session : 'all', winners: null, error: null }),
  initial: 'loading',
  on: {
    'date.change': {
      guard: { type: 'isOtherDate', params: ({ event }) => ({ date: event.date }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'chooseDate', params: ({ event }) => ({ date: event.date }) },
    },
    'session.change': {
      guard: { type: 'isOtherSession', params: ({ event }) => ({ session: event.session }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'chooseSession', params: ({ event }) => ({ session: event.session }) },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchWinners',
        src: 'fetchWinners',
        input: ({ context }) => ({ date: context.date, session: context.session === 'all' ? null : context.session }),
        onDone: [
          {
            guard: { type: 'hasNoWinners', params: ({ event }) => ({ winners: event.output }) },
            target: 'empty',
            actions: { type: 'storeWinners', params: ({ event }) => ({ winners: event.output }) },
          },
          { target: 'ready', actions: { type: 'storeWinners', params: ({ event }) => ({ winners: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isStatus', params: ({ event }) => ({ ...errorOf({ event }), status: 401 }) },
            target: 'failed',
            actions: [{ type: 'storeFailure', params: ({ event }) => ({ message: failureText(event.error) }) }, 'sessionExpired', 'goToLogin'],
          },
          {
            guard: { type: 'isStatus', params: ({ event }) => ({ ...errorOf({ event }), status: 403 }) },
            target: 'forbidden',
            actions: { type: 'storeFailure', params: { message: WINNERS_FORBIDDEN } },
          },
          // No result for that draw yet: nothing to show, which is not an error.
          { guard: { type: 'isStatus', params: ({ event }) => ({ ...errorOf({ event }), status: 404 }) }, target: 'empty', actions: assign({ winners: null, error: null }) },
          { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ message: failureText(event.error) }) } },
        ],
      },
    },
    ready: { on: { 'winners.refresh': refresh } },
    empty: { on: { 'winners.refresh': refresh } },
    failed: { tags: ['error'], on: { 'winners.refresh': refresh } },
    forbidden: { tags: ['error'], on: { 'winners.refresh': refresh } },
  },
});
