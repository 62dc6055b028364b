/**
 * Stored 2D results and their audit (docs/two-d.md). A draw has at most one result row, entered by
 * the simulated feed, an external feed or an operator; it is 'provisional' until confirmed, and
 * nothing settles before that. Every change writes a two_d_result_audit row (action, actor,
 * before, after) in the same transaction. Once a draw is settled or voided its result is frozen.
 */
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoDResultAudit, twoDResults, twoDSettlements } from '../../db/schema';
import type { DbOrTx, Tx } from '../ledger';
import type { Session } from './calendar';
import type { DrawFigures } from './sources';

export type ResultStatus = 'provisional' | 'confirmed';
export type ResultOrigin = 'simulated' | 'feed' | 'operator';

export interface StoredResult {
  date: string;
  session: Session;
  setIndex: string;
  value: string;
  twod: string;
  source: ResultOrigin;
  status: ResultStatus;
  updatedAt: Date;
}

/** The draw is settled or voided: its result can no longer change. */
export class DrawClosed extends Error {
  constructor(readonly outcome: string) {
    super(`this draw is already ${outcome}`);
    this.name = 'DrawClosed';
  }
}

/** A confirm without figures for a draw that has no result yet. */
export class NoResult extends Error {
  constructor() {
    super('this draw has no result to confirm');
    this.name = 'NoResult';
  }
}

/**
 * Serialises everything that decides a draw (entering results, settling, voiding) per
 * (date, session), for the rest of the transaction: an advisory lock, since the draw may have no
 * row yet to lock. Several server processes may run these at once.
 */
