import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExchangeRequest } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { moveAmount, walletMoveMachine } from '../../src/machines/wallet-move/wallet-move.machine';
import { moveOffer } from '../../src/machines/wallet-move/wallet-move.offer';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { GAME, OFFER, walletMovePaths } from './wallet-move.paths';
import { keySeed, networkDown } from './money-fixtures';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(walletMovePaths);
const moving = (s: { matches: (v: never) => boolean }) => s.matches('moving' as never);

function always(replayed: ReplayedStep) {
  const { step, after, entries } = replayed;
  checkIdempotencyKey(replayed, 'moveMoney', moving);
  expect(after.hasTag('busy')).toBe(moving(after));
  if (!step.event.type.startsWith('xstate.')) expect(hostActions(entries), 'only answers reach the host').toEqual([]);
}

const effects: Effects = {
  'amount.change': ({ step, after }) => expect(after.context).toMatchObject({ typed: normaliseDigits(step.event.value), error: null }),
  'move.submit': ({ before, after, entries }) => {
    const amount = moveAmount(before.context.typed, OFFER);
    if (!moving(after)) {
      expect(amount > GAME || amount < 1, 'only an amount outside 1..game balance is refused').toBe(true);
      expect(after.context.error).toEqual({ key: 'wallet_move.range', values: { max: '10,000' } });
      return;
    }
    expect(amount, 'the typed amount, else the offer').toBe(before.context.typed === '' ? OFFER : Number(normaliseDigits(before.context.typed)));
    const request: ExchangeRequest = { direction: 'gameToMain', amount, key: after.context.key };
    expect(entries[0]).toEqual({ kind: 'call', actor: 'moveMoney', input: request });
  },
  'xstate.done.actor.moveMoney': ({ before, after, entries }) => {
    expect(hostActions(entries), 'toast, fresh balance, then the bet goes on').toEqual([
      { name: 'notifyMoved', params: { amount: before.context.amount } },
      { name: 'refreshBalance', params: undefined },
      { name: 'continueBet', params: undefined },
    ]);
    expect(after.context).toMatchObject({ typed: '', key: null, error: null });
  },
  'xstate.error.actor.moveMoney': ({ step, before, after, entries }) => {
    expect(hostActions(entries), 'a failure does not go on with the bet').toEqual([]);
    const { status, message } = step.event.error;
    expect(after.context.error).toEqual(status === 0 ? { key: 'errors.network' } : { text: message });
    expect(after.context.typed, 'the amount stays for a retry').toBe(before.context.typed);
  },
};

describe('wallet-move: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(walletMovePaths, path), async () => {
      await replayPath(walletMovePaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(walletMovePaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('wallet-move', effects, paths);
});

describe('wallet-move: behaviour', () => {
  it('a lost request is retried with its key, then the bet goes on once', async () => {
    const sent: ExchangeRequest[] = [];
    let continued = 0;
    const answers = [() => Promise.reject(networkDown), async () => ({ message: 'ok' })];
    const machine = walletMoveMachine.provide({
      actors: { moveMoney: fromPromise(({ input }: { input: ExchangeRequest }) => (sent.push(input), answers.shift()!())) },
      actions: { notifyMoved: () => {}, refreshBalance: () => {}, continueBet: () => void (continued += 1) },
    });
    const actor = createActor(machine, { input: { keySeed } }).start();
    actor.send({ type: 'move.submit', offer: 3000, max: 10_000 });
    await flush();
    expect(continued).toBe(0);
    actor.send({ type: 'move.submit', offer: 3000, max: 10_000 });
    await flush();
    expect(sent).toEqual([
      { direction: 'gameToMain', amount: 3000, key: `${keySeed}-1` },
      { direction: 'gameToMain', amount: 3000, key: `${keySeed}-1` },
    ]);
    expect(continued).toBe(1);
  });
});

describe('wallet-move: what the page offers', () => {
  it('before a bet: all of the game wallet when main is empty, nothing when main has money', () => {
    expect(moveOffer({ main: '0.00', game: '10000.00' }, 0)).toEqual({ kind: 'empty', main: 0, game: 10_000, offer: 10_000 });
    expect(moveOffer({ main: '0.50', game: '10000.00' }, 0).kind).toBe('empty');
    expect(moveOffer({ main: '100.00', game: '10000.00' }, 0).kind).toBe('none');
    expect(moveOffer({ main: '0.00', game: '0.00' }, 0).kind).toBe('none');
  });

  it('for a stake: exactly the shortfall when the game wallet covers it, else deposit', () => {
    expect(moveOffer({ main: '200.00', game: '10000.00' }, 500)).toEqual({ kind: 'short', main: 200, game: 10_000, shortfall: 300, offer: 300 });
    expect(moveOffer({ main: '200.50', game: '10000.00' }, 500)).toMatchObject({ kind: 'short', shortfall: 300 });
    expect(moveOffer({ main: '500.00', game: '10000.00' }, 500).kind).toBe('none');
    expect(moveOffer({ main: '0.00', game: '200.00' }, 500)).toMatchObject({ kind: 'notEnough', shortfall: 500 });
  });
});
