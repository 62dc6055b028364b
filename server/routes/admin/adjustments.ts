/**
 * Balance adjustments for the console and the CLI (domain/adjustments.ts, docs/operator.md
 * § Adjustments). Every change runs in the audit transaction (audited.ts; target: the player, so
 * the row holds the balances before and after). Creating one needs an Idempotency-Key
 * (lib/idempotency.ts, keyed on the player): a repeat of the same request replays the first
 * answer and moves nothing; the key with another body is refused.
 */
import { dutyActor } from '../../domain/operators/duties';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import {
  ADJUSTMENT_KINDS,
  AdjustmentNotFound,
  AdjustmentNotPending,
  PlayerNotFound,
  SameApprover,
  approveAdjustment,
  createAdjustment,
  playerExists,
  listAdjustments,
  rejectAdjustment,
  type AdjustmentActor,
  type AdjustmentRow,
} from '../../domain/adjustments';
import { InsufficientBalance, type Balances } from '../../domain/ledger';
import { REPLAYED_HEADER, answeredKey, claimKey, requestKey, storeAnswer } from '../../lib/idempotency';
import { HttpError, OK_STATUS, fail, ok } from '../../lib/http';
import { formatMoney, kyat, parseMoney } from '../../lib/money';
import { pageParam } from '../../lib/paginate';
import { bodyFields, pathFields, queryFields } from '../../lib/request-input';
import { stringField } from '../../lib/validation';
import { optionalIdQuery } from '../../lib/schemas';
import { refuse } from '../../i18n/refusals';
import { adminDb } from './audited';
import { consoleChoice, idPath, notFound } from './schemas';

type Ctx = Context<AppEnv>;
const PER_PAGE = 50;
export const REASON_MAX = 500;

/** Who acts, for the two-person rule: the ADMIN_TOKEN is one actor; each operator is their own. */
function actorOf(c: Ctx): AdjustmentActor {
  return dutyActor(c.var.admin.actor);
}

export function adjustmentJson(row: AdjustmentRow, player?: { userName: string; name: string }) {
  return {
    id: row.id,
    user_id: row.userId,
    ...(player ? { user: { id: row.userId, user_name: player.userName, name: player.name } } : {}),
    wallet: row.wallet,
    kind: row.kind,
    amount: formatMoney(row.amount),
    reason: row.reason,
    status: row.status,
    requested_by: row.requestedByName,
    decided_by: row.decidedByName,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const balancesJson = (b: Balances | null) => (b ? { balance: formatMoney(b.balance), main_balance: formatMoney(b.mainBalance) } : null);

/** A positive amount of Kyat with at most two decimals, exact (money.ts), at most `max` Kyat. */
function amountField(max: number) {
  return z.unknown().transform((value, ctx) => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (value === undefined || value === null || text === '') {
      ctx.addIssue({ code: 'custom', message: refuse('field.required', { field: 'amount' }) });
      return z.NEVER;
    }
    let pya: bigint;
    try {
      pya = parseMoney(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: refuse('field.decimals', { field: 'amount' }) });
      return z.NEVER;
    }
    if (pya <= 0n || pya > kyat(max)) {
      ctx.addIssue({ code: 'custom', message: refuse('field.between', { field: 'amount', min: '0.01', max }) });
      return z.NEVER;
    }
    return pya;
  });
}

const pick = <W extends string>(field: string, words: readonly W[]) =>
  z.unknown().transform((v, ctx) => {
    if (typeof v === 'string' && (words as readonly string[]).includes(v)) return v as W;
    ctx.addIssue({ code: 'custom', message: v === undefined || v === null || v === '' ? refuse('field.required', { field }) : refuse('field.selected_invalid', { field }) });
    return z.NEVER;
  });

const createBody = (max: number) => ({
  wallet: pick('wallet', ['main', 'game'] as const),
  direction: pick('direction', ['credit', 'debit'] as const),
  kind: pick('kind', ADJUSTMENT_KINDS),
  amount: amountField(max),
  reason: stringField('reason', { min: 3, max: REASON_MAX }),
});

const NO_SUCH_PLAYER = 'No such player.';
const NO_SUCH_ADJUSTMENT = 'No such adjustment.';

/** The refusal of a debit the wallet cannot cover, with what it holds. */
function shortfall(c: Ctx, err: InsufficientBalance) {
  return fail(c, 409, refuse('adjustment.insufficient_balance', { wallet: err.wallet, available: err.available === undefined ? '?' : formatMoney(err.available) }));
}

/**
 * POST /players/:id/adjustments { wallet, direction, kind, amount, reason } with an
 * Idempotency-Key header. The key is claimed inside the audit transaction, so the adjustment, its
 * ledger row, its audit row and the key's stored answer commit together or not at all.
 */
