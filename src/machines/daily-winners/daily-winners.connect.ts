/**
 * The 2D daily winners' view object (zag's `connect`): the chosen date and draw, what they show
 * (loading, players only, a failure, nothing, or the winners) and the player's intents.
 * Pure: no React, no words (the texts are the spec's, translated by the view).
 */
import type { SnapshotFrom } from 'xstate';
import type { DrawWinners } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import { WINNERS_SESSIONS, type DailyWinnersEvent, type WinnersSession, type dailyWinnersMachine } from './daily-winners.machine';
import {
  selectDraw,
  selectLatestResults,
  selectWinnersDate,
  selectWinnersEmptyText,
  selectWinnersError,
  selectWinnersForbidden,
  selectWinnersLoading,
  selectWinnersSession,
} from './daily-winners.selectors';

export interface DailyWinnersIntents {
  chooseDate: (date: string) => void;
  chooseSession: (session: WinnersSession) => void;
  refresh: () => void;
}

export interface DailyWinnersView extends DailyWinnersIntents {
  date: string;
  session: WinnersSession;
  /** The draws to choose from: all, morning, evening. */
  sessions: readonly WinnersSession[];
  loading: boolean;
  /** Players only: `error` says so. */
  forbidden: boolean;
  error: string | null;
  /** Nothing to list: 'No winners' for a draw without any, else 'No data available'. */
  emptyText: string | null;
  /** The chosen draw; null for all draws or before a result. */
  draw: DrawWinners | null;
  latest: DrawWinners[];
}

type DailyWinnersSend = (event: DailyWinnersEvent) => void;

const intentsOf = intentsPerActor(
  (send: DailyWinnersSend): DailyWinnersIntents => ({
    chooseDate: (date) => send({ type: 'date.change', date }),
    chooseSession: (session) => send({ type: 'session.change', session }),
    refresh: () => send({ type: 'winners.refresh' }),
  }),
);

export function connectDailyWinners(snapshot: SnapshotFrom<typeof dailyWinnersMachine>, send: DailyWinnersSend): DailyWinnersView {
  return {
    date: selectWinnersDate(snapshot),
    session: selectWinnersSession(snapshot),
    sessions: WINNERS_SESSIONS,
    loading: selectWinnersLoading(snapshot),
    forbidden: selectWinnersForbidden(snapshot),
    error: selectWinnersError(snapshot),
    emptyText: selectWinnersEmptyText(snapshot),
    draw: selectDraw(snapshot),
    latest: selectLatestResults(snapshot),
    ...intentsOf(send),
  };
}
