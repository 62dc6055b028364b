/** Telegram sign-in's view object (src/machines/telegram-sign-in/telegram-sign-in.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectTelegramSignIn } from '../../src/machines/telegram-sign-in/telegram-sign-in.connect';
import { telegramSignInMachine } from '../../src/machines/telegram-sign-in/telegram-sign-in.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';

const initData = 'query_id=AA1&user=%7B%22id%22%3A42%7D&hash=f00d';
const noReferral = apiError(422, 'The referral code field is required.', { referral_code: 'The referral code field is required.' });
const badReferral = apiError(422, 'The referral code is invalid.', { referral_code: 'The referral code is invalid.' });
const offline = apiError(0, 'Network error. Please try again.');
const launch = () => driveView(telegramSignInMachine, connectTelegramSignIn, { initData, signedIn: false });

describe('connectTelegramSignIn: what the view shows', () => {
  it('signing in is pending and busy; the launch data is there for linking', () => {
    expect(launch().view()).toMatchObject({ pending: true, busy: true, needsReferral: false, offline: false, referralFormOpen: false, initData });
  });

  it('a first ask for a code opens the form without an error; a refused typed code stays open with its error', async () => {
    const driver = launch();
    await driver.refuse('signIn', noReferral);
    expect(driver.view()).toMatchObject({ pending: false, needsReferral: true, referralFormOpen: true, referralError: null });
    driver.view().submitReferral(' AG001 ');
    expect(driver.view()).toMatchObject({ busy: true, needsReferral: false, referralFormOpen: true });
    expect(driver.calls().at(-1)).toEqual({ actor: 'signIn', input: { init_data: initData, referral_code: 'AG001' } });
    await driver.refuse('signIn', badReferral);
    expect(driver.view()).toMatchObject({ referralFormOpen: true, referralError: 'The referral code is invalid.' });
  });

  it('a session already stored: nothing pending, nothing to ask', () => {
    const driver = driveView(telegramSignInMachine, connectTelegramSignIn, { initData, signedIn: true });
    expect(driver.view()).toMatchObject({ pending: false, busy: false, referralFormOpen: false, offline: false });
  });
});

describe('connectTelegramSignIn: intents', () => {
  it('an existing player chooses to log in: the login opens and the form goes', async () => {
    const driver = launch();
    await driver.refuse('signIn', noReferral);
    driver.view().chooseLogin();
    expect(driver.view()).toMatchObject({ referralFormOpen: false, pending: false });
    expect(driver.actions().map((a) => a.name)).toEqual(['openLogin']);
  });

  it('offline: retry signs in again; dismiss goes on as a guest', async () => {
    const driver = launch();
    await driver.refuse('signIn', offline);
    expect(driver.view()).toMatchObject({ offline: true, pending: false });
    driver.view().retry();
    expect(driver.view()).toMatchObject({ offline: false, busy: true, pending: true });
    await driver.refuse('signIn', offline);
    driver.view().dismiss();
    expect(driver.view()).toMatchObject({ offline: false, pending: false, referralFormOpen: false });
    expect(driver.actor.getSnapshot().matches('guest')).toBe(true);
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = launch();
    const before = driver.view();
    await driver.refuse('signIn', noReferral);
    expect(driver.view().submitReferral).toBe(before.submitReferral);
    expect(driver.view().dismiss).toBe(before.dismiss);
  });
});
