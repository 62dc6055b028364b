import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DigitBetAnswer, DigitBetRequest, DigitBetRow } from '../../src/api/types';
import { createDigitBetMachine, digitBetMachine } from '../../src/machines/digit-bet/digit-bet.machine';
import { selectCurrentBet, selectSecondsLeft, selectStatus } from '../../src/machines/digit-bet/digit-bet.selectors';
import { flush } from '../support/path-replay';
import { earlierBets, settledAnswer, T0 } from './digit-bet-fixtures';
import { keySeed, networkDown } from './money-fixtures';

type Answer = () => Promise<DigitBetAnswer>;

interface StartOptions {
  machine?: typeof digitBetMachine;
  history?: () => Promise<DigitBetRow[]>;
  countdownSeconds?: number;
}

function start(answers: Answer[], options: StartOptions = {}) {
  const sent: DigitBetRequest[] = [];
  const balances: string[] = [];
  const machine = (options.machine ?? digitBetMachine).provide({
    actors: {
      placeBet: fromPromise(({ input }: { input: DigitBetRequest }) => (sent.push(input), answers.shift()!())),
      fetchHistory: fromPromise(options.history ?? (async () => earlierBets)),
    },
    actions: { updateBalance: (_, { balance }) => void balances.push(balance) },
  });
  return { actor: createActor(machine, { input: { keySeed, countdownSeconds: options.countdownSeconds } }).start(), sent, balances };
}

const win7 = (request: DigitBetRequest) => settledAnswer(request, 7, null, earlierBets);

