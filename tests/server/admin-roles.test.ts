import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { banners, depositRequests, ledger } from '../../server/db/schema';
import { ROLES, type Role } from '../../server/domain/operators/roles';
import { testEnv } from '../../server/env';
import { ADMIN_ROUTES, routesFor } from '../../server/routes/admin/access';
import { adminGate } from '../../server/routes/admin/gate';
import { dbKinds } from '../support/db';
import { registerPlayer } from './accounts-helpers';
import { demoAccounts, type CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';

/**
 * Who may do what in the back office, written from decision 0018 and the product's meaning — NOT
 * read from server/routes/admin/access.ts, so a wrong grant there (a cashier deleting content, a
 * content operator approving money) fails this test. The owner may do everything. Each family is
 * a list of exact route keys: a new route is missing here until someone decides who may call it.
 */
const SIGNED_IN = 'any signed-in operator';
type Allowed = readonly string[] | typeof SIGNED_IN | 'public';
const MATRIX: { family: string; allowed: Allowed; routes: string[] }[] = [
  { family: 'operator sign-in', allowed: 'public', routes: ['POST /session', 'POST /session/setup'] },
  { family: 'own session', allowed: SIGNED_IN, routes: ['DELETE /session', 'GET /me', 'POST /me/password'] },
  {
    family: 'cashier queue: deposits and withdrawals',
    allowed: ['cashier'],
    routes: [
      'GET /deposits',
      'GET /withdrawals',
      'GET /deposits/:id/receipt',
      'POST /deposits/:id/approve',
      'POST /deposits/:id/reject',
      'POST /withdrawals/:id/approve',
      'POST /withdrawals/:id/reject',
    ],
  },
  // Finance finds the player and reads their history before adjusting a balance; it never bans,
  // resets passwords or decides requests.
  { family: 'players: look up, history', allowed: ['cashier', 'finance'], routes: ['GET /players', 'GET /players/:id', 'GET /players/:id/ledger', 'GET /players/:id/activity'] },
  { family: 'players: ban, reset a password', allowed: ['cashier'], routes: ['POST /players/:id/ban', 'POST /players/:id/unban', 'POST /players/:id/password-reset'] },
  // Bonuses, corrections, goodwill (issue 26): finance and the owner; never the cashier who pays out.
  {
    family: 'balance adjustments',
    allowed: ['finance'],
    routes: ['POST /players/:id/adjustments', 'GET /adjustments', 'POST /adjustments/:id/approve', 'POST /adjustments/:id/reject'],
  },
  { family: "the day's figures", allowed: ['cashier', 'content', 'two_d', 'finance'], routes: ['GET /dashboard'] },
  { family: "money reports and disputes (a player's play)", allowed: ['cashier'], routes: ['GET /reports', 'GET /disputes'] },
  {
    family: '2D results, holidays, limits, closures, exposure',
    allowed: ['two_d'],
    routes: [
      'GET /two-d/results',
      'GET /two-d/audit',
      'GET /two-d/holidays',
      'GET /two-d/limits',
      'GET /two-d/closures',
      'GET /two-d/exposure',
      'POST /two-d/results',
      'POST /two-d/results/reject',
      'POST /two-d/holidays',
      'DELETE /two-d/holidays/:date',
      'PUT /two-d/limits/:number',
      'DELETE /two-d/limits/:number',
      'POST /two-d/closures',
      'DELETE /two-d/closures',
    ],
  },
  { family: 'agents and their accounts, read', allowed: ['cashier'], routes: ['GET /agents', 'GET /agents/:code/accounts'] },
  { family: 'agents and their accounts, change', allowed: [], routes: ['POST /agents', 'POST /agents/:code/accounts'] },
  {
    family: 'content and media',
    allowed: ['content'],
    routes: ['GET /content', 'GET /content/:kind', 'GET /content/:kind/:id', 'POST /content/:kind/order', 'POST /content/:kind', 'PATCH /content/:kind/:id', 'DELETE /content/:kind/:id', 'POST /media'],
  },
  {
    family: 'game catalogue',
    allowed: ['content'],
    routes: [
      'GET /games/types',
      'GET /games/providers',
      'GET /games/hot',
      'GET /games',
      'POST /games/types/:id/status',
      'POST /games/providers/:id/status',
      'POST /games/products/:id/status',
      'POST /games/:id/status',
      'POST /games/:id/hot',
      'POST /games/hot',
    ],
  },
  // Telegram broadcasts (issue 29): telling players news is content's work, like the banners.
  {
    family: 'Telegram broadcasts',
    allowed: ['content'],
    routes: ['GET /broadcasts', 'GET /broadcasts/:id', 'POST /broadcasts', 'POST /broadcasts/:id/preview', 'POST /broadcasts/:id/send'],
  },
  { family: 'the books, read', allowed: ['cashier', 'finance'], routes: ['GET /books'] },
  { family: 'the books, start a check; a copy of the database', allowed: [], routes: ['POST /books/check', 'GET /backup'] },
  {
    family: 'operators and the audit',
    allowed: [],
    routes: [
      'GET /operators',
      'POST /operators',
      'POST /operators/:user_name/disable',
      'POST /operators/:user_name/enable',
      'POST /operators/:user_name/reset-totp',
      'POST /operators/:user_name/revoke-sessions',
      'GET /audit',
    ],
  },
];

/** The roles the matrix was written for; a new role fails the test until the matrix places it. */
const KNOWN_ROLES = ['owner', 'cashier', 'content', 'two_d', 'finance'];

const familyOf = new Map<string, (typeof MATRIX)[number]>();
for (const row of MATRIX) {
  for (const route of row.routes) {
    if (familyOf.has(route)) throw new Error(`${route} is in two families of the role matrix`);
    familyOf.set(route, row);
  }
}

/** Whether the matrix lets `role` call `route` (the owner everything); undefined when the route is not in it. */
function matrixAllows(route: string, role: string): boolean | undefined {
  const row = familyOf.get(route);
  if (!row) return undefined;
  return row.allowed === 'public' || row.allowed === SIGNED_IN || role === 'owner' || row.allowed.includes(role);
}

const missingFromMatrix = () => Object.keys(ADMIN_ROUTES).filter((key) => !familyOf.has(key));
const MISSING = 'missing from the role matrix in tests/server/admin-roles.test.ts: add each to the family (or a new one) whose roles decision 0018 gives it';

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

  it('the matrix places every role the server knows', () => {
    expect([...ROLES].sort(), 'a role unknown to the role matrix (or one it names that is gone)').toEqual([...KNOWN_ROLES].sort());
  });

  it('every route in the role table is in the matrix, and every route in the matrix is served', () => {
    expect(missingFromMatrix(), MISSING).toEqual([]);
    expect([...familyOf.keys()].filter((key) => !(key in ADMIN_ROUTES)), 'routes in the role matrix the server no longer has').toEqual([]);
  });

  it('the table grants what the matrix says (no server needed: fails fast on a wrong grant)', () => {
    for (const [key, rule] of Object.entries(ADMIN_ROUTES)) {
      const row = familyOf.get(key);
      if (!row) continue; // reported by the test above
      if (row.allowed === 'public' || row.allowed === SIGNED_IN) {
        expect(rule.access, key).toBe(row.allowed === 'public' ? 'public' : 'signed-in');
        continue;
      }
      expect(rule.access, key).toBe('role');
      for (const role of ROLES) expect(routesFor(role).includes(key), `${role} ${key}`).toBe(matrixAllows(key, role));
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

  it.each(Object.keys(ADMIN_ROUTES))('%s: each role as the matrix says (403 where it does not allow, never where it does)', async (key) => {
    expect(familyOf.has(key), `${key} is ${MISSING}`).toBe(true);
    const rule = ADMIN_ROUTES[key]!;
    const [method, pattern] = key.split(' ') as [string, string];
    const path = `/api/admin${concrete(pattern)}`;
    const body = method === 'GET' ? undefined : {};
    // Sign-in and one's own session (the static test above checks they are public / signed-in):
    // not driven per role, as DELETE /session would end the sessions the other routes use.
    if (rule.access === 'public') return;
    if (rule.access === 'signed-in') {
      expect((await server.call(method, path, { body })).status).toBe(401);
      return;
    }
    for (const role of ROLES) {
      const res = await server.call(method, path, { token: ops[role].token, body });
      if (matrixAllows(key, role)) expect([401, 403], `${role} ${key} → ${res.status}`).not.toContain(res.status);
      else {
        expect(res.status, `${role} must not call ${key}`).toBe(403);
        expect(res.refusal?.code).toBe('admin.forbidden');
      }
    }
    // Without credentials: 401.
    expect((await server.call(method, path, { body })).status).toBe(401);
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

  it('GET /me lists exactly the routes the matrix gives each role', async () => {
    for (const role of ROLES) {
      const me = await server.call('GET', '/api/admin/me', { token: ops[role].token });
      const expected = Object.keys(ADMIN_ROUTES).filter((key) => matrixAllows(key, role));
      expect([...me.body.data.routes].sort(), role).toEqual(expected.sort());
    }
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