// Long because validation, the key's claim, the adjustment and its audit row are one commit: splitting would pass the transaction and the claim between pieces.
async function postAdjustment(c: Ctx, deps: Deps) {
  const userId = pathFields(c, idPath(), notFound(NO_SUCH_PLAYER)).id;
  const values = await bodyFields(c, createBody(deps.env.ADJUSTMENT_MAX_KYAT));
  const request = await requestKey(c);
  if (!request) throw new HttpError(400, refuse('adjustment.key_required'));
  const db = adminDb(c, deps);
  // The key's row names the player: no such player, no key.
  if (!(await playerExists(db, userId))) return fail(c, 404, NO_SUCH_PLAYER);
  const claimed = await claimKey(db, userId, request);
  if (claimed === null) {
    const prior = await answeredKey(db, userId, request);
    c.header(REPLAYED_HEADER, 'true');
    return c.body(prior.body ?? 'null', prior.status, { 'Content-Type': 'application/json' });
  }
  const amount = values.direction === 'debit' ? -values.amount : values.amount;
  let outcome;
  try {
    outcome = await createAdjustment(db, {
      userId,
      wallet: values.wallet,
      kind: values.kind,
      amount,
      reason: values.reason,
      actor: actorOf(c),
      secondApprovalAt: kyat(deps.env.ADJUSTMENT_SECOND_APPROVAL_KYAT),
      now: deps.clock.now(),
    });
  } catch (err) {
    if (err instanceof PlayerNotFound) return fail(c, 404, NO_SUCH_PLAYER);
    if (err instanceof InsufficientBalance) return shortfall(c, err);
    throw err;
  }
  const waits = outcome.adjustment.status === 'pending';
  const body = {
    status: OK_STATUS,
    message: waits
      ? `Adjustment #${outcome.adjustment.id} waits for a second operator's approval (${formatMoney(kyat(deps.env.ADJUSTMENT_SECOND_APPROVAL_KYAT))} Ks or more); nothing has moved yet.`
      : `Adjustment #${outcome.adjustment.id} applied.`,
    data: { adjustment: adjustmentJson(outcome.adjustment), balances: balancesJson(outcome.balances) },
  };
  const text = JSON.stringify(body);
  await storeAnswer(db, claimed, 200, text);
  return c.body(text, 200, { 'Content-Type': 'application/json' });
}

const listQuery = {
  status: consoleChoice(['pending', 'applied', 'rejected', 'all'], 'The status must be pending, applied, rejected or all.'),
  player: optionalIdQuery('player'),
};

/** GET /adjustments?status=pending|applied|rejected|all&player=<id>&page= (default pending), newest first. */
async function getAdjustments(c: Ctx, deps: Deps) {
  const { status, player } = queryFields(c, listQuery);
  const word = status ?? 'pending';
  const page = pageParam(c);
  const rows = await listAdjustments(deps.database.db, { status: word === 'all' ? undefined : word, userId: player ?? undefined }, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
  return ok(c, { adjustments: rows.map((r) => adjustmentJson(r.adjustment, { userName: r.userName, name: r.playerName })), threshold: formatMoney(kyat(deps.env.ADJUSTMENT_SECOND_APPROVAL_KYAT)) });
}

const adjustmentId = (c: Ctx) => pathFields(c, idPath(), notFound(NO_SUCH_ADJUSTMENT)).id;

function decisionRefusal(c: Ctx, err: unknown) {
  if (err instanceof AdjustmentNotFound) return fail(c, 404, NO_SUCH_ADJUSTMENT);
  if (err instanceof AdjustmentNotPending) return fail(c, 409, refuse('adjustment.not_pending', { status: err.row.status }), { adjustment: adjustmentJson(err.row) });
  if (err instanceof SameApprover) return fail(c, 409, refuse('adjustment.same_operator'));
  if (err instanceof InsufficientBalance) return shortfall(c, err);
  throw err;
}

/** POST /adjustments/:id/approve: a different operator applies a pending adjustment. */
async function postApprove(c: Ctx, deps: Deps) {
  const id = adjustmentId(c);
  try {
    const outcome = await approveAdjustment(adminDb(c, deps), id, actorOf(c), deps.clock.now());
    return ok(c, { adjustment: adjustmentJson(outcome.adjustment), balances: balancesJson(outcome.balances) }, `Adjustment #${id} approved and applied.`);
  } catch (err) {
    return decisionRefusal(c, err);
  }
}

/** POST /adjustments/:id/reject: turns a pending adjustment down (its requester may cancel it so). */
async function postReject(c: Ctx, deps: Deps) {
  const id = adjustmentId(c);
  try {
    const row = await rejectAdjustment(adminDb(c, deps), id, actorOf(c), deps.clock.now());
    return ok(c, { adjustment: adjustmentJson(row), balances: null }, `Adjustment #${id} rejected; nothing moved.`);
  } catch (err) {
    return decisionRefusal(c, err);
  }
}

export function adjustmentRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.post('/players/:id/adjustments', (c) => postAdjustment(c, deps));
  routes.get('/adjustments', (c) => getAdjustments(c, deps));
  routes.post('/adjustments/:id/approve', (c) => postApprove(c, deps));
  routes.post('/adjustments/:id/reject', (c) => postReject(c, deps));
  return routes;
}
