import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { canonicalPhone } from '../../server/lib/phone';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { freshPhone, login } from './accounts-helpers';

/**
 * Issue 11, finding 8: sign-ups were unlimited, referral codes guessable without limit, and one
 * phone could register twice in two spellings. Now: per-address limits with 429 + Retry-After, and
 * one canonical phone form under the unique index (existing rows migrated).
 */
const via = (ip: string) => ({ 'x-forwarded-for': ip });
const form = (over: Record<string, unknown> = {}) => ({
  name: 'Ko Aung',
  phone: freshPhone(),
  password: 'secret123',
  password_confirmation: 'secret123',
  referral_code: DEMO_REFERRAL_CODE,
  ...over,
});

describe.each(dbKinds)('sign-up limits and phones (%s)', (kind) => {
  const clock = manualClock('2026-01-05T05:00:00Z');
  let server: TestServer;
  const register = (body: unknown, ip: string) => server.call('POST', '/api/register', { body, headers: via(ip) });
  const userCount = async () => (await server.database.db.select({ n: count() }).from(users))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      clock,
      env: { TRUST_PROXY: { hops: 1, proxies: [] }, REGISTER_MAX_PER_IP: 5, REGISTER_MAX_BAD_REFERRALS_PER_IP: 3, REGISTER_WINDOW_SECONDS: 3600 },
    });
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('30 parallel sign-ups from one address: at most 5 accounts, the rest 429 with Retry-After', async () => {
    const before = await userCount();
    const results = await Promise.all(Array.from({ length: 30 }, () => register(form(), '198.51.100.1')));
    const created = results.filter((r) => r.status === 200).length;
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThanOrEqual(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBe(30 - created);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0]!.body.message).toMatch(/^Too many sign-ups from this network\. Please try again in \d+ seconds\.$/);
    expect(await userCount()).toBe(before + created);
    // Another address is not affected.
    expect((await register(form(), '198.51.100.2')).status).toBe(200);
  });

  it('a refused form does not use up the address\'s sign-ups', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 8; i++) expect((await register(form({ password_confirmation: 'nope' }), ip)).status).toBe(422);
    for (let i = 0; i < 5; i++) expect((await register(form(), ip)).status).toBe(200);
    expect((await register(form(), ip)).status).toBe(429);
  });

  it('referral codes cannot be guessed: after 3 wrong codes the address gets 429, even with a right one', async () => {
    const ip = '198.51.100.4';
    for (let i = 0; i < 3; i++) {
      const res = await register(form({ referral_code: `GUESS${i}` }), ip);
      expect(res.status).toBe(422);
      expect(res.body.errors.referral_code).toEqual(['The selected referral code is invalid.']);
    }
    const blocked = await register(form(), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    clock.advance(3600 * 1000);
    expect((await register(form(), ip)).status).toBe(200);
  });

  it('one phone in every spelling: 09…, +09…, 959…, +959…, 0095…, spaces, dashes and Burmese digits are one account', async () => {
    clock.advance(3600 * 1000);
    const first = await register(form({ phone: '09488360890' }), '198.51.100.5');
    expect(first.status).toBe(200);
    expect(first.body.data.user.phone).toBe('09488360890');
    for (const spelling of ['+09488360890', '959488360890', '+959488360890', '0095 9488360890', '09 488-360 890', '၀၉၄၈၈၃၆၀၈၉၀']) {
      const res = await register(form({ phone: spelling }), '198.51.100.6');
      expect(res.status, spelling).toBe(422);
      expect(res.body.errors.phone).toEqual(['The phone has already been taken.']);
      clock.advance(3600 * 1000);
      const signIn = await login(server, spelling, 'secret123', via('198.51.100.7'));
      expect(signIn.status, spelling).toBe(200);
      expect(signIn.body.data.user.id).toBe(first.body.data.user.id);
    }
  });

  it('a new number typed as +959… is stored as 09…', async () => {
    clock.advance(3600 * 1000);
    const res = await register(form({ phone: '+95 9 791 234 567' }), '198.51.100.8');
    expect(res.status).toBe(200);
    expect(res.body.data.user.phone).toBe('09791234567');
  });
});

describe('migration 0008: existing phones become canonical', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kp-mig-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites old spellings; of two rows that meet, the canonical (else older) one keeps the phone', async () => {
    // The migrations as they were before 0008.
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 8);
    writeFileSync(journalPath, JSON.stringify(journal));
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: dir });
      await client.exec(`INSERT INTO agents (name, referral_code) VALUES ('A', 'MIG1')`);
      const rows: [string, string][] = [
        ['Pi00000011', '+959488360890'], // older, not canonical
        ['Pi00000012', '09488360890'], // canonical: keeps it
        ['Pi00000013', '959 777-123-456'],
        ['Pi00000014', '+09250111222'],
        ['Pi00000015', '+66812345678'],
      ];
      for (const [name, phone] of rows) {
        await client.query(`INSERT INTO users (user_name, name, phone, password_hash, agent_id) VALUES ($1, 'x', $2, 'h', 1)`, [name, phone]);
      }
      await migrate(db, { migrationsFolder });
      const { rows: after } = await client.query<{ user_name: string; phone: string; id: number }>(`SELECT id, user_name, phone FROM users ORDER BY user_name`);
      const byName = Object.fromEntries(after.map((r) => [r.user_name, r.phone]));
      expect(byName.Pi00000012).toBe('09488360890');
      expect(byName.Pi00000011).toMatch(/^09488360890#dup\d+$/);
      expect(byName.Pi00000013).toBe('09777123456');
      expect(byName.Pi00000014).toBe('09250111222');
      expect(byName.Pi00000015).toBe('+66812345678');
      // The server's normaliser agrees with the migration on every row it left canonical.
      for (const [, phone] of rows) if (!byName.Pi00000011!.startsWith(phone)) expect(Object.values(byName)).toContain(canonicalPhone(phone));
    } finally {
      await client.close();
    }
  });
});
