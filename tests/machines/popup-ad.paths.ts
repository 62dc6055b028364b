/**
 * Path model of popupAdMachine: at most once a day, never after "Don't show again", never in a
 * visit that began with a new account, never over another sheet; only an ad with an image opens.
 */
import type { SnapshotFrom } from 'xstate';
import { popupAdMachine } from '../../src/machines/popup-ad/popup-ad.machine';
import { definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';
import { adWithImage } from './game-fixtures';

type PopupAdSnapshot = SnapshotFrom<typeof popupAdMachine>;

export const TODAY = '2026-11-21';
export const YESTERDAY = '2026-11-20';

function events(snapshot: PopupAdSnapshot): PhrasedEvent[] {
  if (snapshot.matches('open')) {
    return [
      ['they close the ad', { type: 'popup.close' }],
      ["they press Don't show again", { type: 'popup.dismiss' }],
      ['they press its button (Deposit now)', { type: 'popup.follow' }],
      ['another sheet opens over it (a late Telegram welcome)', { type: 'sheets.change', open: true }],
      ['a first Telegram sign-in turns out to be under way', { type: 'session.fresh' }],
    ];
  }
  if (snapshot.matches('ready')) {
    return [
      ['the page reports no other sheet open', { type: 'sheets.change', open: false }],
      ['the page reports another sheet open (the Telegram welcome)', { type: 'sheets.change', open: true }],
      ['the player has just created an account', { type: 'session.fresh' }],
    ];
  }
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
  if (snapshot.matches('ready')) return 'the ad is here and waits until no other sheet is open';
  const memory = snapshot.context.dismissed ? ' (never again)' : snapshot.context.shownOn === snapshot.context.today ? ' (shown today)' : '';
  return `no pop-up ad shows${memory}`;
}

export const popupAdPaths = definePathModel({
  name: 'popup-ad',
  title: 'Pop-up ad (Home, at most once a day)',
  source: 'src/machines/popup-ad/popup-ad.machine.ts',
  machine: popupAdMachine,
  starts: [
    { name: 'the first Home visit ever', input: { today: TODAY, shownOn: null, dismissed: false, fresh: false } },
    { name: 'the first Home visit today, after one yesterday', input: { today: TODAY, shownOn: YESTERDAY, dismissed: false, fresh: false }, maxSteps: 3 },
    { name: 'a later Home visit the same day', input: { today: TODAY, shownOn: TODAY, dismissed: false, fresh: false } },
    { name: "a visit after Don't show again", input: { today: TODAY, shownOn: YESTERDAY, dismissed: true, fresh: false } },
    { name: 'Home right after registering', input: { today: TODAY, shownOn: null, dismissed: false, fresh: true } },
  ],
  events,
  describeState,
});
