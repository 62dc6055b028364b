/**
 * Daily winners (product-spec.md § 2D lottery, /2d/daily-winner): a draw's CONFIRMED result and
 * the players its settled winning bets paid, summed per player, names masked.
 */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { twoDBets, twoDResults, users } from '../../db/schema';
import { formatMoney } from '../../lib/money';
import type { DbOrTx } from '../ledger';
import type { Session } from './calendar';
import { refuse } from '../../i18n/refusals';

export const NO_RESULT = refuse('two_d.no_result');
export const LATEST_RESULTS_LIMIT = 10;

export interface Winner {
  member_name: string;
  bet_amount: string;
  win_amount: string;
}

export interface DrawWinners {
  date: string;
  session: Session;
  win_digit: string;
  winners: Winner[];
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
function firstGrapheme(word: string): string {
  for (const { segment } of graphemes.segment(word)) return segment;
  return '';
}

/**
 * A name others may see: the first word, then the first letter of the second word and "***"
 * ("Aung Aung Kyaw" → "Aung A***"); a one-word name keeps only its first letter ("Mya" → "M***").
 * Letters are grapheme clusters, so a Burmese syllable keeps its marks.
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '***';
  if (words.length === 1) return `${firstGrapheme(words[0]!)}***`;
  return `${words[0]} ${firstGrapheme(words[1]!)}***`;
}

interface WinnerRow {
  drawDate: string;
  session: string;
  name: string;
  betAmount: string;
  winAmount: string;
}

/** Settled winning bets of the given results' draws, one row per (draw, player), biggest win first. */
async function winnersOf(db: DbOrTx, resultIds: number[]): Promise<WinnerRow[]> {
  if (resultIds.length === 0) return [];
  return db
    .select({
      drawDate: twoDBets.drawDate,
      session: twoDBets.session,
      name: users.name,
      betAmount: sql<string>`sum(${twoDBets.betAmount})::text`,
      winAmount: sql<string>`sum(${twoDBets.prizeAmount})::text`,
    })
    .from(twoDBets)
    .innerJoin(twoDResults, and(eq(twoDResults.drawDate, twoDBets.drawDate), eq(twoDResults.session, twoDBets.session)))
    .innerJoin(users, eq(users.id, twoDBets.userId))
    .where(and(inArray(twoDResults.id, resultIds), eq(twoDBets.winLose, true)))
    .groupBy(twoDBets.drawDate, twoDBets.session, twoDBets.userId, users.name)
    .orderBy(sql`sum(${twoDBets.prizeAmount}) desc`, twoDBets.userId);
}

function winnerJson(row: WinnerRow): Winner {
  return {
    member_name: maskName(row.name),
    bet_amount: formatMoney(BigInt(row.betAmount)),
    win_amount: formatMoney(BigInt(row.winAmount)),
  };
}

/** One draw's winners, or null when it has no confirmed result. */
export async function dailyWinners(db: DbOrTx, date: string, session: Session): Promise<DrawWinners | null> {
  const [result] = await db
    .select({ id: twoDResults.id, twod: twoDResults.twod })
    .from(twoDResults)
    .where(and(eq(twoDResults.drawDate, date), eq(twoDResults.session, session), eq(twoDResults.status, 'confirmed')));
  if (!result) return null;
  const rows = await winnersOf(db, [result.id]);
  return { date, session, win_digit: result.twod, winners: rows.map(winnerJson) };
}

/** The most recent confirmed draws on or before `date`, newest first (evening before morning). */
export async function latestResults(db: DbOrTx, date: string, limit = LATEST_RESULTS_LIMIT): Promise<DrawWinners[]> {
  const results = await db
    .select({ id: twoDResults.id, drawDate: twoDResults.drawDate, session: twoDResults.session, twod: twoDResults.twod })
    .from(twoDResults)
    .where(and(eq(twoDResults.status, 'confirmed'), lte(twoDResults.drawDate, date)))
    .orderBy(desc(twoDResults.drawDate), sql`case ${twoDResults.session} when 'evening' then 1 else 0 end desc`)
    .limit(limit);
  const rows = await winnersOf(db, results.map((r) => r.id));
  return results.map((r) => ({
    date: r.drawDate,
    session: r.session as Session,
    win_digit: r.twod,
    winners: rows.filter((w) => w.drawDate === r.drawDate && w.session === r.session).map(winnerJson),
  }));
}
