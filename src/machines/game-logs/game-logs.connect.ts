/** The game log tab's view object: the period, its rows or why there are none, and the intents. */
import type { SnapshotFrom } from 'xstate';
import type { GameLogPeriod } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import type { GameLogsEvent, gameLogsMachine } from './game-logs.machine';
import {
  selectGameLogs,
  selectGameLogsEmpty,
  selectGameLogsError,
  selectGameLogsFailed,
  selectGameLogsLoading,
  selectPeriod,
} from './game-logs.selectors';

type GameLogsSnapshot = SnapshotFrom<typeof gameLogsMachine>;
type Send = (event: GameLogsEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** Another period refetches; the same one does nothing. */
  choosePeriod: (period: GameLogPeriod) => send({ type: 'period.change', period }),
  retry: () => send({ type: 'logs.retry' }),
}));

export function connectGameLogs(snapshot: GameLogsSnapshot, send: Send) {
  const error = selectGameLogsError(snapshot);
  return {
    period: selectPeriod(snapshot),
    rows: selectGameLogs(snapshot),
    loading: selectGameLogsLoading(snapshot),
    empty: selectGameLogsEmpty(snapshot),
    failed: selectGameLogsFailed(snapshot),
    error,
    /** The fetch got no answer at all (rather than a refusal). */
    offline: error?.status === 0,
    ...intents(send),
  };
}

export type GameLogsView = ReturnType<typeof connectGameLogs>;
