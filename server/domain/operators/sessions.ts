/**
 * Operator sessions: an opaque token (32 random bytes, base64url) handed out once; only its
 * SHA-256 is stored. A session ends at `expires_at` (OPERATOR_SESSION_HOURS after sign-in),
 * after OPERATOR_IDLE_MINUTES unused, when revoked (sign-out, the owner, a password change), or
 * when its operator is disabled. `last_used_at` is written back at most once a minute.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorSessions, operators } from '../../db/schema';
import { isRole, type Role } from './roles';

const TOUCH_INTERVAL_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionPolicy {
  hours: number;
  idleMinutes: number;
}

export interface LiveSession {
  sessionId: number;
  operatorId: number;
  userName: string;
  displayName: string;
  role: Role;
  expiresAt: Date;
}

export async function openSession(
  db: Db,
  operatorId: number,
  now: Date,
  opts: { hours: number; ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + opts.hours * HOUR_MS);
  await db.insert(operatorSessions).values({
    operatorId,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    ip: opts.ip,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** The live session a raw token stands for, or null (unknown, revoked, expired, idle, disabled). */
export async function resolveSession(db: Db, token: string, now: Date, policy: SessionPolicy): Promise<LiveSession | null> {
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      userName: operators.userName,
      displayName: operators.displayName,
      role: operators.role,
      expiresAt: operatorSessions.expiresAt,
      lastUsedAt: operatorSessions.lastUsedAt,
      disabledAt: operators.disabledAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashSessionToken(token)), isNull(operatorSessions.revokedAt)))
    .limit(1);
  if (!row || row.disabledAt || !isRole(row.role)) return null;
  const t = now.getTime();
  if (row.expiresAt.getTime() <= t || row.lastUsedAt.getTime() + policy.idleMinutes * 60_000 <= t) return null;
  if (t - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(operatorSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(operatorSessions.id, row.sessionId), lt(operatorSessions.lastUsedAt, new Date(t - TOUCH_INTERVAL_MS))));
  }
  const { lastUsedAt: _l, disabledAt: _d, role, ...rest } = row;
  return { ...rest, role };
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(operatorSessions).set({ revokedAt: now }).where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** Revokes every live session of the operator (but `keep`); returns how many ended. */
export async function revokeOperatorSessions(db: Db, operatorId: number, now: Date, keep?: number): Promise<number> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keep === undefined ? sql`true` : ne(operatorSessions.id, keep),
      ),
    )
    .returning({ id: operatorSessions.id });
  return rows.length;
}

/** Sessions not revoked and not past their absolute expiry (idle ones may still be counted). */
export async function liveSessionCount(db: Db, operatorId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt), sql`${operatorSessions.expiresAt} > ${now.toISOString()}::timestamptz`));
  return row?.n ?? 0;
}

/** When each operator last signed in (their newest session), by operator id. */
export async function lastSignIns(db: Db): Promise<Map<number, Date | null>> {
  const rows = await db.select({ id: operatorSessions.operatorId, at: max(operatorSessions.createdAt) }).from(operatorSessions).groupBy(operatorSessions.operatorId);
  return new Map(rows.map((r) => [r.id, r.at]));
}
