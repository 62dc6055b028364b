/** The session's view object (src/machines/auth/auth.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectAuth } from '../../src/machines/auth/auth.connect';
import { authMachine } from '../../src/machines/auth/auth.machine';
import { driveView } from '../support/connect-driver';
import { loginInput, player, registerInput, session } from '../support/path-fixtures';
import { apiError } from '../support/paths';

const guest = () => driveView(authMachine, connectAuth, { token: null, user: null });

describe('connectAuth: what the view shows', () => {
  it('a guest with no dialog; a stored session is logged in with its player', () => {
    expect(guest().view()).toMatchObject({ loggedIn: false, user: null, modal: null, busy: false, fieldErrors: {}, generalError: null });
    const stored = driveView(authMachine, connectAuth, { token: session.token, user: player });
    expect(stored.view()).toMatchObject({ loggedIn: true, user: player, modal: null });
  });

  it('wrong credentials are a general error; a field refusal is under its field only', async () => {
    const driver = guest();
    driver.view().openLogin();
    driver.view().login(loginInput);
    expect(driver.view().busy).toBe(true);
    await driver.refuse('loginUser', apiError(401, 'Credentials do not match!'));
    expect(driver.view()).toMatchObject({ busy: false, loggedIn: false, fieldErrors: {}, generalError: 'Credentials do not match!' });
    driver.view().login(loginInput);
    await driver.refuse('loginUser', apiError(422, 'The user name field is required.', { user_name: 'The user name field is required.' }));
    expect(driver.view()).toMatchObject({ fieldErrors: { user_name: 'The user name field is required.' }, generalError: null });
    driver.view().clearError();
    expect(driver.view()).toMatchObject({ fieldErrors: {}, generalError: null });
  });
});

describe('connectAuth: intents', () => {
  it('the dialogs open, switch and close', () => {
    const driver = guest();
    driver.view().openLogin();
    expect(driver.view().modal).toBe('login');
    driver.view().openRegister();
    expect(driver.view().modal).toBe('register');
    driver.view().closeModal();
    expect(driver.view().modal).toBeNull();
  });

  it('login sends the form; a session logs the player in, and the login dialog no longer opens', async () => {
    const driver = guest();
    driver.view().openLogin();
    driver.view().login(loginInput);
    expect(driver.calls()).toEqual([{ actor: 'loginUser', input: loginInput }]);
    await driver.answer('loginUser', session);
    expect(driver.view()).toMatchObject({ loggedIn: true, user: player, modal: null, busy: false });
    driver.view().openLogin();
    expect(driver.view().modal).toBeNull();
  });

  it('register sends the form; logout ends the session', async () => {
    const driver = guest();
    driver.view().openRegister();
    driver.view().register(registerInput);
    expect(driver.calls()).toEqual([{ actor: 'registerUser', input: registerInput }]);
    await driver.answer('registerUser', session);
    expect(driver.view().loggedIn).toBe(true);
    driver.view().logout();
    expect(driver.view().busy).toBe(true);
    expect(driver.calls().at(-1)).toEqual({ actor: 'logoutUser', input: { token: session.token } });
    await driver.answer('logoutUser');
    expect(driver.view()).toMatchObject({ loggedIn: false, user: null });
  });

  it('gives the same intent functions on every snapshot (an effect that opens the login runs once)', () => {
    const driver = guest();
    const before = driver.view();
    before.openLogin();
    const after = driver.view();
    expect(after).not.toBe(before);
    expect(after.openLogin).toBe(before.openLogin);
    expect(after.login).toBe(before.login);
  });
});
