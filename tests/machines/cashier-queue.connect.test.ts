/** The cashier queue's view object (src/machines/cashier-queue/cashier-queue.connect.ts) over a live actor. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectCashierQueue } from '../../src/machines/cashier-queue/cashier-queue.connect';
import { cashierQueueMachine } from '../../src/machines/cashier-queue/cashier-queue.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';
import { alreadyApproved, deposit7, deposit8, deposit9 } from './operator-fixtures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const reads = (driver: ReturnType<typeof open>) => driver.calls().filter((c) => c.actor === 'fetchQueue');
const decisions = (driver: ReturnType<typeof open>) => driver.calls().filter((c) => c.actor === 'decideRequest');
const open = () => driveView(cashierQueueMachine, connectCashierQueue);

async function listed() {
  const driver = open();
  await driver.answer('fetchQueue', [deposit7, deposit8, deposit9]);
  return driver;
}

describe('connectCashierQueue: what the view shows', () => {
  it('the first read of deposits (nothing to show yet), then the list with the first request selected', async () => {
    const driver = open();
    expect(driver.view()).toMatchObject({ kind: 'deposits', items: [], selected: null, loading: true, listError: null, canApprove: false });
    await driver.answer('fetchQueue', [deposit7, deposit8]);
    expect(driver.view()).toMatchObject({ items: [deposit7, deposit8], selected: deposit7, loading: false, canApprove: true, rejecting: false, deciding: false });
  });

  it('a failed read keeps the list shown and says the read failed', async () => {
    const driver = await listed();
    driver.view().refresh();
    await driver.refuse('fetchQueue', apiError(500, 'Something Went Wrong!'));
    expect(driver.view()).toMatchObject({ items: [deposit7, deposit8, deposit9], listError: 'Something Went Wrong!' });
  });

  it('a request another cashier decided: the outcome names its status', async () => {
    const driver = await listed();
    driver.view().approve();
    await driver.refuse('decideRequest', alreadyApproved);
    expect(driver.view()).toMatchObject({ outcome: { id: 7, what: 'decidedElsewhere', status: 'approved' }, selected: deposit8 });
  });
});

describe('connectCashierQueue: intents', () => {
  it('next, prev and select move the selection within the list', async () => {
    const driver = await listed();
    driver.view().next();
    expect(driver.view().selected).toEqual(deposit8);
    driver.view().next();
    driver.view().next();
    expect(driver.view().selected, 'J stops at the last request').toEqual(deposit9);
    driver.view().prev();
    expect(driver.view().selected).toEqual(deposit8);
    driver.view().select(7);
    expect(driver.view().selected).toEqual(deposit7);
  });

  it('approve sends the selected request; it leaves the list and the outcome says approved', async () => {
    const driver = await listed();
    driver.view().approve();
    expect(driver.view()).toMatchObject({ deciding: true, pendingDecision: 'approve', canApprove: false });
    expect(decisions(driver).map((c) => c.input)).toEqual([{ kind: 'deposits', id: 7, decision: 'approve', note: '' }]);
    await driver.answer('decideRequest', { ...deposit7, status: 1, status_word: 'approved' });
    expect(driver.view()).toMatchObject({ deciding: false, outcome: { id: 7, what: 'approved' }, items: [deposit8, deposit9], selected: deposit8 });
  });

  it('a rejection needs a reason: openReject, changeNote, confirmReject sends it with the note', async () => {
    const driver = await listed();
    driver.view().openReject();
    expect(driver.view()).toMatchObject({ rejecting: true, canConfirmReject: false, note: '' });
    driver.view().confirmReject();
    expect(decisions(driver), 'nothing is sent without a reason').toEqual([]);
    driver.view().changeNote('no such transfer');
    expect(driver.view()).toMatchObject({ note: 'no such transfer', canConfirmReject: true });
    driver.view().confirmReject();
    expect(decisions(driver).map((c) => c.input)).toEqual([{ kind: 'deposits', id: 7, decision: 'reject', note: 'no such transfer' }]);
    expect(driver.view()).toMatchObject({ deciding: true, pendingDecision: 'reject', rejecting: false });
  });

  it('cancelReject closes the reason and drops it', async () => {
    const driver = await listed();
    driver.view().openReject();
    driver.view().changeNote('typo');
    driver.view().cancelReject();
    expect(driver.view()).toMatchObject({ rejecting: false, note: '' });
  });

  it('chooseKind reads the other kind at once, from an empty list', async () => {
    const driver = await listed();
    driver.view().chooseKind('withdrawals');
    expect(driver.view()).toMatchObject({ kind: 'withdrawals', items: [], selected: null, loading: true });
    expect(reads(driver).at(-1)?.input).toEqual({ kind: 'withdrawals' });
  });

  it('refresh reads at once; while the page is hidden nothing is read, shown again it reads at once', async () => {
    const driver = await listed();
    driver.view().refresh();
    expect(reads(driver)).toHaveLength(2);
    await driver.answer('fetchQueue', [deposit7]);
    driver.view().setPageHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads(driver), 'no poll while hidden').toHaveLength(2);
    driver.view().setPageHidden(false);
    expect(reads(driver)).toHaveLength(3);
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = open();
    const before = driver.view();
    await driver.answer('fetchQueue', [deposit7]);
    const after = driver.view();
    for (const name of ['chooseKind', 'select', 'next', 'prev', 'approve', 'openReject', 'changeNote', 'cancelReject', 'confirmReject', 'refresh', 'setPageHidden'] as const) {
      expect(after[name], name).toBe(before[name]);
    }
  });
});
