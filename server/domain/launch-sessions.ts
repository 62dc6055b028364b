/**
 * Game launch tokens die with the player's session (issue 11): a demo aggregator token names the
 * login session it was issued under (`sid`) and when (`iat`), and opens nothing once that session
 * is logged out or expired, the player is banned, or the password changed after it was issued. The
 * demo Shan provider's sessions for the player are ended on logout and password change.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { demoShanSessions, tokens, users } from '../db/schema';
import type { Tx } from './ledger';

/** True while the launch may still be played. */
export async function launchSessionAlive(db: Db, claims: { member_account: string; sid?: unknown; iat?: unknown }, now: Date): Promise<boolean> {
  if (typeof claims.sid !== 'number' || typeof claims.iat !== 'number') return false;
  const [row] = await db
    .select({ revokedAt: tokens.revokedAt, expiresAt: tokens.expiresAt, status: users.status, validAfter: users.launchValidAfter })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(and(eq(tokens.id, claims.sid), eq(users.userName, claims.member_account)));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime() || row.status !== 1) return false;
  return !row.validAfter || claims.iat * 1000 >= row.validAfter.getTime();
}

/** Every launch of the player issued until now stops working (password change). */
export async function revokeLaunches(db: Db | Tx, userId: number, now: Date): Promise<void> {
  const [user] = await db.update(users).set({ launchValidAfter: now }).where(eq(users.id, userId)).returning({ userName: users.userName });
  if (user) await db.delete(demoShanSessions).where(eq(demoShanSessions.memberAccount, user.userName));
}

/** The player's demo Shan sessions end with a logout (aggregator tokens end with their session row). */
export async function endShanSessions(db: Db, userName: string): Promise<void> {
  await db.delete(demoShanSessions).where(eq(demoShanSessions.memberAccount, userName));
}
