/** The fairness page's view object (src/machines/fairness/fairness.connect.ts) over a live page. */
import { describe, expect, it } from 'vitest';
import { connectFairness } from '../../src/machines/fairness/fairness.connect';
import { fairnessMachine } from '../../src/machines/fairness/fairness.machine';
import { driveView } from '../support/connect-driver';
import { firstFairness, verificationOf } from './fairness.paths';
import { networkDown } from './money-fixtures';

const seed1 = firstFairness.revealed[0]!;
const start = () => driveView(fairnessMachine, connectFairness);

async function loaded() {
  const page = start();
  await page.answer('fetchFairness', firstFairness);
  return page;
}

describe('connectFairness: what the view shows', () => {
  it('loading, then the active pair (its client seed in the form) and the revealed seeds', async () => {
    const page = start();
    expect(page.view()).toMatchObject({ seedsLoading: true, current: null, revealed: [], loadError: null });
    await page.answer('fetchFairness', firstFairness);
    expect(page.view()).toMatchObject({
      seedsLoading: false,
      current: firstFairness.current,
      revealed: firstFairness.revealed,
      clientSeedDraft: firstFairness.current.clientSeed,
      draftChanged: false,
      canRotate: true,
      rotating: false,
      verifyingSeedId: null,
      verifyingSeed: null,
    });
  });

  it('a failed load shows its error; Try Again loads again', async () => {
    const page = start();
    await page.refuse('fetchFairness', networkDown);
    expect(page.view().loadError).toEqual(networkDown);
    page.view().reload();
    expect(page.view()).toMatchObject({ seedsLoading: true, loadError: null });
  });
});

describe('connectFairness: intents', () => {
  it('typing a client seed offers Save; a seed with a space is refused; saving rotates with it', async () => {
    const page = await loaded();
    page.view().changeClientSeed('my seed');
    expect(page.view()).toMatchObject({ clientSeedDraft: 'my seed', draftChanged: true });
    page.view().saveClientSeed();
    expect(page.view()).toMatchObject({ seedError: { code: 'invalid' }, rotating: false });
    page.view().changeClientSeed('my-lucky-seed');
    expect(page.view().seedError).toBeNull();
    page.view().saveClientSeed();
    expect(page.view()).toMatchObject({ rotating: true, canRotate: false });
    expect(page.calls().at(-1)).toEqual({ actor: 'rotateSeed', input: { clientSeed: 'my-lucky-seed' } });
  });

  it('rotate keeps the client seed', async () => {
    const page = await loaded();
    page.view().rotate();
    expect(page.view().rotating).toBe(true);
    expect(page.calls().at(-1)).toEqual({ actor: 'rotateSeed', input: { clientSeed: firstFairness.current.clientSeed } });
  });

  it('verify checks a revealed seed and shows its bets; check by hand fills the manual form from a bet', async () => {
    const page = await loaded();
    page.view().verify(seed1.seedId);
    expect(page.view()).toMatchObject({ verifying: true, verifyingSeedId: seed1.seedId, verifyingSeed: seed1, verification: null });
    const verification = verificationOf(seed1);
    await page.answer('verifySeed', verification);
    expect(page.view()).toMatchObject({ verifying: false, verification, verifyError: null });
    page.view().checkByHand(page.view().verifyingSeed!, 2);
    expect(page.view().manual).toEqual({ serverSeed: seed1.serverSeed, clientSeed: seed1.clientSeed, nonce: '2' });
  });

  it('a failed check shows its message', async () => {
    const page = await loaded();
    page.view().verify(seed1.seedId);
    await page.refuse('verifySeed', new Error('Web Crypto is not available'));
    expect(page.view()).toMatchObject({ verifying: false, verification: null, verifyError: 'Web Crypto is not available' });
  });

  it('the manual form: missing fields are named; filled in, compute shows the digit', async () => {
    const page = await loaded();
    page.view().computeManual();
    expect(page.view().manualInvalid).toEqual(['serverSeed', 'clientSeed']);
    page.view().changeManual('nonce', 'x');
    page.view().computeManual();
    expect(page.view().manualInvalid).toEqual(['serverSeed', 'clientSeed', 'nonce']);
    page.view().changeManual('serverSeed', seed1.serverSeed);
    page.view().changeManual('clientSeed', seed1.clientSeed);
    page.view().changeManual('nonce', '2');
    expect(page.view().manualInvalid).toEqual([]);
    page.view().computeManual();
    expect(page.view().computing).toBe(true);
    expect(page.calls().at(-1)).toEqual({ actor: 'computeRoll', input: { serverSeed: seed1.serverSeed, clientSeed: seed1.clientSeed, nonce: 2 } });
    await page.answer('computeRoll', { digit: 7, serverSeedHash: seed1.serverSeedHash });
    expect(page.view()).toMatchObject({ computing: false, manualResult: { digit: 7, serverSeedHash: seed1.serverSeedHash }, manualError: null });
  });
});
