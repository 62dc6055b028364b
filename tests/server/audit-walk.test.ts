import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, depositRequests } from '../../server/db/schema';
import { ADMIN_ROUTES, type AuditSpec } from '../../server/routes/admin/access';
import { dbKinds } from '../support/db';
import { login, registerPlayer, type Player } from './accounts-helpers';
import { demoAccounts, fund, paymentTypeId, pngBytes, postForm, type CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, nextCode, signIn, startOperatorServer, type Clock, type Operator } from './operator-helpers';

/** A successful call of one changing route: the request, and what its audit row must show. */
interface Step {
  call: () => Promise<{ status: number; body: any }>;
  targetId: string;
  /** before / after as the audit row must show them (a subset). */
  before?: unknown;
  after?: unknown;
}

/** The changing routes the gate audits (not the sign-in routes, which audit themselves). */
const AUDITED = Object.entries(ADMIN_ROUTES).flatMap(([key, rule]) => (rule.access === 'role' && rule.audit ? [[key, rule.audit] as [string, AuditSpec]] : []));

describe.each(dbKinds)('every change is audited (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let owner: Operator;
  let finance: Operator;
  let player: Player;
  let ref = 880000;
  const state: Record<string, string> = {};
  beforeAll(async () => {
    // Two-person 2D results, so that a result waits for a second operator and can be turned down.
    // A bot token, so that a broadcast can be previewed and sent (its messages only wait in the outbox here).
    ({ server, clock } = await startOperatorServer(kind, { env: { TWO_D_RESULT_CONFIRM: 'two-person', TELEGRAM_BOT_TOKEN: '7000000009:AAH-audit-walk' } }));
    owner = await enrolOperator(server, clock, 'owner', 'audit_owner');
    finance = await enrolOperator(server, clock, 'finance', 'audit_finance');
    player = await registerPlayer(server);
    await fund(server.database.db, player.id, 1_000_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  const as = (method: string, path: string, body?: unknown) => server.call(method, `/api/admin${path}`, { token: owner.token, body });
  /** A balance adjustment (Idempotency-Key required): the owner's below the second-approval limit, or finance's above it (then pending). */
  const adjust = (token: string, amount: number) =>
    server.call('POST', `/api/admin/players/${player.id}/adjustments`, {
      token,
      body: { wallet: 'main', direction: 'credit', kind: 'goodwill', amount, reason: 'audit walk' },
      headers: { 'Idempotency-Key': `audit-walk-${++ref}-${amount}` },
    });
  /** Finance asks for an adjustment that waits (at the default 100,000 Ks limit); the owner decides it. */
  const decideAdjustment = (action: 'approve' | 'reject'): Step => ({
    call: async () => {
      const pending = await adjust(finance.token, 150_000);
      expect(pending.body.data?.adjustment?.status, JSON.stringify(pending.body)).toBe('pending');
      return as('POST', `/adjustments/${pending.body.data.adjustment.id}/${action}`, {});
    },
    get targetId() {
      return String(player.id);
    },
  });
  async function deposit() {
    const accounts = await demoAccounts(server.database.db);
    const res = await server.call('POST', '/api/depositfinicial', { token: player.token, body: { agent_payment_type_id: accounts.KBZPay, amount: 5000, refrence_no: String(++ref) } });
    return String(res.body.data.id);
  }
  async function withdrawal() {
    const body = { payment_type_id: await paymentTypeId(server.database.db, 'KBZPay'), account_name: 'Ko Myo', account_number: '09966554433', amount: 20_000, password: player.password };
    return String((await server.call('POST', '/api/withdrawfinicial', { token: player.token, body })).body.data.id);
  }
  const decide = (kind: string, action: string, make: () => Promise<string>, after: number): Step => {
    let id = '';
    return {
      call: async () => {
        id = await make();
        return as('POST', `/${kind}/${id}/${action}`, { note: `audit ${action}` });
      },
      get targetId() {
        return id;
      },
      before: { status: 0 },
      after: { status: after, note: `audit ${action}` },
    };
  };
  const simple = (method: string, path: string, body: unknown, targetId: string, before?: unknown, after?: unknown): Step => ({ call: () => as(method, path, body), targetId, before, after });
  const withId = (make: () => Step): Step => {
    let step: Step | undefined;
    return {
      call: () => (step = make()).call(),
      get targetId() {
        return step!.targetId;
      },
      get before() {
        return step!.before;
      },
      get after() {
        return step!.after;
      },
    };
  };

  const steps = (): Record<string, Step> => ({
    'POST /deposits/:id/approve': decide('deposits', 'approve', deposit, 1),
    'POST /deposits/:id/reject': decide('deposits', 'reject', deposit, 2),
    'POST /withdrawals/:id/approve': decide('withdrawals', 'approve', withdrawal, 1),
    'POST /withdrawals/:id/reject': decide('withdrawals', 'reject', withdrawal, 2),
    'POST /players/:id/ban': simple('POST', `/players/${player.id}/ban`, {}, String(player.id), { status: 1 }, { status: 0 }),
    'POST /players/:id/unban': simple('POST', `/players/${player.id}/unban`, {}, String(player.id), { status: 0 }, { status: 1 }),
    'POST /players/:id/adjustments': { call: () => adjust(owner.token, 5000), get targetId() { return String(player.id); } },
    'POST /adjustments/:id/approve': decideAdjustment('approve'),
    'POST /adjustments/:id/reject': decideAdjustment('reject'),
    'POST /players/:id/password-reset': {
      call: async () => {
        const res = await as('POST', `/players/${player.id}/password-reset`, {});
        player.password = res.body.data.password; // the player's new password, for the steps after
        return res;
      },
      targetId: String(player.id),
      before: { status: 1 },
      after: { status: 1 },
    },
    'POST /two-d/results': simple('POST', '/two-d/results', { date: '2026-01-06', session: 'evening', twod: '37' }, '2026-01-06/evening', null, { twod: '37', status: 'provisional' }),
    'POST /two-d/results/reject': {
      call: async () => {
        // The owner's confirm of a past draw waits for a second operator (two-person); the owner turns it down.
        const proposed = await as('POST', '/two-d/results', { date: '2025-12-30', session: 'evening', twod: '55', confirm: true });
        expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
        return as('POST', '/two-d/results/reject', { date: '2025-12-30', session: 'evening' });
      },
      targetId: '2025-12-30/evening',
      after: { twod: '55', status: 'provisional' },
    },
    'POST /two-d/holidays': simple('POST', '/two-d/holidays', { date: '2026-03-02', name: 'Audit Day' }, '2026-03-02', null, { name: 'Audit Day' }),
    'DELETE /two-d/holidays/:date': simple('DELETE', '/two-d/holidays/2026-03-02', undefined, '2026-03-02', { name: 'Audit Day' }, null),
    'PUT /two-d/limits/:number': simple('PUT', '/two-d/limits/42', { break_amount: 1000 }, '42', null, { breakAmount: '100000' }),
    'DELETE /two-d/limits/:number': simple('DELETE', '/two-d/limits/42', undefined, '42', { breakAmount: '100000' }, null),
    'POST /two-d/closures': simple('POST', '/two-d/closures', { kind: 'number', value: '13' }, 'number:13', null, { kind: 'number', value: '13' }),
    'DELETE /two-d/closures': simple('DELETE', '/two-d/closures', { kind: 'number', value: '13' }, 'number:13', { kind: 'number', value: '13' }, null),
    'POST /agents': simple('POST', '/agents', { name: 'Audit Agent', referral_code: 'AUDIT01' }, 'AUDIT01', null, { name: 'Audit Agent' }),
    'POST /agents/:code/accounts': withId(() => ({
      call: async () => {
        const res = await as('POST', '/agents/AUDIT01/accounts', { payment_type: 'KBZPay', account_name: 'U Audit', account_no: '0911000111' });
        state.account = String(res.body.data.id);
        return res;
      },
      get targetId() {
        return state.account!;
      },
      after: { accountName: 'U Audit' },
    })),
    'POST /content/:kind': withId(() => ({
      call: async () => {
        const res = await as('POST', '/content/banner-texts', { text_en: 'Hello audit' });
        state.text = String(res.body.data.id);
        return res;
      },
      get targetId() {
        return `banner-texts/${state.text}`;
      },
      before: null,
      after: { text: { en: 'Hello audit' } },
    })),
    'PATCH /content/:kind/:id': withId(() => simple('PATCH', `/content/banner-texts/${state.text}`, { text_en: 'Bye audit' }, `banner-texts/${state.text}`, { text: { en: 'Hello audit' } }, { text: { en: 'Bye audit' } })),
    'POST /content/:kind/order': withId(() => simple('POST', '/content/banner-texts/order', { ids: [Number(state.text)] }, 'banner-texts', undefined, [Number(state.text)])),
    'DELETE /content/:kind/:id': withId(() => simple('DELETE', `/content/banner-texts/${state.text}`, undefined, `banner-texts/${state.text}`, { text: { en: 'Bye audit' } }, null)),
    'POST /media': {
      call: async () => {
        const res = await postForm(server, '/api/admin/media', owner.token, { file: new Blob([pngBytes()]) }, 'a.png');
        state.sha = res.body.data?.sha256;
        return res;
      },
      get targetId() {
        return state.sha!;
      },
      before: null,
      after: { mime: 'image/png' },
    },
    'POST /broadcasts': withId(() => ({
      call: async () => {
        const res = await as('POST', '/broadcasts', { text_en: 'Audit news', text_mm: 'စစ်ဆေးသတင်း', text_zh: '审计新闻', text_th: 'ข่าวตรวจสอบ' });
        state.broadcast = String(res.body.data?.id);
        return res;
      },
      get targetId() {
        return state.broadcast!;
      },
      before: null,
      after: { status: 'draft', texts: expect.objectContaining({ en: 'Audit news' }) },
    })),
    'POST /broadcasts/:id/preview': withId(() => simple('POST', `/broadcasts/${state.broadcast}/preview`, { chat_id: 42 }, state.broadcast!, { status: 'draft', previewedAt: null }, { status: 'draft' })),
    'POST /broadcasts/:id/send': withId(() => simple('POST', `/broadcasts/${state.broadcast}/send`, {}, state.broadcast!, { status: 'draft' }, { status: 'sent', queued: 0 })),
    'POST /games/types/:id/status': simple('POST', '/games/types/2/status', { status: 0 }, '2', { status: 1 }, { status: 0 }),
    'POST /games/providers/:id/status': simple('POST', '/games/providers/1/status', { status: 0 }, '1', { status: 1 }, { status: 0 }),
    'POST /games/products/:id/status': simple('POST', '/games/products/1/status', { status: 0 }, '1', { status: 1 }, { status: 0 }),
    'POST /games/:id/status': simple('POST', '/games/1/status', { status: 0 }, '1', { status: 1 }, { status: 0 }),
    'POST /games/:id/hot': simple('POST', '/games/10/hot', { hot: true }, '10', { isHot: 0 }, { isHot: 2 }),
    'POST /games/hot': simple('POST', '/games/hot', { ids: [10, 1] }, 'hot', undefined, [10, 1]),
    'POST /books/check': {
      call: async () => {
        const res = await as('POST', '/books/check', {});
        state.books = String(res.body.data?.id);
        return res;
      },
      get targetId() {
        return state.books!;
      },
      before: null,
      // Its outcome is not the point here (fund() credits a 'deposit' that names no request: an orphan row).
      after: { trigger: 'operator', actor: 'audit_owner' },
    },
    'POST /operators': simple('POST', '/operators', { user_name: 'audited_op', role: 'cashier' }, 'audited_op', null, { role: 'cashier', enrolled: false }),
    'POST /operators/:user_name/disable': simple('POST', '/operators/audited_op/disable', {}, 'audited_op', { disabledAt: null }),
    'POST /operators/:user_name/enable': simple('POST', '/operators/audited_op/enable', {}, 'audited_op', undefined, { disabledAt: null }),
    'POST /operators/:user_name/reset-totp': simple('POST', '/operators/audited_op/reset-totp', {}, 'audited_op'),
    'POST /operators/:user_name/revoke-sessions': simple('POST', '/operators/audited_op/revoke-sessions', {}, 'audited_op'),
  });

  it('has a successful call for every changing route', () => {
    expect(Object.keys(steps()).sort()).toEqual(AUDITED.map(([key]) => key).sort());
  });

  it('each changing route writes one audit row: actor, time, action, target, before and after', async () => {
    const all = steps();
    // In the order of the steps above, so a create comes before its update, order and delete.
    for (const [key, step] of Object.entries(all)) {
      const spec = ADMIN_ROUTES[key]!.audit as AuditSpec;
      clock.advance(1000);
      const [last] = await server.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      const res = await step.call();
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, spec.action)).orderBy(desc(auditLog.id));
      const row = rows[0];
      expect(row && row.id > (last?.id ?? 0), `${key}: no new audit row`).toBe(true);
      expect(row, key).toMatchObject({ actorKind: 'operator', actorName: 'audit_owner', targetType: spec.target, targetId: step.targetId, at: clock.now() });
      expect(row!.operatorId, key).toBeGreaterThan(0);
      if (step.before !== undefined) expect(row!.before, `${key} before`).toEqual(step.before === null ? null : expect.objectContaining(step.before as object));
      if (step.after !== undefined) expect(row!.after, `${key} after`).toEqual(step.after === null ? null : expect.objectContaining(step.after as object));
    }
  });

  it('the sign-in routes audit themselves: setup, sign-in, password change, sign-out', async () => {
    const op = await enrolOperator(server, clock, 'content', 'self_audit');
    const session = (await signIn(server, op, nextCode(clock, op.secret))).body.data.token;
    await server.call('POST', '/api/admin/me/password', { token: session, body: { current_password: op.password, password: 'self-audit-new-pass', totp: nextCode(clock, op.secret) } });
    await server.call('DELETE', '/api/admin/session', { token: session });
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.actorName, 'self_audit')).orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['operator.setup', 'session.login', 'operator.password', 'session.logout']);
  });

  it('a refused change writes no row and changes nothing: 409 on a decided deposit, 422 on bad input', async () => {
    // The ban above ended the player's tokens: sign in again, and (after the password reset above)
    // choose a new password before anything else works (decision 0034).
    player.token = (await login(server, player.userName, player.password)).body.data.token;
    const fresh = 'audit-walk-own-1';
    const changed = await server.call('POST', '/api/change-password', { token: player.token, body: { current_password: player.password, password: fresh, password_confirmation: fresh } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    player.password = fresh;
    const id = await deposit();
    expect((await as('POST', `/deposits/${id}/approve`, {})).status).toBe(200);
    const count = async () => (await server.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    const before = await count();
    expect((await as('POST', `/deposits/${id}/reject`, {})).status).toBe(409);
    expect((await as('POST', '/two-d/holidays', { date: 'nope' })).status).toBe(422);
    expect(await count()).toBe(before);
    const [row] = await server.database.db.select().from(depositRequests).where(eq(depositRequests.id, Number(id)));
    expect(row!.status).toBe(1);
  });

  it('the ADMIN_TOKEN is audited as the token actor', async () => {
    await server.call('PUT', '/api/admin/two-d/limits/07', { token: ADMIN_TOKEN, body: { break_amount: 5 } });
    const [row] = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, '07'));
    expect(row).toMatchObject({ actorKind: 'token', actorName: 'admin-token', operatorId: null, action: 'two_d.limit.set' });
  });

  it('GET /audit lists newest first and filters by actor, action prefix, target and time', async () => {
    const all = await server.call('GET', '/api/admin/audit', { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(20);
    const ids = all.body.data.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const deposits = await server.call('GET', '/api/admin/audit?action=deposit.&actor=audit_owner', { token: owner.token });
    expect(deposits.body.data.data.length).toBeGreaterThanOrEqual(2);
    expect(deposits.body.data.data.every((r: { action: string; actor: string }) => r.action.startsWith('deposit.') && r.actor === 'audit_owner')).toBe(true);
    const one = await server.call('GET', `/api/admin/audit?target_type=player&target_id=${player.id}`, { token: owner.token });
    expect(one.body.data.data.map((r: { action: string }) => r.action).sort()).toEqual([
      // The owner's adjustment and finance's two that the owner approved and rejected: the player's history holds them.
      'player.adjust', 'player.adjust', 'player.adjust', 'player.adjust.approve', 'player.adjust.reject',
      'player.ban', 'player.password_reset', 'player.unban',
    ]);
    const future = await server.call('GET', `/api/admin/audit?from=${encodeURIComponent(new Date(clock.now().getTime() + 60_000).toISOString())}`, { token: owner.token });
    expect(future.body.data.total).toBe(0);
    expect((await server.call('GET', '/api/admin/audit?from=yesterday', { token: owner.token })).status).toBe(422);
  });
});
