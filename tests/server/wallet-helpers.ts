import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { exchanges, ledger, users } from '../../server/db/schema';
import { applyMovements, type Movement } from '../../server/domain/ledger';
import { kyat } from '../../server/lib/money';
import { expectPlayerLedgerChains } from '../support/ledger';

/** Shared pieces of the wallet tests: funding players, reading their books. */

/** Credits whole Kyat to a player's wallets through the ledger (kind 'opening'). */
export async function fund(db: Db, userId: number, amounts: { main?: number; game?: number }) {
  const movements: Movement[] = [];
  if (amounts.main) movements.push({ wallet: 'main', amount: kyat(amounts.main), kind: 'opening', reference: 'test:fund' });
  if (amounts.game) movements.push({ wallet: 'game', amount: kyat(amounts.game), kind: 'opening', reference: 'test:fund' });
  if (movements.length) await db.transaction((tx) => applyMovements(tx, userId, movements));
}

export interface Books {
  /** Game wallet, pya. */
  balance: bigint;
  mainBalance: bigint;
  ledgerRows: number;
  exchangeRows: number;
  /** Sums of the player's ledger rows per wallet, pya. */
  ledgerGame: bigint;
  ledgerMain: bigint;
}

/**
 * A player's balances and what the ledger and exchanges tables hold for them. Every read also
 * checks the player's running balances (tests/support/ledger.ts): each ledger row starts where
 * the wallet's row before it ended and ends at its start plus its amount.
 */
export async function books(db: Db, userId: number): Promise<Books> {
  await expectPlayerLedgerChains(db, userId);
  const [[user], [sums], [ex]] = await Promise.all([
    db.select({ balance: users.balance, mainBalance: users.mainBalance }).from(users).where(eq(users.id, userId)),
    db
      .select({
        rows: count(),
        game: sql<string>`coalesce(sum(${ledger.amount}) filter (where ${ledger.wallet} = 'game'), 0)::text`,
        main: sql<string>`coalesce(sum(${ledger.amount}) filter (where ${ledger.wallet} = 'main'), 0)::text`,
      })
      .from(ledger)
      .where(eq(ledger.userId, userId)),
    db.select({ n: count() }).from(exchanges).where(eq(exchanges.userId, userId)),
  ]);
  return {
    balance: user!.balance,
    mainBalance: user!.mainBalance,
    ledgerRows: sums!.rows,
    exchangeRows: ex!.n,
    ledgerGame: BigInt(sums!.game),
    ledgerMain: BigInt(sums!.main),
  };
}

/** Each wallet equals the sum of its ledger rows, and none is negative. */
export function expectBalanced(b: Books) {
  expect(b.ledgerGame).toBe(b.balance);
  expect(b.ledgerMain).toBe(b.mainBalance);
  expect(b.balance >= 0n && b.mainBalance >= 0n).toBe(true);
}

/** Runs `act` and asserts the player's money and rows did not change. */
export async function expectNothingMoved(db: Db, userId: number, act: () => Promise<void>) {
  const before = await books(db, userId);
  const [all] = await db.select({ n: count() }).from(ledger);
  await act();
  expect(await books(db, userId)).toEqual(before);
  const [allAfter] = await db.select({ n: count() }).from(ledger);
  expect(allAfter!.n).toBe(all!.n);
}
