import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledger, users } from '../db/schema';

/** A transaction handle (or the database itself, for a single statement). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Wallet = 'main' | 'game';

export interface Movement {
  wallet: Wallet;
  /** Signed pya: positive credits, negative debits. Never zero. */
  amount: bigint;
  /** What moved it: 'exchange', 'deposit', 'withdraw_hold', 'withdraw_release', 'bet', 'win' … */
  kind: string;
  /** What it belongs to, e.g. 'exchange:12' or 'deposit_request:7'. */
  reference: string;
}

export interface Balances {
  balance: bigint;
  mainBalance: bigint;
}

/** The movement would take a wallet below zero; nothing was written. */
export class InsufficientBalance extends Error {
  constructor(readonly wallet: Wallet) {
    super(`insufficient ${wallet} balance`);
    this.name = 'InsufficientBalance';
  }
}

/**
 * The one way money moves: locks the player's wallet row (SELECT … FOR UPDATE), checks that no
 * wallet goes negative, updates the balances and writes one ledger row per movement — all inside
 * the caller's transaction, so the change and its ledger rows commit or roll back together.
 * The CHECK constraints on users and ledger stand behind the check here.
 */
export async function applyMovements(tx: Tx, userId: number, movements: Movement[]): Promise<Balances> {
  const [row] = await tx
    .select({ balance: users.balance, mainBalance: users.mainBalance })
    .from(users)
    .where(eq(users.id, userId))
    // NO KEY UPDATE, not UPDATE: callers insert rows referencing the user first (exchanges,
    // withdraw_requests), and each such foreign key takes KEY SHARE on this row. FOR UPDATE
    // conflicts with KEY SHARE, so two concurrent callers would deadlock on one player.
    .for('no key update');
  if (!row) throw new Error(`no such user ${userId}`);

  const current: Record<Wallet, bigint> = { game: row.balance, main: row.mainBalance };
  const rows = movements.map((m) => {
    if (m.amount === 0n) throw new RangeError('a movement of zero');
    const before = current[m.wallet];
    const after = before + m.amount;
    if (after < 0n) throw new InsufficientBalance(m.wallet);
    current[m.wallet] = after;
    return { userId, wallet: m.wallet, kind: m.kind, amount: m.amount, balanceBefore: before, balanceAfter: after, reference: m.reference };
  });

  await tx
    .update(users)
    .set({ balance: current.game, mainBalance: current.main, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx.insert(ledger).values(rows);
  return { balance: current.game, mainBalance: current.main };
}

/** Sum of a wallet's ledger rows; equals its balance whenever the books are right. */
export async function ledgerSum(db: DbOrTx, userId: number, wallet: Wallet): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledger.amount}), 0)::text` })
    .from(ledger)
    .where(sql`${ledger.userId} = ${userId} and ${ledger.wallet} = ${wallet}`);
  return BigInt(row?.total ?? '0');
}
