/** Path model of popupAdMachine: once per browser session, only an ad with an image opens. */
import type { SnapshotFrom } from 'xstate';
import { popupAdMachine } from '../../src/machines/popup-ad/popup-ad.machine';
import { definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { adWithImage } from './game-fixtures';

type PopupAdSnapshot = SnapshotFrom<typeof popupAdMachine>;

function events(snapshot: PopupAdSnapshot): PhrasedEvent[] {
  if (snapshot.matches('open')) return [['they close the ad', { type: 'popup.close' }]];
  return [
    ['the server returns an ad with an image', done('fetchPopupAd', adWithImage)],
    ['the server returns an ad without an image', done('fetchPopupAd', { ...adWithImage, img: '' })],
    ['the server has no ad', done('fetchPopupAd', null)],
    ['the network fails, which is only logged', failed('fetchPopupAd', networkDown)],
  ];
}

function describeState(snapshot: PopupAdSnapshot): string {
  if (snapshot.matches('loading')) return 'the pop-up ad is being fetched; nothing shows yet';
  if (snapshot.matches('open')) return `the pop-up ad "${snapshot.context.ad?.text}" is open`;
  return 'no pop-up ad shows';
}

export const popupAdPaths = definePathModel({
  name: 'popup-ad',
  title: 'Pop-up ad (Home, once per browser session)',
  source: 'src/machines/popup-ad/popup-ad.machine.ts',
  machine: popupAdMachine,
  starts: [
    { name: 'the first Home visit this session', input: { alreadyShown: false } },
    { name: 'a later Home visit this session', input: { alreadyShown: true } },
  ],
  events,
  describeState,
});