describe('digit-bet: the countdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: T0 }));
  afterEach(() => vi.useRealTimers());

  it('counts down from 90 on the wall clock and fires exactly one roll at 0', async () => {
    const { actor, sent } = start([async () => win7(sent[0]!)]);
    actor.send({ type: 'digit.choose', digit: 7 });
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(90);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(89);
    await vi.advanceTimersByTimeAsync(88_999);
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(sent).toEqual([{ betType: 'digit', digit: 7, betAmount: 100, multiplier: 1, key: `${keySeed}-1` }]);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(sent, 'one roll per countdown').toHaveLength(1);
    expect(selectStatus(actor.getSnapshot())).toEqual({ code: 'won', rolled: 7, side: null });
  });

  it('a slow tab that missed the deadline rolls on its next tick, not a countdown later', async () => {
    let clock = T0;
    const { actor, sent } = start([() => new Promise(() => {})], { machine: createDigitBetMachine(() => clock) });
    actor.send({ type: 'side.choose', side: 'big' });
    // The tab sleeps: its timers do not run, the wall clock moves on two minutes.
    clock += 120_000;
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ betType: 'big', digit: null });
  });

  it('Roll now rolls the choice at once, and the countdown then fires nothing', async () => {
    const { actor, sent } = start([async () => win7(sent[0]!)]);
    actor.send({ type: 'multiplier.choose', multiplier: 10 });
    actor.send({ type: 'digit.choose', digit: 7 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(85);
    actor.send({ type: 'bet.roll' });
    await flush();
    expect(sent).toEqual([{ betType: 'digit', digit: 7, betAmount: 100, multiplier: 10, key: `${keySeed}-1` }]);
    expect(selectStatus(actor.getSnapshot())).toEqual({ code: 'won', rolled: 7, side: null });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(sent, 'no second roll when the old deadline passes').toHaveLength(1);
  });

  it('choosing again restarts the countdown from 90', async () => {
    const { actor, sent } = start([() => new Promise(() => {})]);
    actor.send({ type: 'side.choose', side: 'small' });
    await vi.advanceTimersByTimeAsync(60_000);
    actor.send({ type: 'digit.choose', digit: 3 });
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(90);
    await vi.advanceTimersByTimeAsync(89_000);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([{ betType: 'digit', digit: 3, betAmount: 100, multiplier: 1, key: `${keySeed}-1` }]);
  });

  it('a digit choice disables Big/Small: a side tap then changes nothing (spec §4)', async () => {
    const { actor, sent } = start([() => new Promise(() => {})]);
    actor.send({ type: 'digit.choose', digit: 3 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().can({ type: 'side.choose', side: 'big' })).toBe(false);
    actor.send({ type: 'side.choose', side: 'big' });
    expect(actor.getSnapshot().context).toMatchObject({ digit: 3, side: null });
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(60);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([{ betType: 'digit', digit: 3, betAmount: 100, multiplier: 1, key: `${keySeed}-1` }]);
  });
});

describe('digit-bet: rolls and answers', () => {
  /** A 0-second countdown: a choice rolls at once. */
  const start0 = (answers: Answer[], history?: () => Promise<DigitBetRow[]>) => start(answers, { history, countdownSeconds: 0 });

  it('retries a roll whose outcome is unknown with its key; a new choice is a new key', async () => {
    const sent: DigitBetRequest[] = [];
    const machine = digitBetMachine.provide({
      actors: {
        placeBet: fromPromise(async ({ input }: { input: DigitBetRequest }) => {
          sent.push(input);
          if (sent.length === 1) throw networkDown;
          return win7(input);
        }),
        fetchHistory: fromPromise(async () => earlierBets),
      },
      actions: { updateBalance: () => {} },
    });
    const actor = createActor(machine, { input: { keySeed, countdownSeconds: 0 } }).start();
    actor.send({ type: 'multiplier.choose', multiplier: 5 });
    actor.send({ type: 'digit.choose', digit: 4 });
    await flush();
    expect(selectStatus(actor.getSnapshot())).toEqual({ code: 'offline' });
    expect(selectCurrentBet(actor.getSnapshot())).toMatchObject({ betType: 'digit', digit: 4, stake: 500, retry: true });
    actor.send({ type: 'bet.roll' });
    await flush();
    actor.send({ type: 'side.choose', side: 'small' });
    await flush();
    expect(sent.map((r) => r.key)).toEqual([`${keySeed}-1`, `${keySeed}-1`, `${keySeed}-2`]);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('a bet answer that overtakes the first history load is not overwritten by it', async () => {
    let loadHistory!: (rows: DigitBetRow[]) => void;
    const { actor } = start0([async () => settledAnswer({ betType: 'small', digit: null, betAmount: 1, multiplier: 1 }, 2, null, [])], () =>
      new Promise((resolve) => (loadHistory = resolve)),
    );
    actor.send({ type: 'side.choose', side: 'small' });
    await flush();
    loadHistory(earlierBets);
    await flush();
    const { history } = actor.getSnapshot().context;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ betType: 'small', rolledNumber: 2, outcome: 'win' });
  });

  it('labels Big/Small results and hands the game balance to the host', async () => {
    const { actor, balances } = start0([async () => settledAnswer({ betType: 'big', digit: null, betAmount: 1, multiplier: 1 }, 3, '100.00', [])]);
    actor.send({ type: 'side.choose', side: 'big' });
    await flush();
    expect(selectStatus(actor.getSnapshot())).toEqual({ code: 'lost', rolled: 3, side: 'small' });
    expect(balances).toEqual(['99.00']);
  });

  it('without a choice, Roll the Dice says "Please place a bet first!" and sends nothing', () => {
    const { actor, sent } = start0([]);
    actor.send({ type: 'bet.roll' });
    expect(selectStatus(actor.getSnapshot())).toEqual({ code: 'noBet' });
    expect(sent).toEqual([]);
  });

  it('refuses digits and multipliers the game does not have', () => {
    const { actor } = start0([]);
    expect(actor.getSnapshot().can({ type: 'digit.choose', digit: 10 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'digit.choose', digit: 1.5 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'multiplier.choose', multiplier: 3 })).toBe(false);
  });
});
