import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExchangeRequest } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { transferMachine } from '../../src/machines/transfer/transfer.machine';
import { selectCanSubmit, selectTransferBusy, selectTransferOpen } from '../../src/machines/transfer/transfer.selectors';
import { EXCHANGE_FAILED, INVALID_AMOUNT } from '../../src/machines/transfer/transfer-uses';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { exchangePaths } from './exchange.paths';
import { keySeed, networkDown } from './money-fixtures';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(exchangePaths);
const submitting = (s: { matches: (v: never) => boolean }) => s.matches({ open: 'submitting' } as never);
const resetForm = { amount: '', direction: 'mainToGame', error: null, key: null };

function always(replayed: ReplayedStep) {
  const { step, after, entries } = replayed;
  const snapshot = after as never;
  checkIdempotencyKey(replayed, 'submitExchange', submitting);
  expect(selectTransferBusy(snapshot)).toBe(submitting(after));
  expect(selectCanSubmit(snapshot), 'Exchange is enabled only with an amount other than 0 and no request').toBe(
    after.matches({ open: 'editing' }) && after.context.amount !== '' && !/^0+$/.test(after.context.amount),
  );
  if (!step.event.type.startsWith('xstate.')) expect(hostActions(entries), 'only answers reach the host').toEqual([]);
}

/** What each event does, from the spec's Exchange Balance dialog (§2, §5, §7 POST /exchange-balance). */
const effects: Effects = {
  'transfer.open': ({ step, after }) => {
    expect(after.matches({ open: 'editing' })).toBe(true);
    expect(after.context.direction, 'opens main → game unless told otherwise').toBe(step.event.direction ?? 'mainToGame');
  },
  'transfer.close': ({ after }) => {
    expect(after.matches('closed')).toBe(true);
    expect(after.context).toMatchObject(resetForm);
  },
  'amount.change': ({ step, after }) => expect(after.context).toMatchObject({ amount: normaliseDigits(step.event.value), error: null }),
  'direction.toggle': ({ before, after }) => {
    // Spec: the swap button turns the direction round; what the player typed stays.
    expect(after.context.direction).toBe(before.context.direction === 'mainToGame' ? 'gameToMain' : 'mainToGame');
    expect(after.context.amount, 'toggling the direction keeps the amount').toBe(before.context.amount);
  },
  'transfer.submit': ({ before, after, entries }) => {
    if (!submitting(after)) {
      expect(after.context.error, 'an invalid amount is refused without a request').toBe(INVALID_AMOUNT);
      return;
    }
    const request: ExchangeRequest = { direction: before.context.direction, amount: Number(before.context.amount), key: after.context.key };
    expect(entries[0]).toEqual({ kind: 'call', actor: 'submitExchange', input: request });
  },
  'xstate.done.actor.submitExchange': ({ step, after, entries }) => {
    expect(hostActions(entries)).toEqual([
      { name: 'notifySuccess', params: { message: step.event.output.message } },
      { name: 'refreshBalance', params: undefined },
    ]);
    expect(selectTransferOpen(after as never)).toBe(false);
    expect(after.context, 'success clears the amount and resets the direction').toMatchObject(resetForm);
  },
  'xstate.error.actor.submitExchange': ({ step, before, after, entries }) => {
    const { status, message } = step.event.error;
    const shown = status === 0 ? NETWORK_ERROR : message || EXCHANGE_FAILED;
    expect(hostActions(entries)).toEqual([{ name: 'notifyError', params: { message: shown } }]);
    expect(after.matches({ open: 'editing' }), 'a failure keeps the dialog open').toBe(true);
    expect(after.context).toMatchObject({ error: shown, amount: before.context.amount, direction: before.context.direction });
  },
};

describe('exchange: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(exchangePaths, path), async () => {
      await replayPath(exchangePaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(exchangePaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('exchange', effects, paths);
});

describe('exchange: behaviour', () => {
  function start(answers: Array<() => Promise<{ message: string }>>) {
    const sent: ExchangeRequest[] = [];
    const machine = transferMachine.provide({
      actors: { submitExchange: fromPromise(({ input }: { input: ExchangeRequest }) => (sent.push(input), answers.shift()!())) },
      actions: { notifySuccess: () => {}, notifyError: () => {}, refreshBalance: () => {} },
    });
    return { actor: createActor(machine, { input: { use: 'exchange', keySeed } }).start(), sent };
  }

  it('retries a lost request with its key, and gives the next exchange a new key and main → game', async () => {
    const ok = async () => ({ message: 'successfully exchange balance' });
    const { actor, sent } = start([() => Promise.reject(networkDown), ok, ok]);
    actor.send({ type: 'transfer.open', direction: 'gameToMain' });
    actor.send({ type: 'amount.change', value: '၅၀၀၀' });
    actor.send({ type: 'transfer.submit' });
    await flush();
    actor.send({ type: 'transfer.submit' });
    await flush();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'transfer.open' });
    actor.send({ type: 'amount.change', value: '5000' });
    actor.send({ type: 'transfer.submit' });
    await flush();
    expect(sent).toEqual([
      { direction: 'gameToMain', amount: 5000, key: `${keySeed}-1` },
      { direction: 'gameToMain', amount: 5000, key: `${keySeed}-1` },
      { direction: 'mainToGame', amount: 5000, key: `${keySeed}-2` },
    ]);
  });

  it('cannot be closed, edited or submitted again while a request is in flight', () => {
    const { actor, sent } = start([() => new Promise(() => {})]);
    actor.send({ type: 'transfer.open' });
    actor.send({ type: 'amount.change', value: '100' });
    actor.send({ type: 'transfer.submit' });
    for (const event of [{ type: 'transfer.close' }, { type: 'amount.change', value: '1' }, { type: 'transfer.submit' }] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
    }
    expect(sent).toHaveLength(1);
  });

  it('Exchange is disabled for an empty amount and for 0 in any spelling, enabled for 1', () => {
    const { actor } = start([]);
    actor.send({ type: 'transfer.open' });
    const canSubmitWith = (value: string) => {
      actor.send({ type: 'amount.change', value });
      return selectCanSubmit(actor.getSnapshot());
    };
    expect(['', ' ', '0', '00', '၀', '0.00'].map(canSubmitWith)).toEqual([false, false, false, false, false, false]);
    expect(['1', '၁၀', '10', '0.5'].map(canSubmitWith)).toEqual([true, true, true, true]);
  });

  it('makes a fresh key seed per actor when the host passes none', () => {
    const a = createActor(transferMachine, { input: { use: 'exchange' } }).getSnapshot().context.keySeed;
    const b = createActor(transferMachine, { input: { use: 'exchange' } }).getSnapshot().context.keySeed;
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});
