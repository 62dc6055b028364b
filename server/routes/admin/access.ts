/**
 * Who may call which admin route, and how each change is audited: ONE table (decision 0018).
 * Keys are `METHOD /path` as the route is registered under /api/admin. The gate (gate.ts) looks
 * up the route a request matched; a route missing here is refused (403) and fails the
 * table-driven test (tests/server/admin-roles.test.ts), so a new route cannot ship without a role.
 * Every POST/PUT/PATCH/DELETE names its audit action and target (audited.ts writes the row).
 */
import type { Context } from 'hono';
import type { AdminRequest, AppEnv } from '../../types/app';
import type { Role } from '../../domain/operators/roles';
import { queryAndBody } from '../../lib/request-input';
import { adjustmentPlayer } from '../../domain/adjustments';

export type { AdminRequest };

type Ctx = Context<AppEnv>;
type IdOf = (c: Ctx) => string | null | Promise<string | null>;

export interface AuditSpec {
  action: string;
  /** Target type (domain/operators/snapshots.ts reads its state before and after). */
  target: string;
  /** The target's id from the request; absent for a create (then `fromAnswer`). */
  id?: IdOf;
  /** The created target's id from the answer's `data`. */
  fromAnswer?: (data: Record<string, unknown>, c: Ctx) => string | null;
}

export type RouteRule =
  | { access: 'public' | 'signed-in'; audit?: 'self' }
  | { access: 'role'; roles: readonly Role[]; audit?: AuditSpec };

const param = (name: string): IdOf => (c) => c.var.admin.params[name] ?? null;
/**
 * The target named by the input, before the handler checks it (a malformed one is the handler's
 * 422, which rolls the audit back): the fields as text, joined, or null when one is missing.
 */
const fromBody =
  (join: string, ...fields: string[]): IdOf =>
  async (c) => {
    const input = await queryAndBody(c);
    const parts = fields.map((f) => (typeof input[f] === 'string' || typeof input[f] === 'number' ? String(input[f]).trim() : ''));
    return parts.every(Boolean) ? parts.join(join) : null;
  };
const contentId: IdOf = (c) => `${c.var.admin.params.kind}/${c.var.admin.params.id}`;
const answer = (field: string) => (data: Record<string, unknown>) => (data[field] === undefined || data[field] === null ? null : String(data[field]));

const read = (...roles: Role[]): RouteRule => ({ access: 'role', roles });
const change = (roles: Role[], audit: AuditSpec): RouteRule => ({ access: 'role', roles, audit });

const CASHIER: Role[] = ['cashier'];
const CONTENT: Role[] = ['content'];
const TWO_D: Role[] = ['two_d'];
const OWNER: Role[] = [];
const FINANCE: Role[] = ['finance'];
/** The player a balance adjustment belongs to (its audit row's target, so the player's history holds it). */
const adjustmentOwner: IdOf = async (c) => {
  const raw = c.var.admin.params.id ?? '';
  const id = /^\d{1,15}$/.test(raw) && c.var.admin.db ? await adjustmentPlayer(c.var.admin.db, Number(raw)) : null;
  return id === null ? null : String(id);
};

