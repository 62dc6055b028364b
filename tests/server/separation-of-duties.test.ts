/**
 * Separation of duties (issue 26, decision 0034): no operator takes a player's money alone.
 * - The attack, one cashier alone (reset → sign in with the one-time password → withdraw →
 *   approve), is stopped at every step: the one-time password opens only the change-password form,
 *   withdrawals wait RESET_WITHDRAW_HOLD_HOURS, and the resetting cashier cannot approve.
 * - Another cashier can approve after the hold; the conflict ends after DUTY_CONFLICT_DAYS.
 * - A manual adjustment in the audit (`player.adjust`) is a conflict too.
 * - Withdrawals at or above WITHDRAW_SECOND_APPROVAL_KYAT need two different approvers.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledger, operators, withdrawRequests } from '../../server/db/schema';
import { recordAudit } from '../../server/domain/operators/audit';
import { DUTY_CONFLICT_DAYS } from '../../server/domain/operators/duties';
import { checkProductionConfig } from '../../server/config-check';
import { readEnv } from '../../server/env';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { login, registerPlayer } from './accounts-helpers';
import { gameBalance, paymentTypeId, type CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, nextCode, signIn, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import { fund } from './wallet-helpers';

const HOUR = 3_600_000;
const words = (lng: string, code: string, params: Record<string, string | number> = {}) =>
  (JSON.parse(readFileSync(`locales/refusals/${lng}.json`, 'utf8')).refusal[code] as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

describe.each(dbKinds)('separation of duties (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let cashierA: Operator;
  let cashierB: Operator;
  let cashierC: Operator;

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { clock: manualClock('2026-01-05T05:00:00Z'), env: { WITHDRAW_SECOND_APPROVAL_KYAT: 100_000 } }));
    cashierA = await enrolOperator(server, clock, 'cashier', 'sod_alpha');
    cashierB = await enrolOperator(server, clock, 'cashier', 'sod_bravo');
    cashierC = await enrolOperator(server, clock, 'cashier', 'sod_charlie');
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  /** Moves the clock (to `at`, or on by `ms`); the operators sign in again, as they would after a day away. */
  const move = async (to: { at?: string; ms?: number }) => {
    if (to.at) clock.set(new Date(to.at));
    if (to.ms) clock.advance(to.ms);
    for (const op of [cashierA, cashierB, cashierC]) {
      const res = await signIn(server, op, nextCode(clock, op.secret));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      op.token = res.body.data.token;
    }
  };
  const admin = (who: Operator | string, path: string, headers?: Record<string, string>) =>
    server.call('POST', `/api/admin${path}`, { token: typeof who === 'string' ? who : who.token, body: {}, headers });
  const payout = async (amount: number) => ({
    payment_type_id: await paymentTypeId(db(), 'WavePay'),
    account_name: 'Cashier Mule',
    account_number: '09799999999',
    amount,
  });
  const withdraw = async (token: string, password: string, amount: number, headers?: Record<string, string>) =>
    server.call('POST', '/api/withdrawfinicial', { token, body: { ...(await payout(amount)), password }, headers });
  const requestRow = async (id: number) => (await db().select().from(withdrawRequests).where(eq(withdrawRequests.id, id)))[0]!;
  const approvals = async (id: number) =>
    (await db().select().from(auditLog).where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.targetId, String(id)))).orderBy(auditLog.id)).map((r) => r.actorName);
  const fundedPlayer = async (game: number) => {
    const player = await registerPlayer(server, { name: 'Ko Victim' });
    await fund(db(), player.id, { game });
    return player;
  };

  it("the issue's attack: one cashier alone is stopped at every step; another approves after the hold", async () => {
    await move({ at: '2026-01-07T05:00:00Z' }); // Wednesday 11:30 in Yangon (11:31 once the operators have signed in)
    const player = await fundedPlayer(50_000);

    // 1. The reset: the player's session ends; the audit keeps it under cashier A.
    const reset = await admin(cashierA, `/players/${player.id}/password-reset`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const oneTime = reset.body.data.password as string;
    const resetAt = clock.now();
    expect((await server.call('GET', '/api/user', { token: player.token })).status).toBe(401);

    // 2. Signing in with the one-time password works, and says a new password must be chosen.
    const signedIn = await login(server, player.userName, oneTime);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.user.must_change_password).toBe(true);
    const token = signedIn.body.data.token as string;
    const user = await server.call('GET', '/api/user', { token });
    expect([user.status, user.body.data.must_change_password]).toEqual([200, true]);

    // 3. Nothing else works until then: the withdrawal, and every other player API.
    for (const lng of ['en', 'mm', 'zh', 'th']) {
      const refused = await withdraw(token, oneTime, 40_000, { 'x-lang': lng });
      expect([refused.status, refused.refusal?.code, refused.body.message]).toEqual([403, 'auth.password_change_required', words(lng, 'auth.password_change_required')]);
    }
    const others: [string, string, unknown?][] = [
      ['GET', '/api/banks'],
      ['GET', '/api/withdrawlogfinicial'],
      ['POST', '/api/digitbet', { bet_type: 'big', bet_amount: 100, multiplier: 1 }],
      ['POST', '/api/exchange-main-to-game', { amount: 1000 }],
      ['POST', '/api/auth/telegram/link', { init_data: 'x' }],
    ];
    for (const [method, path, body] of others) {
      const res = await server.call(method, path, { token, body });
      expect([path, res.status, res.refusal?.code]).toEqual([path, 403, 'auth.password_change_required']);
    }
    expect(await db().select().from(withdrawRequests).where(eq(withdrawRequests.userId, player.id))).toEqual([]);

    // 4. The new password: everything answers again, but withdrawals are held 24 hours, said in words.
    const changed = await server.call('POST', '/api/change-password', {
      token,
      body: { current_password: oneTime, password: 'mule-pass-1', password_confirmation: 'mule-pass-1' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await server.call('GET', '/api/user', { token })).body.data.must_change_password).toBeUndefined();
    expect((await server.call('GET', '/api/banks', { token })).status).toBe(200);
    const until = new Date(resetAt.getTime() + 24 * HOUR).toISOString();
    const held = await withdraw(token, 'mule-pass-1', 40_000);
    expect([held.status, held.refusal?.code, held.refusal?.params]).toEqual([403, 'cashier.withdraw_held', { until }]);
    // Intl writes the space before AM as the runtime's ICU does (a narrow no-break space in newer ones).
    expect(held.body.message).toMatch(/^Withdrawals are on hold until Jan 8, 2026, 11:31\sAM \(Yangon time\) because support reset your password\.$/);
    const heldMm = await withdraw(token, 'mule-pass-1', 40_000, { 'x-lang': 'mm' });
    expect(heldMm.body.message).toContain('၂၀၂၆ ဇန်နဝါရီ ၈ ၁၁:၃၁ (ရန်ကုန်စံတော်ချိန်)');
    clock.advance(24 * HOUR - 60_000);
    expect((await withdraw(token, 'mule-pass-1', 40_000)).refusal?.code).toBe('cashier.withdraw_held');
    expect(await gameBalance(db(), player.id)).toBe(5_000_000n);
    expect(await db().select().from(withdrawRequests).where(eq(withdrawRequests.userId, player.id))).toEqual([]);

    // 5. After the hold the request is taken; cashier A still cannot approve it, in any language.
    await move({ ms: 2 * 60_000 });
    const request = await withdraw(token, 'mule-pass-1', 40_000);
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    const id = request.body.data.id as number;
    for (const lng of ['en', 'mm', 'zh', 'th']) {
      const refused = await admin(cashierA, `/withdrawals/${id}/approve`, { 'x-lang': lng });
      expect([refused.status, refused.refusal?.code, refused.refusal?.params, refused.body.message]).toEqual([
        409,
        'admin.duty_conflict',
        { days: DUTY_CONFLICT_DAYS },
        words(lng, 'admin.duty_conflict', { days: DUTY_CONFLICT_DAYS }),
      ]);
      expect(refused.body.data).toEqual({ conflict: 'player.password_reset' });
    }
    expect((await requestRow(id)).status).toBe(0);
    expect(await approvals(id)).toEqual([]);

    // 6. A different cashier approves it.
    const approved = await admin(cashierB, `/withdrawals/${id}/approve`);
    expect([approved.status, approved.body.data.status_word]).toEqual([200, 'approved']);
    expect(await approvals(id)).toEqual(['sod_bravo']);
  });

  it('the conflict lasts the window: after it the resetting cashier may approve again; rejecting is never refused', async () => {
    await move({ at: '2026-02-02T05:00:00Z' });
    const player = await fundedPlayer(50_000);
    const reset = await admin(cashierA, `/players/${player.id}/password-reset`);
    const oneTime = reset.body.data.password as string;
    const { token } = (await login(server, player.userName, oneTime)).body.data;
    await server.call('POST', '/api/change-password', { token, body: { current_password: oneTime, password: 'own-pass-12', password_confirmation: 'own-pass-12' } });
    await move({ ms: 25 * HOUR });
    const first = (await withdraw(token, 'own-pass-12', 10_000)).body.data.id as number;
    const second = (await withdraw(token, 'own-pass-12', 10_000)).body.data.id as number;

    expect((await admin(cashierA, `/withdrawals/${first}/approve`)).refusal?.code).toBe('admin.duty_conflict');
    // Rejecting sends the money back to the player: the conflicted cashier may do it.
    const rejected = await admin(cashierA, `/withdrawals/${first}/reject`);
    expect([rejected.status, rejected.body.data.status_word]).toEqual([200, 'rejected']);

    await move({ at: new Date(new Date('2026-02-02T05:00:00Z').getTime() + DUTY_CONFLICT_DAYS * 24 * HOUR - 5 * 60_000).toISOString() });
    expect((await admin(cashierA, `/withdrawals/${second}/approve`)).refusal?.code).toBe('admin.duty_conflict');
    await move({ ms: 10 * 60_000 });
    const later = await admin(cashierA, `/withdrawals/${second}/approve`);
    expect([later.status, later.body.data.status_word]).toEqual([200, 'approved']);
  });

  it('a manual credit or debit in the audit (player.adjust, its approval) is a conflict; so is the ADMIN_TOKEN\'s own reset', async () => {
    await move({ at: '2026-04-01T05:00:00Z' });
    const player = await fundedPlayer(50_000);
    const w = async () => (await withdraw(player.token, player.password, 10_000)).body.data.id as number;
    const adjusted = await w();
    const [row] = await db().select({ id: operators.id }).from(operators).where(eq(operators.userName, 'sod_charlie'));
    const charlie = { kind: 'operator' as const, role: 'cashier' as const, name: 'sod_charlie', operatorId: row?.id ?? -1, sessionId: 0, displayName: 'Test cashier' };
    expect(charlie.operatorId).toBeGreaterThan(0);
    for (const action of ['player.adjust', 'player.adjust.approve']) {
      await recordAudit(db(), { actor: charlie, action, target: { type: 'player', id: String(player.id) }, before: null, after: null, ip: null, at: clock.now() });
      const refused = await admin(cashierC, `/withdrawals/${adjusted}/approve`);
      expect([refused.status, refused.refusal?.code, refused.body.data]).toEqual([409, 'admin.duty_conflict', { conflict: action }]);
    }
    // Another player's adjustment, or another operator's, is no conflict.
    expect((await admin(cashierB, `/withdrawals/${adjusted}/approve`)).status).toBe(200);

    // The ADMIN_TOKEN (the CLI) is one actor: its reset keeps it from approving too.
    const tokenReset = await admin(ADMIN_TOKEN, `/players/${player.id}/password-reset`);
    expect(tokenReset.status).toBe(200);
    await move({ ms: 25 * HOUR });
    const oneTime = tokenReset.body.data.password as string;
    const { token } = (await login(server, player.userName, oneTime)).body.data;
    await server.call('POST', '/api/change-password', { token, body: { current_password: oneTime, password: 'own-pass-34', password_confirmation: 'own-pass-34' } });
    const id = (await withdraw(token, 'own-pass-34', 10_000)).body.data.id as number;
    expect((await admin(ADMIN_TOKEN, `/withdrawals/${id}/approve`)).refusal?.code).toBe('admin.duty_conflict');
    expect((await admin(cashierA, `/withdrawals/${id}/approve`)).status).toBe(200);
  });

  it('a withdrawal at or above WITHDRAW_SECOND_APPROVAL_KYAT needs a second, different approver; the same one is refused twice', async () => {
    await move({ at: '2026-06-01T05:00:00Z' });
    const player = await fundedPlayer(300_000);
    const big = (await withdraw(player.token, player.password, 100_000)).body.data.id as number;
    const ledgerRows = async () => (await db().select().from(ledger).where(eq(ledger.userId, player.id))).length;
    const rowsBefore = await ledgerRows();

    const first = await admin(cashierA, `/withdrawals/${big}/approve`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Withdrawal: first approval recorded; it waits for a second approval by another operator. No money has moved.');
    expect(first.body.data).toMatchObject({ status: 0, status_word: 'pending', first_approval: { by: 'sod_alpha', at: clock.now().toISOString() } });
    expect(await ledgerRows()).toBe(rowsBefore);

    for (let i = 0; i < 2; i++) {
      const again = await admin(cashierA, `/withdrawals/${big}/approve`);
      expect([again.status, again.refusal?.code, again.body.message]).toEqual([409, 'admin.second_approval_same_operator', words('en', 'admin.second_approval_same_operator')]);
    }
    const mm = await admin(cashierA, `/withdrawals/${big}/approve`, { 'x-lang': 'mm' });
    expect(mm.body.message).toBe(words('mm', 'admin.second_approval_same_operator'));
    expect((await requestRow(big)).status).toBe(0);

    // The queue shows the first approval.
    const queue = await server.call('GET', '/api/admin/withdrawals', { token: cashierB.token });
    expect(queue.body.data.data.find((r: { id: number }) => r.id === big).first_approval).toEqual({ by: 'sod_alpha', at: expect.any(String) });

    const second = await admin(cashierB, `/withdrawals/${big}/approve`);
    expect([second.status, second.body.message, second.body.data.status_word]).toEqual([200, 'Withdrawal approved.', 'approved']);
    expect(await approvals(big)).toEqual(['sod_alpha', 'sod_bravo']);
    expect((await admin(cashierC, `/withdrawals/${big}/approve`)).status).toBe(409);

    // Below the threshold one approval settles it; the ADMIN_TOKEN is one actor of its own.
    const small = (await withdraw(player.token, player.password, 99_999)).body.data.id as number;
    expect((await admin(cashierA, `/withdrawals/${small}/approve`)).body.data.status_word).toBe('approved');
    const byToken = (await withdraw(player.token, player.password, 100_000)).body.data.id as number;
    expect((await admin(ADMIN_TOKEN, `/withdrawals/${byToken}/approve`)).body.data.first_approval).toMatchObject({ by: 'admin-token' });
    expect((await admin(ADMIN_TOKEN, `/withdrawals/${byToken}/approve`)).refusal?.code).toBe('admin.second_approval_same_operator');
    // A reject after a first approval ends it, and gives the money back.
    const balance = await gameBalance(db(), player.id);
    expect((await admin(cashierB, `/withdrawals/${byToken}/reject`)).body.data.status_word).toBe('rejected');
    expect(await gameBalance(db(), player.id)).toBe(balance + 10_000_000n);
  });
});

describe('doctor and the duties', () => {
  const notesFor = (extra: Record<string, string>) =>
    checkProductionConfig(readEnv({ NODE_ENV: 'production', ...extra })).notes.filter((n) => n.startsWith('WITHDRAW_SECOND_APPROVAL_KYAT'));
  it('notes a production configuration where one operator approves a withdrawal of any size; the hold defaults to 24 hours', () => {
    expect(notesFor({})).toHaveLength(1);
    expect(notesFor({ WITHDRAW_SECOND_APPROVAL_KYAT: '1000000' })).toEqual([]);
    expect(readEnv({}).RESET_WITHDRAW_HOLD_HOURS).toBe(24);
    expect(readEnv({}).WITHDRAW_SECOND_APPROVAL_KYAT).toBeUndefined();
  });
});
