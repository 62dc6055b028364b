/**
 * The Home pop-up ad, at most once a business day (Yangon), never again once the player has said
 * "Don't show again", never in a visit that began with a new account (registration, first Telegram
 * sign-in), never over another sheet: the ad (with an image) waits until no other sheet is open,
 * and hides again if one opens. Opening records the day; its button follows the ad's link.
 * Host provides: `fetchPopupAd` (GET /popup-ads-banner), `watchPage` (sends `sheets.change` and
 * `session.fresh`), `markShown`, `markDismissed`, `followLink`, `logError`.
 */
import { assign, fromCallback, setup } from 'xstate';
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
  /** This visit began with a new account (registered, or a first Telegram sign-in). */
  fresh: boolean;
}

export interface PopupAdContext extends PopupAdInput {
  ad: PopupAd | null;
  error: ApiErrorInfo | null;
  /** Another sheet or dialog is open (true until the host says otherwise). */
  sheetOpen: boolean;
}

export type PopupAdEvent =
  | { type: 'popup.close' }
  | { type: 'popup.dismiss' }
  /** The ad's button: go where its picture says. */
  | { type: 'popup.follow' }
  | { type: 'sheets.change'; open: boolean }
  | { type: 'session.fresh' };

export const popupAdMachine = setup({
  types: {
    input: {} as PopupAdInput,
    context: {} as PopupAdContext,
    events: {} as PopupAdEvent,
  },
  actors: {
    fetchPopupAd: ioActor<PopupAd | null, void>('fetchPopupAd'),
    watchPage: fromCallback<PopupAdEvent>(() => mustProvide('watchPage')),
  },
  actions: {
    storeAd: assign((_, params: { ad: PopupAd | null }) => ({ ad: params.ad })),
    storeError: assign((_, params: { error: ApiErrorInfo }) => ({ error: params.error })),
    recordShown: assign(({ context }) => ({ shownOn: context.today })),
    recordDismissed: assign({ dismissed: true }),
    storeSheets: assign((_, params: { open: boolean }) => ({ sheetOpen: params.open })),
    recordFresh: assign({ fresh: true }),
    followLink: (_, _params: { link: string }) => mustProvide('followLink'),
    markShown: (_, _params: { day: string }) => mustProvide('markShown'),
    markDismissed: () => mustProvide('markDismissed'),
    logError: (_, _params: { error: ApiErrorInfo }) => mustProvide('logError'),
  },
  guards: {
    notWanted: ({ context }) => context.fresh || context.dismissed || context.shownOn === context.today,
    isFresh: ({ context }) => context.fresh,
    hasLink: ({ context }) => !!context.ad?.link,
    sheetsFree: ({ context }) => !context.sheetOpen,
    opensSheet: (_, params: { open: boolean }) => params.open,
    hasImage: (_, params: { ad: PopupAd | null }) => !!params.ad?.img,
  },
}).createMachine({
  id: 'popupAd',
  context: ({ input }) => ({ ...input, ad: null, error: null, sheetOpen: true }),
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
            target: 'ready',
            actions: { type: 'storeAd', params: ({ event }) => ({ ad: event.output }) },
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
    // The ad is here: it opens once no other sheet is open (the host reports at once).
    ready: {
      invoke: { id: 'watchPage', src: 'watchPage' },
      always: [
        { guard: 'isFresh', target: 'closed' },
        { guard: 'sheetsFree', target: 'open', actions: ['recordShown', { type: 'markShown', params: ({ context }) => ({ day: context.today }) }] },
      ],
      on: {
        'sheets.change': { actions: { type: 'storeSheets', params: ({ event }) => ({ open: event.open }) } },
        'session.fresh': { actions: 'recordFresh' },
      },
    },
    open: {
      invoke: { id: 'watchPage', src: 'watchPage' },
      on: {
        'popup.close': { target: 'closed' },
        'popup.dismiss': { target: 'closed', actions: ['recordDismissed', 'markDismissed'] },
        'popup.follow': { guard: 'hasLink', target: 'closed', actions: { type: 'followLink', params: ({ context }) => ({ link: context.ad?.link ?? '' }) } },
        // Another sheet came up (a late Telegram welcome): step aside until it is gone.
        'sheets.change': {
          guard: { type: 'opensSheet', params: ({ event }) => ({ open: event.open }) },
          target: 'ready',
          actions: { type: 'storeSheets', params: ({ event }) => ({ open: event.open }) },
        },
        'session.fresh': { target: 'closed', actions: 'recordFresh' },
      },
    },
    closed: {},
    /** Like closed for the player; the error is only logged. */
    failed: { tags: ['error'] },
  },
});
