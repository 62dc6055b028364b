/** The start route's view object (src/machines/start-route/start-route.connect.ts), as src/app/landing.ts drives it. */
import { describe, expect, it } from 'vitest';
import { connectStartRoute } from '../../src/machines/start-route/start-route.connect';
import { startRouteMachine } from '../../src/machines/start-route/start-route.machine';
import { driveView } from '../support/connect-driver';

describe('connectStartRoute', () => {
  it('waits for the entry; once settled it goes to the link\'s page and has landed', () => {
    const route = driveView(startRouteMachine, connectStartRoute, { page: 'digitbet' });
    expect(route.view()).toMatchObject({ waiting: true, landed: false, page: 'digitbet' });
    route.view().entrySettled(true);
    expect(route.view()).toMatchObject({ waiting: false, landed: true });
    expect(route.actions()).toEqual([{ name: 'goTo', params: { path: '/digitbet' } }]);
  });

  it('a guest with a referral and no page gets the registration once settled', () => {
    const route = driveView(startRouteMachine, connectStartRoute, { referralCode: 'DEMO2026' });
    expect(route.view()).toMatchObject({ waiting: true, page: null });
    route.view().entrySettled(false);
    expect(route.view().landed).toBe(true);
    expect(route.actions().map((a) => a && a.name)).toEqual(['rememberReferral', 'openRegister']);
  });

  it('the player moving first wins: landed, nowhere to go', () => {
    const route = driveView(startRouteMachine, connectStartRoute, { page: '2d' });
    route.view().playerMoved();
    expect(route.view()).toMatchObject({ landed: true, page: null });
    route.view().entrySettled(true);
    expect(route.actions()).toEqual([]);
  });

  it('with nothing in the link it still waits for the entry (it then just lands)', () => {
    const route = driveView(startRouteMachine, connectStartRoute, {});
    expect(route.view().landed).toBe(false);
    route.view().entrySettled(true);
    expect(route.view().landed).toBe(true);
    expect(route.actions()).toEqual([]);
  });
});
