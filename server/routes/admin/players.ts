/**
 * Players for the console (decision 0018): search by user name, name, phone or Telegram id;
 * a profile with both balances and recent cashier requests; a wallet's ledger with its running
 * balance; ban (every token ends, game launches too) and unban. Changes run in the audit transaction.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { playerLedger, playerProfile, searchPlayers } from '../../domain/operators/console-reads';
import { playerActivity, resetPassword, setPlayerBanned } from '../../domain/operators/player-activity';
import { statusWord } from '../../domain/cashier';
import { HttpError, ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { pageParam, paginated } from '../../lib/paginate';
import { pathFields, queryFields } from '../../lib/request-input';
import { adminDb } from './audited';
import { consoleChoice, idPath, notFound } from './schemas';

const PER_PAGE = 20;
const LEDGER_PER_PAGE = 50;
type Ctx = Context<AppEnv>;

const NO_SUCH_PLAYER = 'No such player.';
const playerId = (c: Ctx): number => pathFields(c, idPath(), notFound(NO_SUCH_PLAYER)).id;

/** `?q=`: searched as given, its first 64 characters. */
const searchQuery = { q: z.string().optional().transform((q) => (q ?? '').slice(0, 64)) };
const ledgerQuery = { wallet: consoleChoice(['game', 'main'], 'The wallet must be game or main.') };

type PlayerRow = Awaited<ReturnType<typeof searchPlayers>>['rows'][number];
const playerJson = (p: PlayerRow) => ({
  id: p.id,
  user_name: p.userName,
  name: p.name,
  phone: p.phone,
  telegram_id: p.telegramId,
  status: p.status,
  banned: p.status !== 1,
  balance: formatMoney(p.balance),
  main_balance: formatMoney(p.mainBalance),
  agent: p.agent,
  created_at: p.createdAt.toISOString(),
});

const requestJson = (r: { id: number; amount: bigint; status: number; note: string | null; createdAt: Date; decidedAt: Date | null }) => ({
  id: r.id,
  amount: formatMoney(r.amount),
  status: r.status,
  status_word: statusWord(r.status),
  note: r.note,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
});

async function getPlayers(c: Ctx, deps: Deps) {
  const { q } = queryFields(c, searchQuery);
  const page = pageParam(c);
  const { rows, total } = await searchPlayers(deps.database.db, q, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
  return ok(c, paginated(c, deps.env.PUBLIC_URL, rows.map(playerJson), total, page, PER_PAGE));
}

async function getPlayer(c: Ctx, deps: Deps) {
  const profile = await playerProfile(deps.database.db, playerId(c));
  if (!profile) throw new HttpError(404, NO_SUCH_PLAYER);
  return ok(c, {
    ...playerJson(profile.player),
    last_seen_at: profile.lastSeen?.toISOString() ?? null,
    deposits: profile.deposits.map(requestJson),
    withdrawals: profile.withdrawals.map(requestJson),
  });
}

async function getLedger(c: Ctx, deps: Deps) {
  const id = playerId(c);
  const { wallet } = queryFields(c, ledgerQuery);
  const page = pageParam(c);
  const { rows, total } = await playerLedger(deps.database.db, id, wallet, { limit: LEDGER_PER_PAGE, offset: (page - 1) * LEDGER_PER_PAGE });
  const json = rows.map((r) => ({
    id: r.id,
    wallet: r.wallet,
    kind: r.kind,
    amount: formatMoney(r.amount),
    balance_before: formatMoney(r.balanceBefore),
    balance_after: formatMoney(r.balanceAfter),
    reference: r.reference,
    created_at: r.createdAt.toISOString(),
  }));
  return ok(c, paginated(c, deps.env.PUBLIC_URL, json, total, page, LEDGER_PER_PAGE));
}

/** The player's latest 2D slips, Digit Bets and game rounds. */
async function getActivity(c: Ctx, deps: Deps) {
  const id = playerId(c);
  if (!(await playerProfile(deps.database.db, id))) throw new HttpError(404, NO_SUCH_PLAYER);
  const { slips, bets, rounds } = await playerActivity(deps.database.db, id);
  const at = (d: Date) => d.toISOString();
  return ok(c, {
    slips: slips.map((s) => ({ id: s.id, slip_no: s.slipNo, draw_date: s.drawDate, session: s.session, total: formatMoney(s.total), status: s.status, created_at: at(s.createdAt) })),
    digit_bets: bets.map((b) => ({ id: b.id, bet_type: b.betType, digit: b.digit, stake: formatMoney(b.stake), rolled: b.rolled, outcome: b.outcome, win: formatMoney(b.win), created_at: at(b.createdAt) })),
    game_rounds: rounds.map((r) => ({ id: r.id, product_code: r.productCode, game_name: r.gameName, bet: formatMoney(r.bet), payout: formatMoney(r.payout), status: r.status, created_at: at(r.createdAt) })),
  });
}

/**
 * A one-time password for a player who lost theirs: shown in this answer only (the operator reads
 * it to the player), every session and game launch ends. The player must choose a new password at
 * the next sign-in, and their withdrawals wait RESET_WITHDRAW_HOLD_HOURS (decision 0034).
 */
async function postPasswordReset(c: Ctx, deps: Deps) {
  const password = await resetPassword(adminDb(c, deps), playerId(c), deps.clock.now(), deps.env.RESET_WITHDRAW_HOLD_HOURS);
  if (password === false) throw new HttpError(404, NO_SUCH_PLAYER);
  c.header('Cache-Control', 'no-store');
  return ok(c, { password }, 'A one-time password is set; the player\'s sessions have ended. Give it to the player only.');
}

/** Ban: status 0, every token and game launch ends. Unban: status 1 (the player signs in again). */
async function setBanned(c: Ctx, deps: Deps, banned: boolean) {
  const db = adminDb(c, deps);
  const id = playerId(c);
  const now = deps.clock.now();
  if (!(await setPlayerBanned(db, id, banned, now))) throw new HttpError(404, NO_SUCH_PLAYER);
  const profile = await playerProfile(db, id);
  return ok(c, playerJson(profile!.player), banned ? 'Player banned; their sessions have ended.' : 'Player unbanned.');
}

export function playerAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/players', (c) => getPlayers(c, deps));
  routes.get('/players/:id', (c) => getPlayer(c, deps));
  routes.get('/players/:id/ledger', (c) => getLedger(c, deps));
  routes.post('/players/:id/ban', (c) => setBanned(c, deps, true));
  routes.post('/players/:id/unban', (c) => setBanned(c, deps, false));
  routes.get('/players/:id/activity', (c) => getActivity(c, deps));
  routes.post('/players/:id/password-reset', (c) => postPasswordReset(c, deps));
  return routes;
}
