import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { agents, ledger, users } from '../../server/db/schema';
import { InsufficientBalance, applyMovements, ledgerSum, type Movement } from '../../server/domain/ledger';
import { createTestDatabase, dbKinds } from '../support/db';

/** applyMovements on its own: the rows it writes and what it refuses (the HTTP tests cover its callers). */

const move = (wallet: 'main' | 'game', amount: bigint, reference = 'test:move'): Movement => ({
  wallet,
  amount,
  kind: 'exchange',
  reference,
});

describe.each(dbKinds)('applyMovements (%s)', (kind) => {
  let database: Database;
  let seq = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function player(game: bigint, main: bigint): Promise<number> {
    seq += 1;
    const [agent] = await db()
      .insert(agents)
      .values({ name: 'Ledger Agent', referralCode: `LEDGER${seq}` })
      .returning({ id: agents.id });
    const [user] = await db()
      .insert(users)
      .values({ userName: `Pi7700000${seq}`, name: 'Ledger', phone: `0977000000${seq}`, passwordHash: 'x', agentId: agent!.id })
      .returning({ id: users.id });
    const opening: Movement[] = [];
    if (game) opening.push(move('game', game, 'test:opening'));
    if (main) opening.push(move('main', main, 'test:opening'));
    if (opening.length) await db().transaction((tx) => applyMovements(tx, user!.id, opening));
    return user!.id;
  }

  const rowsOf = (userId: number) => db().select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id));
  const apply = (userId: number, movements: Movement[]) => db().transaction((tx) => applyMovements(tx, userId, movements));

  it('writes one row per movement, in order, each following the one before', async () => {
    const id = await player(1_000n, 500n);
    const after = await apply(id, [
      move('game', -300n, 'r:1'),
      move('main', 300n, 'r:2'),
      move('game', 50n, 'r:3'),
      move('game', -700n, 'r:4'),
    ]);
    expect(after).toEqual({ balance: 50n, mainBalance: 800n });
    const rows = (await rowsOf(id)).slice(2);
    expect(rows.map((r) => [r.reference, r.wallet, r.amount, r.balanceBefore, r.balanceAfter])).toEqual([
      ['r:1', 'game', -300n, 1_000n, 700n],
      ['r:2', 'main', 300n, 500n, 800n],
      ['r:3', 'game', 50n, 700n, 750n],
      ['r:4', 'game', -700n, 750n, 50n],
    ]);
    expect(await ledgerSum(db(), id, 'game')).toBe(50n);
    expect(await ledgerSum(db(), id, 'main')).toBe(800n);
  });

  it('refuses a wallet that would dip below zero at any step, even if it ends above', async () => {
    const id = await player(100n, 0n);
    const before = await rowsOf(id);
    await expect(apply(id, [move('game', -150n), move('game', 200n)])).rejects.toEqual(new InsufficientBalance('game', 100n));
    await expect(apply(id, [move('game', 50n), move('main', -1n)])).rejects.toEqual(new InsufficientBalance('main', 0n));
    expect(await rowsOf(id)).toEqual(before);
    const [user] = await db().select().from(users).where(eq(users.id, id));
    expect([user!.balance, user!.mainBalance]).toEqual([100n, 0n]);
    // Credit first, then debit: fine.
    expect(await apply(id, [move('game', 200n), move('game', -150n)])).toEqual({ balance: 150n, mainBalance: 0n });
  });

  it('takes a wallet exactly to zero', async () => {
    const id = await player(0n, 250n);
    expect(await apply(id, [move('main', -250n)])).toEqual({ balance: 0n, mainBalance: 0n });
  });

  it('refuses nonsense: no movements, a zero movement, an unknown player', async () => {
    const id = await player(100n, 100n);
    await expect(apply(id, [])).rejects.toThrow(RangeError);
    await expect(apply(id, [move('game', 0n)])).rejects.toThrow(RangeError);
    await expect(apply(987_654_321, [move('game', 1n)])).rejects.toThrow('no such user');
  });
});
