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
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { kbzAccount, keySeed, savedWavePayout, waveAccount } from './money-fixtures';
import { checkIdempotencyKey, hostActions } from './money-invariants';
import { overBalance, withdrawFormPaths } from './withdraw-form.paths';

const paths = generatePaths(withdrawFormPaths);
const submitting = (s: AnyMachineSnapshot) => s.matches({ ready: 'submitting' });
const fieldKey = { account_name: 'accountName', account_number: 'accountNumber', amount: 'amount', password: 'password' } as const;

function always(replayed: ReplayedStep) {
  const { step, after, entries } = replayed;
  const snapshot = after as never;
  checkIdempotencyKey(replayed, 'submitWithdraw', submitting);
  expect(selectWithdrawBusy(snapshot)).toBe(submitting(after));
  expect(selectWithdrawLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectWithdrawLoadFailed(snapshot)).toBe(after.hasTag('error'));
  if (!step.event.type.startsWith('xstate.')) expect(hostActions(entries), 'only answers reach the host').toEqual([]);
}

/** What each event does, from the spec's withdraw form (§5 Withdraw, §7 GET /payment-type, POST /withdrawfinicial). */
const effects: Effects = {
  'xstate.done.actor.loadWithdrawOptions': ({ step, after }) => {
    const { banks, saved } = step.event.output as WithdrawOptions;
    const ids = selectPaymentTypes(after as never).map((type) => type.id);
    expect(after.matches({ ready: 'editing' })).toBe(true);
    expect(ids, 'each payment type once, in order').toEqual([...new Set(banks.map((bank) => bank.paymentTypeId))]);
    const recent = saved[0];
    expect(after.context, 'prefilled from the most recent payout account').toMatchObject({
      paymentTypeId: recent?.paymentTypeId ?? null,
      accountName: recent?.accountName ?? '',
      accountNumber: recent?.accountNumber ?? '',
    });
  },
  'xstate.error.actor.loadWithdrawOptions': ({ step, after }) => {
    const { status, message } = step.event.error;
    expect(after.hasTag('error'), 'the options could not load: the form says so').toBe(true);
    expect(selectWithdrawMessage(after as never)).toBe(status === 0 ? NETWORK_ERROR : message);
  },
  'options.retry': ({ after, entries }) => {
    expect(after.matches('loading')).toBe(true);
    expect(entries).toEqual([{ kind: 'call', actor: 'loadWithdrawOptions', input: undefined }]);
  },
  'paymentType.choose': ({ step, after }) => {
    expect(after.context.paymentTypeId).toBe(step.event.id);
    expect(after.context.fieldErrors.payment_type_id).toBeUndefined();
  },
  'field.change': ({ step, after }) => {
    const { field, value } = step.event;
    const digits = field === 'account_number' || field === 'amount';
    expect(after.context[fieldKey[field as keyof typeof fieldKey]]).toBe(digits ? normaliseDigits(value) : value);
    expect(after.context.fieldErrors[field], 'editing a field clears its error').toBeUndefined();
  },
  'withdraw.submit': ({ before, after, entries }) => {
    const c = before.context;
    if (c.paymentTypeId === null) {
      expect(after.context.fieldErrors, 'no payment type: asked to choose one, nothing sent').toEqual({ payment_type_id: CHOOSE_PAYMENT_TYPE });
      expect(entries).toEqual([]);
      return;
    }
    if (overBalance(c)) {
      expect(after.context.notice, 'above the game balance: refused here, naming it and the minimum').toEqual({
        key: 'cashier.withdrawShort',
        values: { available: '15,000', minimum: '10,000' },
      });
      expect(entries).toEqual([]);
      return;
    }
    expect(after.context.notice).toBeNull();
    const request: WithdrawRequest = {
      payment_type_id: c.paymentTypeId,
      account_name: c.accountName,
      account_number: c.accountNumber,
      amount: Number(c.amount),
      password: c.password,
      key: after.context.key!,
    };
    expect(entries).toEqual([{ kind: 'call', actor: 'submitWithdraw', input: request }]);
  },
  'xstate.done.actor.submitWithdraw': ({ before, after, entries }) => {
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
  },
  'xstate.error.actor.submitWithdraw': ({ step, before, after }) => {
    const { status, message, fieldErrors } = step.event.error;
    const shown = 'payment_type_id' in fieldErrors ? { ...fieldErrors, payment_type_id: CHOOSE_PAYMENT_TYPE } : fieldErrors;
    expect(after.context.fieldErrors).toEqual(shown);
    expect(selectWithdrawMessage(after as never)).toBe(status === 0 ? NETWORK_ERROR : status === 422 ? null : message);
    const { paymentTypeId, accountName, accountNumber, amount } = before.context;
    expect(after.context, 'a failure keeps what was entered').toMatchObject({ paymentTypeId, accountName, accountNumber, amount });
  },
};

describe('withdraw-form: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(withdrawFormPaths, path), async () => {
      await replayPath(withdrawFormPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(withdrawFormPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('withdraw-form', effects, paths);
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
