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
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { flush, replayPath, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName, stateName } from '../support/paths';
import { depositFormPaths } from './deposit-form.paths';
import { kbzAccount, keySeed, networkDown, receipt, waveAccount } from './money-fixtures';
import { checkIdempotencyKey, hostActions } from './money-invariants';

const paths = generatePaths(depositFormPaths);
const submitting = (s: AnyMachineSnapshot) => s.matches({ ready: 'submitting' });
const fieldKey = { amount: 'amount', refrence_no: 'refrenceNo' } as const;

function always({ step, after, entries, ...replayed }: ReplayedStep) {
  const snapshot = after as never;
  checkIdempotencyKey({ step, after, entries, ...replayed }, 'submitDeposit', submitting);
  expect(selectDepositBusy(snapshot)).toBe(submitting(after));
  expect(selectChooserOpen(snapshot)).toBe(after.matches({ ready: 'choosing' }));
  expect(selectDepositLoading(snapshot)).toBe(after.matches('loading'));
  expect(selectDepositLoadFailed(snapshot)).toBe(after.hasTag('error'));
  const bank = chosenBank(after.context);
  expect(after.can({ type: 'account.copy' }), 'copy from the form, only when the chosen account has a number').toBe(
    after.matches({ ready: 'editing' }) && !!bank?.accountNumber,
  );
  expect(after.can({ type: 'deposit.submit' }), 'submit needs an account to pay into').toBe(after.matches({ ready: 'editing' }) && bank !== null);
  if (step.event.type !== 'account.copy' && !step.event.type.startsWith('xstate.')) {
    expect(hostActions(entries), 'only copying and answers reach the host').toEqual([]);
  }
}

const keepsTheForm = (before: AnyMachineSnapshot, after: AnyMachineSnapshot) => {
  const { amount, refrenceNo, receipt: file, bankId } = before.context;
  expect(after.context, 'what the player entered stays').toMatchObject({ amount, refrenceNo, receipt: file, bankId });
};

/** What each event does, from the spec's deposit form (§2 Information → transfer, §5 Deposit, §7 GET /banks, POST /depositfinicial). */
const effects: Effects = {
  'xstate.done.actor.loadBanks': ({ step, after }) => {
    expect(after.matches({ ready: 'editing' })).toBe(true);
    expect(after.context.banks).toEqual(step.event.output);
    expect(after.context.bankId, 'the first account is chosen').toBe((step.event.output as Bank[])[0]?.id ?? null);
  },
  'xstate.error.actor.loadBanks': ({ step, after }) => {
    const { status, message } = step.event.error;
    expect(after.hasTag('error'), 'the accounts could not load: the form says so').toBe(true);
    expect(selectDepositMessage(after as never)).toBe(status === 0 ? NETWORK_ERROR : message);
  },
  'banks.retry': ({ after, entries }) => {
    expect(after.matches('loading')).toBe(true);
    expect(entries).toEqual([{ kind: 'call', actor: 'loadBanks', input: undefined }]);
  },
  'account.copy': ({ before, after, entries }) => {
    expect(hostActions(entries)).toEqual([
      { name: 'copyText', params: { text: chosenBank(before.context)!.accountNumber } },
      { name: 'notifyCopied', params: undefined },
    ]);
    expect(stateName(after.value), 'copying moves nowhere').toBe(stateName(before.value));
    keepsTheForm(before, after);
  },
  'chooser.open': ({ before, after }) => {
    expect(after.matches({ ready: 'choosing' })).toBe(true);
    keepsTheForm(before, after);
  },
  'chooser.close': ({ before, after }) => {
    expect(after.matches({ ready: 'editing' })).toBe(true);
    keepsTheForm(before, after);
  },
  'bank.choose': ({ step, after }) => {
    expect(after.matches({ ready: 'editing' }), 'choosing an account closes the chooser').toBe(true);
    expect(after.context.bankId).toBe(step.event.id);
  },
  'field.change': ({ step, after }) => {
    const { field, value } = step.event;
    expect(after.context[fieldKey[field as keyof typeof fieldKey]]).toBe(normaliseDigits(value));
    expect(after.context.fieldErrors[field], 'editing a field clears its error').toBeUndefined();
  },
  'receipt.choose': ({ step, after }) => {
    expect(after.context.receipt).toBe(step.event.file);
    expect(after.context.fieldErrors.receipt, 'choosing a receipt clears its error').toBeUndefined();
  },
  'deposit.submit': ({ before, after, entries }) => {
    const { bankId, amount, refrenceNo, receipt: file } = before.context;
    const key = after.context.key!;
    const request: DepositRequest = { agent_payment_type_id: bankId!, amount: Number(amount), refrence_no: refrenceNo, receipt: file, key };
    expect(entries, 'the request names the chosen account').toEqual([{ kind: 'call', actor: 'submitDeposit', input: request }]);
  },
  'xstate.done.actor.submitDeposit': ({ before, after, entries }) => {
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
  },
  'xstate.error.actor.submitDeposit': ({ step, before, after }) => {
    const { status, message, fieldErrors } = step.event.error;
    expect(after.context.fieldErrors).toEqual(fieldErrors);
    expect(selectDepositMessage(after as never)).toBe(status === 0 ? NETWORK_ERROR : status === 422 ? null : message);
    keepsTheForm(before, after);
  },
};

describe('deposit-form: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(depositFormPaths, path), async () => {
      await replayPath(depositFormPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(depositFormPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('deposit-form', effects, paths);
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
