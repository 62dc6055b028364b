import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { idempotencyKeys, ledger, twoDBets, twoDCounters, twoDSlips, users } from '../../server/db/schema';
import { yangonAt } from '../../server/domain/two-d/calendar';
import type { TestServer } from '../support/server';
import type { Player } from './accounts-helpers';

/** Shared pieces of the 2D bet tests: Yangon instants, placing bets, reading the books. */

/** The instant of a Yangon wall-clock time ('YYYY-MM-DD', 'HH:mm'). */
export const yangon = (date: string, hhmm: string) => yangonAt(date, hhmm);

// 2026-01-05 is a Monday; 2026-01-10 a Saturday.
export const MONDAY = '2026-01-05';
export const TUESDAY = '2026-01-06';
export const SATURDAY = '2026-01-10';

/** Settings every 2D test server runs with: no simulated feed confirming results by itself. */
export const TWO_D_ENV = { TWO_D_SIMULATE: false } as const;

export type Lines = Record<string, number> | [string, number][];

/** POST /api/twod-bet with totalAmount = the sum of the lines unless given. */
export function bet(
  server: TestServer,
  player: Player,
  lines: Lines,
  opts: { session?: unknown; totalAmount?: unknown; key?: string; extra?: Record<string, unknown> } = {},
) {
  const entries = Array.isArray(lines) ? lines : Object.entries(lines);
  const amounts = entries.map(([num, amount]) => ({ num, amount }));
  const sum = entries.reduce((acc, [, amount]) => acc + amount, 0);
  const body: Record<string, unknown> = { totalAmount: opts.totalAmount ?? sum, amounts, ...opts.extra };
  if (opts.session !== undefined) body.session = opts.session;
  const headers = opts.key ? { 'idempotency-key': opts.key } : undefined;
  return server.call('POST', '/api/twod-bet', { token: player.token, body, headers });
}

/** Everything a bet could have written, for "nothing changed" checks. */
export async function snapshot(db: Db) {
  const [[slips], [bets], [ledgerRows], [keys], counters, balances] = await Promise.all([
    db.select({ n: count() }).from(twoDSlips),
    db.select({ n: count() }).from(twoDBets),
    db.select({ n: count() }).from(ledger),
    db.select({ n: count() }).from(idempotencyKeys),
    db
      .select({ key: sql<string>`${twoDCounters.drawDate} || ' ' || ${twoDCounters.session} || ' ' || ${twoDCounters.number}`, staked: twoDCounters.staked })
      .from(twoDCounters)
      .where(sql`${twoDCounters.staked} > 0`)
      .orderBy(twoDCounters.drawDate, twoDCounters.session, twoDCounters.number),
    db.select({ id: users.id, balance: users.balance, main: users.mainBalance }).from(users).orderBy(users.id),
  ]);
  return { slips: slips!.n, bets: bets!.n, ledger: ledgerRows!.n, keys: keys!.n, counters, balances };
}

export async function expectNothingChanged(db: Db, act: () => Promise<void>) {
  const before = await snapshot(db);
  await act();
  expect(await snapshot(db)).toEqual(before);
}

/** What is staked on a number of a draw, in whole Kyat (0 without a counter). */
export async function stakedOn(db: Db, date: string, session: string, number: string): Promise<number> {
  const [row] = await db
    .select({ staked: twoDCounters.staked })
    .from(twoDCounters)
    .where(sql`${twoDCounters.drawDate} = ${date} and ${twoDCounters.session} = ${session} and ${twoDCounters.number} = ${number}`);
  return row ? Number(row.staked / 100n) : 0;
}

export async function mainBalance(db: Db, userId: number): Promise<bigint> {
  const [row] = await db.select({ main: users.mainBalance }).from(users).where(eq(users.id, userId));
  return row!.main;
}

export const OVER_LIMIT = (nums: string[]) => ({
  status: 'Error has occured...',
  message: `Over-limit or closed numbers: ${nums.join(', ')}`,
  data: nums,
});

export const FAILURE = (message: string) => ({ status: 'Error has occured...', message, data: null });
