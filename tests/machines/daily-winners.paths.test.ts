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
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
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

function always({ step, before, after, entries }: ReplayedStep) {
  const snapshot = after as never;
  const { date, session, winners } = after.context;
  expect(selectWinnersLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectWinnersEmpty(snapshot)).toBe(after.matches('empty'));
  expect(selectWinnersForbidden(snapshot)).toBe(after.matches('forbidden'));
  expect(selectWinnersError(snapshot) !== null, 'an error shows exactly in failed and forbidden').toBe(after.matches('failed') || after.matches('forbidden'));
  expect(selectDraw(snapshot)).toBe(winners?.draw ?? null);
  expect(selectWinners(snapshot)).toEqual(winners?.draw?.winners ?? []);
  expect(selectLatestResults(snapshot)).toEqual(winners?.latestResults ?? []);
  expect(selectWinnersEmptyText(snapshot)).toBe(after.matches('empty') ? (winners?.draw ? 'No winners for this session' : 'No data available') : null);

  const entered = after.matches('loading') && (!before.matches('loading') || step.event.type.endsWith('.change'));
  const calls = entries.filter((e) => e.kind === 'call');
  expect(calls, 'a fetch of the chosen date and session starts exactly when one is needed').toEqual(
    entered ? [{ kind: 'call', actor: 'fetchWinners', input: { date, session: session === 'all' ? null : session } }] : [],
  );
  if (step.event.type !== 'xstate.error.actor.fetchWinners') expect(hostActions(entries)).toEqual([]);
}

/** What each event does, from the spec (§2 2D lottery → daily winners by date and session; §6 players only; §8 texts). */
const effects: Effects = {
  'date.change': ({ step, after }) => {
    expect(after.matches('loading')).toBe(true);
    expect([after.context.date, after.context.winners, after.context.error]).toEqual([step.event.date, null, null]);
  },
  'session.change': ({ step, after }) => {
    expect(after.matches('loading')).toBe(true);
    expect([after.context.session, after.context.winners, after.context.error]).toEqual([step.event.session, null, null]);
  },
  'winners.refresh': ({ before, after }) => {
    expect(after.matches('loading')).toBe(true);
    expect([after.context.date, after.context.session], 'a refresh asks for the same draw').toEqual([before.context.date, before.context.session]);
  },
  'xstate.done.actor.fetchWinners': ({ step, after }) => expect(after.context.winners).toBe(step.event.output),
  'xstate.error.actor.fetchWinners': ({ step, after, entries }) => {
    const { status, message } = step.event.error;
    if (status === 404) {
      expect(after.matches('empty'), 'no result yet is empty, not an error').toBe(true);
      expect(after.context.error).toBeNull();
    } else {
      expect(after.context.error).toBe(expectedFailure(status, message));
      expect(after.matches(status === 403 ? 'forbidden' : 'failed')).toBe(true);
    }
    expect(hostActions(entries), 'only a 401 ends the session and goes to /login').toEqual(status === 401 ? ['sessionExpired', 'goToLogin'] : []);
  },
};

describe('daily-winners: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(dailyWinnersPaths, path), async () => {
      await replayPath(dailyWinnersPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(dailyWinnersPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('daily-winners', effects, paths);
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
