import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operatorSessions, operators } from '../../server/db/schema';
import { totpCode } from '../../server/domain/operators/totp';
import { dbKinds } from '../support/db';
import { ADMIN_TOKEN, enrolOperator, nextCode, signIn, startOperatorServer, type Clock } from './operator-helpers';
import type { CashierServer } from './cashier-helpers';

describe.each(dbKinds)('operator accounts (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { env: { OPERATOR_LOGIN_MAX_PER_USER_IP: 3, LOGIN_DELAY_AFTER: 1000 } }));
  });
  afterAll(async () => {
    await server?.close();
  });
  const me = (token: string) => server.call('GET', '/api/admin/me', { token });

  describe('enrolment', () => {
    it('create answers a one-time setup code and an otpauth URI; the secret is sealed at rest', async () => {
      const res = await server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: 'Thida', display_name: 'Daw Thida', role: 'cashier' } });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ user_name: 'Thida', role: 'cashier', enrolled: false, setup_pending: true });
      expect(res.body.data.setup_code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
      const uri = new URL(res.body.data.otpauth_uri);
      expect(uri.protocol).toBe('otpauth:');
      const secret = uri.searchParams.get('secret')!;
      const [row] = await server.database.db.select().from(operators).where(eq(operators.userName, 'Thida'));
      expect(row!.totpSecret).toMatch(/^v1\./);
      expect(row!.totpSecret).not.toContain(secret);
      expect(row!.setupCodeHash).not.toContain(res.body.data.setup_code);
      // The same name in another case is the same operator.
      const again = await server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: 'thida', role: 'content' } });
      expect(again.status).toBe(409);
    });

    it('a wrong setup code or a wrong code does not enrol; the right ones do, once', async () => {
      const res = await server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: 'setup1', role: 'content' } });
      const secret = new URL(res.body.data.otpauth_uri).searchParams.get('secret')!;
      const body = { user_name: 'setup1', setup_code: res.body.data.setup_code, password: 'a-long-password' };
      const wrongCode = await server.call('POST', '/api/admin/session/setup', { body: { ...body, totp: '000000' } });
      expect(wrongCode.status).toBe(401);
      expect(wrongCode.refusal?.code).toBe('admin.setup_invalid');
      const wrongSetup = await server.call('POST', '/api/admin/session/setup', { body: { ...body, setup_code: 'AAAA-BBBB', totp: nextCode(clock, secret) } });
      expect(wrongSetup.status).toBe(401);
      const okay = await server.call('POST', '/api/admin/session/setup', { body: { ...body, totp: nextCode(clock, secret) } });
      expect(okay.status).toBe(200);
      expect((await me(okay.body.data.token)).body.data).toMatchObject({ actor: 'operator', user_name: 'setup1', role: 'content' });
      const reused = await server.call('POST', '/api/admin/session/setup', { body: { ...body, totp: nextCode(clock, secret) } });
      expect(reused.status).toBe(401);
    });

    it('a setup code expires after 24 hours', async () => {
      const res = await server.call('POST', '/api/admin/operators', { token: ADMIN_TOKEN, body: { user_name: 'late1', role: 'two_d' } });
      const secret = new URL(res.body.data.otpauth_uri).searchParams.get('secret')!;
      clock.advance(24 * 3600_000);
      const late = await server.call('POST', '/api/admin/session/setup', { body: { user_name: 'late1', setup_code: res.body.data.setup_code, password: 'a-long-password', totp: nextCode(clock, secret) } });
      expect(late.status).toBe(401);
    });
  });

  describe('two-factor sign-in', () => {
    it('refuses a missing, a wrong and a replayed code; a code works once within its window', async () => {
      const op = await enrolOperator(server, clock, 'cashier');
      const missing = await server.call('POST', '/api/admin/session', { body: { user_name: op.userName, password: op.password } });
      expect(missing.status).toBe(422);
      expect(missing.refusal?.error_codes?.totp?.[0]?.code).toBe('field.required');
      const wrong = await signIn(server, op, '123456');
      expect(wrong.status).toBe(401);
      expect(wrong.refusal?.code).toBe('admin.credentials');
      const code = nextCode(clock, op.secret);
      const first = await signIn(server, op, code);
      expect(first.status).toBe(200);
      expect(first.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The same code again, 10 s later (same window): refused.
      clock.advance(10_000);
      const replay = await signIn(server, op, code);
      expect(replay.status).toBe(401);
      // An older code (the previous step, still inside the ±1 window) is refused too: steps only go forward.
      const older = totpCode(op.secret, new Date(clock.now().getTime() - 30_000));
      expect((await signIn(server, op, older)).status).toBe(401);
      // The right password alone never signs in.
      const noPassword = await signIn(server, { ...op, password: 'wrong-password' }, nextCode(clock, op.secret));
      expect(noPassword.status).toBe(401);
    });

    it('two sign-ins racing with one code: exactly one session', async () => {
      const op = await enrolOperator(server, clock, 'two_d');
      const code = nextCode(clock, op.secret);
      const results = await Promise.all([signIn(server, op, code), signIn(server, op, code), signIn(server, op, code)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    });

    it('wrong sign-ins are rate-limited per (operator, address): 429 with Retry-After, even with the right password', async () => {
      const op = await enrolOperator(server, clock, 'content');
      for (let i = 0; i < 3; i++) expect((await signIn(server, op, '000000')).status).toBe(401);
      const blocked = await signIn(server, op, nextCode(clock, op.secret));
      expect(blocked.status).toBe(429);
      expect(blocked.refusal?.code).toBe('admin.too_many_logins');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      clock.advance(16 * 60_000);
      expect((await signIn(server, op, nextCode(clock, op.secret))).status).toBe(200);
    });

    it('a failed and a successful sign-in are audited', async () => {
      const op = await enrolOperator(server, clock, 'cashier');
      await signIn(server, op, '000000');
      await signIn(server, op, nextCode(clock, op.secret));
      const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.actorName, op.userName));
      expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['operator.setup', 'session.login_failed', 'session.login']));
    });
  });

  describe('sessions', () => {
    it('sign-out ends the session', async () => {
      const op = await enrolOperator(server, clock, 'cashier');
      expect((await me(op.token)).status).toBe(200);
      expect((await server.call('DELETE', '/api/admin/session', { token: op.token })).status).toBe(200);
      expect((await me(op.token)).status).toBe(401);
      expect((await server.call('GET', '/api/admin/deposits', { token: op.token })).status).toBe(401);
    });

    it('the owner ends every session of an operator; disabling ends them and refuses sign-in', async () => {
      const owner = await enrolOperator(server, clock, 'owner');
      const op = await enrolOperator(server, clock, 'cashier');
      const second = (await signIn(server, op, nextCode(clock, op.secret))).body.data.token;
      const revoked = await server.call('POST', `/api/admin/operators/${op.userName}/revoke-sessions`, { token: owner.token });
      expect(revoked.status).toBe(200);
      expect(revoked.body.data.sessions_ended).toBe(2);
      expect((await me(op.token)).status).toBe(401);
      expect((await me(second)).status).toBe(401);

      const third = (await signIn(server, op, nextCode(clock, op.secret))).body.data.token;
      expect((await server.call('POST', `/api/admin/operators/${op.userName}/disable`, { token: owner.token })).status).toBe(200);
      expect((await me(third)).status).toBe(401);
      expect((await signIn(server, op, nextCode(clock, op.secret))).status).toBe(401);
      expect((await server.call('POST', `/api/admin/operators/${op.userName}/enable`, { token: owner.token })).status).toBe(200);
      expect((await signIn(server, op, nextCode(clock, op.secret))).status).toBe(200);
    });

    it('a password change ends the other sessions and keeps this one; the old password stops working', async () => {
      const op = await enrolOperator(server, clock, 'content');
      const other = (await signIn(server, op, nextCode(clock, op.secret))).body.data.token;
      const wrong = await server.call('POST', '/api/admin/me/password', { token: op.token, body: { current_password: 'nope-nope-nope', password: 'new-password-123', totp: nextCode(clock, op.secret) } });
      expect(wrong.status).toBe(401);
      const changed = await server.call('POST', '/api/admin/me/password', { token: op.token, body: { current_password: op.password, password: 'new-password-123', totp: nextCode(clock, op.secret) } });
      expect(changed.status).toBe(200);
      expect(changed.body.data.sessions_ended).toBe(1);
      expect((await me(op.token)).status).toBe(200);
      expect((await me(other)).status).toBe(401);
      expect((await signIn(server, op, nextCode(clock, op.secret))).status).toBe(401);
      expect((await signIn(server, { ...op, password: 'new-password-123' }, nextCode(clock, op.secret))).status).toBe(200);
    });

    it('a session ends after 30 idle minutes, and 12 hours after sign-in however busy', async () => {
      const op = await enrolOperator(server, clock, 'cashier');
      clock.advance(29 * 60_000);
      expect((await me(op.token)).status).toBe(200);
      clock.advance(29 * 60_000);
      expect((await me(op.token)).status).toBe(200); // used 29 minutes ago: still alive
      clock.advance(31 * 60_000);
      expect((await me(op.token)).status).toBe(401); // idle

      const busy = (await signIn(server, op, nextCode(clock, op.secret))).body.data.token;
      for (let hour = 0; hour < 11; hour++) {
        clock.advance(20 * 60_000);
        expect((await me(busy)).status).toBe(200);
        clock.advance(20 * 60_000);
        expect((await me(busy)).status).toBe(200);
        clock.advance(20 * 60_000);
        expect((await me(busy)).status).toBe(200);
      }
      clock.advance(61 * 60_000 - 30_000);
      expect((await me(busy)).status).toBe(401); // absolute expiry, though used 20 minutes ago
      const [row] = await server.database.db.select().from(operatorSessions).where(eq(operatorSessions.tokenHash, (await import('../../server/domain/operators/sessions')).hashSessionToken(busy)));
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * 3600_000);
    });

    it('reset-totp: the old authenticator stops working, the new setup code enrols again', async () => {
      const op = await enrolOperator(server, clock, 'two_d');
      const reset = await server.call('POST', `/api/admin/operators/${op.userName}/reset-totp`, { token: ADMIN_TOKEN });
      expect(reset.status).toBe(200);
      expect((await me(op.token)).status).toBe(401);
      expect((await signIn(server, op, nextCode(clock, op.secret))).status).toBe(401);
      const secret = new URL(reset.body.data.otpauth_uri).searchParams.get('secret')!;
      const setup = await server.call('POST', '/api/admin/session/setup', { body: { user_name: op.userName, setup_code: reset.body.data.setup_code, password: 'another-password', totp: nextCode(clock, secret) } });
      expect(setup.status).toBe(200);
    });

    it('an unknown or malformed operator token is 401, the ADMIN_TOKEN still works', async () => {
      expect((await me('not-a-session-token-at-all')).status).toBe(401);
      expect((await server.call('GET', '/api/admin/me')).status).toBe(401);
      const token = await me(ADMIN_TOKEN);
      expect(token.body.data).toMatchObject({ actor: 'token', role: 'owner' });
    });
  });
});
