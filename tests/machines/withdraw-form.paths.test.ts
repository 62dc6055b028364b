import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { UserPayment, WithdrawRequest } from '../../src/api/types';
import { normaliseDigits } from '../../src/lib/money';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { CHOOSE_PAYMENT_TYPE, WITHDRAWN, withdrawFormMachine } from '../../src/machines/withdraw-form/withdraw-form.machine';
import {
  selectPaymentTypes,
  selectWithdrawBusy,
  selectWithdrawLoadFailed,
  selectWithdrawLoading,
  selectWithdrawMessage,
} from '../../src/machines/withdraw-form/withdraw-form.selectors';
import type { WithdrawOptions } from '../../src/machines/withdraw-form/withdraw-options';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { kbzAccount, keySeed, savedWavePayout, waveAccount } from './money-fixtures';
import { checkIdempotencyKey, hostActions } from './money-invariants';
import { withdrawFormPaths } from './withdraw-form.paths';

const paths = generatePaths(withdrawFormPaths);
const submitting = (s: AnyMachineSnapshot) => s.matches({ ready: 'submitting' });
const fieldKey = { account_name: 'accountName', account_number: 'accountNumber', amount: 'amount', password: 'password' } as const;

function checkInvariants(replayed: ReplayedStep) {
  const { step, before, after, entries } = replayed;
  const { event } = step;
  const snapshot = after as never;
  checkIdempotencyKey(replayed, 'submitWithdraw', submitting);
  expect(selectWithdrawBusy(snapshot)).toBe(submitting(after));
  expect(selectWithdrawLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectWithdrawLoadFailed(snapshot)).toBe(after.hasTag('error'));
  if (!event.type.startsWith('xstate.')) expect(hostActions(entries), 'only answers reach the host').toEqual([]);

  if (event.type === 'xstate.done.actor.loadWithdrawOptions') {
    const { banks, saved } = event.output as WithdrawOptions;
    const ids = selectPaymentTypes(snapshot).map((type) => type.id);
    expect(ids, 'each payment type once, in order').toEqual([...new Set(banks.map((bank) => bank.paymentTypeId))]);
    const recent = saved[0];
    expect(after.context, 'prefilled from the most recent payout account').toMatchObject({
      paymentTypeId: recent?.paymentTypeId ?? null,
      accountName: recent?.accountName ?? '',
      accountNumber: recent?.accountNumber ?? '',
    });
  }
  if (event.type === 'withdraw.submit' && before.context.paymentTypeId === null) {
    expect(after.context.fieldErrors, 'no payment type: asked to choose one, nothing sent').toEqual({ payment_type_id: CHOOSE_PAYMENT_TYPE });
  }
  if (event.type === 'withdraw.submit' && submitting(after)) {
    const c = before.context;
    const request: WithdrawRequest = {
      payment_type_id: c.paymentTypeId!,
      account_name: c.accountName,
      account_number: c.accountNumber,
      amount: Number(c.amount),
      password: c.password,
      key: after.context.key!,
    };
    expect(entries).toEqual([{ kind: 'call', actor: 'submitWithdraw', input: request }]);
  }
  if (event.type === 'paymentType.choose') {
    expect(after.context.paymentTypeId).toBe(event.id);
    expect(after.context.fieldErrors.payment_type_id).toBeUndefined();
  }
  if (event.type === 'field.change') {
    const digits = event.field === 'account_number' || event.field === 'amount';
    expect(after.context[fieldKey[event.field as keyof typeof fieldKey]]).toBe(digits ? normaliseDigits(event.value) : event.value);
    expect(after.context.fieldErrors[event.field], 'editing a field clears its error').toBeUndefined();
  }
  if (event.type === 'xstate.done.actor.submitWithdraw') {
    expect(hostActions(entries)).toEqual([
      { name: 'notifySuccess', params: { message: WITHDRAWN } },
      { name: 'refreshBalance', params: undefined },
      { name: 'goToWithdrawLog', params: undefined },
    ]);
    const { paymentTypeId, accountName, accountNumber } = before.context;
    expect(after.context, 'the password and amount go, the payout account stays').toMatchObject({
      password: '',
      amount: '',
      paymentTypeId,
      accountName,
      accountNumber,
    });
  }
  if (event.type === 'xstate.error.actor.submitWithdraw') {
    const { status, message, fieldErrors } = event.error;
    const shown = 'payment_type_id' in fieldErrors ? { ...fieldErrors, payment_type_id: CHOOSE_PAYMENT_TYPE } : fieldErrors;
    expect(after.context.fieldErrors).toEqual(shown);
    expect(selectWithdrawMessage(snapshot)).toBe(status === 0 ? NETWORK_ERROR : status === 422 ? null : message);
  }
}

describe('withdraw-form: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(withdrawFormPaths, path), async () => {
      await replayPath(withdrawFormPaths, path, { onStep: checkInvariants });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(withdrawFormPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('withdraw-form: behaviour', () => {
  it('matches a legacy saved account to a payment type by name, and only offered types can be chosen', async () => {
    const legacy: UserPayment = { ...savedWavePayout, id: null, paymentTypeId: null, paymentTypeName: 'wave money' };
    const machine = withdrawFormMachine.provide({
      actors: { loadWithdrawOptions: fromPromise(async () => ({ banks: [kbzAccount, waveAccount], saved: [legacy] })) },
    });
    const actor = createActor(machine, { input: { keySeed } }).start();
    await flush();
    expect(actor.getSnapshot().context.paymentTypeId).toBe(waveAccount.paymentTypeId);
    expect(actor.getSnapshot().can({ type: 'paymentType.choose', id: 99 })).toBe(false);
  });
});
