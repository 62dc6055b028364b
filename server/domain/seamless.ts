import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { games, products, seamlessTransactions, seamlessWagers, users } from '../db/schema';
import { InsufficientBalance, applyMovements, type Tx } from './ledger';
import type { LedgerKind } from '../../shared/contract/ledger-kinds';
import { SeamlessCode } from './seamless-protocol';

/**
 * The seamless wallet's money side (docs/seamless.md): bets, wins, cancels and bet-data pushes
 * from a game aggregator, each applied to the player's game balance at most once.
 *
 * Every money transaction runs in ONE database transaction that first INSERTs its
 * seamless_transactions row: the unique key (product_code, tx_id) makes a replay — even 50 at
 * once — wait for the first and then find the key taken (1003), never a read-then-write race.
 * Money moves only through applyMovements (row lock, non-negative check, ledger row). A refusal
 * (insufficient balance, a cancelled wager) is thrown out of the transaction, so nothing of it
 * stays: a later retry with the same id runs afresh.
 */

/** Actions per callback. Anything else is answered 999. */
export const BET_ACTIONS: ReadonlySet<string> = new Set(['BET']);
export const CREDIT_ACTIONS: ReadonlySet<string> = new Set(['SETTLED', 'WIN', 'PAYOFF', 'BONUS', 'JACKPOT']);
export const CANCEL_ACTIONS: ReadonlySet<string> = new Set(['CANCEL']);

/** Ledger kinds. */
export const KIND_BET = 'game_bet';
export const KIND_WIN = 'game_win';
export const KIND_REFUND = 'game_refund';

/** Wager statuses (seamless_wagers.status). */
export const WAGER_OPEN = 'open';
export const WAGER_SETTLED = 'settled';
export const WAGER_CANCELLED = 'cancelled';

export interface Member {
  id: number;
  userName: string;
  /** 1 active, 0 banned. */
  status: number;
}

/** One transaction of a batch entry, checked and converted to pya. */
export interface SeamlessTx {
  id: string;
  action: string;
  /** pya, ≥ 0 (the callback decides its direction). */
  amount: bigint;
  wagerCode: string;
  gameCode: string;
}

export interface TxResult {
  code: number;
  message: string;
  /** Game balance before and after, pya. */
  before: bigint;
  after: bigint;
}

/** A refusal decided inside the transaction: thrown to roll it back, answered with its code. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function findMember(db: Db, memberAccount: string): Promise<Member | undefined> {
  const [row] = await db
    .select({ id: users.id, userName: users.userName, status: users.status })
    .from(users)
    .where(eq(users.userName, memberAccount));
  return row;
}

export async function gameBalance(db: Db | Tx, userId: number): Promise<bigint> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no such user ${userId}`);
  return row.balance;
}

/** The catalogue's name of a game, or its code when the catalogue does not list it. */
export async function gameNameOf(db: Db, productCode: number, gameCode: string): Promise<string> {
  if (gameCode) {
    const [row] = await db
      .select({ name: games.gameName })
      .from(games)
      .innerJoin(products, eq(products.id, games.productId))
      .where(and(eq(products.productCode, productCode), eq(games.gameCode, gameCode)))
      .limit(1);
    if (row) return row.name;
  }
  return gameCode || 'Unknown game';
}

export function seamlessReference(productCode: number, txId: string): string {
  return `seamless:${productCode}:${txId}`;
}

interface Context {
  db: Db;
  member: Member;
  productCode: number;
  endpoint: 'withdraw' | 'deposit';
  now: Date;
}

/**
 * Runs one transaction's work after claiming its id. A taken id answers 1003 with the current
 * balance; a Refusal or InsufficientBalance rolls everything back (the claim too).
 */
async function runClaimed(
  ctx: Context,
  tx: SeamlessTx,
  signedAmount: bigint,
  work: (t: Tx, claimId: number) => Promise<TxResult>,
): Promise<TxResult> {
  const { db, member } = ctx;
  try {
    return await db.transaction(async (t) => {
      const claimId = await claim(t, ctx, tx, signedAmount);
      if (claimId === null) {
        const balance = await gameBalance(t, member.id);
        return { code: SeamlessCode.DuplicateTransaction, message: 'Duplicate transaction', before: balance, after: balance };
      }
      return work(t, claimId);
    });
  } catch (err) {
    if (err instanceof InsufficientBalance) {
      const balance = await gameBalance(db, member.id);
      return { code: SeamlessCode.InsufficientBalance, message: 'Insufficient balance', before: balance, after: balance };
    }
    if (err instanceof Refusal) {
      const balance = await gameBalance(db, member.id);
      return { code: err.code, message: err.message, before: balance, after: balance };
    }
    throw err;
  }
}

