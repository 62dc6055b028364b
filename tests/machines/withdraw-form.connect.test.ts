/** The withdraw form's view object (src/machines/withdraw-form/withdraw-form.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../../src/machines/shared/money-form';
import { connectWithdrawForm } from '../../src/machines/withdraw-form/withdraw-form.connect';
import { CHOOSE_PAYMENT_TYPE, withdrawFormMachine } from '../../src/machines/withdraw-form/withdraw-form.machine';
import { driveView } from '../support/connect-driver';
import { kbzAccount, keySeed, networkDown, savedWavePayout, waveAccount } from './money-fixtures';

const banks = [kbzAccount, waveAccount];
const types = [
  { id: kbzAccount.paymentTypeId, name: kbzAccount.paymentTypeName },
  { id: waveAccount.paymentTypeId, name: waveAccount.paymentTypeName },
];

async function loaded(saved = [savedWavePayout]) {
  const driver = driveView(withdrawFormMachine, connectWithdrawForm, { keySeed });
  await driver.answer('loadWithdrawOptions', { banks, saved });
  return driver;
}

describe('connectWithdrawForm: what the view shows', () => {
  it('loading, then the payment types and the last payout account prefilled', async () => {
    const driver = driveView(withdrawFormMachine, connectWithdrawForm, { keySeed });
    expect(driver.view()).toMatchObject({ loading: true, loadFailed: false, paymentTypes: [] });
    await driver.answer('loadWithdrawOptions', { banks, saved: [savedWavePayout] });
    expect(driver.view()).toMatchObject({
      loading: false,
      paymentTypes: types,
      paymentTypeId: savedWavePayout.paymentTypeId,
      values: { account_name: savedWavePayout.accountName, account_number: savedWavePayout.accountNumber, amount: '', password: '' },
      fieldErrors: {},
      message: null,
      busy: false,
    });
  });

  it('a failed load shows its message; retry loads again', async () => {
    const driver = driveView(withdrawFormMachine, connectWithdrawForm, { keySeed });
    await driver.refuse('loadWithdrawOptions', networkDown);
    expect(driver.view()).toMatchObject({ loadFailed: true, message: NETWORK_ERROR });
    driver.view().retry();
    expect(driver.view()).toMatchObject({ loading: true, loadFailed: false });
  });
});

describe('connectWithdrawForm: intents', () => {
  it('each field takes what is typed (digits normalised, the password as typed)', async () => {
    const driver = await loaded([]);
    driver.view().setField('account_name', 'Aung Aung');
    driver.view().setField('account_number', '၀၉၄၅၀');
    driver.view().setField('amount', '၅၀၀၀');
    driver.view().setField('password', 'Sécret ၁');
    expect(driver.view().values).toEqual({ account_name: 'Aung Aung', account_number: '09450', amount: '5000', password: 'Sécret ၁' });
  });

  it('submitting without a payment type asks for one; choosing one and submitting sends the request', async () => {
    const driver = await loaded([]);
    driver.view().setField('amount', '5000');
    driver.view().submit();
    expect(driver.view()).toMatchObject({ busy: false, fieldErrors: { payment_type_id: CHOOSE_PAYMENT_TYPE } });
    driver.view().choosePaymentType(kbzAccount.paymentTypeId);
    expect(driver.view()).toMatchObject({ paymentTypeId: kbzAccount.paymentTypeId, fieldErrors: {} });
    driver.view().submit();
    expect(driver.view().busy).toBe(true);
    expect(driver.calls().at(-1)).toMatchObject({ actor: 'submitWithdraw', input: { payment_type_id: kbzAccount.paymentTypeId, amount: 5000, key: `${keySeed}-1` } });
  });

  it('a type not on offer is not chosen', async () => {
    const driver = await loaded([]);
    driver.view().choosePaymentType(999);
    expect(driver.view().paymentTypeId).toBeNull();
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = await loaded([]);
    const before = driver.view();
    before.setField('amount', '1');
    expect(driver.view().setField).toBe(before.setField);
    expect(driver.view().submit).toBe(before.submit);
  });
});
