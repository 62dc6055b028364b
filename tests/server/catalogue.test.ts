import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameTypes, games, products, providers } from '../../server/db/schema';
import { DEMO_PRODUCTS, seedCatalogue } from '../../server/db/seed-catalogue';
import { invalidateCatalogue } from '../../server/domain/catalogue-cache';
import { GAME_ART_VERSION } from '../../server/domain/catalogue';
import { manualClock } from '../../server/lib/clock';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

const OK = 'Request was successful.';
const FAILED = 'Error has occured...';
const GAME_KEYS = ['game_code', 'game_name', 'game_type', 'id', 'image_url', 'img', 'is_hot', 'product_code', 'provider'];

describe.each(dbKinds)('game catalogue (%s)', (kind) => {
  const clock = manualClock('2026-01-05T05:00:00Z');
  let server: TestServer;
  const db = () => server.database.db;
  const get = (path: string, opts: { token?: string; headers?: Record<string, string> } = {}) => server.call('GET', path, opts);
  /** After a direct database edit: what the admin side will do. */
  const edited = () => invalidateCatalogue();

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    await seedCatalogue(server.database.db);
    edited();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function providerId(code: string): Promise<number> {
    const [row] = await db().select({ id: providers.id }).from(providers).where(eq(providers.code, code));
    return row!.id;
  }

  async function productId(typeId: number, code: string): Promise<number> {
    const [row] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.gameTypeId, typeId), eq(products.providerId, await providerId(code))));
    return row!.id;
  }

  describe('GET /game_types', () => {
    it('lists the active types with products, in order, each with its providers', async () => {
      const res = await get('/api/game_types');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      const types = res.body.data;
      expect(types.map((t: any) => t.id)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13]);
      expect(types.map((t: any) => t.code)).toEqual([
        'slot', 'live_casino', 'sport_book', 'virtual_sport', 'lottery', 'p2p', 'fishing', 'cock_fighting', 'bonus',
        'esport', 'poker', 'others',
      ]);
      const slot = types[0];
      expect(slot).toMatchObject({ id: 1, name: 'Slot', code: 'slot', img: '/assets/art/type/slot.svg' });
      expect(slot.providers.map((p: any) => p.code)).toEqual(['JILI', 'PP', 'PG', 'CQ9', 'JDB', 'JOKER', 'PS', 'KA']);
      expect(slot.providers[1]).toMatchObject({
        id: await providerId('PP'),
        code: 'PP',
        name: 'Pragmatic Play',
        short_name: 'PP',
        img: '/assets/art/provider/PP.svg',
      });
      const fishing = types.find((t: any) => t.code === 'fishing');
      expect(fishing.providers.map((p: any) => p.code)).toEqual(['JILI', 'PS', 'JOKER', 'JDB', 'CQ9', 'KA', 'YB']);
      const live = types.find((t: any) => t.code === 'live_casino');
      expect(live.providers.map((p: any) => p.code)).toEqual(['JILI', 'SA', 'JOKER', 'SEXY', 'AG', 'CQ9']);
      for (const t of types) expect(t.providers.length, t.code).toBeGreaterThan(0);
    });

    it('hides a type whose products or providers are all inactive, and shows it again', async () => {
      const cock = await productId(9, 'SV388');
      await db().update(products).set({ status: 0 }).where(eq(products.id, cock));
      edited();
      try {
        const res = await get('/api/game_types');
        expect(res.body.data.map((t: any) => t.id)).not.toContain(9);
        // The type still exists: its provider list is simply empty.
        const providersRes = await get('/api/providers/cock_fighting');
        expect(providersRes.status).toBe(200);
        expect(providersRes.body.data).toEqual([]);
      } finally {
        await db().update(products).set({ status: 1 }).where(eq(products.id, cock));
      }
      await db().update(providers).set({ status: 0 }).where(eq(providers.code, 'SV388'));
      edited();
      try {
        expect((await get('/api/game_types')).body.data.map((t: any) => t.id)).not.toContain(9);
      } finally {
        await db().update(providers).set({ status: 1 }).where(eq(providers.code, 'SV388'));
        edited();
      }
      expect((await get('/api/game_types')).body.data.map((t: any) => t.id)).toContain(9);
    });

    it('hides an inactive type everywhere', async () => {
      await db().update(gameTypes).set({ status: 0 }).where(eq(gameTypes.id, 11));
      edited();
      try {
        expect((await get('/api/game_types')).body.data.map((t: any) => t.id)).not.toContain(11);
        expect((await get('/api/providers/esport')).status).toBe(404);
        expect((await get('/api/game_lists/11/TF')).status).toBe(404);
      } finally {
        await db().update(gameTypes).set({ status: 1 }).where(eq(gameTypes.id, 11));
        edited();
      }
    });

    it('serves from the cache until the catalogue changes, however long that takes', async () => {
      expect((await get('/api/game_types')).body.data[0].name).toBe('Slot');
      // A write that bypasses the version trigger is not seen: the answer comes from the cache...
      await db().execute(sql`alter table game_types disable trigger game_types_catalogue_version`);
      try {
        await db().update(gameTypes).set({ name: 'Slots' }).where(eq(gameTypes.id, 1));
      } finally {
        await db().execute(sql`alter table game_types enable trigger game_types_catalogue_version`);
      }
      clock.advance(24 * 60 * 60_000);
      expect((await get('/api/game_types')).body.data[0].name).toBe('Slot');
      // ...until the catalogue changes (or this process is told it did).
      edited();
      expect((await get('/api/game_types')).body.data[0].name).toBe('Slots');
      // Any write through the database is seen on the next request, whoever made it.
      await db().update(gameTypes).set({ name: 'Slot' }).where(eq(gameTypes.id, 1));
      expect((await get('/api/game_types')).body.data[0].name).toBe('Slot');
    });

    it('is public, accepts a token (even a stale one), and is revalidated each time: an unchanged list costs a 304', async () => {
      const res = await get('/api/game_types', { token: 'not-a-real-token' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      const etag = res.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await fetch(`${server.url}/api/game_types`, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
    });
  });

  describe('GET /providers/{typeCode}', () => {
    it('lists the type\'s products with the contract\'s fields', async () => {
      const res = await get('/api/providers/slot');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.data).toHaveLength(8);
      const jili = res.body.data[0];
      expect(jili).toEqual({
        id: await productId(1, 'JILI'),
        product_id: await productId(1, 'JILI'),
        provider: 'JILI',
        provider_id: await providerId('JILI'),
        product_code: 1101,
        product_name: 'JILI Games',
        product_title: 'JILI Games Slot',
        short_name: 'JILI',
        game_type: 'slot',
        img_url: '/assets/art/provider/JILI.svg',
        status: 1,
        code: 'JILI',
        provider_name: 'JILI Games',
        img: '/assets/art/provider/JILI.svg',
      });
      expect(res.body.data.map((p: any) => p.product_code)).toEqual(DEMO_PRODUCTS.slot.map((p) => p.code));
    });

    it('accepts the numeric type id too', async () => {
      const byCode = await get('/api/providers/fishing');
      const byId = await get('/api/providers/8');
      expect(byId.body.data).toEqual(byCode.body.data);
      expect(byId.body.data.map((p: any) => p.provider)).toEqual(['JILI', 'PS', 'JOKER', 'JDB', 'CQ9', 'KA', 'YB']);
    });

    it('answers 404 with the failure envelope for an unknown type', async () => {
      for (const key of ['bingo', '6', '99', '%25']) {
        const res = await get(`/api/providers/${key}`);
        expect(res.status, key).toBe(404);
        expect(res.body).toEqual({ status: FAILED, message: 'Game type not found.', data: null });
      }
    });
  });

  describe('GET /game_lists/{typeId}/{providerId}', () => {
    it('pages 20 games at a time by sort then id; past the end is empty', async () => {
      const jili = await providerId('JILI');
      const pages = [];
      for (let page = 1; page <= 5; page++) pages.push((await get(`/api/game_lists/1/${jili}?page=${page}`)).body.data);
      expect(pages.map((p) => p.length)).toEqual([20, 20, 20, 4, 0]);
      const all = pages.flat();
      expect(new Set(all.map((g: any) => g.id)).size).toBe(64);
      const rows = await db()
        .select({ id: games.id })
        .from(games)
        .where(eq(games.productId, await productId(1, 'JILI')))
        .orderBy(games.sort, games.id);
      expect(all.map((g: any) => g.id)).toEqual(rows.map((r) => r.id));
      expect((await get(`/api/game_lists/1/${jili}?page=999999`)).body.data).toEqual([]);
    });

    it('answers each game in the contract\'s shape', async () => {
      const res = await get('/api/game_lists/1/PP');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      const game = res.body.data[0];
      expect(Object.keys(game).sort()).toEqual(GAME_KEYS);
      expect(game).toMatchObject({ game_code: '1102001', game_type: 1, product_code: 1102, provider: 'PP', is_hot: 1 });
      expect(game.image_url).toBe(`/assets/art/game/${game.id}.svg?v=${GAME_ART_VERSION}`);
      expect(game.img).toBe(game.image_url);
      expect(typeof game.game_name).toBe('string');
    });

    it('reads a bad page as page 1', async () => {
      const first = (await get('/api/game_lists/1/JILI?page=1')).body.data;
      for (const bad of ['0', '-1', 'abc', '1.5', '', '99999999999']) {
        const res = await get(`/api/game_lists/1/JILI?page=${bad}`);
        expect(res.status, bad).toBe(200);
        expect(res.body.data, bad).toEqual(first);
      }
    });

    it('takes the provider as an id or a code in any case, and the type as an id or a code', async () => {
      const byId = (await get(`/api/game_lists/8/${await providerId('JOKER')}`)).body.data;
      expect(byId).toHaveLength(9);
      expect((await get('/api/game_lists/8/JOKER')).body.data).toEqual(byId);
      expect((await get('/api/game_lists/8/joker')).body.data).toEqual(byId);
      expect((await get('/api/game_lists/fishing/JOKER')).body.data).toEqual(byId);
      expect(byId.every((g: any) => g.game_type === 8 && g.provider === 'JOKER' && g.product_code === 1803)).toBe(true);
    });

    it('answers 404 for an unknown type, an unknown provider, or a provider without that type', async () => {
      const cases: [string, string][] = [
        ['/api/game_lists/99/JILI', 'Game type not found.'],
        ['/api/game_lists/6/JILI', 'Game type not found.'],
        ['/api/game_lists/1/999999', 'Provider not found.'],
        ['/api/game_lists/1/NOPE', 'Provider not found.'],
        ['/api/game_lists/9/JILI', 'Provider not found.'],
      ];
      for (const [path, message] of cases) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ status: FAILED, message, data: null });
      }
    });

    it('hides inactive games', async () => {
      const before = (await get('/api/game_lists/3/SBO')).body.data;
      await db().update(games).set({ status: 0 }).where(eq(games.id, before[0].id));
      try {
        const after = (await get('/api/game_lists/3/SBO')).body.data;
        expect(after.map((g: any) => g.id)).toEqual(before.slice(1).map((g: any) => g.id));
      } finally {
        await db().update(games).set({ status: 1 }).where(eq(games.id, before[0].id));
      }
    });

    describe('game_name filter', () => {
      const names = ['100% Zebu_Cats', '1000 Zebu Cats', 'ZEBUCAT Rush', 'Tiger_Pot 50%', 'Back\\slash Gold'];
      let ka: number;

      beforeAll(async () => {
        ka = await productId(1, 'KA');
        await db()
          .insert(games)
          .values(names.map((gameName, i) => ({ productId: ka, gameCode: `search-${i}`, gameName, imageUrl: '/x.svg', sort: 100 + i })));
      });
      afterAll(async () => {
        await db().delete(games).where(and(eq(games.productId, ka), inArray(games.gameCode, names.map((_, i) => `search-${i}`))));
      });

      const search = async (q: string, page = 1) =>
        (await get(`/api/game_lists/1/KA?page=${page}&game_name=${encodeURIComponent(q)}`)).body.data.map((g: any) => g.game_name);

      it('matches a substring whatever the case', async () => {
        expect(await search('zebu')).toEqual(['100% Zebu_Cats', '1000 Zebu Cats', 'ZEBUCAT Rush']);
        expect(await search('ZeBuCaT')).toEqual(['ZEBUCAT Rush']);
        expect(await search('rush')).toEqual(['ZEBUCAT Rush']);
      });

      it('treats % and _ and \\ as plain characters', async () => {
        expect(await search('%')).toEqual(['100% Zebu_Cats', 'Tiger_Pot 50%']);
        expect(await search('_')).toEqual(['100% Zebu_Cats', 'Tiger_Pot 50%']);
        expect(await search('100%')).toEqual(['100% Zebu_Cats']);
        expect(await search('u_c')).toEqual(['100% Zebu_Cats']);
        expect(await search('\\')).toEqual(['Back\\slash Gold']);
        expect(await search('%%')).toEqual([]);
      });

      it('ignores an empty or blank filter, and pages the filtered list', async () => {
        expect(await search('   ')).toHaveLength(20);
        expect(await search('')).toHaveLength(20);
        expect(await search('zebu', 2)).toEqual([]);
        expect(await search('zzz-no-such-game')).toEqual([]);
      });
    });
  });

  describe('GET /hot_game_lists', () => {
    it('lists the hot games unpaged, across providers, in the game shape', async () => {
      const res = await get('/api/hot_game_lists');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      const hot = res.body.data;
      expect(hot).toHaveLength(16);
      for (const g of hot) {
        expect(Object.keys(g).sort()).toEqual(GAME_KEYS);
        expect(g.is_hot).toBe(1);
      }
      expect(new Set(hot.map((g: any) => g.provider)).size).toBeGreaterThanOrEqual(8);
      expect(new Set(hot.map((g: any) => g.game_type))).toEqual(new Set([1, 2, 3, 8]));
      expect(hot[0]).toMatchObject({ provider: 'JILI', game_type: 1, game_code: '1101001' });
    });

    it('drops a game that is no longer hot (after invalidation)', async () => {
      const [first] = (await get('/api/hot_game_lists')).body.data;
      await db().update(games).set({ isHot: 0 }).where(eq(games.id, first.id));
      edited();
      try {
        const hot = (await get('/api/hot_game_lists')).body.data;
        expect(hot).toHaveLength(15);
        expect(hot.map((g: any) => g.id)).not.toContain(first.id);
      } finally {
        await db().update(games).set({ isHot: 1 }).where(eq(games.id, first.id));
        edited();
      }
    });
  });
});
