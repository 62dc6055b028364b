import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoDCounters } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { pgTestUrl } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { registerPlayer } from './accounts-helpers';
import { MONDAY, TWO_D_ENV, bet, snapshot, yangon } from './two-d-bet-helpers';
import { fund } from './wallet-helpers';

/**
 * The morning draw closes at 11:55 Yangon time. A bet that arrives at 11:54 but waits for a number's
 * counter lock (another bet holds it) until after 11:55 is refused as closed when it gets the lock:
 * the server's clock at the moment of the check decides, not the moment the request arrived.
 */
describe.skipIf(!pgTestUrl)('2D: the cut-off passes while a bet waits for the counter lock (postgres)', () => {
  let server: TestServer;
  const clock = manualClock(yangon(MONDAY, '11:54'));
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer('postgres', { clock, env: TWO_D_ENV });
    await seedDemo(db());
  });
  afterAll(() => server?.close());

  /** Waits until some statement of this database waits on a lock. */
  async function someoneWaitsOnALock(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const rows = (await db().execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (rows.rows[0]!.n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the bet never waited on the lock');
  }

  it('is refused as closed, and leaves nothing behind', async () => {
    const player = await registerPlayer(server);
    await fund(db(), player.id, { main: 10_000 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another bet's transaction holds number 12's counter of this morning's draw.
    const holder = db().transaction(async (tx) => {
      await tx.insert(twoDCounters).values({ drawDate: MONDAY, session: 'morning', number: '12' }).onConflictDoNothing();
      await tx.execute(sql`select 1 from two_d_counters where draw_date = ${MONDAY} and session = 'morning' and number = '12' for update`);
      locked();
      await held;
    });
    await isLocked;
    const before = await snapshot(db());

    const answer = bet(server, player, { '12': 500 }, { key: 'late-1' });
    await someoneWaitsOnALock();
    clock.set(yangon(MONDAY, '11:56'));
    release();
    await holder;

    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.refusal?.code).toBe('two_d.session_closed');
    expect(await snapshot(db()), 'no slip, bet, ledger row, key, counter or balance change').toEqual(before);
  });
});
