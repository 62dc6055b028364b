import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { depositRequests, paymentTypes, withdrawRequests } from '../db/schema';
import { APPROVED, PENDING, REJECTED } from './cashier';
import { applyMovements, type Tx } from './ledger';
import { dutyActor, dutyConflict } from './operators/duties';
import { TOKEN_ACTOR, type Actor } from './operators/roles';
import { noticeDeposit, noticeWithdrawal } from './telegram/notices';

/**
 * An operator's decision on a pending cashier request, in one transaction under a row lock on
 * the request: only a pending request can be decided, so a second (or concurrent) approval finds
 * it decided and changes nothing. Money moves only through applyMovements:
 * - deposit approved: credit the game balance (kind 'deposit'); rejected: nothing moves;
 * - withdrawal approved: the hold taken at request time is settled, nothing moves;
 *   rejected: the hold is released back to the game balance (kind 'withdraw_release').
 * Separation of duties (decision 0034): an operator whose audit shows a conflicting change to the
 * player (operators/duties.ts) cannot approve the player's withdrawal, and a withdrawal at or above
 * `secondApprovalFrom` needs two approvals by different actors: the first is recorded on the
 * request (nothing moves), the second settles it.
 * A decision queues the player's Telegram message in the same transaction (telegram/notices.ts):
 * a rolled-back decision sends nothing, a committed one is never lost.
 */
export type Decision = 'approve' | 'reject';

/** The request is not pending any more; nothing was changed. */
export class AlreadyDecided extends Error {
  constructor(
    readonly id: number,
    readonly status: number,
  ) {
    super(`request ${id} is already decided (status ${status})`);
    this.name = 'AlreadyDecided';
  }
}

export class RequestNotFound extends Error {
  constructor(readonly id: number) {
    super(`no such request ${id}`);
    this.name = 'RequestNotFound';
  }
}

/** The approving operator changed this player within the duties' window (operators/duties.ts). */
export class DutyConflict extends Error {
  constructor(readonly action: string) {
    super(`the approver's ${action} conflicts with approving this player's withdrawal`);
    this.name = 'DutyConflict';
  }
}

/** The actor who gave the first approval cannot give the second. */
export class SameApprover extends Error {
  constructor() {
    super('a different operator must give the second approval');
    this.name = 'SameApprover';
  }
}

export interface DecisionInput {
  id: number;
  decision: Decision;
  note: string | null;
  now: Date;
  /** Who decides; the ADMIN_TOKEN's actor when not given (a direct call). */
  actor?: Actor;
  /** Withdrawals: the amount (minor units) from which two different approvers are needed; null: one. */
  secondApprovalFrom?: bigint | null;
}

/** A withdrawal's outcome: decided, or (a large one's first approval) waiting for a second approver. */
export type WithdrawalStep = 'approved' | 'rejected' | 'first_approval';

export function decideDeposit(db: Db, input: DecisionInput) {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, depositRequests, input.id);
    const status = input.decision === 'approve' ? APPROVED : REJECTED;
    const after =
      status === APPROVED
        ? await applyMovements(tx, request.userId, [
            { wallet: 'game', amount: request.amount, kind: 'deposit', reference: `deposit_request:${request.id}` },
          ])
        : null;
    const [row] = await tx
      .update(depositRequests)
      .set({ status, note: input.note, decidedAt: input.now })
      .where(eq(depositRequests.id, request.id))
      .returning();
    await noticeDeposit(tx, { id: request.id, userId: request.userId, amount: request.amount, approved: after !== null, note: input.note, balance: after?.balance });
    return row!;
  });
}

export function decideWithdrawal(db: Db, input: DecisionInput) {
  return db.transaction(async (tx) => {
    const request = await lockPendingWithdrawal(tx, input.id);
    const status = input.decision === 'approve' ? APPROVED : REJECTED;
    if (status === APPROVED) {
      const first = await approvalStep(tx, request, input);
      if (first) return { row: first, step: 'first_approval' as WithdrawalStep };
    }
    if (status === REJECTED) {
      await applyMovements(tx, request.userId, [
        { wallet: 'game', amount: request.amount, kind: 'withdraw_release', reference: `withdraw_request:${request.id}` },
      ]);
    }
    const [row] = await tx
      .update(withdrawRequests)
      .set({ status, note: input.note, decidedAt: input.now })
      .where(eq(withdrawRequests.id, request.id))
      .returning();
    const [bank] = await tx.select({ name: paymentTypes.name }).from(paymentTypes).where(eq(paymentTypes.id, row!.paymentTypeId));
    await noticeWithdrawal(tx, { id: request.id, userId: request.userId, amount: request.amount, approved: status === APPROVED, note: input.note, bank: bank?.name ?? '' });
    return { row: row!, step: (status === APPROVED ? 'approved' : 'rejected') as WithdrawalStep };
  });
}

/**
 * The duties of an approval, under the request's row lock: refused on a conflict or the first
 * approver's second try; a large withdrawal's first approval is recorded and returned (the caller
 * stops there); null when this approval settles the request.
 */
async function approvalStep(tx: Tx, request: Awaited<ReturnType<typeof lockPendingWithdrawal>>, input: DecisionInput) {
  const actor = input.actor ?? TOKEN_ACTOR;
  const conflict = await dutyConflict(tx, actor, request.userId, input.now);
  if (conflict) throw new DutyConflict(conflict);
  const threshold = input.secondApprovalFrom ?? null;
  if (threshold === null || request.amount < threshold) return null;
  const who = dutyActor(actor);
  if (request.firstApprovedBy === who.key) throw new SameApprover();
  if (request.firstApprovedBy !== null) return null;
  const [row] = await tx
    .update(withdrawRequests)
    .set({ firstApprovedBy: who.key, firstApprovedByName: who.name, firstApprovedAt: input.now, note: input.note })
    .where(eq(withdrawRequests.id, request.id))
    .returning();
  return row!;
}

type RequestTable = typeof depositRequests | typeof withdrawRequests;

/** SELECT … FOR UPDATE: a concurrent decision waits here, then sees the committed status. */
async function lockPending(tx: Tx, table: RequestTable, id: number) {
  const [request] = await tx
    .select({ id: table.id, userId: table.userId, amount: table.amount, status: table.status })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  if (!request) throw new RequestNotFound(id);
  if (request.status !== PENDING) throw new AlreadyDecided(id, request.status);
  return request;
}

/** The same lock on a withdrawal, with who gave its first approval (if anyone). */
async function lockPendingWithdrawal(tx: Tx, id: number) {
  const t = withdrawRequests;
  const [request] = await tx
    .select({ id: t.id, userId: t.userId, amount: t.amount, status: t.status, firstApprovedBy: t.firstApprovedBy })
    .from(t)
    .where(eq(t.id, id))
    .for('update');
  if (!request) throw new RequestNotFound(id);
  if (request.status !== PENDING) throw new AlreadyDecided(id, request.status);
  return request;
}
