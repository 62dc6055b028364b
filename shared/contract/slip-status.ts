/** A 2D slip's status (two_d_slips.status): 'pending' until its draw is settled ('completed') or voided. */
export const SLIP_STATUSES = ['pending', 'completed', 'voided'] as const;
export type SlipStatus = (typeof SLIP_STATUSES)[number];
