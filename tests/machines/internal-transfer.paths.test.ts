import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExchangeRequest } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { transferMachine } from '../../src/machines/transfer/transfer.machine';
import { selectCanSubmit, selectTransferBusy, selectTransferOpen } from '../../src/machines/transfer/transfer.selectors';
import { ENTER_AMOUNT, TRANSFERRED, TRANSFER_FAILED } from '../../src/machines/transfer/transfer-uses';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { internalTransferPaths } from './internal-transfer.paths';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(internalTransferPaths);
const submitting = (s: { matches: (v: never) => boolean }) => s.matches({ open: 'submitting' } as never);
const editing = (s: { matches: (v: never) => boolean }) => s.matches({ open: 'editing' } as never);

function always(replayed: ReplayedStep) {
  const { step, after, entries } = replayed;
  const snapshot = after as never;
  checkIdempotencyKey(replayed, 'submitExchange', submitting);
  expect(selectTransferBusy(snapshot)).toBe(submitting(after));
  // Spec: the page is the form itself, there is nothing to close.
  expect(selectTransferOpen(snapshot), 'the page is always open').toBe(true);
  expect(selectCanSubmit(snapshot), 'Transfer is enabled by any typed amount while no request runs').toBe(editing(after) && after.context.amount !== '');
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
  'transfer.submit': ({ before, after, entries }) => {
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
    expect(editing(after), 'the page stays, ready for the next transfer').toBe(true);
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
    const machine = transferMachine.provide({
      actors: { submitExchange: fromPromise(async ({ input }: { input: ExchangeRequest }) => (sent.push(input), { message: 'ok' })) },
      actions: { notifySuccess: () => {}, notifyError: () => {}, refreshBalance: () => {} },
    });
    const actor = createActor(machine, { input: { use: 'internalTransfer', keySeed: 'k' } }).start();
    actor.send({ type: 'direction.toggle' });
    actor.send({ type: 'amount.change', value: '2500' });
    actor.send({ type: 'transfer.submit' });
    await flush();
    expect(sent).toEqual([{ direction: 'gameToMain', amount: 2500, key: 'k-1' }]);
    expect(actor.getSnapshot().context).toMatchObject({ direction: 'gameToMain', amount: '', key: null });
  });

  it('is open from the start and cannot be closed or opened as the dialog is', () => {
    const actor = createActor(transferMachine, { input: { use: 'internalTransfer', keySeed: 'k' } }).start();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'transfer.close' })).toBe(false);
    actor.send({ type: 'amount.change', value: '100' });
    actor.send({ type: 'transfer.close' });
    expect(actor.getSnapshot().context.amount, 'a stray close keeps what was typed').toBe('100');
  });
});
