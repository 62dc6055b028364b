import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, ledger } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer, type Player } from './accounts-helpers';
import { books, expectBalanced, fund } from './wallet-helpers';

/**
 * One Idempotency-Key mechanism, two ways of keeping the answer (decision 0036): every money route
 * keeps the answer's text on the key's row (`runIdempotent`, lib/idempotency.ts); Digit Bet claims
 * the same table's row inside `kp_digit_bets` and rebuilds the answer from the bet row the key
 * names. Both go through the same claim (the unique (user, key) row, inserted in the money's
 * transaction) and the same replay rule (`answeredKey`: another route or body 422, not answered
 * 409). Here the same guarantees are required of both, side by side.
 */
const ROUTES = [
  { name: 'exchange (stored answer text)', path: '/api/exchange-main-to-game', table: 'exchanges', body: { amount: 100 }, other: { amount: 200 } },
  { name: 'Digit Bet (answer rebuilt from the bet row)', path: '/api/digitbet', table: 'digit_bets', body: { bet_type: 'big', bet_amount: 10, multiplier: 1 }, other: { bet_type: 'small', bet_amount: 10, multiplier: 1 } },
] as const;

describe.each(dbKinds)('Idempotency-Key on both stores (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  let seq = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function player(): Promise<Player> {
    const p = await registerPlayer(server);
    await fund(db(), p.id, { main: 10_000, game: 10_000 });
    return p;
  }
  /** The player's money records of a route (one per request applied). */
  const records = async (table: 'exchanges' | 'digit_bets', userId: number) =>
    Number(((await db().execute(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const ledgerRows = async (userId: number) => (await db().select().from(ledger).where(eq(ledger.userId, userId))).length;
  const post = (p: Player, path: string, body: unknown, key: string) => server.call('POST', path, { token: p.token, body, headers: { 'idempotency-key': key } });

  describe.each(ROUTES)('$name', (route) => {
    it('the same key replays the same answer, marked Idempotent-Replayed, and moves money once', async () => {
      const p = await player();
      const key = `same-${kind}-${++seq}`;
      const first = await post(p, route.path, route.body, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const rowsAfterFirst = await ledgerRows(p.id);
      const moved = await books(db(), p.id);
      for (let i = 0; i < 3; i++) {
        const again = await post(p, route.path, route.body, key);
        expect(again.status).toBe(200);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body).toEqual(first.body);
      }
      expect(await ledgerRows(p.id)).toBe(rowsAfterFirst);
      expect(await records(route.table, p.id)).toBe(1);
      expect(await books(db(), p.id)).toEqual(moved);
      expectBalanced(moved);
    });

    it('the same key with another body is refused (422) and moves nothing', async () => {
      const p = await player();
      const key = `other-${kind}-${++seq}`;
      expect((await post(p, route.path, route.body, key)).status).toBe(200);
      const before = await books(db(), p.id);
      const changed = await post(p, route.path, route.other, key);
      expect(changed.status).toBe(422);
      expect(await books(db(), p.id)).toEqual(before);
    });

    it('concurrent requests with one key: applied once, every answer the same', async () => {
      const p = await player();
      const key = `race-${kind}-${++seq}`;
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(p, route.path, route.body, key)));
      const ok = answers.filter((a) => a.status === 200);
      // A repeat waits for the first to commit and replays it (409 only if it were still running unanswered).
      expect(answers.every((a) => a.status === 200 || a.status === 409), JSON.stringify(answers.map((a) => a.status))).toBe(true);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const a of ok) expect(a.body).toEqual(ok[0]!.body);
      expect(answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      expect(await records(route.table, p.id), 'the money moved for one request only').toBe(1);
      expectBalanced(await books(db(), p.id));
      expect(await db().select().from(idempotencyKeys).where(sql`${idempotencyKeys.userId} = ${p.id} and ${idempotencyKeys.key} = ${key}`)).toHaveLength(1);
    });
  });

  it('Digit Bet: a key answered before migration 0014 (its answer stored as text) still replays that text', async () => {
    const p = await player();
    const stored = { success: true, status: 'Request was successful.', message: 'You Won! The number was 7.', data: { balance: '1.00' } };
    // As the release before 0014 stored it: scope without a fingerprint, the answer's text.
    await db().insert(idempotencyKeys).values({ userId: p.id, key: 'legacy-1', scope: 'POST /api/digitbet', responseStatus: 200, responseBody: JSON.stringify(stored) });
    const before = await books(db(), p.id);
    const replayed = await post(p, '/api/digitbet', ROUTES[1].body, 'legacy-1');
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(stored);
    expect(await books(db(), p.id)).toEqual(before);
  });
});
