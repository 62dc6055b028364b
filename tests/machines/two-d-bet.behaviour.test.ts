import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TwoDAvailability, TwoDBetRequest, TwoDDraft, TwoDSession } from '../../src/api/types';
import { ApiError } from '../../src/api/client';
import { doubles } from '../../src/lib/two-d/shortcuts';
import { twoDBetMachine } from '../../src/machines/two-d-bet/two-d-bet.machine';
import { wordsOf } from '../support/notice-words';
import {
  selectAvailabilityByNum,
  selectCanConfirm,
  selectLines,
  selectPicked,
  selectTotal,
} from '../../src/machines/two-d-bet/two-d-bet.selectors';
import { flush } from '../support/path-replay';
import { keySeed, networkDown } from './money-fixtures';
import { CLOSED, FULL, availabilityOf, storedDraft } from './two-d-fixtures';

type Answer = () => Promise<{ message: string }>;

function start(options: { answers?: Answer[]; session?: TwoDSession; draft?: TwoDDraft | null; grid?: (s: TwoDSession | null) => TwoDAvailability } = {}) {
  const sent: TwoDBetRequest[] = [];
  const gridAsked: Array<TwoDSession | null> = [];
  const persisted: TwoDDraft[] = [];
  const done: string[] = [];
  const answers = options.answers ?? [];
  const grid = options.grid ?? ((s) => availabilityOf(s ?? 'evening'));
  const machine = twoDBetMachine.provide({
    actors: {
      fetchAvailability: fromPromise(async ({ input }: { input: { session: TwoDSession | null } }) => (gridAsked.push(input.session), grid(input.session))),
      submitBet: fromPromise(({ input }: { input: TwoDBetRequest }) => (sent.push(input), answers.shift()!())),
    },
    actions: {
      persistDraft: (_, { draft }) => void persisted.push(draft),
      clearDraft: () => void done.push('clearDraft'),
      goToConfirm: () => void done.push('goToConfirm'),
      goToBet: () => void done.push('goToBet'),
      goToSlip: (_, { session }) => void done.push(`goToSlip ${session}`),
      goHome: () => void done.push('goHome'),
      notifySuccess: (_, { message }) => void done.push(`success ${message}`),
      notifyError: (_, { message }) => void done.push(`error ${wordsOf(message)}`),
      refreshBalance: () => void done.push('refreshBalance'),
    },
  });
  const actor = createActor(machine, { input: { draft: options.draft ?? null, session: options.session, keySeed } }).start();
  return { actor, sent, gridAsked, persisted, done };
}

