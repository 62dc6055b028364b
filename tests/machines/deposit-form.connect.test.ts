/** The deposit form's view object (src/machines/deposit-form/deposit-form.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectDepositForm } from '../../src/machines/deposit-form/deposit-form.connect';
import { depositFormMachine } from '../../src/machines/deposit-form/deposit-form.machine';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';
import { kbzAccount, keySeed, networkDown, receipt, waveAccount } from './money-fixtures';

async function loaded() {
  const driver = driveView(depositFormMachine, connectDepositForm, { keySeed });
  await driver.answer('loadBanks', [kbzAccount, waveAccount]);
  return driver;
}

describe('connectDepositForm: what the view shows', () => {
  it('loading, then the first account chosen, with Change and Copy on offer', async () => {
    const driver = driveView(depositFormMachine, connectDepositForm, { keySeed });
    expect(driver.view()).toMatchObject({ loading: true, loadFailed: false, banks: [], bank: null, busy: false });
    await driver.answer('loadBanks', [kbzAccount, waveAccount]);
    expect(driver.view()).toMatchObject({
      loading: false,
      banks: [kbzAccount, waveAccount],
      bank: kbzAccount,
      canChangeBank: true,
      canCopy: true,
      canSubmit: true,
      chooserOpen: false,
      amount: '',
      refrenceNo: '',
      receipt: null,
      fieldErrors: {},
      message: null,
    });
  });

  it('one account offers no Change; an account without a number cannot be copied', async () => {
    const driver = driveView(depositFormMachine, connectDepositForm, { keySeed });
    await driver.answer('loadBanks', [waveAccount]);
    expect(driver.view()).toMatchObject({ bank: waveAccount, canChangeBank: false, canCopy: false });
  });

  it('a failed load shows its message; retry loads again', async () => {
    const driver = driveView(depositFormMachine, connectDepositForm, { keySeed });
    await driver.refuse('loadBanks', networkDown);
    expect(driver.view()).toMatchObject({ loading: false, loadFailed: true, message: NETWORK_ERROR });
    driver.view().retry();
    expect(driver.view()).toMatchObject({ loading: true, loadFailed: false });
    expect(driver.calls().filter((c) => c.actor === 'loadBanks')).toHaveLength(2);
  });
});

describe('connectDepositForm: intents', () => {
  it('entering the amount (Burmese digits), the reference and a receipt fills the form', async () => {
    const driver = await loaded();
    driver.view().setAmount('၁၀၀၀၀');
    driver.view().setReference('123456');
    driver.view().chooseReceipt(receipt);
    expect(driver.view()).toMatchObject({ amount: '10000', refrenceNo: '123456', receipt });
    driver.view().chooseReceipt(null);
    expect(driver.view().receipt).toBeNull();
  });

  it('the chooser opens, picks another account and closes; Copy copies the chosen number', async () => {
    const driver = await loaded();
    driver.view().copyAccount();
    expect(driver.actions()).toEqual([
      { name: 'copyText', params: { text: kbzAccount.accountNumber } },
      { name: 'notifyCopied', params: undefined },
    ]);
    driver.view().openChooser();
    expect(driver.view().chooserOpen).toBe(true);
    driver.view().chooseBank(waveAccount.id);
    expect(driver.view()).toMatchObject({ chooserOpen: false, bank: waveAccount, canCopy: false });
    driver.view().openChooser();
    driver.view().closeChooser();
    expect(driver.view()).toMatchObject({ chooserOpen: false, bank: waveAccount });
  });

  it('submit sends the form with its key; a refusal shows under its field', async () => {
    const driver = await loaded();
    driver.view().setAmount('10000');
    driver.view().submit();
    expect(driver.view()).toMatchObject({ busy: true, canSubmit: false });
    expect(driver.calls().at(-1)).toMatchObject({
      actor: 'submitDeposit',
      input: { agent_payment_type_id: kbzAccount.id, amount: 10000, refrence_no: '', receipt: null, key: `${keySeed}-1` },
    });
    await driver.refuse('submitDeposit', apiError(422, 'The reference number field is required.', { refrence_no: 'The reference number field is required.' }));
    expect(driver.view()).toMatchObject({ busy: false, fieldErrors: { refrence_no: 'The reference number field is required.' }, message: null });
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = driveView(depositFormMachine, connectDepositForm, { keySeed });
    const before = driver.view();
    await driver.answer('loadBanks', [kbzAccount]);
    const after = driver.view();
    expect(after).not.toBe(before);
    expect(after.submit).toBe(before.submit);
    expect(after.chooseBank).toBe(before.chooseBank);
  });
});
