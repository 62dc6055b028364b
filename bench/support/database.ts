import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../server/db/client';
import type { Db } from '../../server/db/client';
import { agents, ledger, tokens, users } from '../../server/db/schema';
import { kyat } from '../../server/lib/money';
import { hashPassword } from '../../server/lib/passwords';
import { expiryFrom, newToken } from '../../server/domain/sessions';

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
    return await seedPlayersInto(database.db, count, openingKyat);
  } finally {
    await database.close();
  }
}

/** seedPlayers on an open database (PGlite too), in batches that stay under PostgreSQL's parameter limit. */
export async function seedPlayersInto(db: Db, count: number, openingKyat: number): Promise<string[]> {
  const passwordHash = await hashPassword('bench-password');
  const [agent] = await db.insert(agents).values({ name: 'Bench Agent', referralCode: 'BENCH' }).returning({ id: agents.id });
  const opening = kyat(openingKyat);
  const now = new Date();
  const tokensOut: string[] = [];
  for (let from = 0; from < count; from += BATCH) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
          const i = from + k;
          return {
            userName: `Pi${String(90_000_000 + i)}`,
            name: `Bench ${i}`,
            phone: `0990${String(i).padStart(7, '0')}`,
            passwordHash,
            agentId: agent!.id,
            balance: opening,
            mainBalance: opening,
          };
        }),
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
    const issued = rows.map(({ id }) => ({ id, ...newToken() }));
    await db.insert(tokens).values(
      issued.map(({ id, hash }) => ({ userId: id, tokenHash: hash, createdAt: now, lastUsedAt: now, expiresAt: expiryFrom(now, 1) })),
    );
    tokensOut.push(...issued.map((t) => t.token));
  }
  return tokensOut;
}

const BATCH = 1000;
