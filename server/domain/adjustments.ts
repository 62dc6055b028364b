/**
 * Balance adjustments (issue 26): an owner or a finance operator credits or debits a player's main
 * or game wallet — a bonus, a correction or a goodwill credit — with a reason. Money moves only
 * through applyMovements (one ledger row, kind 'adjust_<kind>', reference 'adjustment:<id>', under
 * the wallet row's lock, never below zero), inside the caller's transaction (the admin audit's).
 * At or above the second-approval threshold the adjustment waits ('pending') until a DIFFERENT
 * actor approves it (the two-person rule of 2D results: the ADMIN_TOKEN is one actor, each
 * operator their own); any finance operator or owner may reject a pending one (the requester
 * cancelling it too). The books expect each applied adjustment's one ledger row (books.ts).
 * An applied adjustment queues the player's Telegram message in the same transaction.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balanceAdjustments, users } from '../db/schema';
import { InsufficientBalance, applyMovements, type Balances, type Tx, type Wallet } from './ledger';
import { noticeAdjustment } from './telegram/notices';
import type { LedgerKind } from '../../shared/contract/ledger-kinds';

export const ADJUSTMENT_KINDS = ['bonus', 'correction', 'goodwill'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export type AdjustmentStatus = 'pending' | 'applied' | 'rejected';

/** The ledger kind an applied adjustment writes. */
export const LEDGER_KIND_OF: Record<AdjustmentKind, LedgerKind> = {
  bonus: 'adjust_bonus',
  correction: 'adjust_correction',
  goodwill: 'adjust_goodwill',
};

/** Who acts, as the two-person rule compares them: 'operator:<id>' or 'admin-token'. */
export interface AdjustmentActor {
  key: string;
  name: string;
}

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

export class PlayerNotFound extends Error {
  constructor(readonly id: number) {
    super(`no such player ${id}`);
    this.name = 'PlayerNotFound';
  }
}
export class AdjustmentNotFound extends Error {
  constructor(readonly id: number) {
    super(`no such adjustment ${id}`);
    this.name = 'AdjustmentNotFound';
  }
}
/** Only a pending adjustment can be approved or rejected. */
export class AdjustmentNotPending extends Error {
  constructor(readonly row: AdjustmentRow) {
    super(`adjustment ${row.id} is already ${row.status}`);
    this.name = 'AdjustmentNotPending';
  }
}
/** The operator who asked for an adjustment cannot also approve it. */
export class SameApprover extends Error {
  constructor() {
    super('the operator who asked for this adjustment cannot also approve it');
    this.name = 'SameApprover';
  }
}

export interface NewAdjustment {
  userId: number;
  wallet: Wallet;
  kind: AdjustmentKind;
  /** Signed pya: positive credits, negative debits; never zero. */
  amount: bigint;
  reason: string;
  actor: AdjustmentActor;
  /** Pya: an adjustment this large or larger (either sign) waits for a second operator. */
  secondApprovalAt: bigint;
  now: Date;
}

export interface AdjustmentOutcome {
  adjustment: AdjustmentRow;
  /** The balances after it was applied; null while it waits. */
  balances: Balances | null;
}

const abs = (n: bigint) => (n < 0n ? -n : n);

/**
 * Records the adjustment and, below the threshold, applies it at once. A debit that would take
 * the wallet below zero throws InsufficientBalance (ledger.ts) and the caller's transaction rolls
 * back: nothing is recorded. A debit that waits is checked against the balance now as well
 * (refused early), and again when it is approved.
 */
