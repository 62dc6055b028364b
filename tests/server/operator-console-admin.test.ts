/**
 * The owner's console reads (issue 17): GET /operators tells when each operator last signed in;
 * GET /audit filters by operator, action and a Yangon day and pages; neither is open to a
 * cashier, content or 2D operator; the owner's changes from the Operators page are audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/db';
import type { CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, nextCode, signIn, startOperatorServer, type Clock, type Operator } from './operator-helpers';

describe.each(dbKinds)('operators and audit for the console (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let owner: Operator;
  const others = {} as Record<'cashier' | 'content' | 'two_d', Operator>;

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind));
    owner = await enrolOperator(server, clock, 'owner', 'con_owner');
    for (const role of ['cashier', 'content', 'two_d'] as const) others[role] = await enrolOperator(server, clock, role, `con_${role}`);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, token = owner.token) => server.call('GET', `/api/admin${path}`, { token });

  it('lists each operator with the time of their newest sign-in (null before any)', async () => {
    const made = await server.call('POST', '/api/admin/operators', { token: owner.token, body: { user_name: 'con_new', role: 'cashier' } });
    expect(made.status).toBe(201);
    clock.advance(60_000);
    const at = clock.now().toISOString();
    const again = await signIn(server, others.cashier, nextCode(clock, others.cashier.secret));
    expect(again.status).toBe(200);
    const list = (await get('/operators')).body.data.operators as Record<string, unknown>[];
    const row = (name: string) => list.find((o) => o.user_name === name)!;
    expect(row('con_new')).toMatchObject({ role: 'cashier', enrolled: false, setup_pending: true, disabled: false, last_sign_in_at: null });
    expect(Date.parse(row('con_cashier').last_sign_in_at as string)).toBeGreaterThanOrEqual(Date.parse(at) - 30_000);
    expect(row('con_cashier').live_sessions).toBe(2);
    expect(row('con_owner').last_sign_in_at).not.toBeNull();
  });

  it('filters the audit by operator, action and Yangon day, and pages it', async () => {
    // A new operator and three owner changes to it on the console's day.
    expect((await server.call('POST', '/api/admin/operators', { token: owner.token, body: { user_name: 'con_target', role: 'content' } })).status).toBe(201);
    for (const action of ['disable', 'enable', 'revoke-sessions']) {
      const res = await server.call('POST', `/api/admin/operators/con_target/${action}`, { token: owner.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const byOwner = (await get('/audit?actor=con_owner&action=operator.&target_id=con_target')).body.data;
    expect(byOwner.data.map((r: Record<string, unknown>) => r.action)).toEqual(['operator.revoke_sessions', 'operator.enable', 'operator.disable', 'operator.create']);
    const disabled = (await get('/audit?action=operator.disable')).body.data.data[0];
    expect(disabled).toMatchObject({ actor: 'con_owner', target_type: 'operator', target_id: 'con_target', before: { disabledAt: null }, after: { userName: 'con_target' } });
    expect(disabled.after.disabledAt).not.toBeNull();

    // The day as Yangon reads it: the clock's day has them, the day before has none.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Yangon' }).format(clock.now());
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const prev = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const onDay = (await get(`/audit?action=operator.disable&from=${day}T00:00:00%2B06:30&to=${next}T00:00:00%2B06:30`)).body.data;
    expect(onDay.total).toBe(1);
    const before = (await get(`/audit?action=operator.disable&from=${prev}T00:00:00%2B06:30&to=${day}T00:00:00%2B06:30`)).body.data;
    expect(before.total).toBe(0);

    // Paged by 50, newest first.
    const all = (await get('/audit')).body.data;
    expect(all.per_page).toBe(50);
    expect(all.data).toHaveLength(Math.min(50, all.total));
    const second = (await get('/audit?page=2')).body.data;
    expect([second.current_page, second.data.length]).toEqual([2, Math.max(0, all.total - 50)]);
    const bad = await get('/audit?from=not-a-date');
    expect(bad.status).toBe(422);
  });

  it('no operator but the owner may read or change operators, or read the audit', async () => {
    for (const op of Object.values(others)) {
      for (const path of ['/operators', '/audit']) {
        const res = await get(path, op.token);
        expect([res.status, res.refusal?.code], `${op.role} ${path}`).toEqual([403, 'admin.forbidden']);
      }
      const create = await server.call('POST', '/api/admin/operators', { token: op.token, body: { user_name: `sneaky_${op.role}`, role: 'owner' } });
      expect(create.status).toBe(403);
      const disable = await server.call('POST', '/api/admin/operators/con_owner/disable', { token: op.token });
      expect(disable.status).toBe(403);
    }
    const list = (await get('/operators', ADMIN_TOKEN)).body.data.operators as { user_name: string; disabled: boolean }[];
    expect(list.some((o) => o.user_name.startsWith('sneaky_'))).toBe(false);
    expect(list.find((o) => o.user_name === 'con_owner')!.disabled).toBe(false);
  });
});
