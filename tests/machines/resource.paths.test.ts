import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resourceMachine } from '../../src/machines/resource/resource.machine';
import { selectResourceData, selectResourceFailed, selectResourceLoading } from '../../src/machines/resource/resource.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { flush, replayPath } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { resourcePaths } from './resource.paths';

const paths = generatePaths(resourcePaths);

/** What is shown stays through refreshes and failures; exactly one call when loading starts. */
const always: Effect = ({ step, before, after, entries }) => {
  const snapshot = after as never;
  expect(selectResourceLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectResourceFailed(snapshot)).toBe(after.matches('failed'));
  const entered = after.matches('loading') && !before.matches('loading');
  expect(entries, 'one call exactly when loading starts').toEqual(entered ? [{ kind: 'call', actor: 'load', input: undefined }] : []);
  if (step.event.type !== 'xstate.done.actor.load') expect(selectResourceData(snapshot), 'data shown stays through refreshes and failures').toBe(before.context.data);
};

const effects: Effects = {
  'resource.refresh': ({ after }) => expect(after.matches('loading'), 'a refresh loads again').toBe(true),
  'resource.retry': ({ after }) => expect(after.matches('loading'), 'a retry loads again').toBe(true),
  'xstate.done.actor.load': ({ step, after }) => {
    expect(selectResourceData(after as never), 'the answer is shown').toBe(step.event.output);
    expect(after.context.error).toBeNull();
  },
  'xstate.error.actor.load': ({ step, after }) => {
    expect(after.matches('failed'), 'a failure is shown').toBe(true);
    expect(after.context.error).toEqual(step.event.error);
  },
};

describe('resource: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(resourcePaths, path), async () => {
      await replayPath(resourcePaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('resource', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(resourcePaths, paths), 'transitions in no path').toEqual([]);
  });

  it('fails, instead of loading forever, when the host did not provide the call', async () => {
    const actor = createActor(resourceMachine).start();
    await flush();
    expect(selectResourceFailed(actor.getSnapshot())).toBe(true);
  });
});
