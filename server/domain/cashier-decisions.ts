import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { depositRequests, withdrawRequests } from '../db/schema';
import { APPROVED, PENDING, REJECTED } from './cashier';
import { applyMovements, type Tx } from './ledger';

/**
 * An operator's decision on a pending cashier request, in one transaction under a row lock on
 * the request: only a pending request can be decided, so a second (or concurrent) approval finds
 * it decided and changes nothing. Money moves only through applyMovements:
 * - deposit approved: credit the game balance (kind 'deposit'); rejected: nothing moves;
 * - withdrawal approved: the hold taken at request time is settled, nothing moves;
 *   rejected: the hold is released back to the game balance (kind 'withdraw_release').
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

export interface DecisionInput {
  id: number;
  decision: Decision;
  note: string | null;
  now: Date;
}

export function decideDeposit(db: Db, input: DecisionInput) {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, depositRequests, input.id);
    const status = input.decision === 'approve' ? APPROVED : REJECTED;
    if (status === APPROVED) {
      await applyMovements(tx, request.userId, [
        { wallet: 'game', amount: request.amount, kind: 'deposit', reference: `deposit_request:${request.id}` },
      ]);
    }
    const [row] = await tx
      .update(depositRequests)
      .set({ status, note: input.note, decidedAt: input.now })
      .where(eq(depositRequests.id, request.id))
      .returning();
    return row!;
  });
}

export function decideWithdrawal(db: Db, input: DecisionInput) {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, withdrawRequests, input.id);
    const status = input.decision === 'approve' ? APPROVED : REJECTED;
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
    return row!;
  });
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
