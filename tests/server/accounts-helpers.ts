import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { ledger, rateLimits, tokens, users } from '../../server/db/schema';
import { DEMO_REFERRAL_CODE } from '../../server/db/seed';
import type { TestServer } from '../support/server';

/** Shared pieces of the accounts tests: fresh players, table counts, response checks. */

let phoneSeq = 0;
/** A phone no other test uses (per process). */
export function freshPhone(): string {
  phoneSeq += 1;
  return `09${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(6, '0')}`;
}

export interface Player {
  token: string;
  id: number;
  userName: string;
  phone: string;
  password: string;
}

export async function registerPlayer(server: TestServer, overrides: Record<string, unknown> = {}): Promise<Player> {
  const password = (overrides.password as string | undefined) ?? 'secret123';
  const body = {
    name: 'Test Player',
    phone: freshPhone(),
    password,
    password_confirmation: password,
    referral_code: DEMO_REFERRAL_CODE,
    ...overrides,
  };
  const res = await server.call('POST', '/api/register', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { user, token } = res.body.data;
  return { token, id: user.id, userName: user.user_name, phone: user.phone, password };
}

export async function login(server: TestServer, userName: string, password: string, headers?: Record<string, string>) {
  return server.call('POST', '/api/login', { body: { user_name: userName, password }, headers });
}

export async function tableCounts(db: Db) {
  const [[u], [t], [l], [r]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(tokens),
    db.select({ n: count() }).from(ledger),
    db.select({ n: count() }).from(rateLimits),
  ]);
  return { users: u!.n, tokens: t!.n, ledger: l!.n, rateLimits: r!.n };
}

/** Runs `act` and asserts it wrote no user, token or ledger row. */
export async function expectNothingWritten(db: Db, act: () => Promise<void>) {
  const before = await tableCounts(db);
  await act();
  const after = await tableCounts(db);
  expect({ users: after.users, tokens: after.tokens, ledger: after.ledger }).toEqual({
    users: before.users,
    tokens: before.tokens,
    ledger: before.ledger,
  });
}

export function expect422(res: { status: number; body: any }, errors: Record<string, string[]>) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors).toEqual(errors);
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const suffix = more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : '';
  expect(res.body.message).toBe(`${all[0]}${suffix}`);
}

export async function setStatus(db: Db, userId: number, status: number) {
  await db.update(users).set({ status }).where(eq(users.id, userId));
}

export const UNAUTHENTICATED = { message: 'Unauthenticated.' };
export const OK = 'Request was successful.';
export const FAILED = 'Error has occured...';
