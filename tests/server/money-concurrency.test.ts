import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchanges, idempotencyKeys, ledger, paymentTypes, withdrawRequests } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { formatMoney, kyat } from '../../server/lib/money';
import { pooledKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * Many money requests on one player at once, over the real HTTP server: exchanges both ways and
 * withdrawals (which hold from the game balance), some larger than what is there. Afterwards
 * every request was either applied exactly once, with its rows, or refused with 400 leaving no
 * trace; the balances never went negative and equal the sums of their ledger rows.
 */

const MAIN_TO_GAME = '/api/exchange-main-to-game';
const GAME_TO_MAIN = '/api/exchange-game-to-main';
const WITHDRAW = '/api/withdrawfinicial';
const EXCHANGE_COUNT = 120;
/**
 * Parallel withdrawals, each asking the password again: more than LOGIN_MAX_PER_USER at once, so
 * checks beyond the limit wait for those in flight (lib/rate-limit.ts guardFailures) and none is 429.
 */
const WITHDRAW_COUNT = 16;
const OPENING = { main: 300_000, game: 300_000 };

type Sent =
  | { kind: 'exchange'; path: typeof MAIN_TO_GAME | typeof GAME_TO_MAIN; amount: number }
  | { kind: 'withdraw'; amount: number };
type Answered = Sent & { status: number; body: any; headers: Headers };

/** `count` distinct whole numbers in [min, max], shuffled. */
function distinctAmounts(count: number, min: number, max: number, taken: Set<number>): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const n = min + Math.floor(Math.random() * (max - min + 1));
    if (!taken.has(n)) {
      taken.add(n);
      out.push(n);
    }
  }
  return out;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Three app instances over one database, as behind a load balancer: each instance queues a
 * player's exchanges one at a time, so the races between instances are what test the row lock.
 */
const INSTANCES = 3;

