import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { agents, users } from '../../server/db/schema';
import { isUniqueViolation } from '../../server/lib/pg-error';
import { asciiDigits } from '../../server/lib/validation';
import { hashToken, newToken } from '../../server/domain/sessions';
import { bearerToken } from '../../server/routes/auth/user-payload';
import { USER_NAME_PATTERN, insertUserWithFreshName, randomUserName } from '../../server/domain/user-names';
import { createTestDatabase, dbKinds } from '../support/db';

describe('token helpers', () => {
  it('issues 32 random bytes as base64url and keeps only their SHA-256', () => {
    const a = newToken();
    const b = newToken();
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads only well-formed bearer headers', () => {
    expect(bearerToken('Bearer abc_DEF-123')).toBe('abc_DEF-123');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken("Bearer ' OR 1=1")).toBeUndefined();
  });
});

describe('Burmese digits', () => {
  it('become ASCII, nothing else changes', () => {
    expect(asciiDigits('၀၁၂၃၄၅၆၇၈၉')).toBe('0123456789');
    expect(asciiDigits('+၉၅ 9-x')).toBe('+95 9-x');
  });
});

describe('generated user names', () => {
  it('are "Pi" + 8 digits', () => {
    for (let i = 0; i < 200; i++) expect(randomUserName()).toMatch(USER_NAME_PATTERN);
  });
});

describe.each(dbKinds)('user name collisions (%s)', (kind) => {
  let database: Database;
  let agentId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [agent] = await database.db.insert(agents).values({ name: 'A', referralCode: 'A1' }).returning();
    agentId = agent!.id;
  });
  afterAll(async () => {
    await database?.close();
  });
  const player = (phone: string) => ({ name: 'P', phone, passwordHash: 'x', agentId });

  it('draws again when the generated name is taken', async () => {
    await insertUserWithFreshName(database.db, player('0900000001'), () => 'Pi12345678');
    const draws = ['Pi12345678', 'Pi12345678', 'Pi87654321'];
    let calls = 0;
    const row = await insertUserWithFreshName(database.db, player('0900000002'), () => draws[calls++]!);
    expect(calls).toBe(3);
    expect(row.userName).toBe('Pi87654321');
    const [stored] = await database.db.select().from(users).where(eq(users.id, row.id));
    expect(stored!.userName).toBe('Pi87654321');
  });

  it('gives up after bounded attempts rather than looping', async () => {
    await expect(insertUserWithFreshName(database.db, player('0900000003'), () => 'Pi12345678')).rejects.toThrow(/no free user name/);
  });

  it('reports a taken phone as its unique violation', async () => {
    const err = await insertUserWithFreshName(database.db, player('0900000001')).catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'users_phone_key')).toBe(true);
  });
});
