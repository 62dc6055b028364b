/**
 * GET /disputes?player=<user name | phone | Telegram id | id> or ?transaction=<seamless tx id |
 * wager code | Shan round id | ledger reference>[&days=1..31] (docs/operator.md § Disputes): the
 * seamless call log, seamless transactions and wagers, Shan callbacks and demo rounds, newest
 * first and bounded, with the ledger rows they moved. Read-only; cashiers and the owner.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { CALL_DAYS_DEFAULT, CALL_DAYS_MAX, findDispute } from '../../domain/operators/disputes';
import { refuse } from '../../i18n/refusals';
import { ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { queryFields } from '../../lib/request-input';
import { throwIfInvalid } from '../../lib/validation';

type Ctx = Context<AppEnv>;

const text = (field: string, max: number) =>
  z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: refuse('field.required', { field }) }).max(max, { error: refuse('field.max_chars', { field, max }) }).regex(/^[\x21-\x7e\u1040-\u1049 +]+$/, { error: refuse('field.format', { field }) }))
    .optional();
const disputeQuery = {
  player: text('player', 64),
  transaction: text('transaction', 160),
  days: z.coerce
    .number({ error: refuse('field.integer', { field: 'days' }) })
    .int({ error: refuse('field.integer', { field: 'days' }) })
    .min(1, { error: refuse('field.between', { field: 'days', min: 1, max: CALL_DAYS_MAX }) })
    .max(CALL_DAYS_MAX, { error: refuse('field.between', { field: 'days', min: 1, max: CALL_DAYS_MAX }) })
    .optional(),
};

/** One of `player` and `transaction` (neither or both: "The player field is required."). */
function parseQuery(c: Ctx) {
  const q = queryFields(c, disputeQuery);
  if (!q.player === !q.transaction) throwIfInvalid({ player: [refuse('field.required', { field: 'player' })] });
  return { query: q.player ? { player: q.player } : { transaction: q.transaction! }, days: q.days ?? CALL_DAYS_DEFAULT };
}

/** A stored body as JSON when it parses (the console shows it folded), else the text as kept. */
function body(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

async function getDisputes(c: Ctx, deps: Deps) {
  const { query, days } = parseQuery(c);
  const since = new Date(deps.clock.now().getTime() - days * 86_400_000);
  const f = await findDispute(deps.database.db, query, since);
  const at = (d: Date | null) => d?.toISOString() ?? null;
  return ok(c, {
    query: { ...query, days },
    players: f.players.map((p) => ({ id: p.id, user_name: p.userName, name: p.name, phone: p.phone, telegram_id: p.telegramId })),
    calls: f.calls.map((r) => ({ id: r.id, endpoint: r.endpoint, http_status: r.httpStatus, request_bytes: r.requestBytes, request: body(r.requestBody), response: body(r.responseBody), created_at: at(r.createdAt) })),
    transactions: f.transactions.map((t) => ({ id: t.id, product_code: t.productCode, tx_id: t.txId, user_id: t.userId, endpoint: t.endpoint, action: t.action, wager_code: t.wagerCode, game_code: t.gameCode, amount: formatMoney(t.amount), code: t.code, created_at: at(t.createdAt) })),
    wagers: f.wagers.map((w) => ({ id: w.id, product_code: w.productCode, wager_code: w.wagerCode, user_id: w.userId, game_code: w.gameCode, game_name: w.gameName, bet_amount: formatMoney(w.betAmount), payout: formatMoney(w.payout), status: w.status, created_at: at(w.createdAt), settled_at: at(w.settledAt) })),
    shan: f.shan.map((s) => ({ id: s.id, operator_code: s.operatorCode, round_id: s.roundId, kind: s.kind, user_id: s.userId, amount: formatMoney(s.amount), response: s.response, detail: s.detail, created_at: at(s.createdAt) })),
    rounds: f.rounds.map((r) => ({ id: r.id, operator_code: r.operatorCode, member_account: r.memberAccount, stake: formatMoney(r.stake), payout: r.payout === null ? null : formatMoney(r.payout), status: r.status, created_at: at(r.createdAt), updated_at: at(r.updatedAt) })),
    ledger: f.ledger.map((l) => ({ id: l.id, user_id: l.userId, wallet: l.wallet, kind: l.kind, amount: formatMoney(l.amount), balance_before: formatMoney(l.balanceBefore), balance_after: formatMoney(l.balanceAfter), reference: l.reference, created_at: at(l.createdAt) })),
  });
}

export function disputeRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/disputes', (c) => getDisputes(c, deps));
  return routes;
}
