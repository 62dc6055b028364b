import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { agents, users } from '../../server/db/schema';
import { DigitBetBatcher, placeDigitBet, replayedBet, type PlacedBet } from '../../server/domain/digit-bet/bets';
import { parseDigitBet } from '../../server/domain/digit-bet/input';
import { payoutsFrom } from '../../server/domain/digit-bet/outcome';
import { ensureActivePair } from '../../server/domain/digit-bet/seeds';
import { Refusal } from '../../server/domain/refusal';
import { testEnv } from '../../server/env';
import { formatMoney, kyat } from '../../server/lib/money';
import { createTestDatabase, pooledKinds } from '../support/db';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * Bets that arrive while earlier ones are in flight go to the database together, in one
 * transaction (decision 0025). Each bet must still be answered as if it were alone: a short
 * balance or a first bet in the batch changes nothing for the others, a repeated key in the batch
 * is placed once, and every player's books balance.
 */
describe.each(pooledKinds)('Digit Bet batches (%s)', (kind) => {
  let database: Database;
  const db = () => database.db;
  const payouts = payoutsFrom(testEnv());

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function player(n: number, game: number, withPair: boolean): Promise<number> {
    const [agent] = await db().insert(agents).values({ name: `Batch ${n}`, referralCode: `BATCH${n}` }).returning({ id: agents.id });
    const [user] = await db().insert(users).values({ userName: `batch-${n}`, name: `Batch ${n}`, agentId: agent!.id }).returning({ id: users.id });
    if (game > 0) await fund(db(), user!.id, { game });
    if (withPair) await ensureActivePair(db(), user!.id);
    return user!.id;
  }

  it('30 bets at once: two go alone, the rest in one transaction; each answered as if alone, the books right', async () => {
    const funded = await Promise.all(Array.from({ length: 27 }, (_, i) => player(i, 1_000, true)));
    const poor = await player(100, 0, true);
    const newcomer = await player(101, 1_000, false);
    const batcher = new DigitBetBatcher(db(), payouts);
    const input = parseDigitBet({ bet_type: 'small', bet_amount: 10, multiplier: 2 }, 1_000_000);
    const at = new Date('2026-11-27T10:00:00Z');
    const key = (k: string) => ({ key: k, storedScope: 'POST /api/digitbet #test' });

    // All submitted in one tick: the first two find no batch in flight and go alone.
    const bets = [
      ...funded.map((userId, i) => ({ userId, input, at, key: key(`k-${i}`) })),
      { userId: funded[5]!, input, at, key: key('k-5') }, // the same key again, in the same batch
      { userId: poor, input, at, key: key('poor') },
      { userId: newcomer, input, at, key: undefined },
    ];
    const settled = await Promise.allSettled(bets.map((bet) => placeDigitBet(batcher, db(), bet)));

    const placed = settled.slice(0, 27).map((s) => (s as PromiseFulfilledResult<PlacedBet | undefined>).value!);
    expect(settled.slice(0, 27).every((s) => s.status === 'fulfilled' && s.value !== undefined)).toBe(true);
    // The repeated key: nothing done; the key's answer is the first bet's.
    expect(settled[27]).toEqual({ status: 'fulfilled', value: undefined });
    // The short balance: refused; nothing written for that player, not even the key.
    expect(settled[28]!.status).toBe('rejected');
    expect((settled[28] as PromiseRejectedResult).reason).toBeInstanceOf(Refusal);
    // The first bet found no pair, got one, and was placed.
    const first = (settled[29] as PromiseFulfilledResult<PlacedBet | undefined>).value!;
    expect(first.data.fairness.nonce).toBe(0);

    for (const [i, userId] of funded.entries()) {
      const answer = placed[i]!;
      const stake = kyat(20);
      const win = answer.data.outcome === 'win' ? kyat(40) : 0n;
      expect(answer.data.balance).toBe(formatMoney(kyat(1_000) - stake + win));
      expect(answer.data.history).toHaveLength(1);
      expect(answer.data.fairness.nonce).toBe(0);
      const b = await books(db(), userId);
      expect(b.balance).toBe(kyat(1_000) - stake + win);
      expectBalanced(b);
    }
    expect(await replayedBet(db(), await keyId(funded[5]!, 'k-5'))).toEqual(placed[5]);
    const poorBooks = await books(db(), poor);
    expect(poorBooks.balance).toBe(0n);
    expect(poorBooks.ledgerRows).toBe(0);
    expect(await count(sql`select count(*)::int as n from idempotency_keys where user_id = ${poor}`)).toBe(0);
    expect(await count(sql`select nonce as n from digit_seeds where user_id = ${poor} and active`)).toBe(0);

    // Bets share a transaction id when they shared a batch: 2 alone + 1 batch of 25 + the newcomer's second try.
    expect(await count(sql`select count(*)::int as n from digit_bets`)).toBe(28);
    expect(await count(sql`select count(distinct xmin::text)::int as n from digit_bets`)).toBe(4);
  });

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const { rows } = (await db().execute(query)) as unknown as { rows: { n: number }[] };
    return Number(rows[0]?.n);
  }
  async function keyId(userId: number, key: string): Promise<number> {
    const { rows } = (await db().execute(sql`select id::int as n from idempotency_keys where user_id = ${userId} and key = ${key}`)) as unknown as { rows: { n: number }[] };
    return Number(rows[0]!.n);
  }
});
