/**
 * A cashier request's status (api-contract.md § Cashier) as the server stores it and the player's
 * log spells it: 0 pending, 1 approved, 2 rejected. Only an operator moves it off pending.
 */
export const PENDING = 0;
export const APPROVED = 1;
export const REJECTED = 2;
export type RequestStatus = typeof PENDING | typeof APPROVED | typeof REJECTED;
export const REQUEST_STATUSES: readonly RequestStatus[] = [PENDING, APPROVED, REJECTED];

/** The player's log rows spell statuses this way. */
export const STATUS_LABELS = { [PENDING]: 'Pending', [APPROVED]: 'Success', [REJECTED]: 'Reject' } as const satisfies Record<RequestStatus, string>;
export type StatusLabel = (typeof STATUS_LABELS)[RequestStatus];
