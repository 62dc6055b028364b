/**
 * An operator's own session changes, each with its audit row in ONE transaction (decision 0018):
 * signing in (or completing enrolment), a failed attempt, signing out, and a password change. The
 * routes (routes/admin/session.ts) guard the attempts and word the answers.
 */
import type { Db } from '../../db/types';
import { changeOperatorPassword, type OperatorRow } from './accounts';
import { recordAudit } from './audit';
import type { Actor } from './roles';
import { openSession, revokeSession } from './sessions';

const operatorActor = (row: OperatorRow, sessionId = 0): Actor => ({
  kind: 'operator',
  role: row.role as Actor['role'],
  name: row.userName,
  operatorId: row.id,
  sessionId,
  displayName: row.displayName,
});

type OperatorActor = Extract<Actor, { kind: 'operator' }>;

const self = (name: string) => ({ type: 'operator', id: name });

/** A new session for an operator who proved who they are; `action` names it in the audit (session.login, operator.setup). */
export async function openAuditedSession(
  db: Db,
  row: OperatorRow,
  input: { action: string; hours: number; ip: string; userAgent: string | null },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const { action, hours, ip, userAgent } = input;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const session = await openSession(tx, row.id, now, { hours, ip, userAgent });
    await recordAudit(tx, { actor: operatorActor(row), action, target: self(row.userName), before: null, after: { expires_at: session.expiresAt.toISOString() }, ip, at: now });
    return session;
  });
}

/** A refused sign-in or enrolment under `userName` (which may be nobody's), in the audit. */
export async function recordFailedSignIn(db: Db, input: { userName: string; action: string; ip: string | null }, now: Date): Promise<void> {
  const name = input.userName.slice(0, 64);
  const actor: Actor = { kind: 'operator', role: 'cashier', name, operatorId: 0, sessionId: 0, displayName: '' };
  await db.transaction(async (tx) => {
    await recordAudit(tx as unknown as Db, { actor, action: input.action, target: self(name), before: null, after: null, ip: input.ip, at: now });
  });
}

/** Signs the operator's own session out. */
export async function endAuditedSession(db: Db, actor: OperatorActor, ip: string | null, now: Date): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await revokeSession(tx, actor.sessionId, now);
    await recordAudit(tx, { actor, action: 'session.logout', target: self(actor.name), before: null, after: null, ip, at: now });
  });
}

/** The operator's new password (their other sessions end), audited; refused on a wrong password or code. */
export async function changePasswordAudited(
  db: Db,
  actor: OperatorActor,
  input: { current: string; next: string; code: string; ip: string | null },
  now: Date,
) {
  const { current, next, code, ip } = input;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const result = await changeOperatorPassword(tx, { operatorId: actor.operatorId, sessionId: actor.sessionId, current, next, code }, now);
    if ('refused' in result) return result;
    await recordAudit(tx, { actor, action: 'operator.password', target: self(actor.name), before: null, after: { sessions_ended: result.ended }, ip, at: now });
    return result;
  });
}
