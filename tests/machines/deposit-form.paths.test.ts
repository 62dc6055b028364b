import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { Bank, DepositRequest } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { DEPOSITED, chosenBank, depositFormMachine } from '../../src/machines/deposit-form/deposit-form.machine';
import {
  selectChooserOpen,
  selectDepositBusy,
  selectDepositLoadFailed,
  selectDepositLoading,
  selectDepositMessage,
} from '../../src/machines/deposit-form/deposit-form.selectors';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { depositFormPaths } from './deposit-form.paths';
import { kbzAccount, keySeed, networkDown, receipt, waveAccount } from './money-fixtures';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(depositFormPaths);
const submitting = (s: AnyMachineSnapshot) => s.matches({ ready: 'submitting' });
const inForm = (s: AnyMachineSnapshot) => s.matches({ ready: 'editing' }) || s.matches({ ready: 'choosing' });
const fieldKey = { amount: 'amount', refrence_no: 'refrenceNo' } as const;

function checkInvariants(replayed: ReplayedStep) {
  const { step, before, after, entries } = replayed;
  const { event } = step;
  const snapshot = after as never;
  checkIdempotencyKey(replayed, 'submitDeposit', submitting);
  expect(selectDepositBusy(snapshot)).toBe(submitting(after));
  expect(selectChooserOpen(snapshot)).toBe(after.matches({ ready: 'choosing' }));
  expect(selectDepositLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectDepositLoadFailed(snapshot)).toBe(after.hasTag('error'));
  const bank = chosenBank(after.context);
  expect(after.can({ type: 'account.copy' }), 'copy only when the chosen account has a number').toBe(inForm(after) && !!bank?.accountNumber);
  expect(after.can({ type: 'deposit.submit' }), 'submit needs an account to pay into').toBe(after.matches({ ready: 'editing' }) && bank !== null);

  if (event.type === 'xstate.done.actor.loadBanks') {
    expect(after.context.bankId, 'the first account is chosen').toBe((event.output as Bank[])[0]?.id ?? null);
  }
  if (event.type === 'account.copy') {
    expect(hostActions(entries)).toEqual([
      { name: 'copyText', params: { text: bank!.accountNumber } },
      { name: 'notifyCopied', params: undefined },
    ]);
  } else if (!event.type.startsWith('xstate.')) {
    expect(hostActions(entries), 'only copying and answers reach the host').toEqual([]);
  }
  if (event.type === 'bank.choose') expect(after.context.bankId).toBe(event.id);
  if (event.type === 'field.change') {
    expect(after.context[fieldKey[event.field as keyof typeof fieldKey]]).toBe(normaliseDigits(event.value));
    expect(after.context.fieldErrors[event.field], 'editing a field clears its error').toBeUndefined();
  }
  if (event.type === 'deposit.submit') {
    const { bankId, amount, refrenceNo, receipt: file } = before.context;
    const key = after.context.key!;
    const request: DepositRequest = { agent_payment_type_id: bankId!, amount: Number(amount), refrence_no: refrenceNo, receipt: file, key };
    expect(entries).toEqual([{ kind: 'call', actor: 'submitDeposit', input: request }]);
  }
  if (event.type === 'xstate.done.actor.submitDeposit') {
    expect(hostActions(entries)).toEqual([
      { name: 'notifySuccess', params: { message: DEPOSITED } },
      { name: 'goToDepositLog', params: undefined },
    ]);
    expect(after.context, 'the form is reset, the account stays').toMatchObject({
      amount: '',
      refrenceNo: '',
      receipt: null,
      fieldErrors: {},
      message: null,
      bankId: before.context.bankId,
    });
  }
  if (event.type === 'xstate.error.actor.submitDeposit') {
    const { status, message, fieldErrors } = event.error;
    expect(after.context.fieldErrors).toEqual(fieldErrors);
    expect(selectDepositMessage(snapshot)).toBe(status === 0 ? NETWORK_ERROR : status === 422 ? null : message);
    expect(after.context).toMatchObject({ amount: before.context.amount, refrenceNo: before.context.refrenceNo });
  }
}

describe('deposit-form: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(depositFormPaths, path), async () => {
      await replayPath(depositFormPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(depositFormPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('deposit-form: behaviour', () => {
  it('sends the receipt with the request, and a new receipt makes a new request', async () => {
    const sent: DepositRequest[] = [];
    const answers = [() => Promise.reject(networkDown), async () => ({ message: 'Deposit Request Success' })];
    const machine = depositFormMachine.provide({
      actors: {
        loadBanks: fromPromise(async () => [waveAccount, kbzAccount]),
        submitDeposit: fromPromise(({ input }: { input: DepositRequest }) => (sent.push(input), answers.shift()!())),
      },
      actions: { notifySuccess: () => {}, goToDepositLog: () => {} },
    });
    const actor = createActor(machine, { input: { keySeed } }).start();
    await flush();
    expect(actor.getSnapshot().can({ type: 'account.copy' }), 'Wave Money has no number to copy').toBe(false);
    actor.send({ type: 'field.change', field: 'amount', value: '5000' });
    actor.send({ type: 'field.change', field: 'refrence_no', value: '654321' });
    actor.send({ type: 'receipt.choose', file: receipt });
    actor.send({ type: 'deposit.submit' });
    await flush();
    const other = new File(['x'], 'other.png', { type: 'image/png' });
    actor.send({ type: 'receipt.choose', file: other });
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(sent.map((r) => [r.agent_payment_type_id, r.receipt, r.key])).toEqual([
      [waveAccount.id, receipt, `${keySeed}-1`],
      [waveAccount.id, other, `${keySeed}-2`],
    ]);
  });
});
