import { desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { auditLog, games, gameTypes, products, providers } from '../../server/db/schema';
import { dbKinds, pgTestUrl } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import type { CashierServer } from './cashier-helpers';
import { ADMIN_TOKEN, enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';

/**
 * The game catalogue in the console (server/routes/admin/games.ts, docs/operator.md § Games): a
 * content operator lists and filters the catalogue, hides and shows types, providers, products and
 * games, and sets the hot list; each change is audited with its before and after and reaches the
 * player's lists on the very next request (the catalogue cache's version, migration 0010).
 */

describe.each(dbKinds)('games in the console (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let content: Operator;
  let cashier: Operator;
  let twoD: Operator;
  let owner: Operator;
  const db = () => server.database.db;
  const as = (op: Operator | null, method: string, path: string, body?: unknown) =>
    server.call(method, `/api/admin${path}`, { token: op?.token, body });
  const player = (path: string) => server.call('GET', `/api/${path}`);
  const ids = (res: { body: any }) => (res.body.data as { id: number }[]).map((r) => r.id);
  const hotIds = async () => ids(await player('hot_game_lists'));

  /** The newest audit row's id (refused requests must not add any). */
  const lastAudit = async () => (await db().select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
  const auditOf = async (action: string) => (await db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

  /** Every game's (status, is_hot), every provider's, product's and type's status: "nothing changed" compares this. */
  const catalogueState = async () =>
    JSON.stringify([
      await db().select({ id: games.id, s: games.status, h: games.isHot }).from(games).orderBy(games.id),
      await db().select({ id: providers.id, s: providers.status }).from(providers).orderBy(providers.id),
      await db().select({ id: products.id, s: products.status }).from(products).orderBy(products.id),
      await db().select({ id: gameTypes.id, s: gameTypes.status }).from(gameTypes).orderBy(gameTypes.id),
    ]);

  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind));
    content = await enrolOperator(server, clock, 'content');
    cashier = await enrolOperator(server, clock, 'cashier');
    twoD = await enrolOperator(server, clock, 'two_d');
    owner = await enrolOperator(server, clock, 'owner');
  }, 180_000); // the demo seed and four enrolments (password hashing) on a busy machine
  afterAll(async () => {
    await server?.close();
  });

  it('lists types, providers with their products per type, and games filtered and paged', async () => {
    const types = await as(content, 'GET', '/games/types');
    expect(types.status).toBe(200);
    const slot = types.body.data.find((t: any) => t.code === 'slot');
    expect(slot).toMatchObject({ id: 1, status: 1 });
    expect(slot.products).toBeGreaterThan(3);
    expect(slot.games).toBeGreaterThan(100);

    const provs = await as(content, 'GET', '/games/providers');
    const jili = provs.body.data.find((p: any) => p.code === 'JILI');
    expect(jili.status).toBe(1);
    expect(jili.products.map((p: any) => p.type_code)).toContain('slot');
    const jiliSlot = jili.products.find((p: any) => p.type_code === 'slot');
    expect(jiliSlot).toMatchObject({ product_code: 1101, games: 64, status: 1 });

    const page1 = await as(content, 'GET', `/games?type=1&provider=${jili.id}`);
    expect(page1.status).toBe(200);
    expect(page1.body.data.total).toBe(64);
    expect(page1.body.data.per_page).toBe(24);
    expect(page1.body.data.data).toHaveLength(24);
    expect(page1.body.data.data.every((g: any) => g.provider.code === 'JILI' && g.type.code === 'slot')).toBe(true);
    const page3 = await as(content, 'GET', `/games?type=1&provider=${jili.id}&page=3`);
    expect(page3.body.data.data).toHaveLength(16);
    expect(new Set([...page1.body.data.data, ...page3.body.data.data].map((g: any) => g.id)).size).toBe(40);

    // A name search matches names and codes, case-insensitively, with LIKE's wildcards as text.
    const name = page1.body.data.data[5].game_name as string;
    const byName = await as(content, 'GET', `/games?q=${encodeURIComponent(name.toUpperCase())}`);
    expect(byName.body.data.data.map((g: any) => g.game_name)).toContain(name);
    const byCode = await as(content, 'GET', '/games?q=1101007');
    expect(byCode.body.data.data.map((g: any) => g.game_code)).toEqual(['1101007']);
    expect((await as(content, 'GET', '/games?q=%25')).body.data.total).toBe(0);

    const hot = await as(content, 'GET', '/games?hot=1');
    expect(hot.body.data.total).toBe((await hotIds()).length);
    expect(hot.body.data.data.every((g: any) => g.is_hot)).toBe(true);
    expect((await as(content, 'GET', '/games?hidden=1')).body.data.total).toBe(0);
  });

  it('hiding a game takes it off the player list at once; showing it puts it back; audited with before and after', async () => {
    const list = () => player('game_lists/slot/JILI?page=1');
    const target = (await list()).body.data[2];
    const before = await lastAudit();
    const hide = await as(content, 'POST', `/games/${target.id}/status`, { status: 0 });
    expect(hide.status).toBe(200);
    expect(hide.body.data).toMatchObject({ id: target.id, status: 0, visible: false });
    expect(ids(await list())).not.toContain(target.id);
    expect((await as(content, 'GET', '/games?hidden=1')).body.data.data.map((g: any) => g.id)).toEqual([target.id]);

    const row = await auditOf('games.game.status');
    expect(row!.id).toBeGreaterThan(before);
    expect(row).toMatchObject({ actorKind: 'operator', actorName: content.userName, targetType: 'game', targetId: String(target.id) });
    expect(row!.before).toMatchObject({ id: target.id, status: 1 });
    expect(row!.after).toMatchObject({ id: target.id, status: 0 });

    expect((await as(content, 'POST', `/games/${target.id}/status`, { status: 1 })).status).toBe(200);
    expect(ids(await list())[2]).toBe(target.id);
  });

  it('hiding a provider, a product or a type takes it off the player lists; showing puts it back', async () => {
    const [pg] = await db().select({ id: providers.id }).from(providers).where(eq(providers.code, 'PG'));
    const slotCodes = async () => ((await player('providers/slot')).body.data as any[]).map((p) => p.code);
    expect(await slotCodes()).toContain('PG');
    expect((await as(content, 'POST', `/games/providers/${pg!.id}/status`, { status: 0 })).status).toBe(200);
    expect(await slotCodes()).not.toContain('PG');
    expect((await player('game_lists/slot/PG?page=1')).status).toBe(404);
    expect((await auditOf('games.provider.status'))!.after).toMatchObject({ code: 'PG', status: 0 });
    expect((await as(content, 'POST', `/games/providers/${pg!.id}/status`, '{"status":"1"}')).status).toBe(200);
    expect(await slotCodes()).toContain('PG');

    // One product: PG's slots go, PG stays in its other types.
    const [product] = await db().select({ id: products.id }).from(products).where(eq(products.productCode, 1103));
    const typesWithPg = async () => ((await player('game_types')).body.data as any[]).filter((t) => t.providers.some((p: any) => p.code === 'PG')).map((t) => t.code);
    const pgTypes = await typesWithPg();
    expect(pgTypes).toContain('slot');
    expect((await as(content, 'POST', `/games/products/${product!.id}/status`, { status: 0 })).status).toBe(200);
    expect(await slotCodes()).not.toContain('PG');
    expect(await typesWithPg()).toEqual(pgTypes.filter((t) => t !== 'slot'));
    expect((await as(content, 'POST', `/games/products/${product!.id}/status`, { status: 1 })).status).toBe(200);
    expect(await slotCodes()).toContain('PG');

    // A type: off the type strip, its hot games out of the hot list.
    const typeCodes = async () => ((await player('game_types')).body.data as any[]).map((t) => t.code);
    const hotBefore = await hotIds();
    expect((await as(content, 'POST', '/games/types/2/status', { status: 0 })).status).toBe(200);
    expect(await typeCodes()).not.toContain('live_casino');
    expect((await player('providers/live_casino')).status).toBe(404);
    expect((await hotIds()).length).toBeLessThan(hotBefore.length);
    expect((await auditOf('games.type.status'))!.before).toMatchObject({ id: 2, status: 1 });
    expect((await as(content, 'POST', '/games/types/2/status', { status: 1 })).status).toBe(200);
    expect(await typeCodes()).toContain('live_casino');
    expect(await hotIds()).toEqual(hotBefore);
  });

  it('the hot list: a game marked hot goes last, the order set is the order players see, unmarked leaves it', async () => {
    const start = await hotIds();
    expect(start.length).toBeGreaterThan(5);
    const [cold] = await db().select({ id: games.id }).from(games).where(eq(games.isHot, 0)).orderBy(desc(games.id)).limit(1);
    const mark = await as(content, 'POST', `/games/${cold!.id}/hot`, { hot: true });
    expect(mark.status).toBe(200);
    expect(mark.body.data).toMatchObject({ id: cold!.id, is_hot: true });
    expect(await hotIds()).toEqual([...start, cold!.id]);
    // Again: no change (it keeps its place).
    expect((await as(content, 'POST', `/games/${cold!.id}/hot`, { hot: 1 })).status).toBe(200);
    expect(await hotIds()).toEqual([...start, cold!.id]);

    // An order: the new game first, the rest reversed, one dropped.
    const order = [cold!.id, ...[...start].reverse().slice(1)];
    const set = await as(content, 'POST', '/games/hot', { ids: order });
    expect(set.status).toBe(200);
    expect(ids(set)).toEqual(order);
    expect(await hotIds()).toEqual(order);
    expect(ids(await as(content, 'GET', '/games/hot'))).toEqual(order);
    const row = await auditOf('games.hot.order');
    expect(row).toMatchObject({ targetType: 'hot_list', targetId: 'hot' });
    expect(row!.before).toEqual([...start, cold!.id]);
    expect(row!.after).toEqual(order);
    // The one left out is no longer hot anywhere.
    const dropped = start[start.length - 1]!;
    const [droppedRow] = await db().select({ isHot: games.isHot }).from(games).where(eq(games.id, dropped));
    expect(droppedRow!.isHot).toBe(0);

    // A hidden game keeps its place in the operator's list but players do not see it.
    expect((await as(content, 'POST', `/games/${order[1]}/status`, { status: 0 })).status).toBe(200);
    expect(await hotIds()).toEqual(order.filter((id) => id !== order[1]));
    const adminHot = (await as(content, 'GET', '/games/hot')).body.data;
    expect(adminHot.map((g: any) => g.id)).toEqual(order);
    expect(adminHot[1].visible).toBe(false);
    expect((await as(content, 'POST', `/games/${order[1]}/status`, { status: 1 })).status).toBe(200);

    // Unmark: off the list, the rest keep their order.
    expect((await as(content, 'POST', `/games/${cold!.id}/hot`, { hot: false })).status).toBe(200);
    expect(await hotIds()).toEqual(order.slice(1));
    expect((await auditOf('games.game.hot'))!.after).toMatchObject({ id: cold!.id, isHot: 0 });
    // The owner may do it too.
    expect((await as(owner, 'POST', '/games/hot', { ids: start })).status).toBe(200);
    expect(await hotIds()).toEqual(start);
  });

  it('cashiers and 2D operators are refused every games route, and nothing changes', async () => {
    const state = await catalogueState();
    const audit = await lastAudit();
    const [anyGame] = await db().select({ id: games.id }).from(games).limit(1);
    const calls: [string, string, unknown?][] = [
      ['GET', '/games/types'],
      ['GET', '/games/providers'],
      ['GET', '/games'],
      ['GET', '/games/hot'],
      ['POST', `/games/${anyGame!.id}/status`, { status: 0 }],
      ['POST', `/games/${anyGame!.id}/hot`, { hot: false }],
      ['POST', '/games/providers/1/status', { status: 0 }],
      ['POST', '/games/products/1/status', { status: 0 }],
      ['POST', '/games/types/1/status', { status: 0 }],
      ['POST', '/games/hot', { ids: [] }],
    ];
    for (const op of [cashier, twoD]) {
      for (const [method, path, body] of calls) {
        const res = await as(op, method, path, body);
        expect(res.status, `${op.role} ${method} ${path}`).toBe(403);
        expect(res.refusal?.code).toBe('admin.forbidden');
      }
    }
    for (const [method, path, body] of calls) expect((await as(null, method, path, body)).status, `${method} ${path}`).toBe(401);
    expect(await catalogueState()).toBe(state);
    expect(await lastAudit()).toBe(audit);
  });

  it('malformed ids, bodies and filters are refused with codes; nothing changes, nothing is audited', async () => {
    const state = await catalogueState();
    const audit = await lastAudit();
    const [game] = await db().select({ id: games.id }).from(games).where(gt(games.isHot, 0)).limit(1);
    const notFound: [string, unknown, string][] = [
      ['/games/abc/status', { status: 0 }, 'games.game_not_found'],
      ['/games/0/status', { status: 0 }, 'games.game_not_found'],
      ['/games/-1/status', { status: 0 }, 'games.game_not_found'],
      ['/games/1.5/status', { status: 0 }, 'games.game_not_found'],
      ['/games/99999999/status', { status: 0 }, 'games.game_not_found'],
      ['/games/12345678901234567890/hot', { hot: true }, 'games.game_not_found'],
      ['/games/providers/x/status', { status: 0 }, 'games.provider_not_found'],
      ['/games/providers/999999/status', { status: 0 }, 'games.provider_not_found'],
      ['/games/products/999999/status', { status: 0 }, 'games.provider_not_found'],
      ['/games/types/999999/status', { status: 0 }, 'games.type_not_found'],
      ['/games/types/99999999999/status', { status: 0 }, 'games.type_not_found'],
      ['/games/providers/999999999999999/status', { status: 0 }, 'games.provider_not_found'],
    ];
    for (const [path, body, code] of notFound) {
      const res = await as(content, 'POST', path, body);
      expect(res.status, path).toBe(404);
      expect(res.refusal?.code, path).toBe(code);
    }
    const invalid: [string, unknown, string, string][] = [
      [`/games/${game!.id}/status`, {}, 'status', 'field.required'],
      [`/games/${game!.id}/status`, { status: 2 }, 'status', 'field.selected_invalid'],
      [`/games/${game!.id}/status`, { status: 'hidden' }, 'status', 'field.selected_invalid'],
      [`/games/${game!.id}/status`, { status: true }, 'status', 'field.selected_invalid'],
      [`/games/${game!.id}/status`, 'not json', 'status', 'field.required'],
      ['/games/types/1/status', { status: -1 }, 'status', 'field.selected_invalid'],
      [`/games/${game!.id}/hot`, { hot: 'yes' }, 'hot', 'field.selected_invalid'],
      [`/games/${game!.id}/hot`, {}, 'hot', 'field.required'],
      ['/games/hot', {}, 'ids', 'field.required'],
      ['/games/hot', { ids: '1,2' }, 'ids', 'field.array'],
      ['/games/hot', { ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'ids', 'field.max_items'],
      ['/games/hot', { ids: [game!.id, 'x'] }, 'ids.1', 'field.integer'],
      ['/games/hot', { ids: [game!.id, 1.5] }, 'ids.1', 'field.integer'],
      ['/games/hot', { ids: [game!.id, 0] }, 'ids.1', 'field.integer'],
      ['/games/hot', { ids: [game!.id, game!.id] }, 'ids.1', 'field.selected_invalid'],
      ['/games/hot', { ids: [game!.id, 99999999] }, 'ids.1', 'field.selected_invalid'],
    ];
    for (const [path, body, field, code] of invalid) {
      const res = await as(content, 'POST', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.refusal?.code).toBe('validation.invalid');
      expect(res.refusal?.error_codes?.[field]?.[0]?.code, `${path} ${JSON.stringify(body)}`).toBe(code);
    }
    for (const query of ['type=x', 'type=99999999999', 'provider=-1', 'provider=1e3', 'hot=yes', 'hidden=2', `q=${'a'.repeat(101)}`]) {
      const res = await as(content, 'GET', `/games?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.refusal?.code).toBe('validation.invalid');
    }
    const huge = await as(content, 'POST', '/games/hot', { ids: Array.from({ length: 3000 }, (_, i) => i + 1) });
    expect(huge.status).toBe(413);
    expect(await catalogueState()).toBe(state);
    expect(await lastAudit()).toBe(audit);
  });
});

/** Two server processes on one PostgreSQL database: a change made through one is seen by the other's players at once. */
describe.each(dbKinds.filter((k) => k === 'postgres'))('games in the console, two processes on one %s database', () => {
  let a: CashierServer;
  let b: TestServer;
  let second: Database;

  beforeAll(async () => {
    ({ server: a } = await startOperatorServer('postgres'));
    const { rows } = (await a.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(pgTestUrl!);
    url.pathname = `/${rows[0]!.name}`;
    second = await openPostgres(url.toString(), 5);
    b = await startTestServer('postgres', { env: { ADMIN_TOKEN }, database: second });
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
    await a?.close();
  });

  it('hides a game, a provider and reorders the hot list through A; B answers the change on its next request', async () => {
    const admin = (method: string, path: string, body?: unknown) => a.call(method, `/api/admin${path}`, { token: ADMIN_TOKEN, body });
    const onB = (path: string) => b.call('GET', `/api/${path}`).then((r) => r.body.data as any[]);
    const target = (await onB('game_lists/slot/PP?page=1'))[0];
    expect((await admin('POST', `/games/${target.id}/status`, { status: 0 })).status).toBe(200);
    expect((await onB('game_lists/slot/PP?page=1')).map((g) => g.id)).not.toContain(target.id);

    const [pp] = await a.database.db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'PP'));
    expect((await admin('POST', `/games/providers/${pp!.id}/status`, { status: 0 })).status).toBe(200);
    expect((await onB('providers/slot')).map((p) => p.code)).not.toContain('PP');
    expect((await admin('POST', `/games/providers/${pp!.id}/status`, { status: 1 })).status).toBe(200);
    expect((await onB('providers/slot')).map((p) => p.code)).toContain('PP');

    const hot = (await onB('hot_game_lists')).map((g) => g.id);
    const reversed = [...hot].reverse();
    expect((await admin('POST', '/games/hot', { ids: reversed })).status).toBe(200);
    expect((await onB('hot_game_lists')).map((g) => g.id)).toEqual(reversed);
  });
});
