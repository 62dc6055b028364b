/** A game list's launcher view object (src/machines/game-launch/game-launch.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectGameLaunch } from '../../src/machines/game-launch/game-launch.connect';
import { LAUNCH_FAILED, LAUNCH_NETWORK_ERROR, gameLaunchMachine } from '../../src/machines/game-launch/game-launch.machine';
import { driveView } from '../support/connect-driver';
import { dragonTiger, fortuneGems, launchUrl } from './game-fixtures';

const launcher = (loggedIn = true) => driveView(gameLaunchMachine.provide({ guards: { isLoggedIn: () => loggedIn } }), connectGameLaunch);

describe('connectGameLaunch: what the view shows', () => {
  it("the pressed game's Play is busy and the others wait; an answer with a URL goes there", async () => {
    const driver = launcher();
    expect(driver.view()).toMatchObject({ busyGameId: null, launching: false, error: null });
    expect(driver.view().playState(fortuneGems.id)).toEqual({ busy: false, disabled: false });
    driver.view().launch(fortuneGems);
    expect(driver.view()).toMatchObject({ busyGameId: fortuneGems.id, launching: true });
    expect(driver.view().playState(fortuneGems.id)).toEqual({ busy: true, disabled: false });
    expect(driver.view().playState(dragonTiger.id)).toEqual({ busy: false, disabled: true });
    expect(driver.calls()).toEqual([{ actor: 'launchGame', input: { game_code: 'JL001', product_code: 1091, game_type: 'SLOT' } }]);
    await driver.answer('launchGame', { code: 200, message: '', url: launchUrl });
    expect(driver.view()).toMatchObject({ busyGameId: null, launching: false, error: null });
    expect(driver.actions()).toEqual([{ name: 'navigateTo', params: { url: launchUrl } }]);
  });

  it('a failure shows until dismissed; launching another clears it', async () => {
    const driver = launcher();
    driver.view().launch(fortuneGems);
    await driver.refuse('launchGame', new Error('offline'));
    expect(driver.view()).toMatchObject({ error: LAUNCH_NETWORK_ERROR, launching: false });
    driver.view().dismissError();
    expect(driver.view().error).toBeNull();
    driver.view().launch(dragonTiger);
    await driver.answer('launchGame', { code: 500, message: '' });
    expect(driver.view().error).toBe(LAUNCH_FAILED);
    driver.view().launch(fortuneGems);
    expect(driver.view()).toMatchObject({ error: null, busyGameId: fortuneGems.id });
  });
});

describe('connectGameLaunch: intents', () => {
  it('logged out, launch asks for a login and sends nothing', () => {
    const driver = launcher(false);
    driver.view().launch(fortuneGems);
    expect(driver.view().launching).toBe(false);
    expect(driver.calls()).toEqual([]);
    expect(driver.actions()).toEqual([{ name: 'askLogin', params: undefined }]);
  });

  it('gives the same intent functions on every snapshot', () => {
    const driver = launcher();
    const before = driver.view();
    before.launch(fortuneGems);
    expect(driver.view().launch).toBe(before.launch);
    expect(driver.view().dismissError).toBe(before.dismissError);
  });
});
