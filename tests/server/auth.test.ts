import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, tokens, users } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, DEMO_USER_NAME, seedDemo } from '../../server/db/seed';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import {
  FAILED,
  OK,
  UNAUTHENTICATED,
  expect422,
  expectNothingWritten,
  freshPhone,
  login,
  registerPlayer,
  setStatus,
} from './accounts-helpers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const validRegistration = () => ({
  name: 'Aung Aung',
  phone: freshPhone(),
  password: 'secret123',
  password_confirmation: 'secret123',
  referral_code: DEMO_REFERRAL_CODE,
});

describe.each(dbKinds)('accounts (%s)', (kind) => {
  const clock = manualClock('2026-01-05T05:00:00Z');
  let server: TestServer;

  beforeAll(async () => {
    // Rate limits are covered in auth-rate-limit.test.ts; here they must not interfere.
    server = await startTestServer(kind, { clock, env: { LOGIN_MAX_PER_USER: 1000, LOGIN_MAX_PER_IP: 10_000 } });
    await seedDemo(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  describe('POST /register', () => {
    it('creates a player under the agent and answers { user, token } with a working token', async () => {
      const body = validRegistration();
      const res = await server.call('POST', '/api/register', { body });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.message).toBe('User register successfully.');
      const { user, token } = res.body.data;
      expect(user).toEqual({
        id: expect.any(Number),
        name: 'Aung Aung',
        user_name: expect.stringMatching(/^Pi\d{8}$/),
        phone: body.phone,
        balance: '0.00',
        main_balance: '0.00',
        member_account: user.user_name,
        status: 1,
        telegram_linked: false,
        has_password: true,
      });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const me = await server.call('GET', '/api/user', { token });
      expect(me.status).toBe(200);
      expect(me.body.data).toEqual(user);

      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      const [agent] = await db().select().from(agents).where(eq(agents.referralCode, DEMO_REFERRAL_CODE));
      expect(row!.agentId).toBe(agent!.id);
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.passwordHash).not.toContain(body.password);
    });

    it('normalises Burmese digits in the phone', async () => {
      const res = await server.call('POST', '/api/register', {
        body: { ...validRegistration(), phone: '၀၉၇၇၇၁၂၃၄၅၆' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.user.phone).toBe('09777123456');
    });

    it('accepts form-encoded and multipart bodies from legacy clients', async () => {
      const form = new URLSearchParams(validRegistration());
      const encoded = await server.call('POST', '/api/register', {
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(encoded.status).toBe(200);
      expect(encoded.body.data.user.phone).toBe(form.get('phone'));

      const multipart = new FormData();
      const fields = validRegistration();
      for (const [k, v] of Object.entries(fields)) multipart.append(k, v);
      const res = await fetch(`${server.url}/api/register`, { method: 'POST', body: multipart });
      const body = (await res.json()) as any;
      expect(res.status).toBe(200);
      expect(body.data.user.phone).toBe(fields.phone);
    });

    it('gives every player a distinct generated user name', async () => {
      const names = new Set<string>();
      for (let i = 0; i < 5; i++) names.add((await registerPlayer(server)).userName);
      expect(names.size).toBe(5);
      for (const name of names) expect(name).toMatch(/^Pi\d{8}$/);
    });

    it('422 with every missing field, and writes nothing', async () => {
      await expectNothingWritten(db(), async () => {
        const res = await server.call('POST', '/api/register', { body: {} });
        expect422(res, {
          name: ['The name field is required.'],
          phone: ['The phone field is required.'],
          password: ['The password field is required.'],
          referral_code: ['The referral code field is required.'],
        });
        expect(res.body.message).toBe('The name field is required. (and 3 more errors)');
        // Empty and whitespace-only strings count as missing too.
        const blank = await server.call('POST', '/api/register', {
          body: { name: '  ', phone: '', password: '', password_confirmation: '', referral_code: ' ' },
        });
        expect(Object.keys(blank.body.errors)).toEqual(['name', 'phone', 'password', 'referral_code']);
      });
    });

    it('422 for malformed JSON and non-object bodies', async () => {
      await expectNothingWritten(db(), async () => {
        for (const body of ['{"name": "Aung', '["a","b"]', '"text"', '42']) {
          const res = await server.call('POST', '/api/register', { body });
          expect(res.status).toBe(422);
          expect(res.body.errors.name).toEqual(['The name field is required.']);
        }
      });
    });

    it('422 for too-short values and a confirmation that does not match', async () => {
      await expectNothingWritten(db(), async () => {
        const res = await server.call('POST', '/api/register', {
          body: { ...validRegistration(), name: 'ab' },
        });
        expect422(res, { name: ['The name field must be at least 3 characters.'] });
        const short = await server.call('POST', '/api/register', {
          body: { ...validRegistration(), password: '12345', password_confirmation: '12345' },
        });
        expect422(short, { password: ['The password field must be at least 6 characters.'] });
        const mismatch = await server.call('POST', '/api/register', {
          body: { ...validRegistration(), password_confirmation: 'secret124' },
        });
        expect422(mismatch, { password: ['The password field confirmation does not match.'] });
        const missingConfirmation = await server.call('POST', '/api/register', {
          body: { ...validRegistration(), password_confirmation: undefined },
        });
        expect422(missingConfirmation, { password: ['The password field confirmation does not match.'] });
      });
    });

    it('422 for wrong types, and writes nothing', async () => {
      await expectNothingWritten(db(), async () => {
        const res = await server.call('POST', '/api/register', {
          body: { name: 12345, phone: 9123456789, password: true, password_confirmation: true, referral_code: ['DEMO2026'] },
        });
        expect422(res, {
          name: ['The name field must be a string.'],
          phone: ['The phone field must be a string.'],
          password: ['The password field must be a string.'],
          referral_code: ['The referral code field must be a string.'],
        });
        const objects = await server.call('POST', '/api/register', {
          body: { ...validRegistration(), name: { $gt: '' }, phone: { toString: 'x' } },
        });
        expect422(objects, {
          name: ['The name field must be a string.'],
          phone: ['The phone field must be a string.'],
        });
      });
    });

    it('422 for overlong values, and writes nothing', async () => {
      await expectNothingWritten(db(), async () => {
        const long = 'x'.repeat(129);
        const res = await server.call('POST', '/api/register', {
          body: {
            name: 'n'.repeat(101),
            phone: '0'.repeat(21),
            password: long,
            password_confirmation: long,
            referral_code: 'R'.repeat(51),
          },
        });
        expect422(res, {
          name: ['The name field must not be greater than 100 characters.'],
          phone: ['The phone field must not be greater than 20 characters.'],
          password: ['The password field must not be greater than 128 characters.'],
          referral_code: ['The referral code field must not be greater than 50 characters.'],
        });
      });
    });

    it('422 for a phone that is not digits, SQL-like text included', async () => {
      await expectNothingWritten(db(), async () => {
        for (const phone of ['09-12', 'abcdefg', "0912' OR '1'='1", '0912;DROP TABLE users', '12345', '++0912345678']) {
          const res = await server.call('POST', '/api/register', { body: { ...validRegistration(), phone } });
          expect(res.status, phone).toBe(422);
          expect(res.body.errors.phone, phone).toContain('The phone field format is invalid.');
        }
      });
      // One phone, one form (lib/phone.ts): +959… is stored as 09…, other countries keep their +.
      const plus = await server.call('POST', '/api/register', { body: { ...validRegistration(), phone: '+959123450001' } });
      expect(plus.status).toBe(200);
      expect(plus.body.data.user.phone).toBe('09123450001');
      const thai = await server.call('POST', '/api/register', { body: { ...validRegistration(), phone: '+66 81 234 5001' } });
      expect(thai.status).toBe(200);
      expect(thai.body.data.user.phone).toBe('+66812345001');
    });

    it('422 on referral_code when no agent has it, SQL-like codes included', async () => {
      await expectNothingWritten(db(), async () => {
        for (const code of ['NOPE', "' OR '1'='1", 'DEMO2026\'--', 'demo2026 OR 1=1']) {
          const res = await server.call('POST', '/api/register', {
            body: { ...validRegistration(), referral_code: code },
          });
          expect422(res, { referral_code: ['The selected referral code is invalid.'] });
        }
      });
    });

    it('422 when the phone is taken, also when written in Burmese digits', async () => {
      const first = await registerPlayer(server);
      const burmese = first.phone.replace(/\d/g, (d) => String.fromCharCode(0x1040 + Number(d)));
      await expectNothingWritten(db(), async () => {
        for (const phone of [first.phone, burmese, ` ${first.phone} `]) {
          const res = await server.call('POST', '/api/register', { body: { ...validRegistration(), phone } });
          expect422(res, { phone: ['The phone has already been taken.'] });
        }
      });
    });

    it('stores quotes and SQL-like text in the name as plain text', async () => {
      const name = `Robert'); DROP TABLE users;-- "Bobby" \\ ၁၂၃`;
      const player = await registerPlayer(server, { name });
      const me = await server.call('GET', '/api/user', { token: player.token });
      expect(me.body.data.name).toBe(name);
      const [row] = await db().select({ name: users.name }).from(users).where(eq(users.id, player.id));
      expect(row!.name).toBe(name);
      const demo = await login(server, DEMO_USER_NAME, DEMO_PASSWORD);
      expect(demo.status).toBe(200);
    });

    it('refuses oversized bodies before reading them', async () => {
      await expectNothingWritten(db(), async () => {
        const res = await server.call('POST', '/api/register', {
          body: { ...validRegistration(), name: 'x'.repeat(100_000) },
        });
        expect(res.status).toBe(413);
        expect(res.body.status).toBe(FAILED);
      });
    });
  });

  describe('POST /login', () => {
    it('logs the demo player in by user name with the contract shape', async () => {
      const res = await login(server, DEMO_USER_NAME, DEMO_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.message).toBe('User login successfully.');
      expect(res.body.data.user).toEqual({
        id: expect.any(Number),
        name: 'Demo Player',
        user_name: DEMO_USER_NAME,
        phone: '09123456789',
        balance: '50000.00',
        main_balance: '100000.00',
        status: 1,
        telegram_linked: false,
        has_password: true,
      });
      const me = await server.call('GET', '/api/user', { token: res.body.data.token });
      expect(me.status).toBe(200);
      expect(me.body.data.user_name).toBe(DEMO_USER_NAME);
    });

    it('logs in by phone when the user name is all digits (Burmese digits too)', async () => {
      const player = await registerPlayer(server);
      const byPhone = await login(server, player.phone, player.password);
      expect(byPhone.status).toBe(200);
      expect(byPhone.body.data.user.user_name).toBe(player.userName);
      const burmese = player.phone.replace(/\d/g, (d) => String.fromCharCode(0x1040 + Number(d)));
      expect((await login(server, burmese, player.password)).status).toBe(200);
      expect((await login(server, player.userName.toLowerCase(), player.password)).status).toBe(200);
    });

    it('401 "Credentials do not match!" for a wrong password or unknown user, issuing no token', async () => {
      const player = await registerPlayer(server);
      await expectNothingWritten(db(), async () => {
        for (const [name, password] of [
          [player.userName, 'wrong-password'],
          [player.userName, player.password.toUpperCase()],
          ['Pi99999999', player.password],
          ["' OR '1'='1", "' OR '1'='1"],
          [`${player.userName}' --`, 'x'],
          [player.phone, 'wrong-password'],
        ]) {
          const res = await login(server, name!, password!);
          expect(res.status, name).toBe(401);
          expect(res.body).toEqual({ status: FAILED, message: 'Credentials do not match!', data: null });
        }
      });
    });

    it('422 for missing, wrong-typed or overlong fields', async () => {
      await expectNothingWritten(db(), async () => {
        expect422(await server.call('POST', '/api/login', { body: {} }), {
          user_name: ['The user name field is required.'],
          password: ['The password field is required.'],
        });
        expect422(await server.call('POST', '/api/login', { body: { user_name: 12345678, password: ['x'] } }), {
          user_name: ['The user name field must be a string.'],
          password: ['The password field must be a string.'],
        });
        expect422(await server.call('POST', '/api/login', { body: { user_name: 'P'.repeat(51), password: 'p'.repeat(129) } }), {
          user_name: ['The user name field must not be greater than 50 characters.'],
          password: ['The password field must not be greater than 128 characters.'],
        });
      });
    });

    it('accepts a form-encoded login', async () => {
      const res = await server.call('POST', '/api/login', {
        body: new URLSearchParams({ user_name: DEMO_USER_NAME, password: DEMO_PASSWORD }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(200);
    });

    it('stores tokens only as SHA-256 hashes', async () => {
      const res = await login(server, DEMO_USER_NAME, DEMO_PASSWORD);
      const token: string = res.body.data.token;
      const raw = await db().select().from(tokens).where(eq(tokens.tokenHash, token));
      expect(raw).toHaveLength(0);
      const anywhere = await db().execute(sql`select count(*)::int as n from tokens where position(${token} in tokens::text) > 0`);
      expect(Number((anywhere as any).rows[0].n)).toBe(0);
      const [row] = await db().select().from(tokens).where(eq(tokens.tokenHash, sha256(token)));
      expect(row).toBeDefined();
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('banned players', () => {
    it('are refused at login (403) and their live tokens stop working at once', async () => {
      const player = await registerPlayer(server);
      expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
      await setStatus(db(), player.id, 0);

      const me = await server.call('GET', '/api/user', { token: player.token });
      expect(me.status).toBe(401);
      expect(me.body).toEqual(UNAUTHENTICATED);
      await expectNothingWritten(db(), async () => {
        const res = await login(server, player.userName, player.password);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ status: FAILED, message: 'Your account is not activated!', data: null });
        // A wrong password still reads as wrong credentials: the ban is not revealed.
        expect((await login(server, player.userName, 'not-it')).status).toBe(401);
      });

      await setStatus(db(), player.id, 1);
      expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
    });
  });

  describe('GET /user', () => {
    it('answers the contract shape with money as two-decimal strings', async () => {
      const { body } = await login(server, DEMO_USER_NAME, DEMO_PASSWORD);
      const res = await server.call('GET', '/api/user', { token: body.data.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: OK,
        message: null,
        data: {
          id: body.data.user.id,
          name: 'Demo Player',
          user_name: DEMO_USER_NAME,
          phone: '09123456789',
          balance: '50000.00',
          main_balance: '100000.00',
          member_account: DEMO_USER_NAME,
          status: 1,
          telegram_linked: false,
          has_password: true,
        },
      });
    });

    it('reflects the current balances (no stale cache)', async () => {
      const player = await registerPlayer(server);
      await db().update(users).set({ balance: 123_456n, mainBalance: 7n }).where(eq(users.id, player.id));
      const res = await server.call('GET', '/api/user', { token: player.token });
      expect(res.body.data.balance).toBe('1234.56');
      expect(res.body.data.main_balance).toBe('0.07');
    });

    // PGlite only: its token lookup is a session-level PREPARE (node-postgres manages its own).
    if (kind === 'pglite') {
      it('recovers when the session lost its prepared lookup', async () => {
        const player = await registerPlayer(server);
        expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
        await db().execute(sql`deallocate all`);
        expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
      });
    }

    it('401 { message: "Unauthenticated." } without a valid bearer token', async () => {
      const { token } = await registerPlayer(server);
      const attempts: Record<string, string>[] = [
        {},
        { authorization: token },
        { authorization: `Basic ${token}` },
        { authorization: 'Bearer ' },
        { authorization: `Bearer ${token}x` },
        { authorization: `Bearer ${sha256(token)}` },
        { authorization: "Bearer ' OR '1'='1" },
        { authorization: `Bearer ${'a'.repeat(5000)}` },
      ];
      for (const headers of attempts) {
        const res = await server.call('GET', '/api/user', { headers });
        expect(res.status, JSON.stringify(headers).slice(0, 60)).toBe(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
      expect((await server.call('GET', '/api/user', { headers: { authorization: `bearer ${token}` } })).status).toBe(200);
    });

    it('expires tokens after TOKEN_TTL_DAYS of disuse and slides the expiry with use', async () => {
      const player = await registerPlayer(server);
      const idle = await registerPlayer(server);
      const expiry = async (token: string) =>
        (await db().select().from(tokens).where(eq(tokens.tokenHash, sha256(token))))[0]!;
      const issued = await expiry(player.token);

      // Within a minute a read writes nothing.
      clock.advance(30_000);
      expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
      expect((await expiry(player.token)).lastUsedAt).toEqual(issued.lastUsedAt);

      clock.advance(20 * 86_400_000);
      expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
      const touched = await expiry(player.token);
      expect(touched.lastUsedAt.getTime()).toBe(clock.now().getTime());
      expect(touched.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * 86_400_000);

      clock.advance(20 * 86_400_000); // 40 days after issue, 20 after last use
      expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
      const idleRes = await server.call('GET', '/api/user', { token: idle.token });
      expect(idleRes.status).toBe(401);
      expect(idleRes.body).toEqual(UNAUTHENTICATED);
    });
  });

  describe('POST /logout', () => {
    it('revokes the token it was called with, and only that one', async () => {
      const player = await registerPlayer(server);
      const second = (await login(server, player.userName, player.password)).body.data.token;
      const res = await server.call('POST', '/api/logout', { token: player.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: OK, message: 'Logout successfully.', data: null });

      expect(await server.call('GET', '/api/user', { token: player.token })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect((await server.call('POST', '/api/logout', { token: player.token })).status).toBe(401);
      const [row] = await db().select().from(tokens).where(eq(tokens.tokenHash, sha256(player.token)));
      expect(row!.revokedAt).not.toBeNull();
      expect((await server.call('GET', '/api/user', { token: second })).status).toBe(200);
    });

    it('401 without a token', async () => {
      expect(await server.call('POST', '/api/logout')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    });
  });

  describe('POST /change-password', () => {
    const change = (token: string | undefined, body: unknown) => server.call('POST', '/api/change-password', { token, body });

    it('changes the password, keeps the current token and revokes the others', async () => {
      const player = await registerPlayer(server);
      const other = (await login(server, player.userName, player.password)).body.data.token;
      const res = await change(player.token, {
        current_password: player.password,
        password: 'brand-new-1',
        password_confirmation: 'brand-new-1',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: OK, message: 'Password has been changed successfully.', data: null });

      expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(200);
      expect(await server.call('GET', '/api/user', { token: other })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect((await login(server, player.userName, player.password)).status).toBe(401);
      expect((await login(server, player.userName, 'brand-new-1')).status).toBe(200);
    });

    it('401 "Old Password is incorrect" for a wrong current password, changing nothing', async () => {
      const player = await registerPlayer(server);
      const other = (await login(server, player.userName, player.password)).body.data.token;
      const res = await change(player.token, {
        current_password: 'not-my-password',
        password: 'brand-new-1',
        password_confirmation: 'brand-new-1',
      });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Old Password is incorrect');
      expect((await login(server, player.userName, player.password)).status).toBe(200);
      expect((await server.call('GET', '/api/user', { token: other })).status).toBe(200);
    });

    it('422 field errors, changing nothing', async () => {
      const player = await registerPlayer(server);
      expect422(await change(player.token, {}), {
        current_password: ['The current password field is required.'],
        password: ['The password field is required.'],
      });
      expect422(await change(player.token, { current_password: player.password, password: '123', password_confirmation: '123' }), {
        password: ['The password field must be at least 6 characters.'],
      });
      expect422(await change(player.token, { current_password: player.password, password: 'abcdef', password_confirmation: 'abcdeg' }), {
        password: ['The password field confirmation does not match.'],
      });
      expect422(await change(player.token, { current_password: 123456, password: { a: 1 } }), {
        current_password: ['The current password field must be a string.'],
        password: ['The password field must be a string.'],
      });
      const long = 'p'.repeat(129);
      expect422(await change(player.token, { current_password: long, password: long, password_confirmation: long }), {
        current_password: ['The current password field must not be greater than 128 characters.'],
        password: ['The password field must not be greater than 128 characters.'],
      });
      expect((await login(server, player.userName, player.password)).status).toBe(200);
    });

    it('401 without a token', async () => {
      const res = await change(undefined, { current_password: 'x', password: 'abcdef', password_confirmation: 'abcdef' });
      expect(res).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    });
  });

  it('has no legacy /player-change-password route', async () => {
    const player = await registerPlayer(server);
    for (const token of [undefined, player.token]) {
      const res = await server.call('POST', '/api/player-change-password', {
        token,
        body: { id: player.id, user_id: player.id, password: 'hacked123', password_confirmation: 'hacked123' },
      });
      expect(res.status).toBe(404);
    }
    expect((await login(server, player.userName, 'hacked123')).status).toBe(401);
    expect((await login(server, player.userName, player.password)).status).toBe(200);
  });
});
