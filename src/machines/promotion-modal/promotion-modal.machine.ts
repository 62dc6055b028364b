/**
 * The promotion detail dialog (spec §4: closed, or open for one promotion). Learn More opens it
 * for that promotion; Close (or Escape, or the backdrop) closes it; Claim Offer closes it and
 * takes the player to the contact channels with the promotion, so they can claim it there.
 * Host provides: `goToClaim` (navigation to /contact?promo=<id>).
 */
import { assign, setup } from 'xstate';
import type { Promotion } from '../../api/types';
import { mustProvide } from '../shared/placeholders';

export interface PromotionModalContext {
  /** The promotion shown; null while closed. */
  promotion: Promotion | null;
}

export type PromotionModalEvent =
  | { type: 'details.open'; promotion: Promotion }
  | { type: 'details.close' }
  | { type: 'offer.claim' };

export const promotionModalMachine = setup({
  types: {
    context: {} as PromotionModalContext,
    events: {} as PromotionModalEvent,
  },
  actions: {
    show: assign((_, params: { promotion: Promotion }) => ({ promotion: params.promotion })),
    clear: assign({ promotion: null }),
    goToClaim: (_, _params: { promotionId: number }) => mustProvide('goToClaim'),
  },
}).createMachine({
  id: 'promotionModal',
  context: { promotion: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'details.open': { target: 'open', actions: { type: 'show', params: ({ event }) => ({ promotion: event.promotion }) } },
      },
    },
    open: {
      on: {
        'details.close': { target: 'closed', actions: 'clear' },
        'offer.claim': {
          target: 'closed',
          actions: [{ type: 'goToClaim', params: ({ context }) => ({ promotionId: context.promotion!.id }) }, 'clear'],
        },
      },
    },
  },
});
