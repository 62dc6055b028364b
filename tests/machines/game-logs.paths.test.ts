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
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { gameLogRows } from './game-fixtures';
import { gameLogsPaths } from './game-logs.paths';

const paths = generatePaths(gameLogsPaths);

function always({ step, before, after, entries }: ReplayedStep) {
  const snapshot = after as never;
  const { period, rows } = after.context;
  expect(selectPeriod(snapshot)).toBe(period);
  expect(selectGameLogs(snapshot)).toBe(rows);
  expect(selectGameLogsLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectGameLogsEmpty(snapshot)).toBe(after.matches('empty'));
  expect(selectGameLogsFailed(snapshot)).toBe(after.matches('failed'));
  expect(after.matches('ready') || rows.length === 0, 'rows show only when ready').toBe(true);
  const fetching = after.matches('loading') && (step.event.type === 'period.change' || !before.matches('loading'));
  expect(entries, 'a fetch of the chosen period starts exactly when one is needed').toEqual(
    fetching ? [{ kind: 'call', actor: 'fetchGameLogs', input: { period } }] : [],
  );
}

/** What each event does, from the spec (§2 Information → game logs: a period choice, loading, error and empty states). */
const effects: Effects = {
  'period.change': ({ step, before, after }) => {
    expect(after.context.period).toBe(step.event.period);
    expect(after.context.period, 'choosing the shown period again does nothing').not.toBe(before.context.period);
    expect(after.context.rows, "the old period's rows go at once").toEqual([]);
    expect(after.matches('loading')).toBe(true);
  },
  'logs.retry': ({ before, after }) => {
    expect(after.matches('loading')).toBe(true);
    expect(after.context.period, 'a retry asks for the same period').toBe(before.context.period);
  },
  'xstate.done.actor.fetchGameLogs': ({ step, after }) => {
    expect(after.matches(step.event.output.length ? 'ready' : 'empty')).toBe(true);
    expect(after.context.rows).toEqual(step.event.output);
  },
  'xstate.error.actor.fetchGameLogs': ({ step, after }) => {
    expect(after.matches('failed')).toBe(true);
    expect(after.context.error).toEqual(step.event.error);
  },
};

describe('game-logs: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(gameLogsPaths, path), async () => {
      await replayPath(gameLogsPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(gameLogsPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('game-logs', effects, paths);
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