/** Inserts the transaction's row; its id, or null when (product_code, tx_id) is taken. */
async function claim(t: Tx, ctx: Context, tx: SeamlessTx, signedAmount: bigint): Promise<number | null> {
  const [claimed] = await t
    .insert(seamlessTransactions)
    .values({
      productCode: ctx.productCode,
      txId: tx.id,
      userId: ctx.member.id,
      endpoint: ctx.endpoint,
      action: tx.action,
      wagerCode: tx.wagerCode,
      gameCode: tx.gameCode,
      amount: signedAmount,
      code: SeamlessCode.Success,
      createdAt: ctx.now,
    })
    .onConflictDoNothing({ target: [seamlessTransactions.productCode, seamlessTransactions.txId] })
    .returning({ id: seamlessTransactions.id });
  return claimed ? claimed.id : null;
}

/** Moves `amount` pya (signed) on the game wallet, or reads the balance when it is zero. */
async function move(t: Tx, userId: number, amount: bigint, kind: LedgerKind, reference: string) {
  if (amount === 0n) {
    const balance = await gameBalance(t, userId);
    return { before: balance, after: balance };
  }
  const after = (await applyMovements(t, userId, [{ wallet: 'game', amount, kind, reference }])).balance;
  return { before: after - amount, after };
}

async function wagerOwner(t: Tx, productCode: number, wagerCode: string) {
  const [row] = await t
    .select({ userId: seamlessWagers.userId, status: seamlessWagers.status })
    .from(seamlessWagers)
    .where(and(eq(seamlessWagers.productCode, productCode), eq(seamlessWagers.wagerCode, wagerCode)));
  return row;
}

/**
 * withdraw / BET: claims the id, opens (or adds to) the wager — refused when a cancel for it came
 * first — and debits the stake (ledger kind game_bet). Not enough balance → 1001, nothing written.
 */
export async function placeBet(ctx: Context, tx: SeamlessTx, gameName: string): Promise<TxResult> {
  const { member, productCode, now } = ctx;
  if (member.status !== 1) {
    const balance = await gameBalance(ctx.db, member.id);
    return { code: SeamlessCode.InternalError, message: 'Member account is disabled', before: balance, after: balance };
  }
  return runClaimed(ctx, tx, -tx.amount, async (t) => {
    const [wager] = await t
      .insert(seamlessWagers)
      .values({
        productCode,
        wagerCode: tx.wagerCode,
        userId: member.id,
        gameCode: tx.gameCode,
        gameName,
        betAmount: tx.amount,
        payout: 0n,
        status: WAGER_OPEN,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [seamlessWagers.productCode, seamlessWagers.wagerCode],
        set: { betAmount: sql`${seamlessWagers.betAmount} + excluded.bet_amount` },
        setWhere: sql`${seamlessWagers.status} <> ${WAGER_CANCELLED} and ${seamlessWagers.userId} = excluded.user_id`,
      })
      .returning({ id: seamlessWagers.id });
    if (!wager) {
      const existing = await wagerOwner(t, productCode, tx.wagerCode);
      if (existing && existing.userId !== member.id) {
        throw new Refusal(SeamlessCode.InternalError, 'The wager belongs to another member');
      }
      throw new Refusal(SeamlessCode.InternalError, 'The wager was cancelled; the bet is refused');
    }
    const moved = await move(t, member.id, -tx.amount, KIND_BET, seamlessReference(productCode, tx.id));
    return { code: SeamlessCode.Success, message: 'Success', ...moved };
  });
}

/**
 * deposit / SETTLED, WIN, PAYOFF, BONUS, JACKPOT: claims the id, marks the wager settled with its
 * payout (creating it when the bet is unknown to us) and credits the amount (game_win). A credit
 * is never refused for the balance, whatever it is.
 */
export async function creditWin(ctx: Context, tx: SeamlessTx, gameName: string): Promise<TxResult> {
  const { member, productCode, now } = ctx;
  return runClaimed(ctx, tx, tx.amount, async (t) => {
    const [wager] = await t
      .insert(seamlessWagers)
      .values({
        productCode,
        wagerCode: tx.wagerCode,
        userId: member.id,
        gameCode: tx.gameCode,
        gameName,
        betAmount: 0n,
        payout: tx.amount,
        status: WAGER_SETTLED,
        createdAt: now,
        settledAt: now,
      })
      .onConflictDoUpdate({
        target: [seamlessWagers.productCode, seamlessWagers.wagerCode],
        set: {
          payout: sql`${seamlessWagers.payout} + excluded.payout`,
          status: sql`case when ${seamlessWagers.status} = ${WAGER_CANCELLED} then ${WAGER_CANCELLED} else ${WAGER_SETTLED} end`,
          settledAt: sql`excluded.settled_at`,
        },
        setWhere: sql`${seamlessWagers.userId} = excluded.user_id`,
      })
      .returning({ id: seamlessWagers.id });
    if (!wager) throw new Refusal(SeamlessCode.InternalError, 'The wager belongs to another member');
    const moved = await move(t, member.id, tx.amount, KIND_WIN, seamlessReference(productCode, tx.id));
    return { code: SeamlessCode.Success, message: 'Success', ...moved };
  });
}

/**
 * deposit / CANCEL: refunds an open wager's stake once (game_refund) and closes it. A cancel for
 * a wager we never saw records it as cancelled — so the late bet is refused — and answers 1006.
 * A wager already cancelled answers 1003; one already settled cannot be cancelled (999).
 */
