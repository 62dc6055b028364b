import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExchangeRequest } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { ENTER_AMOUNT, TRANSFERRED, TRANSFER_FAILED, internalTransferMachine } from '../../src/machines/internal-transfer/internal-transfer.machine';
import { selectTransferBusy, selectTransferCanSubmit } from '../../src/machines/internal-transfer/internal-transfer.selectors';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { internalTransferPaths } from './internal-transfer.paths';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(internalTransferPaths);
const submitting = (s: { matches: (v: never) => boolean }) => s.matches('submitting' as never);

function always(replayed: ReplayedStep) {
  const { step, after, entries } = replayed;
  const snapshot = after as never;
  checkIdempotencyKey(replayed, 'submitExchange', submitting);
  expect(selectTransferBusy(snapshot)).toBe(submitting(after));
  expect(selectTransferCanSubmit(snapshot)).toBe(after.matches('editing') && after.context.amount !== '');
  if (!step.event.type.startsWith('xstate.')) expect(hostActions(entries), 'only answers reach the host').toEqual([]);
}

/** What each event does, from the spec's Wallet → internal transfer page (§2 Wallet, §5, §7 POST /exchange-balance). */
const effects: Effects = {
  'amount.change': ({ step, after }) => expect(after.context).toMatchObject({ amount: normaliseDigits(step.event.value), error: null }),
  'direction.toggle': ({ before, after }) => {
    // Spec: the swap button turns the direction round; what the player typed stays.
    expect(after.context.direction).toBe(before.context.direction === 'mainToGame' ? 'gameToMain' : 'mainToGame');
    expect(after.context.amount, 'toggling the direction keeps the amount').toBe(before.context.amount);
  },
  'exchange.submit': ({ before, after, entries }) => {
    if (!submitting(after)) {
      expect(after.context.error, 'an invalid amount is refused without a request').toBe(ENTER_AMOUNT);
      return;
    }
    const request: ExchangeRequest = { direction: before.context.direction, amount: Number(before.context.amount), key: after.context.key };
    expect(entries[0]).toEqual({ kind: 'call', actor: 'submitExchange', input: request });
  },
  'xstate.done.actor.submitExchange': ({ before, after, entries }) => {
    expect(hostActions(entries)).toEqual([
      { name: 'notifySuccess', params: { message: TRANSFERRED } },
      { name: 'refreshBalance', params: undefined },
    ]);
    expect(after.context, 'success clears the amount and keeps the direction').toMatchObject({
      amount: '',
      error: null,
      direction: before.context.direction,
    });
  },
  'xstate.error.actor.submitExchange': ({ step, before, after, entries }) => {
    const shown = step.event.error.status === 0 ? NETWORK_ERROR : TRANSFER_FAILED;
    expect(hostActions(entries)).toEqual([{ name: 'notifyError', params: { message: shown } }]);
    expect(after.context).toMatchObject({ error: shown, amount: before.context.amount, direction: before.context.direction });
  },
};

describe('internal-transfer: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(internalTransferPaths, path), async () => {
      await replayPath(internalTransferPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(internalTransferPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('internal-transfer', effects, paths);
});

describe('internal-transfer: behaviour', () => {
  it('keeps the chosen direction after a transfer and clears the amount', async () => {
    const sent: ExchangeRequest[] = [];
    const machine = internalTransferMachine.provide({
      actors: { submitExchange: fromPromise(async ({ input }: { input: ExchangeRequest }) => (sent.push(input), { message: 'ok' })) },
      actions: { notifySuccess: () => {}, notifyError: () => {}, refreshBalance: () => {} },
    });
    const actor = createActor(machine, { input: { keySeed: 'k' } }).start();
    actor.send({ type: 'direction.toggle' });
    actor.send({ type: 'amount.change', value: '2500' });
    actor.send({ type: 'exchange.submit' });
    await flush();
    expect(sent).toEqual([{ direction: 'gameToMain', amount: 2500, key: 'k-1' }]);
    expect(actor.getSnapshot().context).toMatchObject({ direction: 'gameToMain', amount: '', key: null });
  });
});
