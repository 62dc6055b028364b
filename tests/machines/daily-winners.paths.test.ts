import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DailyWinners } from '../../src/api/types';
import { dailyWinnersMachine, type FetchWinnersInput } from '../../src/machines/daily-winners/daily-winners.machine';
import {
  selectDraw,
  selectLatestResults,
  selectWinners,
  selectWinnersEmpty,
  selectWinnersEmptyText,
  selectWinnersError,
  selectWinnersForbidden,
  selectWinnersLoading,
} from '../../src/machines/daily-winners/daily-winners.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { dailyWinnersPaths, TODAY } from './daily-winners.paths';
import { drawWithWinners, latestResults } from './two-d-fixtures';

const paths = generatePaths(dailyWinnersPaths);
const hostActions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [e.name] : []));

/** The spec's texts (§6, §8), written out so a changed constant cannot hide a changed message. */
function expectedFailure(status: number, message: string) {
  if (status === 403) return 'Only players can view winners. Please log in with a player account.';
  if (status === 0 || !message) return 'Failed to fetch winners';
  return message;
}

function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const snapshot = after as never;
  const { date, session, winners, error } = after.context;
  expect(selectWinnersLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectWinnersEmpty(snapshot)).toBe(after.matches('empty'));
  expect(selectWinnersForbidden(snapshot)).toBe(after.matches('forbidden'));
  expect(selectWinnersError(snapshot) !== null, 'an error shows exactly in failed and forbidden').toBe(after.matches('failed') || after.matches('forbidden'));
  expect(selectDraw(snapshot)).toBe(winners?.draw ?? null);
  expect(selectWinners(snapshot)).toEqual(winners?.draw?.winners ?? []);
  expect(selectLatestResults(snapshot)).toEqual(winners?.latestResults ?? []);
  expect(selectWinnersEmptyText(snapshot)).toBe(after.matches('empty') ? (winners?.draw ? 'No winners for this session' : 'No data available') : null);

  const entered = after.matches('loading') && (!before.matches('loading') || event.type.endsWith('.change'));
  const calls = entries.filter((e) => e.kind === 'call');
  expect(calls, 'a fetch of the chosen date and session starts exactly when one is needed').toEqual(
    entered ? [{ kind: 'call', actor: 'fetchWinners', input: { date, session: session === 'all' ? null : session } }] : [],
  );
  if (event.type === 'date.change') expect([date, winners, error]).toEqual([event.date, null, null]);
  if (event.type === 'session.change') expect([session, winners, error]).toEqual([event.session, null, null]);
  if (event.type === 'xstate.done.actor.fetchWinners') expect(winners).toBe(event.output);
  if (event.type === 'xstate.error.actor.fetchWinners') {
    const { status, message } = event.error;
    if (status === 404) {
      expect(after.matches('empty'), 'no result yet is empty, not an error').toBe(true);
      expect(error).toBeNull();
    } else {
      expect(error).toBe(expectedFailure(status, message));
      expect(after.matches(status === 403 ? 'forbidden' : 'failed')).toBe(true);
    }
    expect(hostActions(entries), 'only a 401 ends the session and goes to /login').toEqual(status === 401 ? ['sessionExpired', 'goToLogin'] : []);
  } else {
    expect(hostActions(entries)).toEqual([]);
  }
}

describe('daily-winners: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(dailyWinnersPaths, path), async () => {
      await replayPath(dailyWinnersPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(dailyWinnersPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('daily-winners: behaviour', () => {
  function start(session?: 'all' | 'morning' | 'evening') {
    const pending: Array<{ input: FetchWinnersInput; resolve: (w: DailyWinners) => void }> = [];
    const fetchWinners = fromPromise(({ input }: { input: FetchWinnersInput }) => new Promise<DailyWinners>((resolve) => pending.push({ input, resolve })));
    const machine = dailyWinnersMachine.provide({ actors: { fetchWinners }, actions: { sessionExpired: () => {}, goToLogin: () => {} } });
    return { actor: createActor(machine, { input: { date: TODAY, session } }).start(), pending };
  }

  it('opens on all sessions; a late answer for the old choice never shows under the new one', async () => {
    const { actor, pending } = start();
    actor.send({ type: 'session.change', session: 'morning' });
    expect(pending.map((p) => p.input)).toEqual([
      { date: TODAY, session: null },
      { date: TODAY, session: 'morning' },
    ]);
    pending[0]!.resolve(latestResults);
    await flush();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    pending[1]!.resolve(drawWithWinners('morning'));
    await flush();
    expect(selectWinners(actor.getSnapshot())).toHaveLength(2);
  });

  it('ignores an unknown session, a malformed date and the same choice again', () => {
    const { actor, pending } = start('evening');
    for (const event of [
      { type: 'session.change', session: 'night' },
      { type: 'session.change', session: 'evening' },
      { type: 'date.change', date: '20-11-2026' },
      { type: 'date.change', date: TODAY },
    ] as const) {
      expect(actor.getSnapshot().can(event as never)).toBe(false);
    }
    expect(pending).toHaveLength(1);
  });
});
