import type { SnapshotFrom } from 'xstate';
import type { popupAdMachine } from './popup-ad.machine';

type PopupAdSnapshot = SnapshotFrom<typeof popupAdMachine>;

export const selectPopupAd = (snapshot: PopupAdSnapshot) => snapshot.context.ad;
export const selectPopupOpen = (snapshot: PopupAdSnapshot) => snapshot.matches('open');
