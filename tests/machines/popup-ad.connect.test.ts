/** The Home pop-up ad's view object (src/machines/popup-ad/popup-ad.connect.ts) over a live pop-up. */
import { describe, expect, it } from 'vitest';
import type { PopupAd } from '../../src/api/types';
import { connectPopupAd } from '../../src/machines/popup-ad/popup-ad.connect';
import { popupAdMachine } from '../../src/machines/popup-ad/popup-ad.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';

const ad: PopupAd = { id: 1, img: '/art/popup.png', text: 'Welcome bonus', link: '/top-up/bank' };
const start = (memory: { shownOn?: string | null; dismissed?: boolean; fresh?: boolean } = {}) =>
  driveView(popupAdMachine, connectPopupAd, { today: '2026-11-20', shownOn: memory.shownOn ?? null, dismissed: memory.dismissed ?? false, fresh: memory.fresh ?? false });

/** The ad arrives and the host reports no other sheet open. */
async function opened(answer: PopupAd = ad) {
  const popup = start();
  await popup.answer('fetchPopupAd', answer);
  popup.actor.send({ type: 'sheets.change', open: false });
  return popup;
}

describe('connectPopupAd', () => {
  it('shows nothing while the ad loads, then the ad with an image', async () => {
    const popup = start();
    expect(popup.view()).toMatchObject({ open: false, ad: null });
    await popup.answer('fetchPopupAd', ad);
    expect(popup.view(), 'not before the host says no other sheet is open').toMatchObject({ open: false, ad: null });
    popup.actor.send({ type: 'sheets.change', open: false });
    expect(popup.view()).toMatchObject({ open: true, ad });
  });

  it('waits while another sheet is open, and steps aside when one opens over it', async () => {
    const popup = start();
    await popup.answer('fetchPopupAd', ad);
    popup.actor.send({ type: 'sheets.change', open: true });
    expect(popup.view().open).toBe(false);
    popup.actor.send({ type: 'sheets.change', open: false });
    expect(popup.view().open).toBe(true);
    popup.actor.send({ type: 'sheets.change', open: true });
    expect(popup.view().open, 'a late Telegram welcome is never under the ad').toBe(false);
    popup.actor.send({ type: 'sheets.change', open: false });
    expect(popup.view().open).toBe(true);
  });

  it('never in a visit that began with a new account, even when that news comes late', async () => {
    const fresh = start({ fresh: true });
    expect(fresh.view().open).toBe(false);
    expect(fresh.calls(), 'nothing is fetched').toEqual([]);
    const popup = await opened();
    popup.actor.send({ type: 'session.fresh' });
    expect(popup.view().open).toBe(false);
  });

  it('its button follows the link; without a link there is nothing to follow', async () => {
    const popup = await opened();
    popup.view().follow();
    expect(popup.view().open).toBe(false);
    expect(popup.actions()).toContainEqual({ name: 'followLink', params: { link: '/top-up/bank' } });
    const bare = await opened({ ...ad, link: '' });
    bare.view().follow();
    expect(bare.view().open, 'no link: the press does nothing').toBe(true);
    expect(bare.actions().map((a) => a.name)).not.toContain('followLink');
  });

  it('an ad without an image, a failed read, or one already shown today shows nothing', async () => {
    const bare = start();
    await bare.answer('fetchPopupAd', { ...ad, img: '' });
    expect(bare.view()).toMatchObject({ open: false, ad: null });
    const failed = start();
    await failed.refuse('fetchPopupAd', apiError(500, 'Something Went Wrong!'));
    expect(failed.view()).toMatchObject({ open: false, ad: null });
    const seen = start({ shownOn: '2026-11-20' });
    expect(seen.view().open).toBe(false);
    expect(seen.calls()).toEqual([]);
  });

  it('close closes it (it may come back tomorrow)', async () => {
    const popup = await opened();
    popup.view().close();
    expect(popup.view()).toMatchObject({ open: false, ad: null });
    expect(popup.actions().map((a) => a && a.name)).not.toContain('markDismissed');
  });

  it('"Don\'t show again" closes it and remembers the refusal', async () => {
    const popup = await opened();
    popup.view().dismiss();
    expect(popup.view().open).toBe(false);
    expect(popup.actions().map((a) => a && a.name)).toContain('markDismissed');
  });
});