export async function lockDraw(tx: Tx, date: string, session: Session): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`two_d_draw:${date}:${session}`}, 0))`);
}

type ResultRow = typeof twoDResults.$inferSelect;
const toStored = (r: ResultRow): StoredResult => ({
  date: r.drawDate,
  session: r.session as Session,
  setIndex: r.setIndex,
  value: r.value,
  twod: r.twod,
  source: r.source as ResultOrigin,
  status: r.status as ResultStatus,
  updatedAt: r.updatedAt,
});

/** What an audit row records of a result. */
const auditView = (r: StoredResult | null) =>
  r && { set_index: r.setIndex, value: r.value, twod: r.twod, source: r.source, status: r.status };

const drawIs = (date: string, session: Session) => and(eq(twoDResults.drawDate, date), eq(twoDResults.session, session));

export async function getResult(db: DbOrTx, date: string, session: Session): Promise<StoredResult | null> {
  const [row] = await db.select().from(twoDResults).where(drawIs(date, session));
  return row ? toStored(row) : null;
}

export async function settlementOf(db: DbOrTx, date: string, session: Session) {
  const [row] = await db
    .select()
    .from(twoDSettlements)
    .where(and(eq(twoDSettlements.drawDate, date), eq(twoDSettlements.session, session)));
  return row ?? null;
}

export interface ResultListRow extends StoredResult {
  settlement: { outcome: string; winners: number; paid: bigint; settledAt: Date } | null;
  /** Two-person confirmation: who asked to confirm this provisional result, if anyone. */
  pending: Proposal | null;
}

/** Results between two dates (inclusive), newest first, with how each draw ended. */
export async function listResults(db: Db, range: { from?: string; to?: string; limit?: number } = {}): Promise<ResultListRow[]> {
  const where: SQL[] = [];
  if (range.from) where.push(gte(twoDResults.drawDate, range.from));
  if (range.to) where.push(lte(twoDResults.drawDate, range.to));
  const rows = await db
    .select({ r: twoDResults, s: twoDSettlements })
    .from(twoDResults)
    .leftJoin(
      twoDSettlements,
      and(eq(twoDSettlements.drawDate, twoDResults.drawDate), eq(twoDSettlements.session, twoDResults.session)),
    )
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(twoDResults.drawDate), desc(twoDResults.session))
    .limit(range.limit ?? 100);
  return rows.map(({ r, s }) => ({
    ...toStored(r),
    settlement: s && { outcome: s.outcome, winners: s.winners, paid: s.paid, settledAt: s.settledAt },
    pending: r.status === 'provisional' && r.proposedBy ? { by: r.proposedBy, byName: r.proposedByName ?? r.proposedBy, at: r.proposedAt ?? r.updatedAt } : null,
  }));
}

/**
 * Runs inside the transaction that makes a result confirmed (the daily results to Telegram
 * subscribers, domain/telegram/results-digest.ts): it commits, or rolls back, with the confirmation.
 */
export type ConfirmedHook = (tx: Tx, result: StoredResult) => Promise<void>;

export interface SetResult {
  date: string;
  session: Session;
  /** New figures, or none to confirm the stored ones. */
  figures: DrawFigures | null;
  status: ResultStatus;
  source: ResultOrigin;
  actor: string;
}

export interface SetOutcome {
  result: StoredResult;
  /** False when the draw already had exactly this result (nothing written, nothing audited). */
  changed: boolean;
  action: string | null;
}

/** In the caller's transaction: the draw locked, refused when already settled, its result row (if any) locked for update. */
async function openUnsettledDraw(tx: Tx, date: string, session: Session) {
  await lockDraw(tx, date, session);
  const settled = await settlementOf(tx, date, session);
  if (settled) throw new DrawClosed(settled.outcome);
  const [row] = await tx.select().from(twoDResults).where(drawIs(date, session)).for('update');
  return row;
}

/**
 * Enters, overrides or confirms a draw's result, audited. A confirmed result may still be
 * corrected until the draw is settled (the action says 'override'); after that DrawClosed.
 * Confirming never goes back: a confirmed result stays confirmed unless `status` says otherwise.
 */
export async function setResult(db: Db, input: SetResult, now: Date, onConfirmed?: ConfirmedHook): Promise<SetOutcome> {
  return db.transaction(async (tx) => {
    const row = await openUnsettledDraw(tx, input.date, input.session);
    const before = row ? toStored(row) : null;
    const next = nextResult(input, before);
    if (before && sameResult(before, next)) return { result: before, changed: false, action: null };
    const action = changeAction(input, before, next);
    // Any change ends a two-person proposal: the figures or the status it was about are gone.
    const result = await writeResult(tx, input.date, input.session, before ? { ...next, ...NO_PROPOSAL } : next, before !== null, now);
    await tx.insert(twoDResultAudit).values({
      drawDate: input.date,
      session: input.session,
      action,
      actor: input.actor,
      before: auditView(before),
      after: auditView(result),
      createdAt: now,
    });
    const newlyConfirmed = result.status === 'confirmed' && (before?.status !== 'confirmed' || before.twod !== result.twod);
    if (newlyConfirmed && onConfirmed) await onConfirmed(tx, result);
    return { result, changed: true, action };
  });
}

type NextResult = Pick<StoredResult, 'setIndex' | 'value' | 'twod' | 'source' | 'status'>;

/** The result a SetResult asks for: its figures, or the stored ones to confirm; NoResult when neither. */
function nextResult(input: SetResult, before: StoredResult | null): NextResult {
  const figures = input.figures ?? before;
  if (!figures) throw new NoResult();
  return {
    setIndex: figures.setIndex,
    value: figures.value,
    twod: figures.twod,
    source: input.figures ? input.source : before!.source,
    status: input.status,
  };
}

const sameResult = (before: StoredResult, next: NextResult) =>
  before.setIndex === next.setIndex &&
  before.value === next.value &&
  before.twod === next.twod &&
  before.status === next.status &&
  before.source === next.source;

/** The audit action of a change: 'enter', 'override' (new figures), 'confirm' or 'unconfirm'. */
function changeAction(input: SetResult, before: StoredResult | null, next: NextResult): string {
  if (!before) return 'enter';
  if (input.figures && (before.twod !== next.twod || before.setIndex !== next.setIndex || before.value !== next.value)) return 'override';
  return next.status === 'confirmed' ? 'confirm' : 'unconfirm';
}

type ResultValues = Omit<typeof twoDResults.$inferInsert, 'drawDate' | 'session' | 'createdAt' | 'updatedAt'>;

/** Updates the draw's result row when it `exists`, else inserts it; returns it as stored. */
async function writeResult(tx: Tx, date: string, session: Session, values: ResultValues, exists: boolean, now: Date): Promise<StoredResult> {
  const [saved] = exists
    ? await tx.update(twoDResults).set({ ...values, updatedAt: now }).where(drawIs(date, session)).returning()
    : await tx.insert(twoDResults).values({ drawDate: date, session, ...values, createdAt: now, updatedAt: now }).returning();
  return toStored(saved!);
}

const NO_PROPOSAL = { proposedBy: null, proposedByName: null, proposedAt: null };

/** Two-person confirmation: the same actor that asked for the confirmation may not give it. */
export class SameConfirmer extends Error {
  constructor() {
    super('the operator who entered this result cannot also confirm it');
    this.name = 'SameConfirmer';
  }
}

/** Two-person confirmation: the second operator's figure differs from the one waiting. */
export class ConfirmMismatch extends Error {
  constructor(readonly pending: string) {
    super(`the result waiting for confirmation is ${pending}`);
    this.name = 'ConfirmMismatch';
  }
}

/** A reject with no result waiting for confirmation. */
export class NothingPending extends Error {
  constructor() {
    super('no result of this draw is waiting for confirmation');
    this.name = 'NothingPending';
  }
}

/** Who acts, for two-person confirmation: `key` tells actors apart (never the free-text audit name). */
export interface ConfirmActor {
  key: string;
  name: string;
}

export interface Proposal {
  by: string;
  byName: string;
  at: Date;
}

export async function pendingProposal(db: DbOrTx, date: string, session: Session): Promise<(Proposal & { twod: string }) | null> {
  const [row] = await db.select().from(twoDResults).where(drawIs(date, session));
  return row && row.status === 'provisional' && row.proposedBy ? { by: row.proposedBy, byName: row.proposedByName ?? row.proposedBy, at: row.proposedAt ?? row.updatedAt, twod: row.twod } : null;
}

export interface TwoPersonOutcome extends SetOutcome {
  /** 'proposed': waiting for a second operator; 'confirmed': confirmed now (settle it); 'already': it was confirmed before. */
  step: 'proposed' | 'confirmed' | 'already';
}

const sameFigures = (a: DrawFigures, b: DrawFigures) => a.twod === b.twod && (!a.setIndex || !b.setIndex || (a.setIndex === b.setIndex && a.value === b.value));

export interface TwoPersonInput {
  date: string;
  session: Session;
  figures: DrawFigures | null;
  actor: ConfirmActor;
  auditActor: string;
}

/**
 * "Confirm" under TWO_D_RESULT_CONFIRM=two-person (decision: docs/operator.md § Two-person 2D
 * results). With nothing waiting, the figures (given, or those stored) are kept PROVISIONAL and
 * marked as asked by `actor`: nothing settles. With a result waiting, a DIFFERENT actor confirms it
 * (figures, if given, must be the same) → confirmed; the same actor is refused (SameConfirmer).
 * Audited in two_d_result_audit ('propose', 'confirm') in the same transaction.
 */
export async function confirmTwoPerson(db: Db, input: TwoPersonInput, now: Date, onConfirmed?: ConfirmedHook): Promise<TwoPersonOutcome> {
  return db.transaction(async (tx) => {
    const row = await openUnsettledDraw(tx, input.date, input.session);
    const before = row ? toStored(row) : null;
    const audit = twoPersonAudit(tx, input, row, now);
    const waiting = row && row.status === 'provisional' && row.proposedBy ? row : null;
    if (waiting) {
      const outcome = await confirmWaiting(tx, input, waiting, audit, now);
      if (onConfirmed) await onConfirmed(tx, outcome.result);
      return outcome;
    }
    if (before && before.status === 'confirmed' && (!input.figures || sameFigures(input.figures, before))) {
      return { result: before, changed: false, action: null, step: 'already' };
    }
    return propose(tx, input, before, audit, now);
  });
}

type TwoPersonAudit = (action: string, after: StoredResult, extra: Record<string, unknown>) => PromiseLike<unknown>;

/** Writes a two-person audit row; `before` names who had proposed the result it replaces. */
function twoPersonAudit(tx: Tx, input: TwoPersonInput, row: ResultRow | undefined, now: Date): TwoPersonAudit {
  const before = row ? toStored(row) : null;
  return (action, after, extra) =>
    tx.insert(twoDResultAudit).values({
      drawDate: input.date,
      session: input.session,
      action,
      actor: input.auditActor,
      before: auditView(before) && { ...auditView(before), ...(row?.proposedBy ? { proposed_by: row.proposedByName } : {}) },
      after: { ...auditView(after), ...extra },
      createdAt: now,
    });
}

/** The second operator confirms the result waiting (not their own, and with the same figures). */
async function confirmWaiting(tx: Tx, input: TwoPersonInput, waiting: ResultRow, audit: TwoPersonAudit, now: Date): Promise<TwoPersonOutcome> {
  if (waiting.proposedBy === input.actor.key) throw new SameConfirmer();
  if (input.figures && !sameFigures(input.figures, toStored(waiting))) throw new ConfirmMismatch(waiting.twod);
  const [saved] = await tx
    .update(twoDResults)
    .set({ status: 'confirmed', updatedAt: now })
    .where(drawIs(input.date, input.session))
    .returning();
  const result = toStored(saved!);
  await audit('confirm', result, { proposed_by: waiting.proposedByName, confirmed_by: input.actor.name });
  return { result, changed: true, action: 'confirm', step: 'confirmed' };
}

/** The first operator asks for confirmation: the figures are kept provisional, marked as theirs. */
async function propose(tx: Tx, input: TwoPersonInput, before: StoredResult | null, audit: TwoPersonAudit, now: Date): Promise<TwoPersonOutcome> {
  const figures = input.figures ?? before;
  if (!figures) throw new NoResult();
  const next = {
    setIndex: figures.setIndex,
    value: figures.value,
    twod: figures.twod,
    source: input.figures ? ('operator' as const) : before!.source,
    status: 'provisional' as const,
    proposedBy: input.actor.key,
    proposedByName: input.actor.name,
    proposedAt: now,
  };
  const result = await writeResult(tx, input.date, input.session, next, before !== null, now);
  await audit('propose', result, { proposed_by: input.actor.name });
  return { result, changed: true, action: 'propose', step: 'proposed' };
}

/** Two-person confirmation: a result waiting for confirmation is turned down; it stays provisional, nothing waits. */
export async function rejectProposal(db: Db, input: { date: string; session: Session; auditActor: string; actorName: string }, now: Date): Promise<StoredResult> {
  return db.transaction(async (tx) => {
    const row = await openUnsettledDraw(tx, input.date, input.session);
    if (!row || row.status !== 'provisional' || !row.proposedBy) throw new NothingPending();
    const [saved] = await tx.update(twoDResults).set({ ...NO_PROPOSAL, updatedAt: now }).where(drawIs(input.date, input.session)).returning();
    const result = toStored(saved!);
    await tx.insert(twoDResultAudit).values({
      drawDate: input.date,
      session: input.session,
      action: 'reject',
      actor: input.auditActor,
      before: { ...auditView(toStored(row)), proposed_by: row.proposedByName },
      after: { ...auditView(result), rejected_by: input.actorName },
      createdAt: now,
    });
    return result;
  });
}

/**
 * A result from a feed (simulated or external), stored only when the draw has none yet: never
 * over an operator's entry. Returns true when it was stored (and audited).
 */
export async function recordSourceResult(
  db: Db,
  input: { date: string; session: Session; figures: DrawFigures; source: 'simulated' | 'feed'; status: ResultStatus },
  now: Date,
  onConfirmed?: ConfirmedHook,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockDraw(tx, input.date, input.session);
    if (await settlementOf(tx, input.date, input.session)) return false;
    const [saved] = await tx
      .insert(twoDResults)
      .values({
        drawDate: input.date,
        session: input.session,
        ...input.figures,
        source: input.source,
        status: input.status,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!saved) return false;
    await tx.insert(twoDResultAudit).values({
      drawDate: input.date,
      session: input.session,
      action: input.status === 'confirmed' ? 'auto_confirm' : 'auto_enter',
      actor: input.source === 'simulated' ? 'simulator' : 'feed',
      before: null,
      after: auditView(toStored(saved)),
      createdAt: now,
    });
    if (input.status === 'confirmed' && onConfirmed) await onConfirmed(tx, toStored(saved));
    return true;
  });
}

export interface AuditRow {
  id: number;
  date: string;
  session: string;
  action: string;
  actor: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** The audit trail, newest first, optionally of one date or one draw. */
export async function auditTrail(
  db: Db,
  filter: { date?: string; session?: Session; limit?: number } = {},
): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.date) where.push(eq(twoDResultAudit.drawDate, filter.date));
  if (filter.session) where.push(eq(twoDResultAudit.session, filter.session));
  const rows = await db
    .select()
    .from(twoDResultAudit)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(twoDResultAudit.id))
    .limit(filter.limit ?? 100);
  return rows.map((r) => ({
    id: r.id,
    date: r.drawDate,
    session: r.session,
    action: r.action,
    actor: r.actor,
    before: r.before,
    after: r.after,
    createdAt: r.createdAt,
  }));
}

/** Confirmed results of the given dates, keyed `${date}:${session}`. */
export async function confirmedResults(db: DbOrTx, dates: string[]): Promise<Map<string, StoredResult>> {
  if (dates.length === 0) return new Map();
  const rows = await db
    .select()
    .from(twoDResults)
    .where(and(inArray(twoDResults.drawDate, dates), eq(twoDResults.status, 'confirmed')));
  return new Map(rows.map((r) => [`${r.drawDate}:${r.session}`, toStored(r)]));
}
