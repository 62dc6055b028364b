import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { seamlessWagers } from '../../db/schema';
import { WAGER_SETTLED } from '../../domain/seamless';
import { ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { YANGON_OFFSET_MS, yangonDate, yangonDayStart } from '../../lib/time';
import { choice } from '../../lib/schemas';
import { queryFields } from '../../lib/request-input';
import { PERIODS, type Period } from '../../../shared/contract/game-log-periods';

/** `?type=` one of PERIODS, `today` when absent. */
const gameLogsQuery = {
  type: choice('type', (raw): Period | null => (raw === undefined ? 'today' : (PERIODS as readonly unknown[]).includes(raw) ? (raw as Period) : null)),
};

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The Yangon calendar dates a period covers, first and last inclusive, and the instants
 * [start, end) they span. Weeks run Monday to Sunday; last_week is the previous one.
 */
export function periodRange(period: Period, now: Date): { from: string; to: string; start: Date; end: Date } {
  const today = yangonDate(now);
  const weekday = new Date(now.getTime() + YANGON_OFFSET_MS).getUTCDay(); // 0 Sunday … 6 Saturday
  const monday = addDays(today, -((weekday + 6) % 7));
  const [from, to] =
    period === 'today'
      ? [today, today]
      : period === 'yesterday'
        ? [addDays(today, -1), addDays(today, -1)]
        : period === 'this_week'
          ? [monday, addDays(monday, 6)]
          : [addDays(monday, -7), addDays(monday, -1)];
  return { from, to, start: yangonDayStart(from), end: yangonDayStart(addDays(to, 1)) };
}

/**
 * GET /player/game-logs?type=today|yesterday|this_week|last_week (default today): the player's
 * settled seamless wagers in that Yangon period, one row per game, most recently played first.
 */
export async function gameLogs(c: Context<AppEnv>, deps: Deps) {
  const { type } = queryFields(c, gameLogsQuery);
  const { from, to, start, end } = periodRange(type, deps.clock.now());
  const lastPlayed = sql<Date>`max(${seamlessWagers.settledAt})`;
  const rows = await deps.database.db
    .select({
      gameName: sql<string>`max(${seamlessWagers.gameName})`,
      spins: sql<string>`count(*)::text`,
      turnover: sql<string>`coalesce(sum(${seamlessWagers.betAmount}), 0)::text`,
      payout: sql<string>`coalesce(sum(${seamlessWagers.payout}), 0)::text`,
    })
    .from(seamlessWagers)
    .where(
      and(
        eq(seamlessWagers.userId, c.var.user.id),
        eq(seamlessWagers.status, WAGER_SETTLED),
        gte(seamlessWagers.settledAt, start),
        lt(seamlessWagers.settledAt, end),
      ),
    )
    .groupBy(seamlessWagers.productCode, seamlessWagers.gameCode)
    .orderBy(desc(lastPlayed));
  const data = rows.map((r) => {
    const turnover = BigInt(r.turnover);
    const payout = BigInt(r.payout);
    return {
      game_name: r.gameName,
      spin_count: Number(r.spins),
      turnover: formatMoney(turnover),
      total_payout: formatMoney(payout),
      win_loss: formatMoney(payout - turnover),
      from,
      to,
    };
  });
  return ok(c, data);
}
