/**
 * The promotion details dialog's view object (zag's `connect`): the promotion whose details are
 * open, and the intents of Learn More, Close and Claim Offer. Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import type { Promotion } from '../../api/types';
import { intentsPerActor } from '../shared/connect';
import type { PromotionModalEvent, promotionModalMachine } from './promotion-modal.machine';
import { selectOpenPromotion } from './promotion-modal.selectors';

export interface PromotionModalIntents {
  /** Learn More on a promotion's card. */
  openDetails: (promotion: Promotion) => void;
  close: () => void;
  /** Claim Offer: the dialog closes and the player goes to the contact channels with the promotion. */
  claim: () => void;
}

export interface PromotionModalView extends PromotionModalIntents {
  /** The promotion whose details are open; null while the dialog is closed. */
  openPromotion: Promotion | null;
}

type PromotionModalSend = (event: PromotionModalEvent) => void;

const intentsOf = intentsPerActor(
  (send: PromotionModalSend): PromotionModalIntents => ({
    openDetails: (promotion) => send({ type: 'details.open', promotion }),
    close: () => send({ type: 'details.close' }),
    claim: () => send({ type: 'offer.claim' }),
  }),
);

export function connectPromotionModal(snapshot: SnapshotFrom<typeof promotionModalMachine>, send: PromotionModalSend): PromotionModalView {
  return {
    openPromotion: selectOpenPromotion(snapshot),
    ...intentsOf(send),
  };
}
