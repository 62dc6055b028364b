import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../server/db/client';
import { agents, ledger, users } from '../../server/db/schema';
import { kyat } from '../../server/lib/money';
import { hashPassword } from '../../server/routes/auth/passwords';
import { issueToken } from '../../server/routes/auth/session';

/** Where the benches create (and drop) their databases. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` on a fresh database `<prefix>_<random>` beside ADMIN_URL's (its URL is the argument)
 * and drops it afterwards, whatever happened.
 */
export async function withFreshDatabase<T>(prefix: string, work: (dbUrl: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * `count` players with `openingKyat` in both wallets (each with its 'opening' ledger row) and a
 * token each, written straight to the database (applying the migrations) before the server starts.
 */
export async function seedPlayers(url: string, count: number, openingKyat: number): Promise<string[]> {
  const database = await openPostgres(url, 4); // also applies the migrations
  try {
    const { db } = database;
    const passwordHash = await hashPassword('bench-password');
    const [agent] = await db.insert(agents).values({ name: 'Bench Agent', referralCode: 'BENCH' }).returning({ id: agents.id });
    const opening = kyat(openingKyat);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userName: `Pi${String(90_000_000 + i)}`,
          name: `Bench ${i}`,
          phone: `0990${String(i).padStart(7, '0')}`,
          passwordHash,
          agentId: agent!.id,
          balance: opening,
          mainBalance: opening,
        })),
      )
      .returning({ id: users.id });
    await db.insert(ledger).values(
      rows.flatMap(({ id }) =>
        (['game', 'main'] as const).map((wallet) => ({
          userId: id,
          wallet,
          kind: 'opening',
          amount: opening,
          balanceBefore: 0n,
          balanceAfter: opening,
          reference: 'bench:opening',
        })),
      ),
    );
    const now = new Date();
    return await Promise.all(rows.map(({ id }) => issueToken(db, id, now, 1)));
  } finally {
    await database.close();
  }
}