const ok: Answer = async () => ({ message: 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။' });
const lost: Answer = () => Promise.reject(networkDown);

describe('two-d-bet: picking', () => {
  it('never picks a full or closed number, from the grid, a shortcut or a typed entry', async () => {
    const { actor } = start({ session: 'morning' });
    await flush();
    for (const num of [FULL, CLOSED]) expect(actor.getSnapshot().can({ type: 'number.toggle', num })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'numbers.add', nums: [FULL, CLOSED] })).toBe(false);
    actor.send({ type: 'numbers.add', nums: doubles() });
    expect(selectPicked(actor.getSnapshot())).toEqual(['00', '11', '22', '33', '44', '66', '88', '99']);
    actor.send({ type: 'entry.apply', text: '77 78=200' });
    expect(wordsOf(actor.getSnapshot().context.error)).toBe('Full or closed, not added: 77');
    expect(selectLines(actor.getSnapshot()).find((l) => l.num === '78')).toEqual({ num: '78', amount: 200 });
    expect(selectAvailabilityByNum(actor.getSnapshot())[FULL]).toMatchObject({ remaining: 0 });
  });

  it('a whole closed draw refuses every pick; before the grid has loaded only the quick picks work (the cells and the typed entry come with the grid)', async () => {
    const closed = start({ session: 'morning', grid: (s) => availabilityOf(s ?? 'morning', 'closed') });
    await flush();
    expect(closed.actor.getSnapshot().can({ type: 'number.toggle', num: '12' })).toBe(false);
    const pending = start({ session: 'morning', grid: () => new Promise(() => {}) as never });
    const snapshot = pending.actor.getSnapshot();
    expect(snapshot.can({ type: 'number.toggle', num: '12' })).toBe(false);
    expect(snapshot.can({ type: 'entry.apply', text: '12=500' })).toBe(false);
    pending.actor.send({ type: 'entry.apply', text: '12=500' });
    expect(pending.actor.getSnapshot().context.picked).toEqual([]);
    // Not yet known to be full: open, the server checks again.
    expect(snapshot.can({ type: 'numbers.add', nums: [FULL, '22'] })).toBe(true);
  });

  it('asking for the grid again puts away the last failure', async () => {
    let calls = 0;
    const grid = () => {
      if (++calls === 1) throw new Error('offline');
      return new Promise(() => {}) as never;
    };
    const { actor } = start({ session: 'morning', grid });
    await flush();
    expect(actor.getSnapshot().context.availabilityError).not.toBeNull();
    actor.send({ type: 'availability.refresh' });
    expect(actor.getSnapshot().matches({ picking: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.availabilityError).toBeNull();
  });

  it('picks bet the stake; typed lines keep their amounts; the total is the sum', async () => {
    const { actor } = start({ session: 'morning' });
    await flush();
    actor.send({ type: 'number.toggle', num: '05' });
    actor.send({ type: 'entry.apply', text: '12R=300\n၄၅=1000' });
    actor.send({ type: 'stake.change', value: '၂၀၀' });
    expect(selectLines(actor.getSnapshot())).toEqual([
      { num: '05', amount: 200 },
      { num: '12', amount: 300 },
      { num: '21', amount: 300 },
      { num: '45', amount: 1000 },
    ]);
    expect(selectTotal(actor.getSnapshot())).toBe('1800');
    // Tapping a typed number drops it; typing a picked number gives it its own amount.
    actor.send({ type: 'number.toggle', num: '21' });
    actor.send({ type: 'entry.apply', text: '05=500' });
    expect(selectLines(actor.getSnapshot())).toEqual([
      { num: '05', amount: 500 },
      { num: '12', amount: 300 },
      { num: '45', amount: 1000 },
    ]);
  });

  it('a typed entry with problems applies nothing and lists them, one per line', async () => {
    const { actor } = start({ session: 'morning' });
    await flush();
    actor.send({ type: 'entry.apply', text: '12=100, 34=50\n5x=100' });
    expect(wordsOf(actor.getSnapshot().context.error)).toBe('"34=50": the amount must be at least 100 Ks.\n"5x=100": "5x" is not a two-digit number.');
    expect(selectPicked(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'entry.apply', text: ' ' }), 'empty text does nothing').toBe(false);
  });

  it('Bet needs a number and a stake of at least 100, stores the draft and goes to confirm', async () => {
    const { actor, persisted, done } = start({ session: 'morning' });
    await flush();
    expect(selectCanConfirm(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'selection.confirm' })).toBe(false);
    actor.send({ type: 'number.toggle', num: '12' });
    actor.send({ type: 'stake.change', value: '99' });
    actor.send({ type: 'selection.confirm' });
    expect(wordsOf(actor.getSnapshot().context.error, 'mm')).toBe('ထိုးကြေး အနည်းဆုံး ၁၀၀ ထည့်ပါ။');
    actor.send({ type: 'stake.change', value: '100' });
    actor.send({ type: 'selection.confirm' });
    expect(actor.getSnapshot().matches({ confirming: 'reviewing' })).toBe(true);
    expect(persisted).toEqual([{ totalAmount: 100, amounts: [{ num: '12', amount: 100 }], session: 'morning' }]);
    expect(done).toEqual(['goToConfirm']);
  });

  describe('availability', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('takes the draw from the server when none was chosen, refreshes every 15 s while picking only, and follows a session change', async () => {
      const { actor, gridAsked } = start();
      await flush();
      expect(actor.getSnapshot().context.session).toBe('evening');
      await vi.advanceTimersByTimeAsync(14_999);
      expect(gridAsked).toEqual([null]);
      await vi.advanceTimersByTimeAsync(1);
      expect(gridAsked).toEqual([null, 'evening']);
      actor.send({ type: 'session.change', session: 'morning' });
      await flush();
      expect(gridAsked).toEqual([null, 'evening', 'morning']);
      actor.send({ type: 'number.toggle', num: '12' });
      actor.send({ type: 'selection.confirm' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(gridAsked).toHaveLength(3);
      actor.send({ type: 'selection.more' });
      await flush();
      expect(gridAsked).toHaveLength(4);
      actor.stop();
    });
  });
});

describe('two-d-bet: confirm and submit', () => {
  it('retries a lost bet with its key; the next bet after an edit has a new one', async () => {
    const { actor, sent, done } = start({ draft: storedDraft, session: 'morning', answers: [lost, lost, ok] });
    actor.send({ type: 'draft.load', draft: storedDraft });
    actor.send({ type: 'bet.submit' });
    await flush();
    expect(wordsOf(actor.getSnapshot().context.error)).toBe('Network or server error');
    actor.send({ type: 'bet.submit' });
    await flush();
    actor.send({ type: 'line.edit', num: '12' });
    actor.send({ type: 'line.amount', value: '၁၀၀၀' });
    actor.send({ type: 'line.save' });
    actor.send({ type: 'bet.submit' });
    await flush();
    expect(sent.map((r) => [r.key, r.totalAmount])).toEqual([
      [`${keySeed}-1`, 1000],
      [`${keySeed}-1`, 1000],
      [`${keySeed}-2`, 1500],
    ]);
    expect(sent[2]).toEqual({ totalAmount: 1500, amounts: [{ num: '12', amount: 1000 }, { num: '21', amount: 500 }], session: 'morning', key: `${keySeed}-2` });
    expect(done).toEqual([
      'error Network or server error',
      'error Network or server error',
      'clearDraft',
      'success ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။',
      'refreshBalance',
      'goToSlip morning',
    ]);
    expect(actor.getSnapshot().matches('done')).toBe(true);
  });

  it('a stored selection keeps the draw it was made for: the evening bet stays an evening bet after a reload', async () => {
    // Picking for the evening draw at 10:00 stores the draw with the lines.
    const picker = start({ session: 'evening' });
    await flush();
    picker.actor.send({ type: 'number.toggle', num: '12' });
    picker.actor.send({ type: 'selection.confirm' });
    const stored = picker.persisted.at(-1)!;
    expect(stored).toEqual({ totalAmount: 100, amounts: [{ num: '12', amount: 100 }], session: 'evening' });
    // The confirm page reloads (no ?time=): the bet goes to the evening draw, not the one open now.
    const reloaded = start({ draft: stored, answers: [ok] });
    reloaded.actor.send({ type: 'draft.load', draft: stored });
    reloaded.actor.send({ type: 'bet.submit' });
    await flush();
    expect(reloaded.sent.map((r) => r.session)).toEqual(['evening']);
    // A selection stored by an older build names no draw: the server's open draw, as before.
    const older = start({ draft: storedDraft, answers: [ok] });
    older.actor.send({ type: 'draft.load', draft: storedDraft });
    older.actor.send({ type: 'bet.submit' });
    await flush();
    expect(older.sent.map((r) => r.session)).toEqual([null]);
  });

  it('highlights over-limit numbers; deleting them clears the highlight and makes a new request', async () => {
    const overLimit = () => Promise.reject(new ApiError(400, 'Over-limit digits: 21', {}, ['21']));
    const { actor, sent, persisted } = start({ draft: storedDraft, answers: [overLimit, ok] });
    actor.send({ type: 'draft.load', draft: storedDraft });
    actor.send({ type: 'bet.submit' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ overLimit: ['21'], key: null });
    expect(wordsOf(actor.getSnapshot().context.error)).toBe('Over-limit digits: 21');
    actor.send({ type: 'line.delete', num: '21' });
    expect(actor.getSnapshot().context).toMatchObject({ overLimit: [], error: null });
    expect(persisted.at(-1)).toEqual({ totalAmount: 500, amounts: [{ num: '12', amount: 500 }] });
    actor.send({ type: 'bet.submit' });
    await flush();
    expect(sent.map((r) => r.key)).toEqual([`${keySeed}-1`, `${keySeed}-2`]);
  });

  it('cannot edit, delete, go back or submit again while a bet is in flight', () => {
    const { actor, sent } = start({ draft: storedDraft, answers: [() => new Promise(() => {})] });
    actor.send({ type: 'draft.load', draft: storedDraft });
    actor.send({ type: 'bet.submit' });
    for (const event of [
      { type: 'bet.submit' },
      { type: 'line.edit', num: '12' },
      { type: 'line.delete', num: '12' },
      { type: 'selection.more' },
      { type: 'draft.load', draft: null },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
    }
    expect(sent).toHaveLength(1);
  });

  it('restores a stored draft, dropping what is not a line', () => {
    const junk = { totalAmount: 9, amounts: [{ num: '12', amount: 500 }, { num: '7', amount: 100 }, { num: '34', amount: -5 }, { num: '12', amount: 100 }, null] } as unknown as TwoDDraft;
    const { actor } = start({ draft: junk, grid: () => new Promise(() => {}) as never });
    expect(actor.getSnapshot().context.lines).toEqual([{ num: '12', amount: 600 }]);
    actor.send({ type: 'draft.load', draft: { totalAmount: 0, amounts: [] } });
    expect(actor.getSnapshot().matches('picking')).toBe(true);
  });
});
