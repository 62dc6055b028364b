/** The password form's view object (src/machines/change-password/change-password.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectChangePassword } from '../../src/machines/change-password/change-password.connect';
import { NETWORK_ERROR, changePasswordMachine } from '../../src/machines/change-password/change-password.machine';
import { driveView } from '../support/connect-driver';
import { changePasswordInput } from '../support/path-fixtures';
import { apiError } from '../support/paths';

const start = () => driveView(changePasswordMachine, connectChangePassword);
const mismatch = apiError(422, 'The password confirmation does not match.', { password: 'The password confirmation does not match.' });

describe('connectChangePassword', () => {
  it('submit sends the form and shows busy; success is shown and leaves no failure', async () => {
    const driver = start();
    expect(driver.view()).toMatchObject({ busy: false, fieldErrors: {}, failure: null, succeeded: false });
    driver.view().submit(changePasswordInput);
    expect(driver.view().busy).toBe(true);
    expect(driver.calls()).toEqual([{ actor: 'changePassword', input: changePasswordInput }]);
    await driver.answer('changePassword', 'Password changed successfully.');
    expect(driver.view()).toMatchObject({ busy: false, succeeded: true, failure: null });
    expect(driver.actions().map((a) => a.name)).toEqual(['notifyPasswordChanged', 'goToProfile']);
  });

  it('a 422 shows under its field only; typing in that field clears it', async () => {
    const driver = start();
    driver.view().submit(changePasswordInput);
    await driver.refuse('changePassword', mismatch);
    expect(driver.view()).toMatchObject({ fieldErrors: mismatch.fieldErrors, failure: null, succeeded: false });
    driver.view().edit('password_confirmation');
    expect(driver.view().fieldErrors).toEqual(mismatch.fieldErrors);
    driver.view().edit('password');
    expect(driver.view().fieldErrors).toEqual({});
  });

  it('a wrong old password (401) and the network show as the failure, only while failed', async () => {
    const driver = start();
    driver.view().submit(changePasswordInput);
    await driver.refuse('changePassword', apiError(401, 'Old Password is incorrect'));
    expect(driver.view().failure).toBe('Old Password is incorrect');
    driver.view().submit(changePasswordInput);
    expect(driver.view()).toMatchObject({ busy: true, failure: null });
    await driver.refuse('changePassword', apiError(0, 'offline'));
    expect(driver.view().failure).toBe(NETWORK_ERROR);
  });

  it('gives the same intent functions on every snapshot', () => {
    const driver = start();
    const before = driver.view();
    before.submit(changePasswordInput);
    expect(driver.view().submit).toBe(before.submit);
    expect(driver.view().edit).toBe(before.edit);
  });
});
