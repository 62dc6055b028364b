import { createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitBets, digitSeeds, ledger } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { runStatement, statement } from '../../server/db/statement';
import { kyat } from '../../server/lib/money';
import { pgTestUrl } from '../support/db';
import { expectRunningBalances } from '../support/ledger';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * One player's Digit Bets all at once, over three app instances on one PostgreSQL database (as
 * behind a load balancer), so the seed and wallet row locks — not the per-process queue — are
 * what keep order. Afterwards every bet was applied exactly once with its own nonce, or refused
 * leaving no trace; the balance equals the opening plus the ledger and never went negative.
 */

const INSTANCES = 3;
const ADVANCE_BY_HAND = statement<{ id: string; server_seed: string; client_seed: string; nonce: number }>(
  'test_digit_advance_by_hand',
  `update digit_seeds set nonce = nonce + 1 where user_id = $1::bigint and active
   returning id::text as id, server_seed, client_seed, nonce - 1 as nonce`,
);
const OPENING_KYAT = 3_000;

function verifyRoll(serverSeedHex: string, clientSeed: string, nonce: number): number {
  const b = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  const f = b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
  return Math.floor(f * 10);
}

describe.skipIf(!pgTestUrl)('digit bets under concurrency (postgres)', () => {
  let server: TestServer;
  let others: TestServer[] = [];
  const db = () => server.database.db;
  const instance = (i: number) => [server, ...others][i % INSTANCES]!;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    others = await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startTestServer('postgres', { database: server.database })));
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await Promise.all(others.map((o) => o.close()));
    await server?.close();
  });

  it('50 parallel bets by one player: nonces 0..n-1 once each, rows = successes, balance = opening + ledger, never negative', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { game: OPENING_KYAT });
    // 45 ordinary bets of 100–500 Ks (together far more than the balance) and 5 at the maximum stake.
    const bodies = Array.from({ length: 50 }, (_, i) => {
      if (i % 10 === 7) return { bet_type: 'big', bet_amount: 10_000, multiplier: 100 };
      const type = (['digit', 'big', 'small'] as const)[i % 3];
      return { bet_type: type, digit: type === 'digit' ? i % 10 : null, bet_amount: 100 + (i * 37) % 401, multiplier: 1, rolled_number: 3, outcome: 'win' };
    });
    const answers = await Promise.all(
      bodies.map((body, i) => instance(i).call('POST', '/api/digitbet', { token: player.token, body }).then((res) => ({ ...res, body: res.body, sent: body }))),
    );

    for (const a of answers) {
      expect([200, 400], JSON.stringify(a.body)).toContain(a.status);
      if (a.status === 400) expect(a.body).toEqual({ success: false, status: 'Error has occured...', message: 'Insufficient Balance', data: null });
    }
    const applied = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused.filter((a) => a.sent.bet_amount === 10_000)).toHaveLength(5);
    expect(applied.length).toBeGreaterThan(0);

    const seeds = await db().select().from(digitSeeds).where(eq(digitSeeds.userId, player.id));
    expect(seeds).toHaveLength(1);
    const seed = seeds[0]!;
    const rows = await db().select().from(digitBets).where(eq(digitBets.userId, player.id)).orderBy(asc(digitBets.id));
    expect(rows).toHaveLength(applied.length);
    expect(seed.nonce).toBe(applied.length);
    expect(rows.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: applied.length }, (_, i) => i));
    // In id order too: the id is drawn under the seed lock.
    expect(rows.map((r) => r.nonce)).toEqual(Array.from({ length: applied.length }, (_, i) => i));
    expect(new Set(applied.map((a) => a.body.data.fairness.nonce)).size).toBe(applied.length);

    // Each answer is its row, its roll verifies, and its ledger rows are its stake and win.
    const moves = await db().select().from(ledger).where(eq(ledger.userId, player.id)).orderBy(asc(ledger.id));
    let net = 0n;
    for (const a of applied) {
      const d = a.body.data;
      const row = rows.find((r) => r.nonce === d.fairness.nonce)!;
      expect(row.rolled).toBe(d.rolled_number);
      expect(verifyRoll(seed.serverSeed, seed.clientSeed, row.nonce)).toBe(row.rolled);
      const mine = moves.filter((m) => m.reference === `digit_bet:${row.id}`);
      expect(mine.map((m) => [m.kind, m.amount])).toEqual([
        ['digit_bet', -row.stake],
        ...(row.winAmount > 0n ? [['digit_win', row.winAmount]] : []),
      ]);
      net += row.winAmount - row.stake;
    }

    // The wallet's history is one unbroken chain that never dips below zero.
    expectRunningBalances(moves);
    const final = await books(db(), player.id);
    expectBalanced(final);
    expect(final.balance).toBe(kyat(OPENING_KYAT) + net);
    expect(moves.filter((m) => m.kind === 'digit_bet')).toHaveLength(applied.length);
  });

  it('a bet that waited for the seed lock lists, in its answer, the bet that held the lock', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { game: 1_000 });
    await server.call('GET', '/api/digitbet/fairness', { token: player.token });
    for (let i = 0; i < 3; i++) await server.call('POST', '/api/digitbet', { token: player.token, body: { bet_type: 'big', bet_amount: 1, multiplier: 1 } });

    // Another process's bet, caught between taking the seed lock and committing: it has consumed
    // a nonce and written its row when our bet arrives, and commits while our bet waits.
    let locked!: (id: number) => void;
    let release!: () => void;
    const lockTaken = new Promise<number>((r) => (locked = r));
    const released = new Promise<void>((r) => (release = r));
    const holder = server.database.inTransaction(async ({ tx }) => {
      const [seed] = await runStatement(tx, ADVANCE_BY_HAND, [player.id]);
      if (!seed) throw new Error('no active pair');
      const [row] = await tx
        .insert(digitBets)
        .values({ userId: player.id, seedId: Number(seed.id), nonce: Number(seed.nonce), clientSeed: seed.client_seed, betType: 'small', betAmount: 100n, multiplier: 1, stake: 100n, rolled: verifyRoll(seed.server_seed, seed.client_seed, Number(seed.nonce)), outcome: 'lose' })
        .returning();
      locked(row!.id);
      await released;
    });
    const heldId = await lockTaken;
    let answered = false;
    const placed = instance(1)
      .call('POST', '/api/digitbet', { token: player.token, body: { bet_type: 'big', bet_amount: 2, multiplier: 1 }, headers: { 'idempotency-key': 'waited-1' } })
      .finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(answered).toBe(false); // waiting for the seed lock
    release();
    await holder;
    const res = await placed;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const history = res.body.data.history as { id: number; nonce: number }[];
    expect(history.map((h) => h.nonce)).toEqual([4, 3, 2, 1, 0]);
    expect(history[1]!.id).toBe(heldId);
    const listed = await server.call('GET', '/api/digitbet/history', { token: player.token });
    expect(history).toEqual(listed.body.data);
  });

  it('one Idempotency-Key sent to every instance at once: one bet, one nonce, the others replay its answer', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { game: 1_000 });
    await server.call('GET', '/api/digitbet/fairness', { token: player.token });
    const body = { bet_type: 'digit', digit: 7, bet_amount: 5, multiplier: 2 };
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => instance(i).call('POST', '/api/digitbet', { token: player.token, body, headers: { 'idempotency-key': 'one-key' } })),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(8);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    const rows = await db().select().from(digitBets).where(eq(digitBets.userId, player.id));
    expect(rows).toHaveLength(1);
    const [seed] = await db().select().from(digitSeeds).where(eq(digitSeeds.userId, player.id));
    expect(seed!.nonce).toBe(1); // the replays' seed advances were rolled back
    expectBalanced(await books(db(), player.id));
  });

  it('bets and rotations at once: each pair counts its own bets, nonces unbroken per pair, every roll verifies', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { game: 100_000 });
    await server.call('GET', '/api/digitbet/fairness', { token: player.token });
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 10 === 5
        ? instance(i).call('POST', '/api/digitbet/seed/rotate', { token: player.token, body: { client_seed: `rot-${i}` } })
        : instance(i).call('POST', '/api/digitbet', { token: player.token, body: { bet_type: 'small', bet_amount: 10, multiplier: 1 } }),
    );
    const answers = await Promise.all(calls);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);

    const seeds = await db().select().from(digitSeeds).where(eq(digitSeeds.userId, player.id)).orderBy(asc(digitSeeds.id));
    expect(seeds).toHaveLength(5); // the first pair and one per rotation
    expect(seeds.filter((s) => s.active)).toHaveLength(1);
    const rows = await db().select().from(digitBets).where(eq(digitBets.userId, player.id));
    expect(rows).toHaveLength(36);
    for (const s of seeds) {
      const mine = rows.filter((r) => r.seedId === s.id);
      expect(s.nonce).toBe(mine.length);
      expect(mine.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: mine.length }, (_, i) => i));
      for (const r of mine) {
        expect(r.clientSeed).toBe(s.clientSeed);
        expect(verifyRoll(s.serverSeed, s.clientSeed, r.nonce)).toBe(r.rolled);
      }
    }
    expectBalanced(await books(db(), player.id));
  });
});
