/**
 * Operator roles (decision 0018). The owner may do everything; the others one area each:
 * cashier (deposits, withdrawals, players), content (banners … videos, media), two_d (results,
 * holidays, breaks, closures), finance (balance adjustments: bonuses, corrections, goodwill; it
 * reads players to find them). Which role may call which admin route is one table:
 * server/routes/admin/access.ts.
 */
export const ROLES = ['owner', 'cashier', 'content', 'two_d', 'finance'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Who acted: an operator signed in, or the shared ADMIN_TOKEN (the CLI and automation, as owner). */
export type Actor =
  | { kind: 'token'; role: 'owner'; name: 'admin-token' }
  | { kind: 'operator'; role: Role; name: string; operatorId: number; sessionId: number; displayName: string };

export const TOKEN_ACTOR: Actor = { kind: 'token', role: 'owner', name: 'admin-token' };

/** Owner passes every rule; everyone else must be listed. */
export function permits(allowed: readonly Role[], role: Role): boolean {
  return role === 'owner' || allowed.includes(role);
}
