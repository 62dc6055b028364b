/**
 * The Home pop-up ad, at most once a business day (Yangon) and never again once the player has
 * said "Don't show again": otherwise the ad is fetched and opens only if it has an image; opening
 * it records the day. Closing it lets it come back tomorrow; dismissing it is for good. A failed
 * fetch is only logged and nothing opens.
 * Host provides: `fetchPopupAd` (GET /popup-ads-banner; null when there is none), `markShown`
 * (stores the day), `markDismissed` (stores the refusal), `logError`; the input reads both back.
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo, PopupAd } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export interface PopupAdInput {
  /** Today's business date (YYYY-MM-DD, Yangon). */
  today: string;
  /** The day the ad last opened, if it ever did. */
  shownOn: string | null;
  /** The player chose "Don't show again". */
  dismissed: boolean;
}

export interface PopupAdContext extends PopupAdInput {
  ad: PopupAd | null;
  error: ApiErrorInfo | null;
}

export type PopupAdEvent = { type: 'popup.close' } | { type: 'popup.dismiss' };

export const popupAdMachine = setup({
  types: {
    input: {} as PopupAdInput,
    context: {} as PopupAdContext,
    events: {} as PopupAdEvent,
  },
  actors: {
    fetchPopupAd: ioActor<PopupAd | null, void>('fetchPopupAd'),
  },
  actions: {
    storeAd: assign((_, params: { ad: PopupAd | null }) => ({ ad: params.ad })),
    storeError: assign((_, params: { error: ApiErrorInfo }) => ({ error: params.error })),
    recordShown: assign(({ context }) => ({ shownOn: context.today })),
    recordDismissed: assign({ dismissed: true }),
    markShown: (_, _params: { day: string }) => mustProvide('markShown'),
    markDismissed: () => mustProvide('markDismissed'),
    logError: (_, _params: { error: ApiErrorInfo }) => mustProvide('logError'),
  },
  guards: {
    notWanted: ({ context }) => context.dismissed || context.shownOn === context.today,
    hasImage: (_, params: { ad: PopupAd | null }) => !!params.ad?.img,
  },
}).createMachine({
  id: 'popupAd',
  context: ({ input }) => ({ today: input.today, shownOn: input.shownOn, dismissed: input.dismissed, ad: null, error: null }),
  initial: 'boot',
  states: {
    // Dismissed for good, or shown today already: nothing to fetch.
    boot: {
      always: [{ guard: 'notWanted', target: 'closed' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'fetchPopupAd',
        src: 'fetchPopupAd',
        onDone: [
          {
            guard: { type: 'hasImage', params: ({ event }) => ({ ad: event.output }) },
            target: 'open',
            actions: [
              { type: 'storeAd', params: ({ event }) => ({ ad: event.output }) },
              'recordShown',
              { type: 'markShown', params: ({ context }) => ({ day: context.today }) },
            ],
          },
          { target: 'closed', actions: { type: 'storeAd', params: ({ event }) => ({ ad: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: toErrorInfo(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ error: toErrorInfo(event.error) }) },
          ],
        },
      },
    },
    open: {
      on: {
        'popup.close': { target: 'closed' },
        'popup.dismiss': { target: 'closed', actions: ['recordDismissed', 'markDismissed'] },
      },
    },
    closed: {},
    /** Like closed for the player; the error is only logged. */
    failed: { tags: ['error'] },
  },
});