export const ADMIN_ROUTES: Record<string, RouteRule> = {
  // Operator sign-in (session.ts): each writes its own audit row.
  'POST /session': { access: 'public', audit: 'self' },
  'POST /session/setup': { access: 'public', audit: 'self' },
  'DELETE /session': { access: 'signed-in', audit: 'self' },
  'GET /me': { access: 'signed-in' },
  'POST /me/password': { access: 'signed-in', audit: 'self' },

  // Cashier queue (requests.ts, receipt.ts).
  'GET /deposits': read(...CASHIER),
  'GET /withdrawals': read(...CASHIER),
  'GET /deposits/:id/receipt': read(...CASHIER),
  'POST /deposits/:id/approve': change(CASHIER, { action: 'deposit.approve', target: 'deposit_request', id: param('id') }),
  'POST /deposits/:id/reject': change(CASHIER, { action: 'deposit.reject', target: 'deposit_request', id: param('id') }),
  'POST /withdrawals/:id/approve': change(CASHIER, { action: 'withdrawal.approve', target: 'withdraw_request', id: param('id') }),
  'POST /withdrawals/:id/reject': change(CASHIER, { action: 'withdrawal.reject', target: 'withdraw_request', id: param('id') }),

  // Players (players.ts).
  'GET /players': read(...CASHIER, ...FINANCE),
  'GET /players/:id': read(...CASHIER, ...FINANCE),
  'GET /players/:id/ledger': read(...CASHIER, ...FINANCE),
  'POST /players/:id/ban': change(CASHIER, { action: 'player.ban', target: 'player', id: param('id') }),
  'POST /players/:id/unban': change(CASHIER, { action: 'player.unban', target: 'player', id: param('id') }),
  'GET /players/:id/activity': read(...CASHIER, ...FINANCE),
  'POST /players/:id/password-reset': change(CASHIER, { action: 'player.password_reset', target: 'player', id: param('id') }),

  // Balance adjustments (adjustments.ts): bonuses, corrections, goodwill credits by finance and the
  // owner; at or above ADJUSTMENT_SECOND_APPROVAL_KYAT a second, different operator approves. The
  // audit's target is the player (before/after balances): separation-of-duties rules read
  // `player.adjust` / `player.adjust.approve` rows by target_id.
  'POST /players/:id/adjustments': change(FINANCE, { action: 'player.adjust', target: 'player', id: param('id') }),
  'GET /adjustments': read(...FINANCE),
  'POST /adjustments/:id/approve': change(FINANCE, { action: 'player.adjust.approve', target: 'player', id: adjustmentOwner }),
  'POST /adjustments/:id/reject': change(FINANCE, { action: 'player.adjust.reject', target: 'player', id: adjustmentOwner }),

  // Figures for the dashboard (dashboard.ts): every role sees the day.
  'GET /dashboard': read('cashier', 'content', 'two_d', 'finance'),

  // Daily reports and their CSV (reports.ts), disputes (disputes.ts): money figures and a
  // player's play, read by cashiers and the owner; content and 2D operators have no need of them.
  'GET /reports': read(...CASHIER),
  'GET /disputes': read(...CASHIER),

  // 2D (routes/two-d-results/admin.ts, exposure.ts).
  'GET /two-d/results': read(...TWO_D),
  'GET /two-d/audit': read(...TWO_D),
  'GET /two-d/holidays': read(...TWO_D),
  'GET /two-d/limits': read(...TWO_D),
  'GET /two-d/closures': read(...TWO_D),
  'GET /two-d/exposure': read(...TWO_D),
  'POST /two-d/results': change(TWO_D, { action: 'two_d.result', target: 'two_d_result', id: fromBody('/', 'date', 'session') }),
  'POST /two-d/results/reject': change(TWO_D, { action: 'two_d.result.reject', target: 'two_d_result', id: fromBody('/', 'date', 'session') }),
  'POST /two-d/holidays': change(TWO_D, { action: 'two_d.holiday.set', target: 'two_d_holiday', id: fromBody('', 'date') }),
  'DELETE /two-d/holidays/:date': change(TWO_D, { action: 'two_d.holiday.remove', target: 'two_d_holiday', id: param('date') }),
  'PUT /two-d/limits/:number': change(TWO_D, { action: 'two_d.limit.set', target: 'two_d_limit', id: param('number') }),
  'DELETE /two-d/limits/:number': change(TWO_D, { action: 'two_d.limit.remove', target: 'two_d_limit', id: param('number') }),
  'POST /two-d/closures': change(TWO_D, { action: 'two_d.closure.add', target: 'two_d_closure', id: fromBody(':', 'kind', 'value') }),
  'DELETE /two-d/closures': change(TWO_D, { action: 'two_d.closure.remove', target: 'two_d_closure', id: fromBody(':', 'kind', 'value') }),

  // Agents and their receiving accounts (agents.ts): cashiers read them, the owner changes them.
  'GET /agents': read(...CASHIER),
  'GET /agents/:code/accounts': read(...CASHIER),
  'POST /agents': change(OWNER, { action: 'agent.create', target: 'agent', fromAnswer: answer('referral_code') }),
  'POST /agents/:code/accounts': change(OWNER, { action: 'agent.account.create', target: 'agent_account', fromAnswer: answer('id') }),

  // Content and media (content.ts).
  'GET /content': read(...CONTENT),
  'GET /content/:kind': read(...CONTENT),
  'GET /content/:kind/:id': read(...CONTENT),
  'POST /content/:kind/order': change(CONTENT, { action: 'content.order', target: 'content_order', id: param('kind') }),
  'POST /content/:kind': change(CONTENT, {
    action: 'content.create',
    target: 'content',
    fromAnswer: (data, c) => (data.id === undefined ? null : `${c.var.admin.params.kind}/${String(data.id)}`),
  }),
  'PATCH /content/:kind/:id': change(CONTENT, { action: 'content.update', target: 'content', id: contentId }),
  'DELETE /content/:kind/:id': change(CONTENT, { action: 'content.delete', target: 'content', id: contentId }),
  'POST /media': change(CONTENT, { action: 'media.upload', target: 'media', fromAnswer: answer('sha256') }),

  // The game catalogue (games.ts): types, providers, products, games, the hot list.
  'GET /games/types': read(...CONTENT),
  'GET /games/providers': read(...CONTENT),
  'GET /games/hot': read(...CONTENT),
  'GET /games': read(...CONTENT),
  'POST /games/types/:id/status': change(CONTENT, { action: 'games.type.status', target: 'game_type', id: param('id') }),
  'POST /games/providers/:id/status': change(CONTENT, { action: 'games.provider.status', target: 'provider', id: param('id') }),
  'POST /games/products/:id/status': change(CONTENT, { action: 'games.product.status', target: 'product', id: param('id') }),
  'POST /games/:id/status': change(CONTENT, { action: 'games.game.status', target: 'game', id: param('id') }),
  'POST /games/:id/hot': change(CONTENT, { action: 'games.game.hot', target: 'game', id: param('id') }),
  'POST /games/hot': change(CONTENT, { action: 'games.hot.order', target: 'hot_list', id: () => 'hot' }),

  // Telegram broadcasts (broadcasts.ts, docs/telegram.md § Broadcasts): what players are told is
  // content's work; a preview goes to the operator's own chat before anything is sent.
  'GET /broadcasts': read(...CONTENT),
  'GET /broadcasts/:id': read(...CONTENT),
  'POST /broadcasts': change(CONTENT, { action: 'broadcast.create', target: 'broadcast', fromAnswer: answer('id') }),
  'POST /broadcasts/:id/preview': change(CONTENT, { action: 'broadcast.preview', target: 'broadcast', id: param('id') }),
  'POST /broadcasts/:id/send': change(CONTENT, { action: 'broadcast.send', target: 'broadcast', id: param('id') }),

  // The books (books.ts, decision 0029): cashiers answer for the money and read the results; a
  // check scans every wallet and ledger row, so only the owner starts one.
  'GET /books': read(...CASHIER, ...FINANCE),
  'POST /books/check': change(OWNER, { action: 'books.check', target: 'books_check', fromAnswer: answer('id') }),

  // A copy of the whole embedded database (backup.ts, decision 0030): the owner's alone. A read,
  // so the gate does not audit it; its handler writes the audit row (size and sha256 of the copy).
  'GET /backup': read(...OWNER),

  // Operators and the audit (operators.ts): the owner's.
  'GET /operators': read(...OWNER),
  'POST /operators': change(OWNER, { action: 'operator.create', target: 'operator', fromAnswer: answer('user_name') }),
  'POST /operators/:user_name/disable': change(OWNER, { action: 'operator.disable', target: 'operator', id: param('user_name') }),
  'POST /operators/:user_name/enable': change(OWNER, { action: 'operator.enable', target: 'operator', id: param('user_name') }),
  'POST /operators/:user_name/reset-totp': change(OWNER, { action: 'operator.reset_totp', target: 'operator', id: param('user_name') }),
  'POST /operators/:user_name/revoke-sessions': change(OWNER, { action: 'operator.revoke_sessions', target: 'operator', id: param('user_name') }),
  'GET /audit': read(...OWNER),
};

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route keys a role may call (GET /me lists them, so the console shows only what works). */
export function routesFor(role: Role): string[] {
  return Object.entries(ADMIN_ROUTES)
    .filter(([, rule]) => rule.access !== 'role' || role === 'owner' || rule.roles.includes(role))
    .map(([key]) => key);
}
