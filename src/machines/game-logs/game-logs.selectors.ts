import type { SnapshotFrom } from 'xstate';
import type { gameLogsMachine } from './game-logs.machine';

type GameLogsSnapshot = SnapshotFrom<typeof gameLogsMachine>;

export const selectPeriod = (snapshot: GameLogsSnapshot) => snapshot.context.period;
export const selectGameLogs = (snapshot: GameLogsSnapshot) => snapshot.context.rows;
export const selectGameLogsError = (snapshot: GameLogsSnapshot) => snapshot.context.error;
export const selectGameLogsLoading = (snapshot: GameLogsSnapshot) => snapshot.hasTag('busy');
export const selectGameLogsEmpty = (snapshot: GameLogsSnapshot) => snapshot.matches('empty');
export const selectGameLogsFailed = (snapshot: GameLogsSnapshot) => snapshot.hasTag('error');
