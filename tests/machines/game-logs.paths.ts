/** Path model of gameLogsMachine: the four periods, answers with and without rows, failures and retries. */
import type { SnapshotFrom } from 'xstate';
import type { GameLogPeriod } from '../../src/api/types';
import { GAME_LOG_PERIODS, gameLogsMachine } from '../../src/machines/game-logs/game-logs.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { gameLogRows } from './game-fixtures';

type GameLogsSnapshot = SnapshotFrom<typeof gameLogsMachine>;

const periodName: Record<GameLogPeriod, string> = { today: 'today', yesterday: 'yesterday', this_week: 'this week', last_week: 'last week' };

function events({ context, value }: GameLogsSnapshot): PhrasedEvent[] {
  const choosing = GAME_LOG_PERIODS.map((period): PhrasedEvent => [`they choose ${periodName[period]}`, { type: 'period.change', period }]);
  if (value === 'loading') {
    return [
      ['the server returns 2 rows', done('fetchGameLogs', gameLogRows(context.period))],
      ['the server returns no rows', done('fetchGameLogs', [])],
      ['the network fails', failed('fetchGameLogs', networkDown)],
      ['the server fails (500)', failed('fetchGameLogs', apiError(500, 'Something Went Wrong!'))],
      ...choosing,
    ];
  }
  return [['they retry', { type: 'logs.retry' }], ...choosing];
}

function describeState(snapshot: GameLogsSnapshot): string {
  const { period, rows, error } = snapshot.context;
  const of = periodName[period];
  if (snapshot.matches('loading')) return `the game log of ${of} is loading (spinner)`;
  if (snapshot.matches('failed')) return `loading the game log of ${of} failed, showing "${error?.message}" with a retry button`;
  if (snapshot.matches('empty')) return `'No Game Logs Found' for ${of}`;
  return `${rows.length} game log rows for ${of}`;
}

export const gameLogsPaths = definePathModel({
  name: 'game-logs',
  title: 'Game log tab (Information, Logs)',
  source: 'src/machines/game-logs/game-logs.machine.ts',
  machine: gameLogsMachine,
  starts: [
    { name: 'the game log tab', input: {} },
    { name: 'a link to this week', input: { period: 'this_week' }, maxSteps: 1 },
  ],
  events,
  describeState,
});
