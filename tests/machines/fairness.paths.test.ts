import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DigitFairness } from '../../src/api/types';
import { isClientSeed } from '../../src/lib/fair-roll';
import { fairnessMachine } from '../../src/machines/fairness/fairness.machine';
import type { FairnessContext } from '../../src/machines/fairness/fairness-rules';
import { selectCanRotate, selectRotating, selectVerification } from '../../src/machines/fairness/fairness.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { fairnessPaths, firstFairness, rotated, verificationOf } from './fairness.paths';

const paths = generatePaths(fairnessPaths);

function always({ after, entries }: ReplayedStep) {
  const s = after as never;
  expect(entries.filter((e) => e.kind === 'action'), 'the page has no host effects').toEqual([]);
  expect(selectRotating(s)).toBe(after.matches({ seeds: 'rotating' }));
  expect(selectCanRotate(s), 'Rotate seed only on a loaded page, one rotation at a time').toBe(after.matches({ seeds: 'ready' }));
}

const callsTo = (entries: ReplayedStep['entries'], actor: string) => entries.filter((e) => e.kind === 'call' && e.actor === actor);

/** What each event does, from issue 10's fairness page (hashed server seed, client seed, reveal on rotation, verify, manual roll). */
const effects: Effects = {
  'xstate.done.actor.fetchFairness': ({ step, after }) => {
    const answer = step.event.output as DigitFairness;
    expect(after.matches({ seeds: 'ready' })).toBe(true);
    expect(after.context).toMatchObject({ current: answer.current, revealed: answer.revealed, clientSeedDraft: answer.current.clientSeed });
  },
  'xstate.error.actor.fetchFairness': ({ step, after }) => {
    expect(after.matches({ seeds: 'failed' })).toBe(true);
    expect(after.context.loadError).toEqual(step.event.error);
  },
  'seeds.load': ({ after, entries }) => {
    expect(after.matches({ seeds: 'loading' })).toBe(true);
    expect(callsTo(entries, 'fetchFairness')).toHaveLength(1);
  },
  'clientSeed.change': ({ step, before, after }) => {
    expect(after.context).toMatchObject({ clientSeedDraft: step.event.value, seedError: null });
    expect(after.context.current, 'typing changes nothing on the server').toEqual(before.context.current);
  },
  'clientSeed.save': ({ before, after, entries }) => {
    const draft = before.context.clientSeedDraft;
    if (isClientSeed(draft)) expect(callsTo(entries, 'rotateSeed')).toEqual([{ kind: 'call', actor: 'rotateSeed', input: { clientSeed: draft } }]);
    else {
      expect(callsTo(entries, 'rotateSeed'), 'an invalid client seed is refused without a request').toEqual([]);
      expect(after.context.seedError).toEqual({ code: 'invalid' });
    }
  },
  'seed.rotate': ({ before, entries }) => {
    expect(callsTo(entries, 'rotateSeed'), 'Rotate seed keeps the client seed').toEqual([
      { kind: 'call', actor: 'rotateSeed', input: { clientSeed: before.context.current!.clientSeed } },
    ]);
  },
  'xstate.done.actor.rotateSeed': ({ step, before, after, entries }) => {
    const answer = step.event.output as DigitFairness;
    expect(after.context).toMatchObject({ current: answer.current, revealed: answer.revealed, clientSeedDraft: answer.current.clientSeed, seedError: null });
    const seed = answer.revealed[0]!;
    expect(callsTo(entries, 'verifySeed'), 'the seed just revealed is checked at once').toEqual([{ kind: 'call', actor: 'verifySeed', input: seed }]);
    expect(seed.seedId).toBe(before.context.current!.seedId);
  },
  'xstate.error.actor.rotateSeed': ({ step, before, after }) => {
    expect(after.context.seedError).toEqual({ code: 'failed', message: step.event.error.message });
    expect(after.context.current, 'a failed rotation keeps the pair').toEqual(before.context.current);
  },
  'seed.verify': ({ step, after, entries }) => {
    const seed = (after.context as FairnessContext).revealed.find((r) => r.seedId === step.event.seedId);
    expect(callsTo(entries, 'verifySeed')).toEqual([{ kind: 'call', actor: 'verifySeed', input: seed }]);
    expect(selectVerification(after as never), 'the previous check is cleared').toBeNull();
  },
  'xstate.done.actor.verifySeed': ({ step, after }) => expect(selectVerification(after as never)).toEqual(step.event.output),
  'xstate.error.actor.verifySeed': ({ after }) => {
    expect(after.matches({ verify: 'failed' })).toBe(true);
    expect(after.context.verifyError, 'the check says why it could not run').toBeTruthy();
    expect(selectVerification(after as never)).toBeNull();
  },
  'manual.change': ({ step, after }) => {
    expect(after.context.manual[step.event.field as 'nonce']).toBe(step.event.value);
    expect(after.context.manualResult).toBeNull();
    expect(after.context.manualInvalid).not.toContain(step.event.field);
  },
  'manual.fill': ({ step, after }) => {
    expect(after.context).toMatchObject({ manual: step.event.fields, manualInvalid: [], manualResult: null, manualError: null });
  },
  'manual.compute': ({ before, after, entries }) => {
    const valid = after.matches({ manual: 'computing' });
    expect(callsTo(entries, 'computeRoll')).toHaveLength(valid ? 1 : 0);
    if (valid) {
      const { serverSeed, clientSeed, nonce } = before.context.manual;
      expect(callsTo(entries, 'computeRoll')[0]).toMatchObject({ input: { serverSeed, clientSeed, nonce: Number(nonce) } });
    } else expect(after.context.manualInvalid.length).toBeGreaterThan(0);
  },
  'xstate.done.actor.computeRoll': ({ step, after }) => {
    expect(after.matches({ manual: 'editing' })).toBe(true);
    expect(after.context).toMatchObject({ manualResult: step.event.output, manualError: null });
  },
  'xstate.error.actor.computeRoll': ({ before, after }) => {
    expect(after.matches({ manual: 'editing' })).toBe(true);
    expect(after.context.manualError, 'the roll says why it could not run').toBeTruthy();
    expect(after.context.manual, 'what was typed stays').toEqual(before.context.manual);
  },
};

describe('fairness: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(fairnessPaths, path), async () => {
      await replayPath(fairnessPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(fairnessPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('fairness', effects, paths);
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
