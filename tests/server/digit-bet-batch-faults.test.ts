import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { agents, users } from '../../server/db/schema';
import { DigitBetBatcher, NOT_ACTIVE, placeDigitBet, type PlacedBet } from '../../server/domain/digit-bet/bets';
import { parseDigitBet } from '../../server/domain/digit-bet/input';
import { payoutsFrom } from '../../server/domain/digit-bet/outcome';
import { ensureActivePair } from '../../server/domain/digit-bet/seeds';
import { Refusal } from '../../server/domain/refusal';
import { testEnv } from '../../server/env';
import { kyat } from '../../server/lib/money';
import { createTestDatabase, dbKinds } from '../support/db';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * What keeps a Digit Bet batch (kp_digit_bets, decision 0025) one player's business (issue 27):
 * - its lock order: bets are taken in user_id order, whatever order they arrived in, so two
 *   batches that share players never wait on each other in a circle (a deadlock would fail both
 *   batches' players);
 * - a bet that fails for a reason nobody planned fails alone: the batch goes again bet by bet;
 * - a banned player's bet is refused by the function, which reads users.status, not only by the
 *   session cache.
 */
const payouts = payoutsFrom(testEnv());
const input = parseDigitBet({ bet_type: 'small', bet_amount: 10, multiplier: 1 }, 1_000_000);
const at = new Date('2026-11-28T10:00:00Z');

describe.each(dbKinds)('Digit Bet batches when something goes wrong (%s)', (kind) => {
  let database: Database;
  let seq = 0;
  const db = () => database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function player(game = 1_000, withPair = true): Promise<number> {
    const n = ++seq;
    const [agent] = await db().insert(agents).values({ name: `Fault ${n}`, referralCode: `FAULT${n}` }).returning({ id: agents.id });
    const [user] = await db().insert(users).values({ userName: `fault-${n}`, name: `Fault ${n}`, agentId: agent!.id }).returning({ id: users.id });
    if (game > 0) await fund(db(), user!.id, { game });
    if (withPair) await ensureActivePair(db(), user!.id);
    return user!.id;
  }
  const nonceOf = (userId: number) => count(sql`select nonce as n from digit_seeds where user_id = ${userId} and active`);
  const betsOf = (userId: number) => count(sql`select count(*)::int as n from digit_bets where user_id = ${userId}`);

  /** 2 bets go alone (nothing in flight), the other 8 together in one batch (DigitBetBatcher). */
  async function tenAtOnce(players: number[]) {
    const batcher = new DigitBetBatcher(db(), payouts);
    return Promise.allSettled(players.map((userId) => placeDigitBet(batcher, db(), { userId, input, at, key: undefined })));
  }

  it('a bet that fails for an unexpected reason fails alone: the others of its batch are placed', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => player()));
    const victim = players[5]!; // in the batch of 8
    // A fault nobody planned for: the victim's bet row cannot be written.
    await db().execute(sql.raw(`create function test_fault() returns trigger language plpgsql as $$
      begin raise exception 'unplanned fault for player %', new.user_id; end $$`));
    await db().execute(sql.raw(`create trigger test_fault before insert on digit_bets for each row when (new.user_id = ${victim}) execute function test_fault()`));
    try {
      const settled = await tenAtOnce(players);
      players.forEach((userId, i) => {
        if (userId === victim) {
          expect(settled[i]!.status).toBe('rejected');
          expect(String((settled[i] as PromiseRejectedResult).reason)).toMatch(/unplanned fault/);
        } else {
          expect(settled[i], `player ${i}`).toMatchObject({ status: 'fulfilled', value: { data: { stake: '10.00' } } });
        }
      });
      for (const userId of players) expectBalanced(await books(db(), userId));
      // The victim: nothing moved, the nonce given back.
      expect(await betsOf(victim)).toBe(0);
      expect((await books(db(), victim)).balance).toBe(kyat(1_000));
      expect(await nonceOf(victim)).toBe(0);
      for (const userId of players.filter((p) => p !== victim)) expect(await betsOf(userId)).toBe(1);
    } finally {
      await db().execute(sql.raw(`drop trigger test_fault on digit_bets`));
      await db().execute(sql.raw(`drop function test_fault()`));
    }
  });

  it("a banned player's bet is refused by kp_digit_bets itself, alone or in a batch, and moves nothing", async () => {
    const banned = await player();
    const bannedNoPair = await player(1_000, false); // a first bet: no pair is made for them either
    const others = await Promise.all(Array.from({ length: 8 }, () => player()));
    await db().update(users).set({ status: 0 }).where(sql`${users.id} in (${banned}, ${bannedNoPair})`);

    // Alone.
    const alone = new DigitBetBatcher(db(), payouts);
    const refused = await placeDigitBet(alone, db(), { userId: banned, input, at, key: { key: 'banned-1', storedScope: 'POST /api/digitbet #test' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).message).toBe(NOT_ACTIVE);

    // In a batch with others (the two banned among the 8 batched).
    const line = [others[0]!, others[1]!, others[2]!, banned, others[3]!, bannedNoPair, others[4]!, others[5]!, others[6]!, others[7]!];
    const settled = await tenAtOnce(line);
    line.forEach((userId, i) => {
      if (userId === banned || userId === bannedNoPair) {
        expect((settled[i] as PromiseRejectedResult).reason, `slot ${i}`).toBeInstanceOf(Refusal);
      } else {
        expect(settled[i]!.status, `slot ${i}`).toBe('fulfilled');
        expect((settled[i] as PromiseFulfilledResult<PlacedBet>).value.data.stake).toBe('10.00');
      }
    });
    for (const userId of [banned, bannedNoPair]) {
      const b = await books(db(), userId);
      expect(b.balance).toBe(kyat(1_000));
      expect(b.ledgerRows).toBe(1); // the funding only
      expect(await betsOf(userId)).toBe(0);
    }
    expect(await nonceOf(banned)).toBe(0);
    expect(await count(sql`select count(*)::int as n from digit_seeds where user_id = ${bannedNoPair}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from idempotency_keys where user_id = ${banned}`)).toBe(0);
  });

  if (kind === 'postgres') {
    it('two batches holding the same players in opposite slot order both complete: bets are locked in user_id order', async () => {
      const [a, b] = [await player(), await player()]; // a < b
      // async: drizzle sends a query when it is awaited, and these must be sent now.
      const call = async (order: number[]) =>
        db().execute(sql`select slot, status from kp_digit_bets(${JSON.stringify(
          order.map((userId, slot) => ({ slot, user_id: userId, key: null, scope: null, bet_type: 'small', digit: null, bet_amount: input.betAmount.toString(), multiplier: 1, at: at.toISOString() })),
        )}::jsonb, ${payouts.digit.toString()}::bigint, ${payouts.five.toString()}::bigint, ${payouts.bigSmall.toString()}::bigint)`);
      const waiting = () => count(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      const until = async (n: number) => {
        for (let i = 0; i < 200 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 10));
        expect(await waiting()).toBe(n);
      };

      // Another transaction holds a's seed row. Batch 1 [a, b] queues first for it; batch 2 [b, a]
      // arrives second. Taken in slot order, batch 2 would lock b and wait for a; batch 1, let
      // through first, would then wait for b: a circle, and PostgreSQL kills one of them.
      let held!: () => void;
      let release!: () => void;
      const holding = new Promise<void>((r) => (held = r));
      const released = new Promise<void>((r) => (release = r));
      const holder = db().transaction(async (tx) => {
        await tx.execute(sql`select 1 from digit_seeds where user_id = ${a} and active for update`);
        held();
        await released;
      });
      await holding;
      const first = call([a, b]);
      let second: ReturnType<typeof call> | undefined;
      try {
        await until(1);
        second = call([b, a]);
        await until(2);
      } finally {
        release();
        await holder;
      }
      const answers = await Promise.allSettled([first, second!]);
      for (const answer of answers) {
        // With slot order: "deadlock detected" (drizzle keeps the driver's error as the cause).
        const reason = answer.status === 'rejected' ? ((answer as PromiseRejectedResult).reason as Error) : undefined;
        expect(reason ? String(reason.cause ?? reason) : 'fulfilled').toBe('fulfilled');
        const placed = (answer as PromiseFulfilledResult<{ rows: { slot: number; status: string }[] }>).value.rows.filter((r) => r.status === 'placed');
        expect([...new Set(placed.map((r) => r.slot))].sort()).toEqual([0, 1]); // each placed (with the player's bets before it)
      }
      for (const userId of [a, b]) {
        expect(await betsOf(userId)).toBe(2);
        expectBalanced(await books(db(), userId));
      }
    });
  }
});
