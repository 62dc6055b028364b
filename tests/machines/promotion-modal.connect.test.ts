/** The promotion details dialog's view object (src/machines/promotion-modal/promotion-modal.connect.ts). */
import { describe, expect, it } from 'vitest';
import type { Promotion } from '../../src/api/types';
import { connectPromotionModal } from '../../src/machines/promotion-modal/promotion-modal.connect';
import { promotionModalMachine } from '../../src/machines/promotion-modal/promotion-modal.machine';
import { driveView } from '../support/connect-driver';

const promotion: Promotion = { id: 7, title: 'First deposit bonus', description: '100% up to 50,000 Ks', img: '' };
const start = () => driveView(promotionModalMachine, connectPromotionModal);

describe('connectPromotionModal', () => {
  it('closed at first; Learn More opens the promotion; Close closes it', () => {
    const modal = start();
    expect(modal.view().openPromotion).toBeNull();
    modal.view().openDetails(promotion);
    expect(modal.view().openPromotion).toEqual(promotion);
    modal.view().close();
    expect(modal.view().openPromotion).toBeNull();
    expect(modal.actions()).toEqual([]);
  });

  it('Claim Offer closes it and goes to the contact channels with the promotion', () => {
    const modal = start();
    modal.view().openDetails(promotion);
    modal.view().claim();
    expect(modal.view().openPromotion).toBeNull();
    expect(modal.actions()).toEqual([{ name: 'goToClaim', params: { promotionId: 7 } }]);
  });
});
