/** The Home pop-up ad's view object (src/machines/popup-ad/popup-ad.connect.ts) over a live pop-up. */
import { describe, expect, it } from 'vitest';
import type { PopupAd } from '../../src/api/types';
import { connectPopupAd } from '../../src/machines/popup-ad/popup-ad.connect';
import { popupAdMachine } from '../../src/machines/popup-ad/popup-ad.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';

const ad: PopupAd = { id: 1, img: '/art/popup.png', text: 'Welcome bonus' };
const start = (memory: { shownOn?: string | null; dismissed?: boolean } = {}) =>
  driveView(popupAdMachine, connectPopupAd, { today: '2026-11-20', shownOn: memory.shownOn ?? null, dismissed: memory.dismissed ?? false });

async function opened() {
  const popup = start();
  await popup.answer('fetchPopupAd', ad);
  return popup;
}

describe('connectPopupAd', () => {
  it('shows nothing while the ad loads, then the ad with an image', async () => {
    const popup = start();
    expect(popup.view()).toMatchObject({ open: false, ad: null });
    await popup.answer('fetchPopupAd', ad);
    expect(popup.view()).toMatchObject({ open: true, ad });
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
