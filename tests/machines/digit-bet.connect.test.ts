/** Digit Bet's view object (src/machines/digit-bet/digit-bet.connect.ts) over a live game. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectDigitBet } from '../../src/machines/digit-bet/digit-bet.connect';
import { digitBetMachine } from '../../src/machines/digit-bet/digit-bet.machine';
import { driveView } from '../support/connect-driver';
import { serverDown, keySeed } from './money-fixtures';
import { earlierBets, settledAnswer, T0 } from './digit-bet-fixtures';

const start = () => driveView(digitBetMachine, connectDigitBet, { keySeed, countdownSeconds: 90 });

/** A game whose history has loaded. */
async function loaded() {
  const game = start();
  await game.answer('fetchHistory', earlierBets);
  return game;
}

beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

describe('connectDigitBet: what the view shows', () => {
  it('before a choice: the history loading, then the earlier bets; nothing chosen, the default stake and modal', async () => {
    const game = start();
    expect(game.view()).toMatchObject({ historyLoading: true, history: [], historyError: null, rollId: 0 });
    await game.answer('fetchHistory', earlierBets);
    expect(game.view()).toMatchObject({
      historyLoading: false,
      history: earlierBets,
      rollId: earlierBets[0]!.id,
      digit: null,
      side: null,
      canChooseDigit: true,
      canChooseSide: true,
      canRoll: true,
      counting: false,
      rolling: false,
      secondsLeft: null,
      currentBet: null,
      status: null,
      lastRoll: null,
      betAmount: 100,
      multiplier: 1,
      stake: 100,
      multipliers: [1, 5, 10, 20, 50, 100],
      modalOpen: false,
      modal: { bet: 1, coin: 1, multiplier: 20, total: 20 },
    });
  });

  it('a failed history read shows its error; Try Again reads it again', async () => {
    const game = start();
    await game.refuse('fetchHistory', serverDown);
    expect(game.view()).toMatchObject({ historyLoading: false, historyError: serverDown });
    game.view().reloadHistory();
    expect(game.view()).toMatchObject({ historyLoading: true, historyError: null });
    expect(game.calls().filter((c) => c && c.actor === 'fetchHistory')).toHaveLength(2);
  });
});

describe('connectDigitBet: intents', () => {
  it('a digit starts the countdown and locks Big/Small; the multiplier changes the stake and the Current Bet', async () => {
    const game = await loaded();
    game.view().chooseDigit(7);
    expect(game.view()).toMatchObject({ digit: 7, counting: true, secondsLeft: 90, canChooseSide: false, canChooseDigit: true });
    game.view().chooseMultiplier(10);
    expect(game.view()).toMatchObject({ multiplier: 10, stake: 1000 });
    expect(game.view().currentBet).toEqual({ betType: 'digit', digit: 7, betAmount: 100, multiplier: 10, stake: 1000, retry: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(game.view().secondsLeft).toBe(89);
  });

  it('roll (Roll now) sends the choice at once, then shows the rolled digit, the outcome and the new history', async () => {
    const game = await loaded();
    game.view().chooseSide('big');
    expect(game.view()).toMatchObject({ side: 'big', digit: null });
    game.view().roll();
    expect(game.view()).toMatchObject({ rolling: true, canRoll: false, canChooseDigit: false, counting: false, secondsLeft: null });
    const request = { betType: 'big' as const, digit: null, betAmount: 100, multiplier: 1 };
    expect(game.calls().at(-1)).toEqual({ actor: 'placeBet', input: { ...request, key: `${keySeed}-1` } });
    const answer = settledAnswer(request, 7, null, earlierBets);
    await game.answer('placeBet', answer);
    expect(game.view()).toMatchObject({
      rolling: false,
      lastRoll: 7,
      status: { code: 'won', rolled: 7, side: 'big' },
      side: null,
      rollId: earlierBets[0]!.id + 1,
    });
    expect(game.view().history).toEqual(answer.success ? answer.history : []);
    expect(game.actions()).toContainEqual({ name: 'updateBalance', params: { balance: answer.success ? answer.balance : '' } });
  });

  it('roll without a choice asks for a bet and sends nothing', async () => {
    const game = await loaded();
    game.view().roll();
    expect(game.view().status).toEqual({ code: 'noBet' });
    expect(game.calls().filter((c) => c && c.actor === 'placeBet')).toEqual([]);
  });

  it('the bet modal: open, step, BET MAX, confirm sets the bet amount; close leaves it', async () => {
    const game = await loaded();
    game.view().openModal();
    expect(game.view().modalOpen).toBe(true);
    game.view().stepModal('bet', 1);
    game.view().stepModal('coin', 1);
    expect(game.view().modal).toEqual({ bet: 2, coin: 2, multiplier: 20, total: 80 });
    game.view().stepModal('coin', -1);
    expect(game.view().modal.total).toBe(40);
    game.view().maxModal();
    expect(game.view().modal).toEqual({ bet: 10, coin: 10, multiplier: 20, total: 2000 });
    game.view().confirmModal();
    expect(game.view()).toMatchObject({ modalOpen: false, betAmount: 2000, stake: 2000 });
    game.view().openModal();
    game.view().stepModal('bet', -1);
    game.view().closeModal();
    expect(game.view()).toMatchObject({ modalOpen: false, betAmount: 2000 });
  });

  it('gives the same intents for every snapshot of one game (stable callbacks)', async () => {
    const game = start();
    const first = game.view();
    await game.answer('fetchHistory', earlierBets);
    game.view().chooseDigit(3);
    expect(game.view().roll).toBe(first.roll);
    expect(game.view().chooseDigit).toBe(first.chooseDigit);
  });
});
