/**
 * The state of an audited target, read before and after a change (domain/operators/audit.ts):
 * one reader per target type, by the target's id as the audit stores it. Secrets and hashes are
 * never part of a snapshot; media bytes are not either (only their hash, type and size).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agentPaymentAccounts,
  agents,
  booksChecks,
  depositRequests,
  operators,
  telegramBroadcasts,
  twoDClosures,
  twoDHolidays,
  twoDNumberLimits,
  twoDResults,
  users,
  withdrawRequests,
} from '../../db/schema';
import { findContent, isContentKind, listContent } from '../content';
import { CATALOGUE_SNAPSHOTS } from '../catalogue-admin';

type Reader = (db: Db, id: string) => Promise<unknown>;

const first = async <T>(rows: Promise<T[]>): Promise<T | null> => (await rows)[0] ?? null;
const num = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

async function contentRow(db: Db, id: string) {
  const [kind, raw] = id.split('/');
  if (!kind || !isContentKind(kind)) return null;
  return findContent(db, kind, num(raw ?? '')).catch(() => null);
}

async function contentOrder(db: Db, kind: string) {
  return isContentKind(kind) ? (await listContent(db, kind)).map((row) => row.id) : null;
}

export const SNAPSHOTS: Record<string, Reader> = {
  deposit_request: (db, id) => first(db.select().from(depositRequests).where(eq(depositRequests.id, num(id)))),
  withdraw_request: (db, id) => first(db.select().from(withdrawRequests).where(eq(withdrawRequests.id, num(id)))),
  two_d_result: (db, id) => {
    const [date, session] = id.split('/');
    return first(db.select().from(twoDResults).where(and(eq(twoDResults.drawDate, date ?? ''), eq(twoDResults.session, session ?? ''))));
  },
  two_d_holiday: (db, id) => first(db.select().from(twoDHolidays).where(eq(twoDHolidays.date, id))),
  two_d_limit: (db, id) => first(db.select().from(twoDNumberLimits).where(eq(twoDNumberLimits.number, id))),
  two_d_closure: (db, id) => {
    const [kind, value] = id.split(':');
    return first(db.select().from(twoDClosures).where(and(eq(twoDClosures.kind, kind ?? ''), eq(twoDClosures.value, value ?? ''))));
  },
  agent: (db, id) => first(db.select().from(agents).where(eq(agents.referralCode, id))),
  broadcast: (db, id) => first(db.select().from(telegramBroadcasts).where(eq(telegramBroadcasts.id, num(id)))),
  agent_account: (db, id) => first(db.select().from(agentPaymentAccounts).where(eq(agentPaymentAccounts.id, num(id)))),
  content: contentRow,
  ...CATALOGUE_SNAPSHOTS,
  content_order: contentOrder,
  operator: (db, id) =>
    first(
      db
        .select({ id: operators.id, userName: operators.userName, displayName: operators.displayName, role: operators.role, enrolled: operators.passwordHash, setupExpiresAt: operators.setupExpiresAt, disabledAt: operators.disabledAt, totpLastStep: operators.totpLastStep })
        .from(operators)
        .where(eq(operators.userName, id)),
    ).then((row) => row && { ...row, enrolled: row.enrolled !== null }),
  // A books check (routes/admin/books.ts): its outcome, not its list of discrepancies.
  books_check: (db, id) =>
    first(db.select({ id: booksChecks.id, ok: booksChecks.ok, trigger: booksChecks.trigger, actor: booksChecks.actor, startedAt: booksChecks.startedAt, finishedAt: booksChecks.finishedAt }).from(booksChecks).where(eq(booksChecks.id, num(id)))),
  player: (db, id) =>
    first(
      db
        .select({ id: users.id, userName: users.userName, name: users.name, status: users.status, balance: users.balance, mainBalance: users.mainBalance, mustChangePassword: users.mustChangePassword, withdrawHoldUntil: users.withdrawHoldUntil })
        .from(users)
        .where(eq(users.id, num(id))),
    ),
};

/** The target's state: null when there is no such row, undefined when it cannot be read (no reader or no id). */
export async function snapshot(db: Db, type: string, id: string | null): Promise<unknown> {
  const read = Object.hasOwn(SNAPSHOTS, type) ? SNAPSHOTS[type] : undefined;
  return read && id !== null ? read(db, id) : undefined;
}
