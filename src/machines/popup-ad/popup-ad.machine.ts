/**
 * The Home pop-up ad, shown at most once per browser session: when it was not shown yet, the ad
 * is fetched and opens only if it has an image; opening it records that it was shown. A failed
 * fetch is only logged and nothing opens.
 * Host provides: `fetchPopupAd` (GET /popup-ads-banner; null when there is none), `markShown`
 * (sessionStorage), `logError`.
 */
import { assign, setup } from 'xstate';
import type { ApiErrorInfo, PopupAd } from '../../api/types';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

export interface PopupAdInput {
  alreadyShown: boolean;
}

export interface PopupAdContext {
  alreadyShown: boolean;
  ad: PopupAd | null;
  error: ApiErrorInfo | null;
}

export type PopupAdEvent = { type: 'popup.close' };

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
    markShown: () => mustProvide('markShown'),
    logError: (_, _params: { error: ApiErrorInfo }) => mustProvide('logError'),
  },
  guards: {
    alreadyShown: ({ context }) => context.alreadyShown,
    hasImage: (_, params: { ad: PopupAd | null }) => !!params.ad?.img,
  },
}).createMachine({
  id: 'popupAd',
  context: ({ input }) => ({ alreadyShown: input.alreadyShown, ad: null, error: null }),
  initial: 'boot',
  states: {
    // Shown once this session already: nothing to fetch.
    boot: {
      always: [{ guard: 'alreadyShown', target: 'closed' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'fetchPopupAd',
        src: 'fetchPopupAd',
        onDone: [
          {
            guard: { type: 'hasImage', params: ({ event }) => ({ ad: event.output }) },
            target: 'open',
            actions: [{ type: 'storeAd', params: ({ event }) => ({ ad: event.output }) }, 'markShown'],
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
      on: { 'popup.close': { target: 'closed' } },
    },
    closed: {},
    /** Like closed for the player; the error is only logged. */
    failed: { tags: ['error'] },
  },
});
