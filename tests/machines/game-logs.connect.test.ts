/** The game log tab's view object (src/machines/game-logs/game-logs.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectGameLogs } from '../../src/machines/game-logs/game-logs.connect';
import { gameLogsMachine } from '../../src/machines/game-logs/game-logs.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';
import { gameLogRows } from './game-fixtures';

describe('connectGameLogs', () => {
  it("loading today's rows, then the rows; another period refetches and drops the old rows at once", async () => {
    const driver = driveView(gameLogsMachine, connectGameLogs);
    expect(driver.view()).toMatchObject({ period: 'today', loading: true, rows: [], empty: false, failed: false });
    await driver.answer('fetchGameLogs', gameLogRows('today'));
    expect(driver.view()).toMatchObject({ loading: false, rows: gameLogRows('today') });
    driver.view().choosePeriod('last_week');
    expect(driver.view()).toMatchObject({ period: 'last_week', loading: true, rows: [] });
    expect(driver.calls().at(-1)).toEqual({ actor: 'fetchGameLogs', input: { period: 'last_week' } });
    await driver.answer('fetchGameLogs', []);
    expect(driver.view()).toMatchObject({ empty: true, loading: false });
  });

  it('the same period again fetches nothing', async () => {
    const driver = driveView(gameLogsMachine, connectGameLogs, { period: 'yesterday' });
    await driver.answer('fetchGameLogs', gameLogRows('yesterday'));
    driver.view().choosePeriod('yesterday');
    expect(driver.calls()).toHaveLength(1);
    expect(driver.view().loading).toBe(false);
  });

  it('no answer is the network; a refusal is not; retry fetches again', async () => {
    const driver = driveView(gameLogsMachine, connectGameLogs);
    await driver.refuse('fetchGameLogs', apiError(0, 'Network error. Please try again.'));
    expect(driver.view()).toMatchObject({ failed: true, offline: true });
    driver.view().retry();
    expect(driver.view()).toMatchObject({ failed: false, loading: true });
    await driver.refuse('fetchGameLogs', apiError(500, 'Something Went Wrong!'));
    expect(driver.view()).toMatchObject({ failed: true, offline: false });
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = driveView(gameLogsMachine, connectGameLogs);
    const before = driver.view();
    await driver.answer('fetchGameLogs', []);
    expect(driver.view().choosePeriod).toBe(before.choosePeriod);
    expect(driver.view().retry).toBe(before.retry);
  });
});
