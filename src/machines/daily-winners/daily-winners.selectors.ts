import type { SnapshotFrom } from 'xstate';
import { NO_WINNER_DATA, NO_WINNERS } from '../../lib/two-d/messages';
import type { dailyWinnersMachine } from './daily-winners.machine';

type DailyWinnersSnapshot = SnapshotFrom<typeof dailyWinnersMachine>;

const NONE: never[] = [];

export const selectWinnersDate = (snapshot: DailyWinnersSnapshot) => snapshot.context.date;
export const selectWinnersSession = (snapshot: DailyWinnersSnapshot) => snapshot.context.session;
/** The chosen draw (session, date, winning number, winners); null for 'all' or before a result. */
export const selectDraw = (snapshot: DailyWinnersSnapshot) => snapshot.context.winners?.draw ?? null;
export const selectWinners = (snapshot: DailyWinnersSnapshot) => snapshot.context.winners?.draw?.winners ?? NONE;
export const selectLatestResults = (snapshot: DailyWinnersSnapshot) => snapshot.context.winners?.latestResults ?? NONE;
export const selectWinnersLoading = (snapshot: DailyWinnersSnapshot) => snapshot.hasTag('busy');
export const selectWinnersEmpty = (snapshot: DailyWinnersSnapshot) => snapshot.matches('empty');
export const selectWinnersForbidden = (snapshot: DailyWinnersSnapshot) => snapshot.matches('forbidden');
/** The failure or players-only text; null otherwise. */
export const selectWinnersError = (snapshot: DailyWinnersSnapshot) => snapshot.context.error;
/** Empty: a draw with no winners says so; no result at all is 'No data available'. */
export const selectWinnersEmptyText = (snapshot: DailyWinnersSnapshot) =>
  !snapshot.matches('empty') ? null : snapshot.context.winners?.draw ? NO_WINNERS : NO_WINNER_DATA;
