/** The Shan Koe Mee card's view object (src/machines/shan-launch/shan-launch.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectShanLaunch } from '../../src/machines/shan-launch/shan-launch.connect';
import { LAUNCH_SUCCEEDED, POPUP_BLOCKED, POPUP_BLOCKED_CODE, SHAN_DEFAULTS, USER_LOAD_FAILED, shanLaunchMachine } from '../../src/machines/shan-launch/shan-launch.machine';
import { driveView } from '../support/connect-driver';
import { player } from '../support/path-fixtures';
import { apiError } from '../support/paths';

const gameUrl = 'https://shan.kyatplay.test/play?token=t0k';
const otherProduct = { productCode: 'BKM', operatorCode: 'op9', gameName: 'Bu Kyee' };

async function ready(info: unknown = SHAN_DEFAULTS) {
  const driver = driveView(shanLaunchMachine, connectShanLaunch);
  await driver.answer('fetchUser', { ...player, member_account: 'M-7' });
  await driver.answer('fetchShanInfo', info);
  return driver;
}

describe('connectShanLaunch: what the view shows', () => {
  it('loading, then the account, the loaded balance and our own product', async () => {
    const driver = driveView(shanLaunchMachine, connectShanLaunch);
    expect(driver.view()).toMatchObject({ loading: true, canLaunch: false, account: null, ownGame: true });
    await driver.answer('fetchUser', { ...player, member_account: 'M-7' });
    await driver.answer('fetchShanInfo', SHAN_DEFAULTS);
    expect(driver.view()).toMatchObject({
      loading: false,
      unavailable: false,
      canLaunch: true,
      account: 'M-7',
      loadedBalance: player.balance,
      productCode: 'SKM',
      gameName: 'Shan Koe Mee',
      ownGame: true,
      error: null,
      success: null,
    });
  });

  it("another product keeps the server's name and is not our own", async () => {
    const driver = await ready(otherProduct);
    expect(driver.view()).toMatchObject({ productCode: 'BKM', gameName: 'Bu Kyee', ownGame: false });
  });

  it('a player that cannot be loaded makes the card unavailable; reload loads it anew', async () => {
    const driver = driveView(shanLaunchMachine, connectShanLaunch);
    await driver.refuse('fetchUser', apiError(401, 'Unauthenticated.'));
    expect(driver.view()).toMatchObject({ unavailable: true, loading: false, canLaunch: false, error: USER_LOAD_FAILED });
    driver.view().reload();
    expect(driver.view()).toMatchObject({ unavailable: false, loading: true, error: null });
  });
});

describe('connectShanLaunch: intents', () => {
  it('launch reserves the tab at once, asks for the game and opens it: success', async () => {
    const driver = await ready();
    driver.view().launch();
    expect(driver.view()).toMatchObject({ launching: true, canLaunch: false });
    expect(driver.actions().map((a) => a.name)).toEqual(['reserveTab']);
    expect(driver.calls().at(-1)).toEqual({ actor: 'launchShan', input: { member_account: 'M-7', operator_code: 'a3h1' } });
    await driver.answer('launchShan', { status: 'success', launchGameUrl: gameUrl });
    expect(driver.calls().at(-1)).toEqual({ actor: 'openGameTab', input: { url: gameUrl } });
    await driver.answer('openGameTab');
    expect(driver.view()).toMatchObject({ launching: false, canLaunch: true, success: LAUNCH_SUCCEEDED, error: null });
  });

  it('a blocked pop-up is the error; launching again clears it', async () => {
    const driver = await ready();
    driver.view().launch();
    await driver.answer('launchShan', { status: 'success', launchGameUrl: gameUrl });
    await driver.refuse('openGameTab', { code: POPUP_BLOCKED_CODE });
    expect(driver.view()).toMatchObject({ error: POPUP_BLOCKED, success: null, canLaunch: true });
    driver.view().launch();
    expect(driver.view()).toMatchObject({ error: null, launching: true });
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = driveView(shanLaunchMachine, connectShanLaunch);
    const before = driver.view();
    await driver.answer('fetchUser', player);
    await driver.answer('fetchShanInfo', SHAN_DEFAULTS);
    expect(driver.view().launch).toBe(before.launch);
    expect(driver.view().reload).toBe(before.reload);
  });
});
