import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resourceMachine } from '../../src/machines/resource/resource.machine';
import { selectResourceData, selectResourceFailed, selectResourceLoading } from '../../src/machines/resource/resource.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { resourcePaths } from './resource.paths';

const paths = generatePaths(resourcePaths);

function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const snapshot = after as never;
  expect(selectResourceLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectResourceFailed(snapshot)).toBe(after.matches('failed'));
  const entered = after.matches('loading') && !before.matches('loading');
  expect(entries, 'one call exactly when loading starts').toEqual(entered ? [{ kind: 'call', actor: 'load', input: undefined }] : []);
  if (event.type === 'xstate.done.actor.load') expect(selectResourceData(snapshot)).toBe(event.output);
  else expect(selectResourceData(snapshot), 'data shown stays through refreshes and failures').toBe(before.context.data);
  if (event.type === 'xstate.error.actor.load') expect(after.context.error).toEqual(event.error);
  if (event.type === 'xstate.done.actor.load') expect(after.context.error).toBeNull();
}

describe('resource: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(resourcePaths, path), async () => {
      await replayPath(resourcePaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(resourcePaths, paths), 'transitions in no path').toEqual([]);
  });

  it('fails, instead of loading forever, when the host did not provide the call', async () => {
    const actor = createActor(resourceMachine).start();
    await flush();
    expect(selectResourceFailed(actor.getSnapshot())).toBe(true);
  });
});
