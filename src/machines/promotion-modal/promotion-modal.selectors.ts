import type { SnapshotFrom } from 'xstate';
import type { promotionModalMachine } from './promotion-modal.machine';

type PromotionModalSnapshot = SnapshotFrom<typeof promotionModalMachine>;

/** The promotion whose details are open; null while the dialog is closed. */
export const selectOpenPromotion = (snapshot: PromotionModalSnapshot) => (snapshot.matches('open') ? snapshot.context.promotion : null);
