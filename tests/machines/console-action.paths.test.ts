import { describe, expect, it } from 'vitest';
import { selectActionBusy, selectActionResult, selectAskedRequest } from '../../src/machines/console-action/console-action.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
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
function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const s = after as never;
  expect(selectActionBusy(s)).toBe(after.matches('running'));
  switch (event.type) {
    case 'action.run':
      expect(calls(entries)).toEqual([{ kind: 'call', actor: 'perform', input: provisional }]);
      break;
    case 'action.ask':
      expect(calls(entries), 'nothing is sent before the confirmation').toEqual([]);
      expect(selectAskedRequest(s)).toEqual(confirmed);
      break;
    case 'action.confirm':
      expect(calls(entries)).toEqual([{ kind: 'call', actor: 'perform', input: confirmed }]);
      break;
    case 'action.cancel':
      expect(calls(entries)).toEqual([]);
      expect(after.matches('idle')).toBe(true);
      break;
    case 'xstate.done.actor.perform':
      expect(selectActionResult(s)).toEqual({ ok: true, message: event.output.message });
      expect(hostActions(entries), 'what changed is reloaded').toEqual([{ name: 'changed', params: undefined }]);
      break;
    case 'xstate.error.actor.perform':
      expect(selectActionResult(s)).toEqual({ ok: false, message: event.error.message });
      expect(after.context.fieldErrors).toEqual(event.error.fieldErrors);
      expect(hostActions(entries)).toEqual([]);
      break;
  }
  if (!event.type.startsWith('xstate.done')) expect(hostActions(entries)).toEqual([]);
  if (before.matches('asking') || before.matches('idle')) expect(calls(entries).length).toBe(after.matches('running') ? 1 : 0);
}

describe('console-action: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(consoleActionPaths, path), async () => {
      await replayPath(consoleActionPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(consoleActionPaths, paths), 'transitions in no path').toEqual([]);
  });
});
