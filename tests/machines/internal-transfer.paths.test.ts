import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExchangeRequest } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { ENTER_AMOUNT, TRANSFERRED, TRANSFER_FAILED, internalTransferMachine } from '../../src/machines/internal-transfer/internal-transfer.machine';
import { selectTransferBusy, selectTransferCanSubmit } from '../../src/machines/internal-transfer/internal-transfer.selectors';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { internalTransferPaths } from './internal-transfer.paths';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(internalTransferPaths);
const submitting = (s: { matches: (v: never) => boolean }) => s.matches('submitting' as never);

function checkInvariants(replayed: ReplayedStep) {
  const { step, before, after, entries } = replayed;
  const { event } = step;
  const snapshot = after as never;
  checkIdempotencyKey(replayed, 'submitExchange', submitting);
  expect(selectTransferBusy(snapshot)).toBe(submitting(after));
  expect(selectTransferCanSubmit(snapshot)).toBe(after.matches('editing') && after.context.amount !== '');
  if (!event.type.startsWith('xstate.')) expect(hostActions(entries), 'only answers reach the host').toEqual([]);

  if (event.type === 'exchange.submit' && !submitting(after)) {
    expect(after.context.error, 'an invalid amount is refused without a request').toBe(ENTER_AMOUNT);
  }
  if (event.type === 'exchange.submit' && submitting(after)) {
    const request: ExchangeRequest = { direction: before.context.direction, amount: Number(before.context.amount), key: after.context.key };
    expect(entries[0]).toEqual({ kind: 'call', actor: 'submitExchange', input: request });
  }
  if (event.type === 'xstate.done.actor.submitExchange') {
    expect(hostActions(entries)).toEqual([
      { name: 'notifySuccess', params: { message: TRANSFERRED } },
      { name: 'refreshBalance', params: undefined },
    ]);
    expect(after.context, 'success clears the amount and keeps the direction').toMatchObject({
      amount: '',
      error: null,
      direction: before.context.direction,
    });
  }
  if (event.type === 'xstate.error.actor.submitExchange') {
    const shown = event.error.status === 0 ? NETWORK_ERROR : TRANSFER_FAILED;
    expect(hostActions(entries)).toEqual([{ name: 'notifyError', params: { message: shown } }]);
    expect(after.context).toMatchObject({ error: shown, amount: before.context.amount, direction: before.context.direction });
  }
  if (event.type === 'amount.change') expect(after.context).toMatchObject({ amount: normaliseDigits(event.value), error: null });
  if (event.type === 'direction.toggle') {
    // Spec: the swap button turns the direction round; what the player typed stays.
    expect(after.context.direction).toBe(before.context.direction === 'mainToGame' ? 'gameToMain' : 'mainToGame');
    expect(after.context.amount, 'toggling the direction keeps the amount').toBe(before.context.amount);
  }
}

describe('internal-transfer: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(internalTransferPaths, path), async () => {
      await replayPath(internalTransferPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(internalTransferPaths, paths), 'transitions in no path').toEqual([]);
  });
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
