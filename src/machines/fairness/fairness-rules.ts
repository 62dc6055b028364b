/**
 * The fairness page's rules as pure functions: the client seed a player types, the manual
 * verifier's fields, and what a failure leaves on screen (codes; the view words them).
 */
import type { ApiErrorInfo, DigitFairness, DigitSeedPair, RevealedSeed } from '../../api/types';
import { isClientSeed, isNonce, isServerSeed, type ManualRoll, type SeedVerification } from '../../lib/fair-roll';

/** A refusal before any request (`invalid`) or the server's / the browser's message. */
export type FairError = { code: 'invalid' } | { code: 'failed'; message: string };

export interface ManualFields {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
}

export type ManualField = keyof ManualFields;

export interface FairnessContext {
  current: DigitSeedPair | null;
  revealed: RevealedSeed[];
  loadError: ApiErrorInfo | null;
  /** The client seed as typed; saving it rotates the seed pair. */
  clientSeedDraft: string;
  seedError: FairError | null;
  /** The client seed the rotation in flight sends. */
  rotatingWith: string;
  verifyingSeedId: number | null;
  verification: SeedVerification | null;
  verifyError: string | null;
  manual: ManualFields;
  /** Fields the manual form refused, in form order. */
  manualInvalid: ManualField[];
  manualResult: ManualRoll | null;
  manualError: string | null;
}

export function initialFairness(): FairnessContext {
  return {
    current: null,
    revealed: [],
    loadError: null,
    clientSeedDraft: '',
    seedError: null,
    rotatingWith: '',
    verifyingSeedId: null,
    verification: null,
    verifyError: null,
    manual: { serverSeed: '', clientSeed: '', nonce: '0' },
    manualInvalid: [],
    manualResult: null,
    manualError: null,
  };
}

export function loaded(fairness: DigitFairness): Partial<FairnessContext> {
  return { current: fairness.current, revealed: fairness.revealed, loadError: null, clientSeedDraft: fairness.current.clientSeed, seedError: null };
}

export const draftIsValid = (context: FairnessContext) => isClientSeed(context.clientSeedDraft);

/** A failed call as the page shows it: the message (the network text for status 0 comes from the api layer). */
export const failure = (error: ApiErrorInfo): FairError => ({ code: 'failed', message: error.message });

export const findRevealed = (context: FairnessContext, seedId: number) => context.revealed.find((seed) => seed.seedId === seedId) ?? null;

export function invalidManualFields({ serverSeed, clientSeed, nonce }: ManualFields): ManualField[] {
  const invalid: ManualField[] = [];
  if (!isServerSeed(serverSeed)) invalid.push('serverSeed');
  if (!isClientSeed(clientSeed)) invalid.push('clientSeed');
  if (!isNonce(nonce)) invalid.push('nonce');
  return invalid;
}

export interface ManualRollInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export const manualInput = ({ manual }: FairnessContext): ManualRollInput => ({
  serverSeed: manual.serverSeed.trim().toLowerCase(),
  clientSeed: manual.clientSeed,
  nonce: Number(manual.nonce.trim()),
});
