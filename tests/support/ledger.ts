import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { ledger, users } from '../../server/db/schema';

/**
 * Running balances (issue 27): every ledger row of a wallet starts where the row before it in
 * that wallet ended (a wallet's first row at 0) and ends at its start plus its amount, and the
 * wallet holds what its last row ended at. Sums alone miss a row written with a wrong
 * balance_after (the sum of the amounts is still right); this checks every row.
 *
 * Used by the money tests through `books()` (tests/server/wallet-helpers.ts), which checks the
 * player's rows at every read, and by the backup tests' `expectBooksHold`.
 */
export interface LedgerChainRow {
  id: number;
  userId: number;
  wallet: string;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
}

/** Asserts the running balances of `rows` (any players, any order); returns each wallet's end, keyed "user/wallet". */
export function expectRunningBalances(rows: readonly LedgerChainRow[]): Map<string, bigint> {
  const last = new Map<string, bigint>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const key = `${row.userId}/${row.wallet}`;
    const where = `ledger row ${row.id} (player ${row.userId}, ${row.wallet} wallet)`;
    expect(row.balanceBefore, `${where} starts where the wallet's row before it ended`).toBe(last.get(key) ?? 0n);
    expect(row.balanceAfter, `${where}: balance_after = balance_before + amount`).toBe(row.balanceBefore + row.amount);
    expect(row.balanceAfter >= 0n, `${where} is not negative`).toBe(true);
    last.set(key, row.balanceAfter);
  }
  return last;
}

/**
 * Asserts a player's running balances, and that each wallet holds what its last ledger row ended
 * at. One statement, so one snapshot: it holds while other transactions commit meanwhile.
 */
export async function expectPlayerLedgerChains(db: Db, userId: number): Promise<void> {
  const found = await db
    .select({
      game: users.balance,
      main: users.mainBalance,
      id: ledger.id,
      userId: ledger.userId,
      wallet: ledger.wallet,
      amount: ledger.amount,
      balanceBefore: ledger.balanceBefore,
      balanceAfter: ledger.balanceAfter,
    })
    .from(users)
    .leftJoin(ledger, eq(ledger.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(asc(ledger.id));
  if (found.length === 0) return; // no such player: nothing to check
  const rows = found.filter((r) => r.id !== null) as LedgerChainRow[];
  const last = expectRunningBalances(rows);
  const { game, main } = found[0]!;
  expect(game, `player ${userId}: game wallet = its last ledger row's balance_after`).toBe(last.get(`${userId}/game`) ?? 0n);
  expect(main, `player ${userId}: main wallet = its last ledger row's balance_after`).toBe(last.get(`${userId}/main`) ?? 0n);
}
