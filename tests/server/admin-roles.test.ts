import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { banners, depositRequests, ledger } from '../../server/db/schema';
import { ROLES, type Role } from '../../server/domain/operators/roles';
import { testEnv } from '../../server/env';
import { ADMIN_ROUTES } from '../../server/routes/admin/access';
import { adminGate } from '../../server/routes/admin/gate';
import { dbKinds } from '../support/db';
import { registerPlayer } from './accounts-helpers';
import { demoAccounts, type CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';

/** Every admin route registered on the real app, as the role table spells it. */
function registeredAdminRoutes(database: CashierServer['database']): string[] {
  const app = createApp({ database, env: testEnv({ ADMIN_TOKEN, STATIC_DIR: '/nonexistent' }) });
  const keys = app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/admin/')).map((r) => `${r.method} ${r.path.slice('/api/admin'.length)}`);
  return [...new Set(keys)].sort();
}

/** A concrete path for a route pattern; ids that exist nowhere, so a permitted call changes nothing. */
const concrete = (pattern: string) =>
  pattern
    .replace(':id', '999999')
    .replace(':kind', 'banners')
    .replace(':code', 'NO_SUCH_CODE')
    .replace(':date', '2031-01-01')
    .replace(':number', '42')
    .replace(':user_name', 'nobody_at_all');

describe('the role table covers every admin route', () => {
  it('each changing route names its audit action (or audits itself)', () => {
    for (const [key, rule] of Object.entries(ADMIN_ROUTES)) {
      if (key.startsWith('GET ')) continue;
      expect(rule.audit, key).toBeDefined();
    }
  });
});

describe.each(dbKinds)('roles are enforced on every admin route (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  const ops = {} as Record<Role, Operator>;
  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind));
    for (const role of ROLES) ops[role] = await enrolOperator(server, clock, role);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('each registered route has a rule, and each rule a route', () => {
    expect(registeredAdminRoutes(server.database)).toEqual(Object.keys(ADMIN_ROUTES).sort());
  });

  const roleRoutes = Object.entries(ADMIN_ROUTES).filter(([, rule]) => rule.access === 'role');
  it.each(roleRoutes.map(([key]) => key))('%s: 403 for the roles it does not allow, never for those it does', async (key) => {
    const rule = ADMIN_ROUTES[key]!;
    const [method, pattern] = key.split(' ') as [string, string];
    for (const role of ROLES) {
      const allowed = role === 'owner' || (rule.access === 'role' && rule.roles.includes(role));
      const res = await server.call(method, `/api/admin${concrete(pattern)}`, { token: ops[role].token, body: method === 'GET' ? undefined : {} });
      if (allowed) expect([401, 403], `${role} ${key} → ${res.status}`).not.toContain(res.status);
      else {
        expect(res.status, `${role} ${key}`).toBe(403);
        expect(res.refusal?.code).toBe('admin.forbidden');
      }
    }
    // Without credentials: 401 for all of them.
    expect((await server.call(method, `/api/admin${concrete(pattern)}`, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
  });

  it('a cashier cannot edit content; the banner is unchanged', async () => {
    const [banner] = await server.database.db.insert(banners).values({ imgUrl: '/assets/x.png', sort: 1 }).returning();
    const res = await server.call('PATCH', `/api/admin/content/banners/${banner!.id}`, { token: ops.cashier.token, body: { status: 0 } });
    expect(res.status).toBe(403);
    const [after] = await server.database.db.select().from(banners).where(eq(banners.id, banner!.id));
    expect(after!.status).toBe(1);
    expect((await server.call('PATCH', `/api/admin/content/banners/${banner!.id}`, { token: ops.content.token, body: { status: 0 } })).status).toBe(200);
  });

  it('a content operator cannot approve money; the deposit stays pending and nothing is credited', async () => {
    const player = await registerPlayer(server);
    const accounts = await demoAccounts(server.database.db);
    const made = await server.call('POST', '/api/depositfinicial', { token: player.token, body: { agent_payment_type_id: accounts.KBZPay, amount: 5000, refrence_no: '777001' } });
    const id = made.body.data.id as number;
    for (const role of ['content', 'two_d'] as const) {
      expect((await server.call('POST', `/api/admin/deposits/${id}/approve`, { token: ops[role].token, body: {} })).status).toBe(403);
    }
    const [row] = await server.database.db.select().from(depositRequests).where(eq(depositRequests.id, id));
    expect(row!.status).toBe(0);
    expect(await server.database.db.select().from(ledger).where(and(eq(ledger.userId, player.id), eq(ledger.kind, 'deposit')))).toEqual([]);
    expect((await server.call('POST', `/api/admin/deposits/${id}/approve`, { token: ops.cashier.token, body: {} })).status).toBe(200);
  });

  it('GET /me lists exactly the routes the role may call', async () => {
    const me = await server.call('GET', '/api/admin/me', { token: ops.cashier.token });
    expect(me.body.data.routes).toContain('POST /deposits/:id/approve');
    expect(me.body.data.routes).not.toContain('PATCH /content/:kind/:id');
    expect(me.body.data.routes).not.toContain('POST /operators');
  });

  it('a route with no rule in the table is refused even to the owner (deny by default)', async () => {
    const deps = { database: server.database, env: testEnv({ ADMIN_TOKEN }), clock };
    const admin = new Hono();
    admin.use('*', adminGate(deps as never, ADMIN_TOKEN));
    admin.get('/unlisted', (c) => c.json({ leaked: true }));
    const app = new Hono().route('/api/admin', admin);
    const res = await app.request('/api/admin/unlisted', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status).toBe(403);
  });
});
