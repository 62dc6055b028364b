/** The operator session's view object (src/machines/operator-session/operator-session.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectOperatorSession } from '../../src/machines/operator-session/operator-session.connect';
import { operatorSessionMachine } from '../../src/machines/operator-session/operator-session.machine';
import { driveView } from '../support/connect-driver';
import { setupInput, signInInput, thidaMe, thidaSession, tooManyLogins, unauthenticated, wrongCredentials, wrongSetup } from './operator-fixtures';

const newTab = () => driveView(operatorSessionMachine, connectOperatorSession, { token: null });

describe('connectOperatorSession: what the view shows', () => {
  it('a new tab shows the sign-in form; nothing may be called', () => {
    const view = newTab().view();
    expect(view).toMatchObject({ signedIn: false, restoring: false, inSetup: false, busy: false, blocked: false, operator: null, error: null, notice: null });
    expect(view.may('GET /me')).toBe(false);
  });

  it('a stored token is checked first (spinner), then the operator and the routes their role may call', async () => {
    const driver = driveView(operatorSessionMachine, connectOperatorSession, { token: 'op-token-stored' });
    expect(driver.view()).toMatchObject({ restoring: true, busy: true, signedIn: false });
    await driver.answer('fetchMe', thidaMe);
    const view = driver.view();
    expect(view).toMatchObject({ restoring: false, signedIn: true, operator: thidaMe.operator });
    expect(view.may('GET /deposits')).toBe(true);
    expect(view.may('GET /operators'), 'a cashier does not see the operators page').toBe(false);
  });

  it('a stored token the server no longer knows: back to the form, saying the session expired', async () => {
    const driver = driveView(operatorSessionMachine, connectOperatorSession, { token: 'op-token-stored' });
    await driver.refuse('fetchMe', unauthenticated);
    expect(driver.view()).toMatchObject({ signedIn: false, restoring: false, notice: 'expired' });
  });

  it('wrong credentials are shown in the server words; too many attempts block the form for the wait', async () => {
    const driver = newTab();
    driver.view().signIn(signInInput);
    await driver.refuse('signIn', wrongCredentials);
    expect(driver.view()).toMatchObject({ signedIn: false, busy: false, error: wrongCredentials.message, blocked: false });
    driver.view().signIn(signInInput);
    expect(driver.view().error, 'a new attempt clears the last refusal').toBeNull();
    await driver.refuse('signIn', tooManyLogins);
    expect(driver.view()).toMatchObject({ blocked: true, waitSeconds: 30, error: tooManyLogins.message });
  });
});

describe('connectOperatorSession: intents', () => {
  it('signIn sends the form; the session is kept and the operator is signed in', async () => {
    const driver = newTab();
    driver.view().signIn(signInInput);
    expect(driver.view().busy).toBe(true);
    expect(driver.calls()).toEqual([{ actor: 'signIn', input: signInInput }]);
    await driver.answer('signIn', thidaSession);
    expect(driver.view()).toMatchObject({ signedIn: true, busy: false, operator: thidaSession.operator });
    expect(driver.actions()).toEqual([{ name: 'persistToken', params: { token: thidaSession.token } }]);
  });

  it('openSetup shows first-time setup, completeSetup sends it, cancelSetup goes back to sign-in', async () => {
    const driver = newTab();
    driver.view().openSetup();
    expect(driver.view().inSetup).toBe(true);
    driver.view().completeSetup(setupInput);
    expect(driver.calls()).toEqual([{ actor: 'completeSetup', input: setupInput }]);
    await driver.refuse('completeSetup', wrongSetup);
    expect(driver.view()).toMatchObject({ inSetup: true, error: wrongSetup.message });
    driver.view().cancelSetup();
    expect(driver.view()).toMatchObject({ inSetup: false, error: null });
  });

  it('signOut ends the session, and the form says so', async () => {
    const driver = newTab();
    driver.view().signIn(signInInput);
    await driver.answer('signIn', thidaSession);
    driver.view().signOut();
    expect(driver.view().busy).toBe(true);
    expect(driver.calls().at(-1)).toEqual({ actor: 'signOut', input: undefined });
    await driver.answer('signOut', null);
    expect(driver.view()).toMatchObject({ signedIn: false, operator: null, notice: 'signedOut' });
    expect(driver.view().may('GET /deposits'), 'the routes go with the session').toBe(false);
    expect(driver.actions().at(-1)).toEqual({ name: 'clearToken', params: undefined });
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = newTab();
    const before = driver.view();
    before.signIn(signInInput);
    await driver.answer('signIn', thidaSession);
    const after = driver.view();
    for (const name of ['signIn', 'openSetup', 'cancelSetup', 'completeSetup', 'signOut'] as const) expect(after[name], name).toBe(before[name]);
  });
});
