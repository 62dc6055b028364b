/**
 * Operator accounts (decision 0018): created by the owner (or the ADMIN_TOKEN) with a role; the
 * operator then proves enrolment with a one-time setup code, a password of their own and a first
 * code from the authenticator. Sign-in needs password and code; a code is used once (the step is
 * stored and only a later one is accepted). Results are typed refusals, never HTTP.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, or, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Role } from './roles';
import { liveSessionCount, revokeOperatorSessions } from './sessions';
import { newTotpSecret, openSecret, sealSecret, totpStep, totpUri } from './totp';

const SETUP_HOURS = 24;
const SETUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type OperatorRow = typeof operators.$inferSelect;
export type Refused<R extends string> = { refused: R };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const byName = (userName: string) => sql`lower(${operators.userName}) = lower(${userName})`;

function newSetupCode(): string {
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => SETUP_ALPHABET[b % SETUP_ALPHABET.length]).join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** What the owner sees of an operator: never a hash or a secret. */
export async function operatorView(db: Db, row: OperatorRow, now: Date) {
  return {
    id: row.id,
    user_name: row.userName,
    display_name: row.displayName,
    role: row.role,
    enrolled: row.passwordHash !== null,
    setup_pending: row.setupCodeHash !== null,
    disabled: row.disabledAt !== null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    live_sessions: await liveSessionCount(db, row.id, now),
    created_at: row.createdAt.toISOString(),
  };
}

export async function findOperator(db: Db, userName: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(byName(userName)).limit(1);
  return row ?? null;
}

export const listOperators = (db: Db) => db.select().from(operators).orderBy(asc(operators.id));

/** A fresh TOTP secret and setup code; what the new or re-enrolling operator is given once. */
async function enrolment(db: Db, userName: string, now: Date) {
  const secret = newTotpSecret();
  const setupCode = newSetupCode();
  const columns = {
    totpSecret: await sealSecret(db, secret),
    totpLastStep: null,
    setupCodeHash: sha256(setupCode),
    setupExpiresAt: new Date(now.getTime() + SETUP_HOURS * 3_600_000),
  };
  return { columns, handout: { setup_code: setupCode, setup_expires_at: columns.setupExpiresAt.toISOString(), otpauth_uri: totpUri(secret, userName) } };
}

export async function createOperator(db: Db, input: { userName: string; displayName: string; role: Role }, now: Date) {
  if (await findOperator(db, input.userName)) return { refused: 'taken' } as Refused<'taken'>;
  const { columns, handout } = await enrolment(db, input.userName, now);
  const [row] = await db
    .insert(operators)
    .values({ ...input, ...columns, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) return { refused: 'taken' } as Refused<'taken'>;
  return { row, handout };
}

/** New secret and setup code; the password is cleared and every session ends (a lost phone). */
export async function resetEnrolment(db: Db, userName: string, now: Date) {
  const found = await findOperator(db, userName);
  if (!found) return { refused: 'not_found' } as Refused<'not_found'>;
  const { columns, handout } = await enrolment(db, found.userName, now);
  const [row] = await db.update(operators).set({ ...columns, passwordHash: null, updatedAt: now }).where(eq(operators.id, found.id)).returning();
  await revokeOperatorSessions(db, found.id, now);
  return { row: row!, handout };
}

export async function setDisabled(db: Db, userName: string, disabled: boolean, now: Date) {
  const found = await findOperator(db, userName);
  if (!found) return { refused: 'not_found' } as Refused<'not_found'>;
  const [row] = await db
    .update(operators)
    .set({ disabledAt: disabled ? (found.disabledAt ?? now) : null, updatedAt: now })
    .where(eq(operators.id, found.id))
    .returning();
  if (disabled) await revokeOperatorSessions(db, found.id, now);
  return { row: row! };
}

/**
 * Claims `code`'s step for the operator: one UPDATE that succeeds only when the step is later
 * than the last one used, so a code works once even when two sign-ins race with it.
 */
async function claimCode(db: Db, row: OperatorRow, code: string, now: Date): Promise<boolean> {
  const step = totpStep(await openSecret(db, row.totpSecret), code, now);
  if (step === null) return false;
  const claimed = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, row.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return claimed.length === 1;
}

/** Password and code: the operator, or `credentials` (which of the two was wrong is not said). */
export async function authenticate(db: Db, input: { userName: string; password: string; code: string }, now: Date) {
  const row = await findOperator(db, input.userName);
  const passwordOk = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !passwordOk || row.disabledAt) return { refused: 'credentials' } as Refused<'credentials'>;
  if (!(await claimCode(db, row, input.code, now))) return { refused: 'credentials' } as Refused<'credentials'>;
  return { row };
}

/** Enrolment: the setup code (unexpired), a first code from the authenticator, the operator's own password. */
export async function completeSetup(db: Db, input: { userName: string; setupCode: string; password: string; code: string }, now: Date) {
  const row = await findOperator(db, input.userName);
  const given = sha256(input.setupCode.trim().toUpperCase());
  const valid = row && !row.disabledAt && row.setupCodeHash === given && row.setupExpiresAt && row.setupExpiresAt > now;
  if (!valid) return { refused: 'setup_invalid' } as Refused<'setup_invalid'>;
  if (!(await claimCode(db, row, input.code, now))) return { refused: 'setup_invalid' } as Refused<'setup_invalid'>;
  const passwordHash = await hashPassword(input.password);
  await db.update(operators).set({ passwordHash, setupCodeHash: null, setupExpiresAt: null, updatedAt: now }).where(eq(operators.id, row.id));
  await revokeOperatorSessions(db, row.id, now);
  return { row: { ...row, passwordHash } };
}

/** A new password (current password and a fresh code); the operator's other sessions end. */
export async function changeOperatorPassword(
  db: Db,
  input: { operatorId: number; sessionId: number; current: string; next: string; code: string },
  now: Date,
) {
  const [row] = await db.select().from(operators).where(eq(operators.id, input.operatorId));
  if (!row || !(await verifyPassword(row.passwordHash, input.current))) return { refused: 'credentials' } as Refused<'credentials'>;
  if (!(await claimCode(db, row, input.code, now))) return { refused: 'credentials' } as Refused<'credentials'>;
  await db.update(operators).set({ passwordHash: await hashPassword(input.next), updatedAt: now }).where(eq(operators.id, row.id));
  const ended = await revokeOperatorSessions(db, row.id, now, input.sessionId);
  return { row, ended };
}
