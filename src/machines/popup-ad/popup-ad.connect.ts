/**
 * The Home pop-up ad's view object (zag's `connect`): the ad while its dialog is open, and the
 * player's two ways out. Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import type { PopupAd } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import type { PopupAdEvent, popupAdMachine } from './popup-ad.machine';
import { selectPopupAd, selectPopupOpen } from './popup-ad.selectors';

export interface PopupAdIntents {
  /** Close: it may come back tomorrow. */
  close: () => void;
  /** "Don't show again": never again in this browser. */
  dismiss: () => void;
  /** The ad's button: where its picture says (only when the ad has a link). */
  follow: () => void;
}

export interface PopupAdView extends PopupAdIntents {
  open: boolean;
  /** The ad to show; null while closed (or when there is none). */
  ad: PopupAd | null;
}

type PopupAdSend = (event: PopupAdEvent) => void;

const intentsOf = intentsPerActor(
  (send: PopupAdSend): PopupAdIntents => ({
    close: () => send({ type: 'popup.close' }),
    dismiss: () => send({ type: 'popup.dismiss' }),
    follow: () => send({ type: 'popup.follow' }),
  }),
);

export function connectPopupAd(snapshot: SnapshotFrom<typeof popupAdMachine>, send: PopupAdSend): PopupAdView {
  const open = selectPopupOpen(snapshot);
  return {
    open,
    ad: open ? selectPopupAd(snapshot) : null,
    ...intentsOf(send),
  };
}
