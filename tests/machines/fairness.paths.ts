/** Path model of fairnessMachine: the seed pair, saving a client seed, rotating, checking a revealed seed, the manual form. */
import { createHash } from 'node:crypto';
import type { SnapshotFrom } from 'xstate';
import type { DigitFairness, RevealedSeed } from '../../src/api/types';
import { FAIR_UNSUPPORTED, type SeedVerification } from '../../src/lib/fair-roll';
import { fairnessMachine } from '../../src/machines/fairness/fairness.machine';
import type { FairnessContext } from '../../src/machines/fairness/fairness-rules';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';

type FairnessSnapshot = SnapshotFrom<typeof fairnessMachine>;

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const seedHex = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

export const clientSeedRefusal = 'The client seed may only contain printable characters without spaces.';

function revealed(seedId: number, clientSeed: string, bets: number): RevealedSeed {
  return {
    seedId,
    serverSeed: seedHex(seedId),
    serverSeedHash: sha256(seedHex(seedId)),
    clientSeed,
    bets,
    createdAt: '2026-11-20T06:00:00.000Z',
    revealedAt: '2026-11-21T06:00:00.000Z',
  };
}

export const firstFairness: DigitFairness = {
  current: { seedId: 2, serverSeedHash: sha256(seedHex(2)), clientSeed: 'a1b2c3d4e5f60718', nonce: 4 },
  revealed: [revealed(1, 'old-client', 3)],
};

/** The server's answer to a rotation: the active pair revealed, a new one with `clientSeed`. */
export function rotated(context: FairnessContext): DigitFairness {
  const current = context.current ?? firstFairness.current;
  const next = current.seedId + 1;
  return {
    current: { seedId: next, serverSeedHash: sha256(seedHex(next)), clientSeed: context.rotatingWith, nonce: 0 },
    revealed: [revealed(current.seedId, current.clientSeed, current.nonce), ...context.revealed],
  };
}

export function verificationOf(seed: RevealedSeed, mismatch = false): SeedVerification {
  const bets = Array.from({ length: seed.bets }, (_, nonce) => {
    const computed = (nonce * 3 + seed.seedId) % 10;
    const rolled = mismatch && nonce === 0 ? (computed + 1) % 10 : computed;
    return { id: seed.seedId * 100 + nonce, nonce, betType: 'digit' as const, digit: 7, rolled, computed, ok: rolled === computed };
  });
  return { seedId: seed.seedId, hashOk: !mismatch, bets };
}

const change = (value: string) => ({ type: 'clientSeed.change', value });
const manual = (field: string, value: string) => ({ type: 'manual.change', field, value });

function seedEvents(snapshot: FairnessSnapshot): PhrasedEvent[] {
  const { context } = snapshot;
  if (snapshot.matches({ seeds: 'loading' })) {
    return [
      ['the seeds load (one revealed)', done('fetchFairness', firstFairness)],
      ['loading the seeds fails', failed('fetchFairness', networkDown)],
    ];
  }
  if (snapshot.matches({ seeds: 'failed' })) return [['they retry loading the seeds', { type: 'seeds.load' }]];
  if (snapshot.matches({ seeds: 'rotating' })) {
    return [
      ['the server rotates the seed pair', done('rotateSeed', rotated(context))],
      ['the server refuses the client seed (422)', failed('rotateSeed', apiError(422, clientSeedRefusal, { client_seed: clientSeedRefusal }))],
      ['rotating fails (network)', failed('rotateSeed', networkDown)],
    ];
  }
  const draft = context.clientSeedDraft;
  return [
    ['they type the client seed "my-lucky-seed"', change('my-lucky-seed')],
    ['they type a client seed with a space', change('my seed')],
    [draft.includes(' ') ? 'they save the client seed with a space' : `they save the client seed "${draft}"`, { type: 'clientSeed.save' }],
    ['they press Rotate seed', { type: 'seed.rotate' }],
  ];
}

function verifyEvents(snapshot: FairnessSnapshot): PhrasedEvent[] {
  const { context } = snapshot;
  const events: PhrasedEvent[] = context.revealed.slice(0, 1).map((seed) => [`they check seed #${seed.seedId}`, { type: 'seed.verify', seedId: seed.seedId }]);
  if (!snapshot.matches({ verify: 'checking' })) return events;
  const seed = context.revealed.find((s) => s.seedId === context.verifyingSeedId)!;
  return [
    [`every bet of seed #${seed.seedId} matches and so does its hash`, done('verifySeed', verificationOf(seed))],
    [`a bet of seed #${seed.seedId} does not match`, done('verifySeed', verificationOf(seed, true))],
    ['loading the bets fails', failed('verifySeed', networkDown)],
    ...events,
  ];
}

function manualEvents(snapshot: FairnessSnapshot): PhrasedEvent[] {
  if (snapshot.matches({ manual: 'computing' })) {
    return [
      ['the browser computes the digit', done('computeRoll', { digit: 7, serverSeedHash: sha256(seedHex(1)) })],
      ['the browser has no Web Crypto (plain http)', failed('computeRoll', new Error(FAIR_UNSUPPORTED))],
    ];
  }
  const { serverSeed, clientSeed } = snapshot.context.manual;
  const ready = serverSeed.length === 64 && clientSeed !== '' && snapshot.context.manual.nonce !== '';
  return [
    ['they press "Check by hand" on nonce 2 of seed #1', { type: 'manual.fill', fields: { serverSeed: seedHex(1), clientSeed: 'old-client', nonce: '2' } }],
    ['they paste server seed #1', manual('serverSeed', seedHex(1))],
    ['they paste half a server seed', manual('serverSeed', seedHex(1).slice(0, 32))],
    ['they type client seed "old-client"', manual('clientSeed', 'old-client')],
    ['they type nonce 2', manual('nonce', '2')],
    [ready ? 'they press Compute' : 'they press Compute with fields missing', { type: 'manual.compute' }],
  ];
}

function describeState(snapshot: FairnessSnapshot): string {
  const { context } = snapshot;
  const seeds = snapshot.matches({ seeds: 'loading' })
    ? 'the seeds are loading'
    : snapshot.matches({ seeds: 'failed' })
      ? 'the seeds failed to load'
      : `seed #${context.current?.seedId} is active with client seed "${context.current?.clientSeed}"${snapshot.hasTag('busy') ? ', rotating' : ''}`;
  const verify = snapshot.matches({ verify: 'checking' }) ? `; checking seed #${context.verifyingSeedId}` : snapshot.matches({ verify: 'shown' }) ? `; seed #${context.verifyingSeedId} checked` : '';
  const manualText = snapshot.matches({ manual: 'computing' }) ? '; the manual roll is computing' : context.manualResult ? `; the manual roll shows ${context.manualResult.digit}` : '';
  return seeds + verify + manualText;
}

export const fairnessPaths = definePathModel({
  name: 'fairness',
  title: 'Provably fair page (/fairness)',
  source: 'src/machines/fairness/fairness.machine.ts',
  machine: fairnessMachine,
  starts: [{ name: 'the fairness page', input: undefined }],
  events: (snapshot) => [...seedEvents(snapshot), ...verifyEvents(snapshot), ...manualEvents(snapshot)],
  describeState,
});
