import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { PopupAd } from '../../src/api/types';
import { popupAdMachine, type PopupAdInput } from '../../src/machines/popup-ad/popup-ad.machine';
import { selectPopupAd, selectPopupOpen } from '../../src/machines/popup-ad/popup-ad.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { flush, replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { adWithImage } from './game-fixtures';
import { popupAdPaths, TODAY, YESTERDAY } from './popup-ad.paths';

const paths = generatePaths(popupAdPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const fetches = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call' && e.actor === 'fetchPopupAd').length;

function always({ before, after, entries }: ReplayedStep) {
  const snapshot = after as never;
  expect(selectPopupOpen(snapshot)).toBe(after.matches('open'));
  expect(selectPopupAd(snapshot)).toBe(after.context.ad);
  if (after.matches('open')) {
    expect(after.context.ad?.img, 'only an ad with an image opens').toBeTruthy();
    expect(after.context.sheetOpen, 'never over another sheet').toBe(false);
    expect(after.context.fresh, 'never in a visit that began with a new account').toBe(false);
    expect(before.context.dismissed, "never after Don't show again").toBe(false);
  }
  expect(fetches(entries), 'the ad is fetched once, at the start').toBe(0);
}

/** What each event does, from the spec (§2 Home: the pop-up ad once a day, Close and Don't show again). */
const effects: Effects = {
  'xstate.done.actor.fetchPopupAd': ({ after, entries }) => {
    expect(after.matches('open'), 'never before the page says no other sheet is open').toBe(false);
    expect(actions(entries), 'nothing recorded before it opens').toEqual([]);
    expect(after.matches('ready')).toBe(!!after.context.ad?.img);
  },
  'sheets.change': ({ step, before, after, entries }) => {
    const open = (step.event as unknown as { open: boolean }).open;
    if (open) expect(after.matches('open'), 'another sheet: the ad waits or steps aside').toBe(false);
    if (!open && before.matches('ready')) {
      expect(after.matches('open')).toBe(true);
      expect(actions(entries), 'opening records the day, and only opening').toEqual([{ name: 'markShown', params: { day: TODAY } }]);
    } else expect(actions(entries)).toEqual([]);
  },
  'session.fresh': ({ after, entries }) => {
    expect(after.matches('closed'), 'a new account this visit: no ad').toBe(true);
    expect(actions(entries)).toEqual([]);
  },
  'popup.follow': ({ after, entries }) => {
    expect(after.matches('closed')).toBe(true);
    expect(actions(entries), 'the button goes where the picture says').toEqual([{ name: 'followLink', params: { link: adWithImage.link } }]);
  },
  'xstate.error.actor.fetchPopupAd': ({ step, after, entries }) => {
    expect(actions(entries), 'a failure is only logged').toEqual([{ name: 'logError', params: { error: step.event.error } }]);
    expect(selectPopupOpen(after as never)).toBe(false);
  },
  'popup.close': ({ after, entries }) => {
    expect(after.matches('closed')).toBe(true);
    expect(entries, 'closing stores nothing more: the ad may come back tomorrow').toEqual([]);
    expect(after.context.dismissed).toBe(false);
  },
  'popup.dismiss': ({ after, entries }) => {
    expect(actions(entries), 'dismissing is remembered for good').toEqual([{ name: 'markDismissed', params: undefined }]);
    expect(after.matches('closed')).toBe(true);
  },
};

describe('popup-ad: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(popupAdPaths, path), async () => {
      const { log } = await replayPath(popupAdPaths, path, { onStep: checkEffects(effects, always) });
      const input = path.start.input as PopupAdInput;
      const unwanted = input.fresh || input.dismissed || input.shownOn === input.today;
      expect(fetches(log), 'nothing is fetched when the ad was shown today, dismissed, or the account is new').toBe(unwanted ? 0 : 1);
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(popupAdPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('popup-ad', effects, paths);
});

describe('popup-ad: behaviour', () => {
  /** The host's memory, as live-games.ts keeps it in localStorage. */
  function host() {
    const memory: { shownOn: string | null; dismissed: boolean } = { shownOn: null, dismissed: false };
    let fetched = 0;
    const machine = popupAdMachine.provide({
      actors: {
        fetchPopupAd: fromPromise(async (): Promise<PopupAd | null> => (fetched++, adWithImage)),
        watchPage: fromCallback(({ sendBack }) => sendBack({ type: 'sheets.change', open: false })),
      },
      actions: {
        followLink: () => {},
        markShown: (_, { day }) => void (memory.shownOn = day),
        markDismissed: () => void (memory.dismissed = true),
        logError: () => {},
      },
    });
    const visit = async (today: string) => {
      const actor = createActor(machine, { input: { today, ...memory, fresh: false } }).start();
      await flush();
      return actor;
    };
    return { visit, fetched: () => fetched };
  }

  it('opens once a day: again the next day, not again the same day', async () => {
    const { visit, fetched } = host();
    const first = await visit(TODAY);
    expect(first.getSnapshot().value).toBe('open');
    first.send({ type: 'popup.close' });
    expect((await visit(TODAY)).getSnapshot().value).toBe('closed');
    expect(fetched()).toBe(1);
    expect((await visit('2026-11-22')).getSnapshot().value).toBe('open');
  });

  it("never opens again after Don't show again, on any later day", async () => {
    const { visit, fetched } = host();
    const first = await visit(YESTERDAY);
    first.send({ type: 'popup.dismiss' });
    for (const day of [YESTERDAY, TODAY, '2027-01-01']) expect((await visit(day)).getSnapshot().value).toBe('closed');
    expect(fetched()).toBe(1);
  });
});
