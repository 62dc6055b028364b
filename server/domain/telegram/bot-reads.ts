/**
 * What the bot's commands read (docs/telegram.md § Commands): the player a Telegram user is linked
 * to, their two wallets, and the 2D results to show — today's draws once one is confirmed, else
 * the last day that had a confirmed result.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import { twoDResults, users } from '../../db/schema';
import { yangonDate } from '../../lib/time';
import type { DbOrTx } from '../ledger';
import { SESSIONS, type Session } from '../two-d/calendar';

export interface LinkedPlayer {
  id: number;
  agentId: number;
  /** Game wallet, pya. */
  balance: bigint;
  /** Main wallet, pya. */
  mainBalance: bigint;
  /** 1 active, 0 banned. */
  status: number;
}

/** The player a Telegram user id signs in as, or null when none is linked to it. */
export async function linkedPlayer(db: DbOrTx, telegramId: number): Promise<LinkedPlayer | null> {
  const [row] = await db
    .select({ id: users.id, agentId: users.agentId, balance: users.balance, mainBalance: users.mainBalance, status: users.status })
    .from(users)
    .where(eq(users.telegramId, telegramId));
  return row ?? null;
}

export interface DrawLine {
  session: Session;
  /** Null while the draw has no confirmed result. */
  result: { twod: string; setIndex: string; value: string } | null;
}

export interface ResultsDay {
  date: string;
  draws: DrawLine[];
}

/**
 * The day /results shows: today (Yangon) when one of its draws is confirmed, else the latest
 * earlier day with a confirmed result (the last trading day). Null before any result exists.
 */
export async function resultsDay(db: DbOrTx, now: Date): Promise<ResultsDay | null> {
  const today = yangonDate(now);
  const [latest] = await db
    .select({ drawDate: twoDResults.drawDate })
    .from(twoDResults)
    .where(and(eq(twoDResults.status, 'confirmed'), lte(twoDResults.drawDate, today)))
    .orderBy(desc(twoDResults.drawDate))
    .limit(1);
  if (!latest) return null;
  const rows = await db
    .select()
    .from(twoDResults)
    .where(and(eq(twoDResults.drawDate, latest.drawDate), eq(twoDResults.status, 'confirmed')));
  const draws = SESSIONS.map((session) => {
    const row = rows.find((r) => r.session === session);
    return { session, result: row ? { twod: row.twod, setIndex: row.setIndex, value: row.value } : null };
  });
  return { date: latest.drawDate, draws };
}
