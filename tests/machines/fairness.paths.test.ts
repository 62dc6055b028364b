import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DigitFairness } from '../../src/api/types';
import { isClientSeed } from '../../src/lib/fair-roll';
import { fairnessMachine } from '../../src/machines/fairness/fairness.machine';
import type { FairnessContext } from '../../src/machines/fairness/fairness-rules';
import { selectCanRotate, selectRotating, selectVerification } from '../../src/machines/fairness/fairness.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { fairnessPaths, firstFairness, rotated, verificationOf } from './fairness.paths';

const paths = generatePaths(fairnessPaths);

function checkInvariants({ step, before, after, entries }: ReplayedStep) {
  const { event } = step;
  const s = after as never;
  const callsTo = (actor: string) => entries.filter((e) => e.kind === 'call' && e.actor === actor);
  expect(entries.filter((e) => e.kind === 'action'), 'the page has no host effects').toEqual([]);
  expect(selectRotating(s)).toBe(after.matches({ seeds: 'rotating' }));
  expect(selectCanRotate(s), 'Rotate seed only on a loaded page, one rotation at a time').toBe(after.matches({ seeds: 'ready' }));

  if (event.type === 'clientSeed.save') {
    const draft = before.context.clientSeedDraft;
    if (isClientSeed(draft)) expect(callsTo('rotateSeed')).toEqual([{ kind: 'call', actor: 'rotateSeed', input: { clientSeed: draft } }]);
    else {
      expect(callsTo('rotateSeed'), 'an invalid client seed is refused without a request').toEqual([]);
      expect(after.context.seedError).toEqual({ code: 'invalid' });
    }
  }
  if (event.type === 'seed.rotate') {
    expect(callsTo('rotateSeed'), 'Rotate seed keeps the client seed').toEqual([
      { kind: 'call', actor: 'rotateSeed', input: { clientSeed: before.context.current!.clientSeed } },
    ]);
  }
  if (event.type === 'xstate.done.actor.rotateSeed') {
    const answer = event.output as DigitFairness;
    expect(after.context).toMatchObject({ current: answer.current, revealed: answer.revealed, clientSeedDraft: answer.current.clientSeed, seedError: null });
    const seed = answer.revealed[0]!;
    expect(callsTo('verifySeed'), 'the seed just revealed is checked at once').toEqual([{ kind: 'call', actor: 'verifySeed', input: seed }]);
    expect(seed.seedId).toBe(before.context.current!.seedId);
  }
  if (event.type === 'xstate.error.actor.rotateSeed') {
    expect(after.context.seedError).toEqual({ code: 'failed', message: event.error.message });
    expect(after.context.current, 'a failed rotation keeps the pair').toEqual(before.context.current);
  }
  if (event.type === 'seed.verify') {
    const seed = (after.context as FairnessContext).revealed.find((r) => r.seedId === event.seedId);
    expect(callsTo('verifySeed')).toEqual([{ kind: 'call', actor: 'verifySeed', input: seed }]);
    expect(selectVerification(s), 'the previous check is cleared').toBeNull();
  }
  if (event.type === 'xstate.done.actor.verifySeed') expect(selectVerification(s)).toEqual(event.output);
  if (event.type === 'manual.compute') {
    const valid = after.matches({ manual: 'computing' });
    expect(callsTo('computeRoll')).toHaveLength(valid ? 1 : 0);
    if (valid) {
      const { serverSeed, clientSeed, nonce } = before.context.manual;
      expect(callsTo('computeRoll')[0]).toMatchObject({ input: { serverSeed, clientSeed, nonce: Number(nonce) } });
    } else expect(after.context.manualInvalid.length).toBeGreaterThan(0);
  }
  if (event.type === 'manual.change') {
    expect(after.context.manual[event.field as 'nonce']).toBe(event.value);
    expect(after.context.manualResult).toBeNull();
    expect(after.context.manualInvalid).not.toContain(event.field);
  }
}

describe('fairness: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(fairnessPaths, path), async () => {
      await replayPath(fairnessPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(fairnessPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('fairness: behaviour', () => {
  it('a check that finishes after another was asked for is dropped', async () => {
    const answers: Array<(v: unknown) => void> = [];
    const machine = fairnessMachine.provide({
      actors: {
        fetchFairness: fromPromise(async () => ({ ...firstFairness, revealed: [...firstFairness.revealed, { ...firstFairness.revealed[0]!, seedId: 7 }] })),
        rotateSeed: fromPromise(async () => rotated(createActor(fairnessMachine).getSnapshot().context)),
        verifySeed: fromPromise(() => new Promise((resolve) => answers.push(resolve as (v: unknown) => void))),
        computeRoll: fromPromise(async () => ({ digit: 0, serverSeedHash: '' })),
      },
    });
    const actor = createActor(machine).start();
    await flush();
    const [one, seven] = actor.getSnapshot().context.revealed;
    actor.send({ type: 'seed.verify', seedId: one!.seedId });
    actor.send({ type: 'seed.verify', seedId: seven!.seedId });
    answers[0]!(verificationOf(one!));
    await flush();
    expect(selectVerification(actor.getSnapshot())).toBeNull();
    answers[1]!(verificationOf(seven!));
    await flush();
    expect(selectVerification(actor.getSnapshot())?.seedId).toBe(7);
  });
});
