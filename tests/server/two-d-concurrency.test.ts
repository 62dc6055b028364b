import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, ledger, twoDBets, twoDCounters, twoDNumberLimits, twoDSlips } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { kyat } from '../../server/lib/money';
import { pgTestUrl } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { MONDAY, OVER_LIMIT, TWO_D_ENV, yangon } from './two-d-bet-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * Many players bet on one number near its break at once, over three app instances on one
 * PostgreSQL database (as behind a load balancer). The counter row lock makes the limit check
 * and the insert atomic: whatever the interleaving, the total staked never passes the break, the
 * counter equals the bets, and every bet was either applied exactly once (slip, bets, one ledger
 * row) or refused with the over-limit answer leaving no trace. Some slips also carry a second
 * number, listed before or after the hot one, so counters are locked in sorted order or deadlock.
 */

const BREAK_KYAT = 10_000;
const HOT = '77';
/** A roomy second number: it never refuses, so every refusal is the hot number's. */
const SIDE = '78';
const PLAYERS = 10;
const BETS = 150;
const OPENING_KYAT = 100_000;
const INSTANCES = 3;

interface Sent {
  player: Player;
  key: string;
  lines: [string, number][];
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const randomAmount = () => 100 + Math.floor(Math.random() * 401); // 100-500 Ks

describe.skipIf(!pgTestUrl)('2D bets under concurrency (postgres)', () => {
  let server: TestServer;
  let others: TestServer[] = [];
  const clock = manualClock(yangon(MONDAY, '10:00'));
  const db = () => server.database.db;

  beforeAll(async () => {
    const env = { ...TWO_D_ENV, TWO_D_DEFAULT_BREAK: BREAK_KYAT };
    server = await startTestServer('postgres', { clock, env });
    others = await Promise.all(
      Array.from({ length: INSTANCES - 1 }, () => startTestServer('postgres', { clock, env, database: server.database })),
    );
    await seedDemo(server.database.db);
    await db().insert(twoDNumberLimits).values({ number: SIDE, breakAmount: kyat(10_000_000) });
  });
  afterAll(async () => {
    await Promise.all(others.map((o) => o.close()));
    await server?.close();
  });

  it(`${BETS} bets by ${PLAYERS} players on one number near its break: never over it, each applied once or refused`, async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => registerPlayer(server)));
    for (const p of players) await fund(db(), p.id, { main: OPENING_KYAT });

    const sent: Sent[] = shuffle(
      Array.from({ length: BETS }, (_, i): Sent => {
        const hot: [string, number] = [HOT, randomAmount()];
        const side: [string, number] = [SIDE, randomAmount()];
        const lines: [string, number][] = i % 3 === 0 ? [side, hot] : i % 3 === 1 ? [hot, side] : [hot];
        return { player: players[i % PLAYERS]!, key: `race-${i}`, lines };
      }),
    );
    const instances = [server, ...others];
    const answers = await Promise.all(
      sent.map((s, i) =>
        instances[i % INSTANCES]!.call('POST', '/api/twod-bet', {
          token: s.player.token,
          headers: { 'idempotency-key': s.key },
          body: {
            totalAmount: s.lines.reduce((sum, [, a]) => sum + a, 0),
            amounts: s.lines.map(([num, amount]) => ({ num, amount })),
          },
        }).then((res) => ({ ...s, ...res })),
      ),
    );

    for (const a of answers) {
      expect([200, 400], JSON.stringify(a.body)).toContain(a.status);
      if (a.status === 400) expect(a.body).toEqual(OVER_LIMIT([HOT]));
    }
    const applied = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    // The race really happened: the break was reached and later bets were turned away.
    expect(applied.length).toBeGreaterThan(10);
    expect(refused.length).toBeGreaterThan(10);

    const hotOf = (a: Sent) => a.lines.find(([n]) => n === HOT)![1];
    const sideOf = (a: Sent) => a.lines.find(([n]) => n === SIDE)?.[1] ?? 0;

    // The break holds, and the counter is exactly the bets.
    const [{ hotBets, sideBets }] = (await db()
      .select({
        hotBets: sql<string>`coalesce(sum(${twoDBets.betAmount}) filter (where ${twoDBets.betNumber} = ${HOT}), 0)::text`,
        sideBets: sql<string>`coalesce(sum(${twoDBets.betAmount}) filter (where ${twoDBets.betNumber} = ${SIDE}), 0)::text`,
      })
      .from(twoDBets)
      .where(and(eq(twoDBets.drawDate, MONDAY), eq(twoDBets.session, 'morning')))) as [{ hotBets: string; sideBets: string }];
    const counters = await db()
      .select({ number: twoDCounters.number, staked: twoDCounters.staked })
      .from(twoDCounters)
      .where(and(eq(twoDCounters.drawDate, MONDAY), eq(twoDCounters.session, 'morning')));
    const counter = Object.fromEntries(counters.map((c) => [c.number, c.staked]));
    const hotStaked = BigInt(hotBets);
    expect(hotStaked <= kyat(BREAK_KYAT), `staked ${hotStaked} over the break`).toBe(true);
    expect(counter[HOT]).toBe(hotStaked);
    expect(counter[SIDE]).toBe(BigInt(sideBets));
    expect(hotStaked).toBe(kyat(applied.reduce((sum, a) => sum + hotOf(a), 0)));
    expect(BigInt(sideBets)).toBe(kyat(applied.reduce((sum, a) => sum + sideOf(a), 0)));
    // Each refusal was right when it happened: the stake only grows, so it still does not fit.
    const remaining = kyat(BREAK_KYAT) - hotStaked;
    for (const r of refused) expect(kyat(hotOf(r)) > remaining, `refused ${hotOf(r)} with ${remaining} left`).toBe(true);

    // Every applied bet exactly once: its slip, its bets and one ledger row; refusals left nothing.
    const userIds = players.map((p) => p.id);
    const slips = await db().select().from(twoDSlips).where(inArray(twoDSlips.userId, userIds));
    expect(slips).toHaveLength(applied.length);
    const bets = await db().select().from(twoDBets).where(inArray(twoDBets.userId, userIds));
    const stakes = await db()
      .select()
      .from(ledger)
      .where(and(inArray(ledger.userId, userIds), eq(ledger.kind, 'two_d_bet')));
    expect(stakes).toHaveLength(applied.length);
    for (const a of applied) {
      const slip = a.body.data.slip;
      const stored = slips.find((s) => s.id === slip.id)!;
      expect(stored).toMatchObject({ userId: a.player.id, slipNo: slip.slip_no, totalBetAmount: kyat(hotOf(a) + sideOf(a)) });
      expect(
        bets
          .filter((b) => b.slipId === slip.id)
          .map((b) => [b.betNumber, b.betAmount])
          .sort(),
      ).toEqual(a.lines.map(([n, amount]) => [n, kyat(amount)]).sort());
      const moves = stakes.filter((l) => l.reference === `two_d_slip:${slip.id}`);
      expect(moves.map((m) => [m.userId, m.wallet, m.amount])).toEqual([[a.player.id, 'main', -kyat(hotOf(a) + sideOf(a))]]);
    }
    const keys = await db().select().from(idempotencyKeys).where(inArray(idempotencyKeys.userId, userIds));
    expect(new Set(keys.map((k) => k.key))).toEqual(new Set(applied.map((a) => a.key)));

    // Balances equal their ledger sums, none negative, and moved by exactly the applied stakes.
    for (const p of players) {
      const final = await books(db(), p.id);
      expectBalanced(final);
      const spent = applied.filter((a) => a.player.id === p.id).reduce((sum, a) => sum + hotOf(a) + sideOf(a), 0);
      expect(final.mainBalance).toBe(kyat(OPENING_KYAT - spent));
    }
  });

  it('a burst of repeats of one bet with one Idempotency-Key places it once', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { main: 10_000 });
    const instances = [server, ...others];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        instances[i % INSTANCES]!.call('POST', '/api/twod-bet', {
          token: player.token,
          headers: { 'idempotency-key': 'burst' },
          body: { totalAmount: 300, amounts: [{ num: '05', amount: 300 }] },
        }),
      ),
    );
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body).toEqual(answers[0]!.body);
    }
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    expect(await db().select().from(twoDSlips).where(eq(twoDSlips.userId, player.id))).toHaveLength(1);
    const final = await books(db(), player.id);
    expect(final.mainBalance).toBe(kyat(9_700));
    expectBalanced(final);
  });
});
