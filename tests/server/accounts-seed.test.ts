import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { agents, ledger, users } from '../../server/db/schema';
import {
  DEMO_PASSWORD,
  DEMO_REFERRAL_CODE,
  DEMO_USER_NAME,
  seedDemo,
} from '../../server/db/seed';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { login, tableCounts } from './accounts-helpers';

describe.each(dbKinds)('demo seed (%s)', (kind) => {
  let server: TestServer;
  let database: Database;

  beforeAll(async () => {
    server = await startTestServer(kind);
    database = server.database;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is idempotent, also when two seeders race on an empty database', async () => {
    // Both find no demo player and try to create it; one must quietly write nothing.
    await Promise.all([seedDemo(database.db), seedDemo(database.db)]);
    const once = await tableCounts(database.db);
    expect(once).toMatchObject({ users: 1, ledger: 2 });
    await seedDemo(database.db);
    await Promise.all([seedDemo(database.db), seedDemo(database.db)]);
    expect(await tableCounts(database.db)).toEqual(once);

    const agentRows = await database.db.select().from(agents).where(eq(agents.referralCode, DEMO_REFERRAL_CODE));
    expect(agentRows).toHaveLength(1);
    expect(agentRows[0]!.name).toBe('KyatPlay Demo Agent');
    const players = await database.db.select().from(users).where(eq(users.userName, DEMO_USER_NAME));
    expect(players).toHaveLength(1);
    expect(players[0]).toMatchObject({
      name: 'Demo Player',
      phone: '09123456789',
      agentId: agentRows[0]!.id,
      status: 1,
      balance: 5_000_000n,
      mainBalance: 10_000_000n,
    });
  });

  it('writes each opening balance as one ledger row that sums to the balance', async () => {
    const [player] = await database.db.select().from(users).where(eq(users.userName, DEMO_USER_NAME));
    const rows = await database.db.select().from(ledger).where(eq(ledger.userId, player!.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.kind).toBe('opening');
      expect(row.balanceBefore).toBe(0n);
      expect(row.balanceAfter).toBe(row.amount);
    }
    const sum = async (wallet: 'game' | 'main') => {
      const [r] = await database.db
        .select({ total: sql<string>`coalesce(sum(${ledger.amount}), 0)::text` })
        .from(ledger)
        .where(and(eq(ledger.userId, player!.id), eq(ledger.wallet, wallet)));
      return BigInt(r!.total);
    };
    expect(await sum('game')).toBe(player!.balance);
    expect(await sum('main')).toBe(player!.mainBalance);
  });

  it('lets the demo player log in and register players with the demo code', async () => {
    const res = await login(server, DEMO_USER_NAME, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.user.balance).toBe('50000.00');
    expect(res.body.data.user.main_balance).toBe('100000.00');
  });
});
