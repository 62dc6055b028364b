import { describe, expect, it } from 'vitest';
import { selectActionBusy, selectActionResult, selectAskedRequest } from '../../src/machines/console-action/console-action.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { replayPath, type LogEntry } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { consoleActionPaths, confirmed, provisional } from './console-action.paths';
import { hostActions } from './money-invariants';

const paths = generatePaths(consoleActionPaths);
const calls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call');

/**
 * A change reaches the server once, only after the operator asked for it (and, when asked
 * first, confirmed it); cancelling sends nothing; success says so and reloads what changed;
 * a refusal shows the server's words and field errors, and reloads nothing.
 */
const always: Effect = ({ step, before, after, entries }) => {
  expect(selectActionBusy(after as never)).toBe(after.matches('running'));
  if (!step.event.type.startsWith('xstate.done')) expect(hostActions(entries), 'only a success reloads').toEqual([]);
  if (before.matches('asking') || before.matches('idle')) expect(calls(entries).length).toBe(after.matches('running') ? 1 : 0);
};

const effects: Effects = {
  'action.run': ({ entries }) => expect(calls(entries), 'sent at once, as given').toEqual([{ kind: 'call', actor: 'perform', input: provisional }]),
  'action.ask': ({ entries, after }) => {
    expect(calls(entries), 'nothing is sent before the confirmation').toEqual([]);
    expect(selectAskedRequest(after as never)).toEqual(confirmed);
  },
  'action.confirm': ({ entries }) => expect(calls(entries), 'the asked change is sent once').toEqual([{ kind: 'call', actor: 'perform', input: confirmed }]),
  'action.cancel': ({ entries, after }) => {
    expect(calls(entries), 'cancelling sends nothing').toEqual([]);
    expect(after.matches('idle')).toBe(true);
  },
  'xstate.done.actor.perform': ({ step, entries, after }) => {
    expect(selectActionResult(after as never), 'the server\'s words of success').toEqual({ ok: true, message: step.event.output.message });
    expect(hostActions(entries), 'what changed is reloaded').toEqual([{ name: 'changed', params: undefined }]);
  },
  'xstate.error.actor.perform': ({ step, entries, after }) => {
    expect(selectActionResult(after as never), 'the refusal in the server\'s words').toEqual({ ok: false, message: step.event.error.message });
    expect(after.context.fieldErrors).toEqual(step.event.error.fieldErrors);
    expect(hostActions(entries), 'a refusal reloads nothing').toEqual([]);
  },
};

describe('console-action: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(consoleActionPaths, path), async () => {
      await replayPath(consoleActionPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('console-action', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(consoleActionPaths, paths), 'transitions in no path').toEqual([]);
  });
});