describe.each(pooledKinds)('money under concurrency (%s)', (kind) => {
  let server: TestServer;
  let others: TestServer[] = [];
  let paymentTypeId: number;
  const db = () => server.database.db;

  beforeAll(async () => {
    // Every withdrawal re-checks the password; the attempt counter must not refuse them here.
    const env = { LOGIN_MAX_PER_USER: 100_000, LOGIN_MAX_PER_IP: 100_000 };
    server = await startTestServer(kind, { env });
    others = await Promise.all(
      Array.from({ length: INSTANCES - 1 }, () => startTestServer(kind, { env, database: server.database })),
    );
    await seedDemo(server.database.db);
    const [type] = await db()
      .insert(paymentTypes)
      .values({ name: 'Concurrency Pay', img: '/assets/banks/test.svg' })
      .returning({ id: paymentTypes.id });
    paymentTypeId = type!.id;
  });
  afterAll(async () => {
    await Promise.all(others.map((o) => o.close()));
    await server?.close();
  });

  let turn = 0;
  function send(player: Player, request: Sent, key: string): Promise<Answered> {
    const instance = [server, ...others][turn++ % INSTANCES]!;
    const headers = { 'idempotency-key': key };
    const body =
      request.kind === 'exchange'
        ? { amount: request.amount }
        : {
            payment_type_id: paymentTypeId,
            account_name: 'Concurrent Player',
            account_number: '09123456789',
            amount: request.amount,
            password: player.password,
          };
    const path = request.kind === 'exchange' ? request.path : WITHDRAW;
    return instance.call('POST', path, { token: player.token, body, headers }).then((res) => ({ ...request, ...res }));
  }

  it(`${EXCHANGE_COUNT} exchanges both ways and ${WITHDRAW_COUNT} withdrawals at once: each applied once or refused without trace`, async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, OPENING);
    const taken = new Set<number>();
    // Distinct amounts identify each request's rows. Most fit; the balances run out as they
    // move, and a few can never fit (more than both wallets hold together).
    const exchangeAmounts = [
      ...distinctAmounts(EXCHANGE_COUNT - 6, 1, 40_000, taken),
      ...distinctAmounts(6, 700_000, 800_000, taken),
    ];
    const withdrawAmounts = [...distinctAmounts(WITHDRAW_COUNT - 2, 10_000, 60_000, taken), ...distinctAmounts(2, 700_000, 800_000, taken)];
    const requests: Sent[] = shuffle([
      ...exchangeAmounts.map((amount, i): Sent => ({ kind: 'exchange', path: i % 2 ? GAME_TO_MAIN : MAIN_TO_GAME, amount })),
      ...withdrawAmounts.map((amount): Sent => ({ kind: 'withdraw', amount })),
    ]);

    const answers = await Promise.all(
      requests.map((r, i) => send(player, r, `race-${i}`).then((a) => ({ ...a, key: `race-${i}` }))),
    );

    for (const a of answers) {
      expect([200, 400], `${a.kind} ${a.amount}: ${JSON.stringify(a.body)}`).toContain(a.status);
      if (a.status === 400) {
        const message = a.kind === 'exchange' ? 'You do not have enough balance to transfer' : expect.stringMatching(/^Insufficient Balance: you have [\d,]+ Ks in the game wallet, and the minimum withdrawal is 10,000 Ks\.$/);
        expect(a.body).toEqual({ status: 'Error has occured...', message, data: null });
      }
    }
    const applied = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    // The race really happened both ways.
    expect(applied.filter((a) => a.kind === 'exchange').length).toBeGreaterThan(10);
    expect(applied.filter((a) => a.kind === 'withdraw').length).toBeGreaterThan(0);
    expect(refused.filter((a) => a.kind === 'exchange').length).toBeGreaterThanOrEqual(6);
    expect(refused.filter((a) => a.kind === 'withdraw').length).toBeGreaterThanOrEqual(2);

    const exchangeRows = await db().select().from(exchanges).where(eq(exchanges.userId, player.id));
    const withdrawRows = await db().select().from(withdrawRequests).where(eq(withdrawRequests.userId, player.id));
    const ledgerRows = await db().select().from(ledger).where(eq(ledger.userId, player.id)).orderBy(asc(ledger.id));
    const byReference = new Map<string | null, typeof ledgerRows>();
    for (const row of ledgerRows) byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row]);

    for (const a of answers) {
      if (a.kind === 'exchange') {
        const type = a.path === MAIN_TO_GAME ? 'mainBalanceToGaming' : 'GamingToMainBalance';
        const rows = exchangeRows.filter((r) => r.amount === kyat(a.amount));
        if (a.status === 400) {
          expect(rows, `refused exchange ${a.amount} left a row`).toEqual([]);
          continue;
        }
        expect(rows.map((r) => r.type)).toEqual([type]);
        const moves = byReference.get(`exchange:${rows[0]!.id}`) ?? [];
        const [from, to] = type === 'mainBalanceToGaming' ? ['main', 'game'] : ['game', 'main'];
        expect(moves.map((m) => [m.wallet, m.kind, m.amount])).toEqual([
          [from, 'exchange', -kyat(a.amount)],
          [to, 'exchange', kyat(a.amount)],
        ]);
        // The answer reports the balances this very exchange left behind.
        const after = Object.fromEntries(moves.map((m) => [m.wallet, formatMoney(m.balanceAfter)]));
        expect(a.body.data).toEqual({ balance: after.game, main_balance: after.main });
      } else {
        const rows = withdrawRows.filter((r) => r.amount === kyat(a.amount));
        if (a.status === 400) {
          expect(rows, `refused withdrawal ${a.amount} left a row`).toEqual([]);
          continue;
        }
        expect(rows).toHaveLength(1);
        const moves = byReference.get(`withdraw_request:${rows[0]!.id}`) ?? [];
        expect(moves.map((m) => [m.wallet, m.kind, m.amount])).toEqual([['game', 'withdraw_hold', -kyat(a.amount)]]);
      }
    }

    // A refusal leaves no key behind either; each applied request stored its answer under its key.
    const keys = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, player.id));
    expect(new Map(keys.map((k) => [k.key, k.responseStatus]))).toEqual(new Map(applied.map((a) => [a.key, 200])));

    // Nothing beyond what was answered 200: no stray rows from refusals or retries.
    expect(exchangeRows).toHaveLength(applied.filter((a) => a.kind === 'exchange').length);
    expect(withdrawRows).toHaveLength(applied.filter((a) => a.kind === 'withdraw').length);
    const appliedWithdrawals = applied.filter((a) => a.kind === 'withdraw');
    expect(ledgerRows).toHaveLength(2 + 2 * exchangeRows.length + appliedWithdrawals.length);

    // Each wallet's rows form one unbroken chain that never dips below zero.
    for (const wallet of ['main', 'game'] as const) {
      let running = 0n;
      for (const row of ledgerRows.filter((r) => r.wallet === wallet)) {
        expect(row.balanceBefore, `ledger row ${row.id}`).toBe(running);
        expect(row.balanceAfter).toBe(row.balanceBefore + row.amount);
        expect(row.balanceAfter >= 0n).toBe(true);
        running = row.balanceAfter;
      }
    }

    const final = await books(db(), player.id);
    expectBalanced(final);
    const held = appliedWithdrawals.reduce((sum, a) => sum + kyat(a.amount), 0n);
    expect(final.balance + final.mainBalance).toBe(kyat(OPENING.main + OPENING.game) - held);
  });

  it('a burst of repeats with one Idempotency-Key applies once and answers each the same', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { main: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(player, { kind: 'exchange', path: MAIN_TO_GAME, amount: 4_321 }, 'burst-key')),
    );
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body.data).toEqual({ balance: '4321.00', main_balance: '5679.00' });
    const fresh = answers.filter((a) => a.headers.get('idempotent-replayed') !== 'true');
    expect(fresh).toHaveLength(1);

    const final = await books(db(), player.id);
    expect(final).toMatchObject({ exchangeRows: 1, balance: kyat(4_321), mainBalance: kyat(5_679) });
    expectBalanced(final);
  });

  it('one key raced across both exchanges applies once; the other path is refused with 422', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { main: 1_000, game: 1_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(player, { kind: 'exchange', path: i % 2 ? GAME_TO_MAIN : MAIN_TO_GAME, amount: 250 }, 'contested-key'),
      ),
    );
    const winners = answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') !== 'true');
    expect(winners).toHaveLength(1);
    const pathOf = (a: Answered) => (a.kind === 'exchange' ? a.path : WITHDRAW);
    const winningPath = pathOf(winners[0]!);
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(pathOf(a) === winningPath ? 200 : 422);
    }
    const final = await books(db(), player.id);
    expect(final.exchangeRows).toBe(1);
    expectBalanced(final);
    const rows = await db().select().from(exchanges).where(inArray(exchanges.userId, [player.id]));
    expect(rows[0]!.type).toBe(winningPath === MAIN_TO_GAME ? 'mainBalanceToGaming' : 'GamingToMainBalance');
  });
});
