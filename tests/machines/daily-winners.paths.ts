/** Path model of dailyWinnersMachine: date and session choices, every kind of answer, refresh. */
import type { SnapshotFrom } from 'xstate';
import type { TwoDSession } from '../../src/api/types';
import { dailyWinnersMachine } from '../../src/machines/daily-winners/daily-winners.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { drawWithWinners, drawWithoutWinners, latestResults, noResults } from './two-d-fixtures';

type DailyWinnersSnapshot = SnapshotFrom<typeof dailyWinnersMachine>;

export const TODAY = '2026-11-20';
const YESTERDAY = '2026-11-19';

function answers(session: 'all' | TwoDSession): PhrasedEvent[] {
  const found: PhrasedEvent[] =
    session === 'all'
      ? [
          ['the server returns the latest results', done('fetchWinners', latestResults)],
          ['the server has no results at all', done('fetchWinners', noResults)],
        ]
      : [
          ['the server returns the draw with 2 winners', done('fetchWinners', drawWithWinners(session))],
          ['the server returns the draw with no winners', done('fetchWinners', drawWithoutWinners(session))],
          ['the draw has no result yet (404)', failed('fetchWinners', apiError(404, 'No result yet.'))],
        ];
  return [
    ...found,
    ['the token is no longer valid (401)', failed('fetchWinners', apiError(401, 'Unauthenticated.'))],
    ['the account is not a player (403)', failed('fetchWinners', apiError(403, 'This action is unauthorized.'))],
    ['the server fails (500) without a message', failed('fetchWinners', apiError(500, ''))],
    ['the server refuses the session (422)', failed('fetchWinners', apiError(422, 'The selected session is invalid.'))],
    ['the network fails', failed('fetchWinners', networkDown)],
  ];
}

function events({ context, value }: DailyWinnersSnapshot): PhrasedEvent[] {
  const choices: PhrasedEvent[] = [
    [`they pick ${context.date === TODAY ? 'yesterday' : 'today'}`, { type: 'date.change', date: context.date === TODAY ? YESTERDAY : TODAY }],
    ['they pick the morning session', { type: 'session.change', session: 'morning' }],
    ['they pick the evening session', { type: 'session.change', session: 'evening' }],
    ['they pick all sessions', { type: 'session.change', session: 'all' }],
  ];
  if (value === 'loading') return [...answers(context.session), ...choices];
  return [['they press refresh', { type: 'winners.refresh' }], ...choices];
}

function describeState(snapshot: DailyWinnersSnapshot): string {
  const { date, session, winners, error } = snapshot.context;
  const of = `${session === 'all' ? 'all sessions' : `the ${session} session`} of ${date}`;
  if (snapshot.matches('loading')) return `the winners of ${of} are loading`;
  if (snapshot.matches('forbidden')) return `"${error}" instead of the winners of ${of}`;
  if (snapshot.matches('failed')) return `loading the winners of ${of} failed, showing "${error}"`;
  if (snapshot.matches('empty')) return `nothing to list for ${of} ("${winners?.draw ? 'No winners for this session' : 'No data available'}")`;
  const draw = winners?.draw;
  return draw ? `winning number ${draw.winDigit} of ${of} and ${draw.winners.length} winners` : `${winners?.latestResults.length} latest results (${of})`;
}

export const dailyWinnersPaths = definePathModel({
  name: 'daily-winners',
  title: '2D daily winners (/2d/daily-winner)',
  source: 'src/machines/daily-winners/daily-winners.machine.ts',
  machine: dailyWinnersMachine,
  starts: [
    { name: 'the daily winners page', input: { date: TODAY, session: 'all' } },
    { name: 'a link to the evening draw', input: { date: TODAY, session: 'evening' }, maxSteps: 1 },
  ],
  events,
  describeState,
});