export async function cancelBet(ctx: Context, tx: SeamlessTx, gameName: string): Promise<TxResult> {
  const { member, productCode } = ctx;
  return runClaimed(ctx, tx, 0n, async (t, claimId) => {
    // Twice at most: a bet that commits while we look is found by the second update.
    for (let attempt = 0; attempt < 2; attempt++) {
      const refunded = await refundOpenWager(t, ctx, tx, claimId);
      if (refunded) return refunded;
      const existing = await wagerOwner(t, productCode, tx.wagerCode);
      if (existing) {
        if (existing.userId !== member.id) throw new Refusal(SeamlessCode.InternalError, 'The wager belongs to another member');
        if (existing.status === WAGER_CANCELLED) throw new Refusal(SeamlessCode.DuplicateTransaction, 'The wager is already cancelled');
        if (existing.status === WAGER_OPEN) continue; // its bet committed just after our update looked
        throw new Refusal(SeamlessCode.InternalError, 'The wager is already settled and cannot be cancelled');
      }
      const recorded = await recordUnknownCancel(t, ctx, tx, gameName, claimId);
      if (recorded) return recorded;
    }
    throw new Refusal(SeamlessCode.InternalError, 'The wager changed while it was being cancelled; retry');
  });
}

/** Cancels the member's open wager and refunds its stake (the claim records the amount); null when none is open. */
async function refundOpenWager(t: Tx, ctx: Context, tx: SeamlessTx, claimId: number): Promise<TxResult | null> {
  const { member, productCode, now } = ctx;
  const [cancelled] = await t
    .update(seamlessWagers)
    .set({ status: WAGER_CANCELLED, settledAt: now })
    .where(
      and(
        eq(seamlessWagers.productCode, productCode),
        eq(seamlessWagers.wagerCode, tx.wagerCode),
        eq(seamlessWagers.userId, member.id),
        eq(seamlessWagers.status, WAGER_OPEN),
      ),
    )
    .returning({ stake: seamlessWagers.betAmount });
  if (!cancelled) return null;
  const refund = cancelled.stake;
  if (refund !== 0n) {
    await t.update(seamlessTransactions).set({ amount: refund }).where(eq(seamlessTransactions.id, claimId));
  }
  const moved = await move(t, member.id, refund, KIND_REFUND, seamlessReference(productCode, tx.id));
  return { code: SeamlessCode.Success, message: 'Success', ...moved };
}

/** A cancel before its bet: records the wager as cancelled (so the late bet is refused) and answers 1006; null when the wager appeared meanwhile. */
async function recordUnknownCancel(t: Tx, ctx: Context, tx: SeamlessTx, gameName: string, claimId: number): Promise<TxResult | null> {
  const { member, productCode, now } = ctx;
  const [placeholder] = await t
    .insert(seamlessWagers)
    .values({
      productCode,
      wagerCode: tx.wagerCode,
      userId: member.id,
      gameCode: tx.gameCode,
      gameName,
      status: WAGER_CANCELLED,
      createdAt: now,
      settledAt: now,
    })
    .onConflictDoNothing({ target: [seamlessWagers.productCode, seamlessWagers.wagerCode] })
    .returning({ id: seamlessWagers.id });
  if (!placeholder) return null;
  await t.update(seamlessTransactions).set({ code: SeamlessCode.BetNotExist }).where(eq(seamlessTransactions.id, claimId));
  const balance = await gameBalance(t, member.id);
  return { code: SeamlessCode.BetNotExist, message: 'Bet not found; the wager is closed', before: balance, after: balance };
}

export interface BetData {
  wagerCode: string;
  gameCode: string;
  wagerStatus: string;
}

/**
 * pushbetdata: reporting only, no money. Updates the member's known wagers with the game they
 * were played on and closes an open one the aggregator reports settled (a losing round some
 * providers never send a zero settle for), so it shows in the game logs.
 */
export async function recordBetData(db: Db, member: Member, productCode: number, items: BetData[], now: Date): Promise<void> {
  for (const item of items) {
    if (!item.wagerCode) continue;
    const settles = item.wagerStatus === 'SETTLED' || item.wagerStatus === 'RESETTLED';
    const set: Partial<typeof seamlessWagers.$inferInsert> = {};
    if (item.gameCode) {
      set.gameCode = item.gameCode;
      set.gameName = await gameNameOf(db, productCode, item.gameCode);
    }
    await db
      .update(seamlessWagers)
      .set({
        ...set,
        status: settles
          ? sql`case when ${seamlessWagers.status} = ${WAGER_OPEN} then ${WAGER_SETTLED} else ${seamlessWagers.status} end`
          : sql`${seamlessWagers.status}`,
        settledAt: settles
          ? sql`case when ${seamlessWagers.status} = ${WAGER_OPEN} then ${now.toISOString()}::timestamptz else ${seamlessWagers.settledAt} end`
          : sql`${seamlessWagers.settledAt}`,
      })
      .where(
        and(
          eq(seamlessWagers.productCode, productCode),
          eq(seamlessWagers.wagerCode, item.wagerCode),
          eq(seamlessWagers.userId, member.id),
        ),
      );
  }
}
