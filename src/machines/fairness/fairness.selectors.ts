import type { SnapshotFrom } from 'xstate';
import type { fairnessMachine } from './fairness.machine';

type FairnessSnapshot = SnapshotFrom<typeof fairnessMachine>;

export const selectSeedsLoading = (s: FairnessSnapshot) => s.matches({ seeds: 'loading' });
export const selectLoadError = (s: FairnessSnapshot) => (s.matches({ seeds: 'failed' }) ? s.context.loadError : null);
export const selectCurrentSeed = (s: FairnessSnapshot) => s.context.current;
export const selectRevealed = (s: FairnessSnapshot) => s.context.revealed;
export const selectClientSeedDraft = (s: FairnessSnapshot) => s.context.clientSeedDraft;
/** Save is offered once the typed client seed differs from the active one. */
export const selectDraftChanged = (s: FairnessSnapshot) => s.context.current !== null && s.context.clientSeedDraft !== s.context.current.clientSeed;
export const selectSeedError = (s: FairnessSnapshot) => s.context.seedError;
export const selectRotating = (s: FairnessSnapshot) => s.hasTag('busy');
export const selectCanRotate = (s: FairnessSnapshot) => s.can({ type: 'seed.rotate' });
export const selectVerifying = (s: FairnessSnapshot) => s.hasTag('verifying');
export const selectVerifyingSeedId = (s: FairnessSnapshot) => s.context.verifyingSeedId;
/** The revealed seed being (or last) checked; its pair fills the manual form from a bet's row. */
export const selectVerifyingSeed = (s: FairnessSnapshot) => s.context.revealed.find((seed) => seed.seedId === s.context.verifyingSeedId) ?? null;
export const selectVerification = (s: FairnessSnapshot) => (s.matches({ verify: 'shown' }) ? s.context.verification : null);
export const selectVerifyError = (s: FairnessSnapshot) => (s.matches({ verify: 'failed' }) ? s.context.verifyError : null);
export const selectManual = (s: FairnessSnapshot) => s.context.manual;
export const selectManualInvalid = (s: FairnessSnapshot) => s.context.manualInvalid;
export const selectManualResult = (s: FairnessSnapshot) => s.context.manualResult;
export const selectManualError = (s: FairnessSnapshot) => s.context.manualError;
export const selectComputing = (s: FairnessSnapshot) => s.hasTag('computing');
