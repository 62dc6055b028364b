/**
 * A player's account as sign-in, sign-up and the profile's security settings read and change it:
 * the account a login names, a new web or Telegram player with their first session, the password,
 * and the Telegram link. Passwords arrive here hashed (lib/passwords); refusals are results, and
 * the routes word them.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/types';
import { users } from '../db/schema';
import { canonicalPhone } from '../lib/phone';
import { isUniqueViolation } from '../lib/pg-error';
import { revokeLaunches } from './launch-sessions';
import { ACTIVE, issueToken, revokeOtherTokens, sessionUserColumns, type SessionUser } from './sessions';
import { insertUserWithFreshName } from './user-names';

/** A phone (any form of it: lib/phone.ts) when it is digits; generated names match in any case. */
function loginLookup(identifier: string) {
  const phone = canonicalPhone(identifier);
  if (/^\+?[0-9]+$/.test(phone)) return eq(users.phone, phone);
  const generated = /^pi(\d{8})$/i.exec(identifier);
  return eq(users.userName, generated ? `Pi${generated[1]}` : identifier);
}

/** The account a login's user name or phone names, with its password hash to check. */
export async function accountForLogin(db: Db, identifier: string) {
  const [user] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(loginLookup(identifier))
    .limit(1);
  return user;
}

/** The player's password hash: null without a password (Telegram-only), undefined without the player. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

/**
 * A new password, in one transaction: the forced change (if any) is done, and every other token
 * and game launch of the player ends, so a stolen session ends while `keepTokenId` keeps working.
 */
export async function replacePassword(db: Db, input: { userId: number; keepTokenId: number; passwordHash: string }, now: Date): Promise<void> {
  const { userId, keepTokenId, passwordHash } = input;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(users.id, userId));
    await revokeOtherTokens(tx, userId, keepTokenId, now);
    await revokeLaunches(tx, userId, now);
  });
}

/** A Telegram-only player's first password; false when the player has one already. */
export async function addFirstPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return Boolean(row);
}

export async function phoneTaken(db: Db, phone: string): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return Boolean(taken);
}

/**
 * A new web player under a generated user name, and their first token, in one transaction; or
 * `phone_taken` when another registration took the phone first (two raced for it).
 */
export async function createWebPlayer(
  db: Db,
  input: { name: string; phone: string; passwordHash: string; agentId: number },
  now: Date,
  tokenTtlDays: number,
): Promise<{ user: SessionUser; token: string } | { refused: 'phone_taken' }> {
  const { name, phone, passwordHash, agentId } = input;
  try {
    return await db.transaction(async (tx) => {
      const { id, userName } = await insertUserWithFreshName(tx, { name, phone, passwordHash, agentId, createdAt: now, updatedAt: now });
      const token = await issueToken(tx, id, now, tokenTtlDays);
      const user: SessionUser = { id, userName, name, phone, status: ACTIVE, agentId, balance: 0n, mainBalance: 0n, telegramLinked: false, hasPassword: true, mustChangePassword: false };
      return { user, token };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_phone_key')) return { refused: 'phone_taken' };
    throw err;
  }
}

/** The player signed in with this Telegram account, if any. */
export async function playerByTelegramId(db: Db, telegramId: number): Promise<SessionUser | undefined> {
  const [known] = await db.select(sessionUserColumns).from(users).where(eq(users.telegramId, telegramId)).limit(1);
  return known;
}

/**
 * A new player for a Telegram account, under a generated user name. The same Telegram user
 * signing up twice at once: the second gets the first's player.
 */
export async function createTelegramPlayer(db: Db, input: { name: string; telegramId: number; agentId: number }, now: Date): Promise<SessionUser> {
  const { name, telegramId, agentId } = input;
  try {
    const { id, userName } = await insertUserWithFreshName(db, { name, phone: null, passwordHash: null, telegramId, agentId, createdAt: now, updatedAt: now });
    return { id, userName, name, phone: null, status: ACTIVE, agentId, balance: 0n, mainBalance: 0n, telegramLinked: true, hasPassword: false, mustChangePassword: false };
  } catch (err) {
    if (!isUniqueViolation(err, 'users_telegram_id_key')) throw err;
    const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.telegramId, telegramId));
    return row!;
  }
}

/** Links a Telegram account to the player; `taken` when another player has it. */
export async function linkTelegram(db: Db, userId: number, telegramId: number, now: Date): Promise<'linked' | 'taken'> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId));
  if (owner && owner.id !== userId) return 'taken';
  try {
    await db.update(users).set({ telegramId, updatedAt: now }).where(eq(users.id, userId));
  } catch (err) {
    if (isUniqueViolation(err, 'users_telegram_id_key')) return 'taken';
    throw err;
  }
  return 'linked';
}

export async function unlinkTelegram(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ telegramId: null, updatedAt: now }).where(eq(users.id, userId));
}
