/** Path model of promotionModalMachine: Learn More opens one promotion; Close or Claim Offer closes it. */
import type { SnapshotFrom } from 'xstate';
import type { Promotion } from '../../src/api/types';
import { promotionModalMachine } from '../../src/machines/promotion-modal/promotion-modal.machine';
import { definePathModel, type PhrasedEvent } from '../support/paths';

type PromotionModalSnapshot = SnapshotFrom<typeof promotionModalMachine>;

export const firstDeposit: Promotion = {
  id: 1,
  title: '100% First Deposit Bonus',
  description: 'Make your first deposit and we double it: a 100% bonus up to 100,000 Ks.',
  img: 'http://localhost/assets/art/promotion/1.svg',
};

export const cashback: Promotion = {
  id: 2,
  title: '2D Cashback 5%',
  description: 'Every 2D bet earns 5% back, win or lose.',
  img: 'http://localhost/assets/art/promotion/2.svg',
};

function events(snapshot: PromotionModalSnapshot): PhrasedEvent[] {
  if (snapshot.matches('open')) {
    return [
      ['they close the details', { type: 'details.close' }],
      ['they press Claim Offer', { type: 'offer.claim' }],
    ];
  }
  return [
    ['they press Learn More on "100% First Deposit Bonus"', { type: 'details.open', promotion: firstDeposit }],
    ['they press Learn More on "2D Cashback 5%"', { type: 'details.open', promotion: cashback }],
  ];
}

function describeState(snapshot: PromotionModalSnapshot): string {
  if (snapshot.matches('open')) return `the details of "${snapshot.context.promotion?.title}" are open with Close and Claim Offer`;
  return 'the promotions grid, no dialog';
}

export const promotionModalPaths = definePathModel({
  name: 'promotion-modal',
  title: 'Promotion details dialog (/promotion)',
  source: 'src/machines/promotion-modal/promotion-modal.machine.ts',
  machine: promotionModalMachine,
  starts: [{ name: 'the promotions page', input: undefined }],
  events,
  describeState,
});
