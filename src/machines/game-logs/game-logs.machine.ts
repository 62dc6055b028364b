/**
 * The game log tab (/information?tab=logs&type=game_logs): the rows of one period, today by
 * default; choosing another period refetches (a fetch still running for the old one is dropped).
 * loading → ready | empty | failed; a failure can be retried.
 * Host provides: `fetchGameLogs` (GET /player/game-logs?type={period}).
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo, GameLogPeriod, GameLogRow } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor } from '../shared/placeholders';

export const GAME_LOG_PERIODS: readonly GameLogPeriod[] = ['today', 'yesterday', 'this_week', 'last_week'];
export const DEFAULT_GAME_LOG_PERIOD: GameLogPeriod = 'today';

/** Optional (`void`, see KeyInput): the tab opens on today. */
export type GameLogsInput = { period?: GameLogPeriod } | void;

export interface GameLogsContext {
  period: GameLogPeriod;
  rows: GameLogRow[];
  error: ApiErrorInfo | null;
}

export type GameLogsEvent = { type: 'period.change'; period: GameLogPeriod } | { type: 'logs.retry' };

const isPeriod = (value: unknown): value is GameLogPeriod => (GAME_LOG_PERIODS as readonly unknown[]).includes(value);

export const gameLogsMachine = setup({
  types: {
    input: {} as GameLogsInput,
    context: {} as GameLogsContext,
    events: {} as GameLogsEvent,
  },
  actors: {
    fetchGameLogs: ioActor<GameLogRow[], { period: GameLogPeriod }>('fetchGameLogs'),
  },
  actions: {
    // Rows of the old period go at once: they must never show under the new one.
    choosePeriod: assign((_, params: { period: GameLogPeriod }) => ({ period: params.period, rows: [], error: null })),
    storeRows: assign((_, params: { rows: GameLogRow[] }) => ({ rows: params.rows, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
  },
  guards: {
    isOtherPeriod: ({ context }, params: { period: unknown }) => isPeriod(params.period) && params.period !== context.period,
    hasNoRows: (_, params: { rows: GameLogRow[] }) => params.rows.length === 0,
  },
}).createMachine({
  id: 'gameLogs',
  context: ({ input }) => {
    const period = (input || {}).period;
    return { period: isPeriod(period) ? period : DEFAULT_GAME_LOG_PERIOD, rows: [], error: null };
  },
  initial: 'loading',
  on: {
    'period.change': {
      guard: { type: 'isOtherPeriod', params: ({ event }) => ({ period: event.period }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'choosePeriod', params: ({ event }) => ({ period: event.period }) },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchGameLogs',
        src: 'fetchGameLogs',
        input: ({ context }) => ({ period: context.period }),
        onDone: [
          {
            guard: { type: 'hasNoRows', params: ({ event }) => ({ rows: event.output }) },
            target: 'empty',
            actions: { type: 'storeRows', params: ({ event }) => ({ rows: event.output }) },
          },
          { target: 'ready', actions: { type: 'storeRows', params: ({ event }) => ({ rows: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {},
    empty: {},
    failed: {
      tags: ['error'],
      on: { 'logs.retry': { target: 'loading' } },
    },
  },
});
