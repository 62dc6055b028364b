/**
 * The fairness page's view object (zag's `connect`): the active seed pair and its client seed
 * form, the revealed seeds, the check of one of them, the manual form, and the player's intents.
 * Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import type { ApiErrorInfo, DigitSeedPair, RevealedSeed } from '../../api/types';
import type { ManualRoll, SeedVerification } from '../../lib/fair-roll';
import { intentsPerActor } from '../shared/connect';
import type { FairError, ManualField, ManualFields } from './fairness-rules';
import type { FairnessEvent, fairnessMachine } from './fairness.machine';
import {
  selectCanRotate,
  selectClientSeedDraft,
  selectComputing,
  selectCurrentSeed,
  selectDraftChanged,
  selectLoadError,
  selectManual,
  selectManualError,
  selectManualInvalid,
  selectManualResult,
  selectRevealed,
  selectRotating,
  selectSeedError,
  selectSeedsLoading,
  selectVerification,
  selectVerifyError,
  selectVerifying,
  selectVerifyingSeed,
  selectVerifyingSeedId,
} from './fairness.selectors';

export interface FairnessIntents {
  /** Try Again after the seeds failed to load. */
  reload: () => void;
  changeClientSeed: (value: string) => void;
  /** Saving a new client seed rotates the pair. */
  saveClientSeed: () => void;
  rotate: () => void;
  verify: (seedId: number) => void;
  changeManual: (field: ManualField, value: string) => void;
  /** "Check by hand" on a verified bet: the manual form takes the seed pair and the bet's nonce. */
  checkByHand: (seed: RevealedSeed, nonce: number) => void;
  computeManual: () => void;
}

export interface FairnessView extends FairnessIntents {
  seedsLoading: boolean;
  loadError: ApiErrorInfo | null;
  current: DigitSeedPair | null;
  revealed: RevealedSeed[];
  clientSeedDraft: string;
  /** Save is offered once the typed client seed differs from the active one. */
  draftChanged: boolean;
  seedError: FairError | null;
  rotating: boolean;
  canRotate: boolean;
  verifying: boolean;
  verifyingSeedId: number | null;
  verifyingSeed: RevealedSeed | null;
  verification: SeedVerification | null;
  verifyError: string | null;
  manual: ManualFields;
  manualInvalid: ManualField[];
  manualResult: ManualRoll | null;
  manualError: string | null;
  computing: boolean;
}

type FairnessSend = (event: FairnessEvent) => void;

const intentsOf = intentsPerActor(
  (send: FairnessSend): FairnessIntents => ({
    reload: () => send({ type: 'seeds.load' }),
    changeClientSeed: (value) => send({ type: 'clientSeed.change', value }),
    saveClientSeed: () => send({ type: 'clientSeed.save' }),
    rotate: () => send({ type: 'seed.rotate' }),
    verify: (seedId) => send({ type: 'seed.verify', seedId }),
    changeManual: (field, value) => send({ type: 'manual.change', field, value }),
    checkByHand: (seed, nonce) => send({ type: 'manual.fill', fields: { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: String(nonce) } }),
    computeManual: () => send({ type: 'manual.compute' }),
  }),
);

export function connectFairness(snapshot: SnapshotFrom<typeof fairnessMachine>, send: FairnessSend): FairnessView {
  return {
    seedsLoading: selectSeedsLoading(snapshot),
    loadError: selectLoadError(snapshot),
    current: selectCurrentSeed(snapshot),
    revealed: selectRevealed(snapshot),
    clientSeedDraft: selectClientSeedDraft(snapshot),
    draftChanged: selectDraftChanged(snapshot),
    seedError: selectSeedError(snapshot),
    rotating: selectRotating(snapshot),
    canRotate: selectCanRotate(snapshot),
    verifying: selectVerifying(snapshot),
    verifyingSeedId: selectVerifyingSeedId(snapshot),
    verifyingSeed: selectVerifyingSeed(snapshot),
    verification: selectVerification(snapshot),
    verifyError: selectVerifyError(snapshot),
    manual: selectManual(snapshot),
    manualInvalid: selectManualInvalid(snapshot),
    manualResult: selectManualResult(snapshot),
    manualError: selectManualError(snapshot),
    computing: selectComputing(snapshot),
    ...intentsOf(send),
  };
}
