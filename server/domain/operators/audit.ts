/**
 * The audit of operator actions: who (an operator or the ADMIN_TOKEN), when, what (action and
 * target) and the target's state before and after. Rows are written by one helper in the same
 * transaction as the change (routes/admin/audited.ts) and read back, filtered, by the owner.
 */
import { and, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from './roles';
import { snapshot } from './snapshots';

export interface AuditEntry {
  actor: Actor;
  action: string;
  target: { type: string; id: string | null } | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  at: Date;
}

/** JSON-safe: bigint money becomes text, Dates ISO strings (jsonb keeps what JSON can say). */
export const jsonSafe = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    actorKind: entry.actor.kind,
    // 0: no such operator (a failed sign-in under a name nobody has).
    operatorId: entry.actor.kind === 'operator' && entry.actor.operatorId > 0 ? entry.actor.operatorId : null,
    actorName: entry.actor.name,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    before: jsonSafe(entry.before),
    after: jsonSafe(entry.after),
    ip: entry.ip,
  });
}

/** What an audited change's work reports: an error answer (roll everything back), a replayed one (keep, no row), or done. */
export type AuditedOutcome = { kind: 'rollback' } | { kind: 'replayed' } | { kind: 'done'; answer: Record<string, unknown> | null };

export interface AuditedChange {
  /** Target type (snapshots.ts reads its state before and after). */
  target: string;
  /** Its id when the request names it, read on the transaction (an adjustment's player). */
  givenId: (tx: Db) => Promise<string | null>;
  /** The created target's id from the answer, when the request named none. */
  idFromAnswer?: (answer: Record<string, unknown>) => string | null;
  /** Who, what, from where, when. */
  entry: Omit<AuditEntry, 'target' | 'before' | 'after'>;
  /** The change itself, on the transaction (the route's handler, through `adminDb`). */
  work: (tx: Db) => Promise<AuditedOutcome>;
}

const ROLLBACK = Symbol('rollback');

/**
 * ONE transaction: the target's state is read, the change is made, the state is read again and the
 * audit row is written (decision 0018). A refused or failed change rolls back: no change, no row; a
 * replayed answer (lib/idempotency.ts) changed nothing and writes no second row.
 */
export async function runAudited(db: Db, change: AuditedChange): Promise<void> {
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const givenId = await change.givenId(tx);
      const before = await snapshot(tx, change.target, givenId);
      const outcome = await change.work(tx);
      if (outcome.kind === 'rollback') throw ROLLBACK;
      if (outcome.kind === 'replayed') return;
      const { answer } = outcome;
      const id = givenId ?? (answer && change.idFromAnswer ? change.idFromAnswer(answer) : null);
      // A target type without a reader (media) is recorded as the answer gave it.
      const state = await snapshot(tx, change.target, id);
      const after = state === undefined ? answer : state;
      await recordAudit(tx, { ...change.entry, target: { type: change.target, id }, before, after });
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}

export interface AuditFilter {
  actor?: string;
  /** An action, or a prefix ending in '.' ("deposit." for every deposit action). */
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

function where(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.actor) parts.push(sql`lower(${auditLog.actorName}) = lower(${f.actor})`);
  if (f.action) parts.push(f.action.endsWith('.') ? like(auditLog.action, `${f.action.replace(/[%_\\]/g, '\\$&')}%`) : eq(auditLog.action, f.action));
  if (f.targetType) parts.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) parts.push(eq(auditLog.targetId, f.targetId));
  if (f.from) parts.push(gte(auditLog.at, f.from));
  if (f.to) parts.push(lt(auditLog.at, f.to));
  return parts.length ? and(...parts) : undefined;
}

/** Newest first. */
export async function listAudit(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(condition).orderBy(desc(auditLog.id)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}
