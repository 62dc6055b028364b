import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PopupAd } from '../../src/api/types';
import { popupAdMachine } from '../../src/machines/popup-ad/popup-ad.machine';
import { selectPopupAd, selectPopupOpen } from '../../src/machines/popup-ad/popup-ad.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { adWithImage } from './game-fixtures';
import { popupAdPaths } from './popup-ad.paths';

const paths = generatePaths(popupAdPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const fetches = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call' && e.actor === 'fetchPopupAd').length;

function checkInvariants({ step, after, entries }: ReplayedStep) {
  const { event } = step;
  const snapshot = after as never;
  expect(selectPopupOpen(snapshot)).toBe(after.matches('open'));
  expect(selectPopupAd(snapshot)).toBe(after.context.ad);
  if (after.matches('open')) {
    expect(after.context.ad?.img, 'only an ad with an image opens').toBeTruthy();
    expect(after.context.alreadyShown, 'never twice in a session').toBe(false);
  }
  expect(fetches(entries), 'the ad is fetched once, at the start').toBe(0);
  if (event.type === 'xstate.done.actor.fetchPopupAd') {
    expect(actions(entries), 'opening records it as shown, and only opening').toEqual(after.matches('open') ? [{ name: 'markShown', params: undefined }] : []);
  }
  if (event.type === 'xstate.error.actor.fetchPopupAd') {
    expect(actions(entries), 'a failure is only logged').toEqual([{ name: 'logError', params: { error: event.error } }]);
    expect(selectPopupOpen(snapshot)).toBe(false);
  }
  if (event.type === 'popup.close') expect(entries).toEqual([]);
}

describe('popup-ad: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(popupAdPaths, path), async () => {
      const { log } = await replayPath(popupAdPaths, path, { onStep: checkInvariants });
      const shownBefore = (path.start.input as { alreadyShown: boolean }).alreadyShown;
      expect(fetches(log), 'nothing is fetched when the ad was already shown this session').toBe(shownBefore ? 0 : 1);
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(popupAdPaths, paths), 'transitions in no path').toEqual([]);
  });
});

describe('popup-ad: behaviour', () => {
  it('stays closed without fetching when already shown, and fetches once otherwise', async () => {
    let fetched = 0;
    const machine = popupAdMachine.provide({
      actors: { fetchPopupAd: fromPromise(async (): Promise<PopupAd | null> => (fetched++, adWithImage)) },
      actions: { markShown: () => {}, logError: () => {} },
    });
    const later = createActor(machine, { input: { alreadyShown: true } }).start();
    await flush();
    expect([later.getSnapshot().value, fetched]).toEqual(['closed', 0]);
    const first = createActor(machine, { input: { alreadyShown: false } }).start();
    await flush();
    expect([first.getSnapshot().value, fetched]).toEqual(['open', 1]);
  });
});
