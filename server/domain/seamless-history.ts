/**
 * A player's seamless play in a period (GET /player/game-logs): the settled wagers summed per
 * game, most recently played first. Money in pya.
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seamlessWagers } from '../db/schema';
import { WAGER_SETTLED } from './seamless';

export interface PlayedGame {
  gameName: string;
  spins: number;
  turnover: bigint;
  payout: bigint;
}

/** The player's games with wagers settled in [start, end). */
export async function playedGames(db: Db, userId: number, start: Date, end: Date): Promise<PlayedGame[]> {
  const lastPlayed = sql<Date>`max(${seamlessWagers.settledAt})`;
  const rows = await db
    .select({
      gameName: sql<string>`max(${seamlessWagers.gameName})`,
      spins: sql<string>`count(*)::text`,
      turnover: sql<string>`coalesce(sum(${seamlessWagers.betAmount}), 0)::text`,
      payout: sql<string>`coalesce(sum(${seamlessWagers.payout}), 0)::text`,
    })
    .from(seamlessWagers)
    .where(and(eq(seamlessWagers.userId, userId), eq(seamlessWagers.status, WAGER_SETTLED), gte(seamlessWagers.settledAt, start), lt(seamlessWagers.settledAt, end)))
    .groupBy(seamlessWagers.productCode, seamlessWagers.gameCode)
    .orderBy(desc(lastPlayed));
  return rows.map((r) => ({ gameName: r.gameName, spins: Number(r.spins), turnover: BigInt(r.turnover), payout: BigInt(r.payout) }));
}
