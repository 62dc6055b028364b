/**
 * What a player did lately, for the console's profile (decision 0018): their 2D slips, Digit Bets
 * and seamless game rounds, newest first, ACTIVITY_ROWS of each; the one-time password an
 * operator hands a player who lost theirs; and a ban.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import { digitBets, seamlessWagers, tokens, twoDSlips, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { revokeLaunches } from '../launch-sessions';

export const ACTIVITY_ROWS = 20;

export async function playerActivity(db: Db, userId: number) {
  const [slips, bets, rounds] = await Promise.all([
    db
      .select({ id: twoDSlips.id, slipNo: twoDSlips.slipNo, drawDate: twoDSlips.drawDate, session: twoDSlips.session, total: twoDSlips.totalBetAmount, status: twoDSlips.status, createdAt: twoDSlips.createdAt })
      .from(twoDSlips)
      .where(eq(twoDSlips.userId, userId))
      .orderBy(desc(twoDSlips.id))
      .limit(ACTIVITY_ROWS),
    db
      .select({ id: digitBets.id, betType: digitBets.betType, digit: digitBets.digit, stake: digitBets.stake, rolled: digitBets.rolled, outcome: digitBets.outcome, win: digitBets.winAmount, createdAt: digitBets.createdAt })
      .from(digitBets)
      .where(eq(digitBets.userId, userId))
      .orderBy(desc(digitBets.id))
      .limit(ACTIVITY_ROWS),
    db
      .select({ id: seamlessWagers.id, productCode: seamlessWagers.productCode, gameName: seamlessWagers.gameName, bet: seamlessWagers.betAmount, payout: seamlessWagers.payout, status: seamlessWagers.status, createdAt: seamlessWagers.createdAt })
      .from(seamlessWagers)
      .where(eq(seamlessWagers.userId, userId))
      .orderBy(desc(seamlessWagers.id))
      .limit(ACTIVITY_ROWS),
  ]);
  return { slips, bets, rounds };
}

/** No 0/O, 1/l/I: read aloud or typed from a screen without mistakes. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ONE_TIME_PASSWORD_LENGTH = 10;

export function oneTimePassword(): string {
  return Array.from({ length: ONE_TIME_PASSWORD_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * Sets a new random password (returned once, never stored but as its hash) and ends every session
 * and game launch of the player, in the caller's transaction; false when there is no such player.
 */
export async function resetPassword(db: DbOrTx, userId: number, now: Date, holdHours: number): Promise<string | false> {
  const password = oneTimePassword();
  // Decision 0034: the one-time password only opens the change-password form, and withdrawals wait.
  const withdrawHoldUntil = holdHours > 0 ? new Date(now.getTime() + holdHours * 3_600_000) : null;
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true, withdrawHoldUntil, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) return false;
  await db.update(tokens).set({ revokedAt: now }).where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
  await revokeLaunches(db, userId, now);
  return password;
}

/**
 * Ban (status 0: every token and game launch ends) or unban (status 1: the player signs in again),
 * in the caller's transaction; false when there is no such player.
 */
export async function setPlayerBanned(db: DbOrTx, userId: number, banned: boolean, now: Date): Promise<boolean> {
  const [row] = await db.update(users).set({ status: banned ? 0 : 1, updatedAt: now }).where(eq(users.id, userId)).returning({ id: users.id });
  if (!row) return false;
  if (banned) {
    await db.update(tokens).set({ revokedAt: now }).where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
    await revokeLaunches(db, userId, now);
  }
  return true;
}
