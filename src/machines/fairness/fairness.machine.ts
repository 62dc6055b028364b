/**
 * Provably fair page (/fairness): the active seed pair's commitment and client seed (saving a new
 * client seed rotates the pair), rotating to reveal the server seed, and checking a revealed seed's
 * bets in the browser; plus a manual form (server seed, client seed, nonce → digit).
 * Host provides: `fetchFairness` (GET /digitbet/fairness), `rotateSeed` (POST /digitbet/seed/rotate),
 * `verifySeed` (GET /digitbet/history?seed_id= and the WebCrypto check, src/lib/fair-roll.ts),
 * `computeRoll` (the WebCrypto roll). After a rotation the seed just revealed is checked at once.
 */
import { assign, raise, setup } from 'xstate';
import type { DigitFairness, RevealedSeed } from '../../api/types';
import type { ManualRoll, SeedVerification } from '../../lib/fair-roll';
import { toErrorInfo } from '../shared/error-info';
import { ioActor } from '../shared/placeholders';
import {
  draftIsValid,
  failure,
  findRevealed,
  initialFairness,
  invalidManualFields,
  loaded,
  manualInput,
  type FairnessContext,
  type ManualField,
  type ManualFields,
  type ManualRollInput,
} from './fairness-rules';

export type FairnessEvent =
  | { type: 'seeds.load' }
  | { type: 'clientSeed.change'; value: string }
  | { type: 'clientSeed.save' }
  | { type: 'seed.rotate' }
  | { type: 'seed.verify'; seedId: number }
  | { type: 'manual.change'; field: ManualField; value: string }
  /** "Check by hand" on a verified bet: the form takes its seed pair and nonce. */
  | { type: 'manual.fill'; fields: ManualFields }
  | { type: 'manual.compute' };

/** A failed call's message, or the browser's (Web Crypto missing on plain http). */
const errorText = (error: unknown) => (error instanceof Error ? error.message : toErrorInfo(error).message);

export const fairnessMachine = setup({
  types: {
    context: {} as FairnessContext,
    events: {} as FairnessEvent,
  },
  actors: {
    fetchFairness: ioActor<DigitFairness, void>('fetchFairness'),
    rotateSeed: ioActor<DigitFairness, { clientSeed: string }>('rotateSeed'),
    verifySeed: ioActor<SeedVerification, RevealedSeed>('verifySeed'),
    computeRoll: ioActor<ManualRoll, ManualRollInput>('computeRoll'),
  },
  actions: {
    storeFairness: assign((_, params: { fairness: DigitFairness }) => loaded(params.fairness)),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: toErrorInfo(params.error) })),
    changeDraft: assign((_, params: { value: string }) => ({ clientSeedDraft: params.value, seedError: null })),
    refuseDraft: assign({ seedError: { code: 'invalid' } }),
    clearSeedError: assign({ seedError: null }),
    rotateWithDraft: assign(({ context }) => ({ rotatingWith: context.clientSeedDraft })),
    /** Rotate seed keeps the player's client seed; only the server seed changes. */
    rotateKeepingClientSeed: assign(({ context }) => ({ rotatingWith: context.current?.clientSeed ?? context.clientSeedDraft })),
    storeSeedError: assign((_, params: { error: unknown }) => ({ seedError: failure(toErrorInfo(params.error)) })),
    startVerify: assign((_, params: { seedId: number }) => ({ verifyingSeedId: params.seedId, verification: null, verifyError: null })),
    storeVerification: assign((_, params: { verification: SeedVerification }) => ({ verification: params.verification })),
    storeVerifyError: assign((_, params: { error: unknown }) => ({ verifyError: errorText(params.error) })),
    changeManual: assign(({ context }, params: { field: ManualField; value: string }) => ({
      manual: { ...context.manual, [params.field]: params.value },
      manualInvalid: context.manualInvalid.filter((field) => field !== params.field),
      manualResult: null,
      manualError: null,
    })),
    fillManual: assign((_, params: { fields: ManualFields }) => ({ manual: params.fields, manualInvalid: [], manualResult: null, manualError: null })),
    refuseManual: assign(({ context }) => ({ manualInvalid: invalidManualFields(context.manual), manualResult: null })),
    storeManual: assign((_, params: { result: ManualRoll }) => ({ manualResult: params.result, manualError: null })),
    storeManualError: assign((_, params: { error: unknown }) => ({ manualError: errorText(params.error) })),
  },
  guards: {
    draftIsValid: ({ context }) => draftIsValid(context),
    knownSeed: ({ context }, params: { seedId: number }) => findRevealed(context, params.seedId) !== null,
    manualIsValid: ({ context }) => invalidManualFields(context.manual).length === 0,
  },
}).createMachine({
  id: 'fairness',
  type: 'parallel',
  context: initialFairness,
  states: {
    seeds: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchFairness',
            src: 'fetchFairness',
            onDone: { target: 'ready', actions: { type: 'storeFairness', params: ({ event }) => ({ fairness: event.output }) } },
            onError: { target: 'failed', actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          tags: ['error'],
          on: { 'seeds.load': { target: 'loading' } },
        },
        ready: {
          on: {
            'clientSeed.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ value: event.value }) } },
            'clientSeed.save': [{ guard: 'draftIsValid', target: 'rotating', actions: 'rotateWithDraft' }, { actions: 'refuseDraft' }],
            'seed.rotate': { target: 'rotating', actions: 'rotateKeepingClientSeed' },
          },
        },
        rotating: {
          tags: ['busy'],
          entry: 'clearSeedError',
          invoke: {
            id: 'rotateSeed',
            src: 'rotateSeed',
            input: ({ context }) => ({ clientSeed: context.rotatingWith }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'storeFairness', params: ({ event }) => ({ fairness: event.output }) },
                // The seed just revealed (newest first) is checked at once.
                raise(({ event }) => ({ type: 'seed.verify' as const, seedId: event.output.revealed[0]?.seedId ?? -1 })),
              ],
            },
            onError: { target: 'ready', actions: { type: 'storeSeedError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    verify: {
      initial: 'idle',
      on: {
        'seed.verify': {
          guard: { type: 'knownSeed', params: ({ event }) => ({ seedId: event.seedId }) },
          target: '.checking',
          reenter: true,
          actions: { type: 'startVerify', params: ({ event }) => ({ seedId: event.seedId }) },
        },
      },
      states: {
        idle: {},
        checking: {
          tags: ['verifying'],
          invoke: {
            id: 'verifySeed',
            src: 'verifySeed',
            input: ({ context }) => findRevealed(context, context.verifyingSeedId ?? -1)!,
            onDone: { target: 'shown', actions: { type: 'storeVerification', params: ({ event }) => ({ verification: event.output }) } },
            onError: { target: 'failed', actions: { type: 'storeVerifyError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        shown: {},
        failed: {},
      },
    },
    manual: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'manual.change': { actions: { type: 'changeManual', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'manual.fill': { actions: { type: 'fillManual', params: ({ event }) => ({ fields: event.fields }) } },
            'manual.compute': [{ guard: 'manualIsValid', target: 'computing' }, { actions: 'refuseManual' }],
          },
        },
        computing: {
          tags: ['computing'],
          invoke: {
            id: 'computeRoll',
            src: 'computeRoll',
            input: ({ context }) => manualInput(context),
            onDone: { target: 'editing', actions: { type: 'storeManual', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'editing', actions: { type: 'storeManualError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
