import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { GameLogPeriod, GameLogRow } from '../../src/api/types';
import { gameLogsMachine } from '../../src/machines/game-logs/game-logs.machine';
import {
  selectGameLogs,
  selectGameLogsEmpty,
  selectGameLogsFailed,
  selectGameLogsLoading,
  selectPeriod,
} from '../../src/machines/game-logs/game-logs.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { gameLogRows } from './game-fixtures';
import { gameLogsPaths } from './game-logs.paths';

const paths = generatePaths(gameLogsPaths);

function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const snapshot = after as never;
  const { period, rows } = after.context;
  expect(selectPeriod(snapshot)).toBe(period);
  expect(selectGameLogs(snapshot)).toBe(rows);
  expect(selectGameLogsLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectGameLogsEmpty(snapshot)).toBe(after.matches('empty'));
  expect(selectGameLogsFailed(snapshot)).toBe(after.matches('failed'));
  expect(after.matches('ready') || rows.length === 0, 'rows show only when ready').toBe(true);

  const changed = event.type === 'period.change';
  if (changed) {
    expect(period).toBe(event.period);
    expect(period, 'choosing the shown period again does nothing').not.toBe(before.context.period);
    expect(rows, "the old period's rows go at once").toEqual([]);
  }
  const fetching = after.matches('loading') && (changed || !before.matches('loading'));
  expect(entries, 'a fetch of the chosen period starts exactly when one is needed').toEqual(
    fetching ? [{ kind: 'call', actor: 'fetchGameLogs', input: { period } }] : [],
  );
  if (event.type === 'xstate.done.actor.fetchGameLogs') expect(after.matches(event.output.length ? 'ready' : 'empty')).toBe(true);
  if (event.type === 'xstate.error.actor.fetchGameLogs') expect(after.context.error).toEqual(event.error);
}

describe('game-logs: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(gameLogsPaths, path), async () => {
      await replayPath(gameLogsPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(gameLogsPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('game-logs: behaviour', () => {
  it("opens on today, and a late answer for the old period never shows under the new one", async () => {
    const pending: Array<{ period: GameLogPeriod; resolve: (rows: GameLogRow[]) => void }> = [];
    const machine = gameLogsMachine.provide({
      actors: {
        fetchGameLogs: fromPromise(
          ({ input }: { input: { period: GameLogPeriod } }) => new Promise<GameLogRow[]>((resolve) => pending.push({ period: input.period, resolve })),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'period.change', period: 'last_week' });
    expect(pending.map((p) => p.period)).toEqual(['today', 'last_week']);
    pending[0]!.resolve(gameLogRows('today'));
    await flush();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    pending[1]!.resolve(gameLogRows('last_week'));
    await flush();
    expect(selectGameLogs(actor.getSnapshot())).toEqual(gameLogRows('last_week'));
  });

  it('ignores a period it does not know', () => {
    const actor = createActor(gameLogsMachine.provide({ actors: { fetchGameLogs: fromPromise(() => new Promise<GameLogRow[]>(() => {})) } }));
    actor.start();
    expect(actor.getSnapshot().can({ type: 'period.change', period: 'tomorrow' as GameLogPeriod })).toBe(false);
  });
});