export async function createAdjustment(db: Db, input: NewAdjustment): Promise<AdjustmentOutcome> {
  if (input.amount === 0n) throw new RangeError('an adjustment of zero');
  return db.transaction(async (tx) => {
    const [player] = await tx.select({ balance: users.balance, mainBalance: users.mainBalance }).from(users).where(eq(users.id, input.userId));
    if (!player) throw new PlayerNotFound(input.userId);
    const waits = abs(input.amount) >= input.secondApprovalAt;
    const [row] = await tx
      .insert(balanceAdjustments)
      .values({
        userId: input.userId,
        wallet: input.wallet,
        kind: input.kind,
        amount: input.amount,
        reason: input.reason,
        status: waits ? 'pending' : 'applied',
        requestedByKey: input.actor.key,
        requestedByName: input.actor.name,
        decidedByKey: waits ? null : input.actor.key,
        decidedByName: waits ? null : input.actor.name,
        createdAt: input.now,
        decidedAt: waits ? null : input.now,
      })
      .returning();
    const adjustment = row!;
    if (waits) {
      // Refused now rather than at approval when the wallet cannot cover it today.
      const held = input.wallet === 'main' ? player.mainBalance : player.balance;
      if (held + input.amount < 0n) throw new InsufficientBalance(input.wallet, held);
      return { adjustment, balances: null };
    }
    return { adjustment, balances: await apply(tx, adjustment) };
  });
}

async function apply(db: Tx, row: AdjustmentRow): Promise<Balances> {
  const wallet = row.wallet as Wallet;
  const after = await applyMovements(db, row.userId, [{ wallet, amount: row.amount, kind: LEDGER_KIND_OF[row.kind as AdjustmentKind], reference: `adjustment:${row.id}` }]);
  const balance = wallet === 'main' ? after.mainBalance : after.balance;
  await noticeAdjustment(db, { id: row.id, userId: row.userId, wallet, kind: row.kind as AdjustmentKind, amount: row.amount, reason: row.reason, balance });
  return after;
}

/** SELECT … FOR UPDATE: a concurrent approval or rejection waits here, then sees it decided. */
async function lockPending(db: Tx, id: number): Promise<AdjustmentRow> {
  const [row] = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for('update');
  if (!row) throw new AdjustmentNotFound(id);
  if (row.status !== 'pending') throw new AdjustmentNotPending(row);
  return row;
}

/** The second operator's approval: applied now (a debit the wallet no longer covers is refused and stays pending). */
export async function approveAdjustment(db: Db, id: number, actor: AdjustmentActor, now: Date): Promise<AdjustmentOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    if (row.requestedByKey === actor.key) throw new SameApprover();
    const balances = await apply(tx, row);
    const [saved] = await tx
      .update(balanceAdjustments)
      .set({ status: 'applied', decidedByKey: actor.key, decidedByName: actor.name, decidedAt: now })
      .where(eq(balanceAdjustments.id, id))
      .returning();
    return { adjustment: saved!, balances };
  });
}

/** Turns down (or, by its requester, cancels) a pending adjustment: nothing moves. */
export async function rejectAdjustment(db: Db, id: number, actor: AdjustmentActor, now: Date): Promise<AdjustmentRow> {
  return db.transaction(async (tx) => {
    await lockPending(tx, id);
    const [saved] = await tx
      .update(balanceAdjustments)
      .set({ status: 'rejected', decidedByKey: actor.key, decidedByName: actor.name, decidedAt: now })
      .where(eq(balanceAdjustments.id, id))
      .returning();
    return saved!;
  });
}

export async function playerExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** The player an adjustment belongs to (the audit's target), or null. */
export async function adjustmentPlayer(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ userId: balanceAdjustments.userId }).from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
  return row?.userId ?? null;
}

export interface AdjustmentFilter {
  status?: AdjustmentStatus;
  userId?: number;
}

/** Newest first, with the player's user name. */
export async function listAdjustments(db: Db, filter: AdjustmentFilter, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(balanceAdjustments.status, filter.status));
  if (filter.userId !== undefined) parts.push(eq(balanceAdjustments.userId, filter.userId));
  return db
    .select({ adjustment: balanceAdjustments, userName: users.userName, playerName: users.name })
    .from(balanceAdjustments)
    .innerJoin(users, eq(users.id, balanceAdjustments.userId))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(desc(balanceAdjustments.id))
    .limit(page.limit)
    .offset(page.offset);
}
