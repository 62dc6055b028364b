import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { playedGames } from '../../domain/seamless-history';
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
  const rows = await playedGames(deps.database.db, c.var.user.id, start, end);
  const data = rows.map((r) => ({
    game_name: r.gameName,
    spin_count: r.spins,
    turnover: formatMoney(r.turnover),
    total_payout: formatMoney(r.payout),
    win_loss: formatMoney(r.payout - r.turnover),
    from,
    to,
  }));
  return ok(c, data);
}
