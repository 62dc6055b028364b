/** The 2D bet's view object (src/machines/two-d-bet/two-d-bet.connect.ts) over a live bet. */
import { describe, expect, it } from 'vitest';
import { connectTwoDBet } from '../../src/machines/two-d-bet/two-d-bet.connect';
import { twoDBetMachine } from '../../src/machines/two-d-bet/two-d-bet.machine';
import { driveView } from '../support/connect-driver';
import { keySeed, networkDown } from './money-fixtures';
import { FULL, availabilityOf, storedDraft } from './two-d-fixtures';

const start = () => driveView(twoDBetMachine, connectTwoDBet, { session: 'morning', draft: null, keySeed });

/** On /2d/bet with the morning grid loaded. */
async function picking() {
  const bet = start();
  await bet.answer('fetchAvailability', availabilityOf('morning'));
  return bet;
}

/** On /2d/confirm with 12 at 500. */
async function reviewing() {
  const bet = await picking();
  bet.view().changeStake('500');
  bet.view().toggleNumber('12');
  bet.view().confirmSelection();
  return bet;
}

const actionNames = (bet: ReturnType<typeof start>) => bet.actions().map((a) => a && a.name);

describe('connectTwoDBet: what the view shows', () => {
  it('the draw loading, then its numbers; nothing picked at the default stake', async () => {
    const bet = start();
    expect(bet.view()).toMatchObject({ session: 'morning', availabilityLoading: true, availability: null, closed: false, stake: '100', picked: [], lines: [], total: '0' });
    const grid = availabilityOf('morning');
    await bet.answer('fetchAvailability', grid);
    expect(bet.view()).toMatchObject({ availabilityLoading: false, availability: grid, closed: false, canConfirm: false, reviewing: false, done: false });
    expect(bet.view().availabilityByNum[FULL]).toMatchObject({ remaining: 0 });
  });

  it('a closed draw reads as closed; a failed read shows its error and Try Again reads again', async () => {
    const closed = start();
    await closed.answer('fetchAvailability', availabilityOf('morning', 'closed'));
    expect(closed.view().closed).toBe(true);
    const failed = start();
    await failed.refuse('fetchAvailability', networkDown);
    expect(failed.view()).toMatchObject({ availabilityError: networkDown.message, closed: false });
    failed.view().refreshAvailability();
    expect(failed.view().availabilityLoading).toBe(true);
  });
});

describe('connectTwoDBet: intents on the grid', () => {
  it('toggle, stake, quick picks (open numbers only) and clear change the selection and its total', async () => {
    const bet = await picking();
    bet.view().toggleNumber('12');
    expect(bet.view()).toMatchObject({ picked: ['12'], lines: [{ num: '12', amount: 100 }], total: '100', canConfirm: true });
    bet.view().changeStake('500');
    expect(bet.view().total).toBe('500');
    bet.view().addNumbers([FULL, '05']);
    expect(bet.view().picked).toEqual(['05', '12']);
    bet.view().clearNumbers();
    expect(bet.view()).toMatchObject({ picked: [], total: '0', canConfirm: false });
  });

  it('a typed entry becomes a line; an unreadable one is refused with notices', async () => {
    const bet = await picking();
    bet.view().applyEntry('34=200');
    expect(bet.view()).toMatchObject({ lines: [{ num: '34', amount: 200 }], error: null });
    bet.view().applyEntry('34=');
    expect(bet.view().error).not.toBeNull();
  });

  it('Bet with a stake below the minimum is refused; with a good one it opens the review and stores the draft', async () => {
    const bet = await picking();
    bet.view().changeStake('50');
    bet.view().toggleNumber('12');
    bet.view().confirmSelection();
    expect(bet.view()).toMatchObject({ reviewing: false });
    expect(bet.view().error).not.toBeNull();
    bet.view().changeStake('500');
    bet.view().confirmSelection();
    expect(bet.view()).toMatchObject({ reviewing: true, lines: [{ num: '12', amount: 500 }], canSubmit: true });
    expect(actionNames(bet)).toEqual(expect.arrayContaining(['persistDraft', 'goToConfirm']));
  });

  it('another draw reads its own numbers', async () => {
    const bet = await picking();
    bet.view().changeSession('evening');
    expect(bet.view()).toMatchObject({ session: 'evening', availabilityLoading: true, availability: null });
    expect(bet.calls().at(-1)).toEqual({ actor: 'fetchAvailability', input: { session: 'evening' } });
  });
});

describe('connectTwoDBet: intents on the review', () => {
  it('edit a line in place (save or cancel), delete one', async () => {
    const bet = await reviewing();
    bet.view().editLine('12');
    expect(bet.view()).toMatchObject({ editing: { num: '12', value: '500' }, canSubmit: false });
    bet.view().changeLineAmount('700');
    bet.view().saveLine();
    expect(bet.view()).toMatchObject({ editing: null, lines: [{ num: '12', amount: 700 }], total: '700' });
    bet.view().editLine('12');
    bet.view().cancelLine();
    expect(bet.view()).toMatchObject({ editing: null, total: '700' });
    bet.view().deleteLine('12');
    expect(bet.view()).toMatchObject({ lines: [], canSubmit: false });
  });

  it('submit sends the lines with the key, is busy, then done', async () => {
    const bet = await reviewing();
    bet.view().submit();
    expect(bet.view()).toMatchObject({ busy: true, canSubmit: false });
    expect(bet.calls().at(-1)).toEqual({
      actor: 'submitBet',
      input: { totalAmount: 500, amounts: [{ num: '12', amount: 500 }], session: 'morning', key: `${keySeed}-1` },
    });
    await bet.answer('submitBet', { message: 'ok' });
    expect(bet.view()).toMatchObject({ busy: false, done: true, lines: [], picked: [] });
  });

  it('Add more returns to the grid with the lines kept', async () => {
    const bet = await reviewing();
    bet.view().addMore();
    expect(bet.view()).toMatchObject({ reviewing: false, picked: ['12'] });
    expect(actionNames(bet)).toContain('goToBet');
  });

  it('the review opens from a stored draft; with none it leaves for home', async () => {
    const bet = await picking();
    bet.view().loadDraft(storedDraft);
    expect(bet.view()).toMatchObject({ reviewing: true, lines: storedDraft.amounts, total: '1000' });
    const empty = await picking();
    empty.view().loadDraft(null);
    expect(empty.view().reviewing).toBe(false);
    expect(actionNames(empty)).toContain('goHome');
  });

  it('gives the same intents for every snapshot of one bet (an effect that loads the draft runs once)', async () => {
    const bet = start();
    const first = bet.view();
    await bet.answer('fetchAvailability', availabilityOf('morning'));
    bet.view().toggleNumber('12');
    expect(bet.view().loadDraft).toBe(first.loadDraft);
    expect(bet.view().addMore).toBe(first.addMore);
  });
});
