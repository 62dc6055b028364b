import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { games, gameTypes, products, providers } from '../../server/db/schema';
import { seedCatalogue } from '../../server/db/seed-catalogue';
import { seedManagedContent } from '../../server/db/seed-content';
import { PolledVersion } from '../../server/domain/catalogue-cache';
import { currentDatabaseUrl, dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN, admin } from './content-admin-helpers';

/**
 * The catalogue cache (domain/catalogue-cache.ts, docs/decisions/0017-api-throughput.md): answers
 * are kept until the catalogue changes, and every change — through the admin API or straight to
 * the database — is seen on the very next request, by this process and by every other one on
 * the same PostgreSQL database.
 */

type Get = (path: string, headers?: Record<string, string>) => Promise<{ status: number; body: any; headers: Headers }>;

/** Every public content answer, by route (English). */
async function contentView(get: Get) {
  const out: Record<string, unknown> = {};
  for (const path of ['/api/banner', '/api/banner_Text', '/api/popup-ads-banner', '/api/promotion', '/api/contact', '/api/videoads']) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    out[path] = res.body.data;
  }
  return out;
}

/** One admin edit of each content kind, and what the next public read must show. */
function contentEdits(server: () => TestServer) {
  const call = (method: string, path: string, body?: unknown) => admin(server(), method, path, body);
  return [
    {
      what: 'a new banner',
      edit: () => call('POST', '/content/banners', { img_url: '/assets/cache-banner.png', title_en: 'Cache banner' }),
      seen: (v: any) => v['/api/banner'].some((b: any) => b.title === 'Cache banner'),
    },
    {
      what: 'a new marquee text',
      edit: () => call('POST', '/content/banner-texts', { text_en: 'Cache marquee' }),
      seen: (v: any) => v['/api/banner_Text'].some((t: any) => t.text === 'Cache marquee'),
    },
    {
      what: 'a pop-up put first',
      edit: () => call('POST', '/content/popup-ads', { img_url: '/assets/cache-popup.png', text_en: 'Cache popup', sort: 0 }),
      seen: (v: any) => v['/api/popup-ads-banner']?.text === 'Cache popup',
    },
    {
      what: 'a new promotion',
      edit: () => call('POST', '/content/promotions', { title_en: 'Cache promo', description_en: 'd', img_url: '/assets/cache-promo.png' }),
      seen: (v: any) => v['/api/promotion'].some((p: any) => p.title === 'Cache promo'),
    },
    {
      what: 'a new contact',
      edit: () => call('POST', '/content/contacts', { name: 'cache', value: 'https://example.com/cache' }),
      seen: (v: any) => v['/api/contact'].some((c: any) => c.name === 'cache'),
    },
    {
      what: 'a new video ad',
      edit: () => call('POST', '/content/video-ads', { video_url: '/assets/media/cache.mp4', title_en: 'Cache video' }),
      seen: (v: any) => v['/api/videoads'].some((x: any) => x.title === 'Cache video'),
    },
  ];
}

describe.each(dbKinds)('catalogue cache, one process (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  const get: Get = (path, headers) => server.call('GET', path, { headers });

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ADMIN_TOKEN } });
    await seedCatalogue(db());
    await seedManagedContent(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows every admin content edit on the next request, and a hide or delete too', async () => {
    for (const step of contentEdits(() => server)) {
      expect(step.seen(await contentView(get)), step.what).toBe(false); // cached, and not there yet
      const res = await step.edit();
      expect(res.status, step.what).toBe(201);
      expect(step.seen(await contentView(get)), step.what).toBe(true);
    }
    // Hidden, shown, then deleted: seen at once each time.
    const promo = (await get('/api/promotion')).body.data.find((p: any) => p.title === 'Cache promo');
    expect((await admin(server, 'PATCH', `/content/promotions/${promo.id}`, { status: 0 })).status).toBe(200);
    expect((await get('/api/promotion')).body.data.map((p: any) => p.id)).not.toContain(promo.id);
    expect((await admin(server, 'PATCH', `/content/promotions/${promo.id}`, { status: 1 })).status).toBe(200);
    expect((await get('/api/promotion')).body.data.map((p: any) => p.id)).toContain(promo.id);
    expect((await admin(server, 'DELETE', `/content/promotions/${promo.id}`)).status).toBe(200);
    expect((await get('/api/promotion')).body.data.map((p: any) => p.id)).not.toContain(promo.id);
  });

  it('shows a reorder on the next request', async () => {
    const before = (await get('/api/banner')).body.data.map((b: any) => b.id);
    expect(before.length).toBeGreaterThan(1);
    const reversed = [...before].reverse();
    expect((await admin(server, 'POST', '/content/banners/order', { ids: reversed })).status).toBe(200);
    expect((await get('/api/banner')).body.data.map((b: any) => b.id)).toEqual(reversed);
  });

  it('shows catalogue writes made straight to the database on the next request: games, providers, products, types', async () => {
    const page = async () => (await get('/api/game_lists/slot/JILI?page=1')).body.data;
    const first = (await page())[0];
    await db().update(games).set({ gameName: 'Renamed While Cached' }).where(eq(games.id, first.id));
    expect((await page())[0].game_name).toBe('Renamed While Cached');
    await db().update(games).set({ status: 0 }).where(eq(games.id, first.id));
    expect((await page()).map((g: any) => g.id)).not.toContain(first.id);
    await db().update(games).set({ status: 1, isHot: 1 }).where(eq(games.id, first.id));
    expect((await page())[0].id).toBe(first.id);
    expect((await get('/api/hot_game_lists')).body.data.map((g: any) => g.id)).toContain(first.id);

    const [jili] = await db().select({ id: providers.id }).from(providers).where(eq(providers.code, 'JILI'));
    await db().update(providers).set({ status: 0 }).where(eq(providers.id, jili!.id));
    try {
      expect((await get('/api/game_lists/slot/JILI?page=1')).status).toBe(404);
      expect((await get('/api/game_types')).body.data[0].providers.map((p: any) => p.code)).not.toContain('JILI');
      expect((await get('/api/providers/slot')).body.data.map((p: any) => p.code)).not.toContain('JILI');
    } finally {
      await db().update(providers).set({ status: 1 }).where(eq(providers.id, jili!.id));
    }
    expect((await get('/api/game_lists/slot/JILI?page=1')).status).toBe(200);

    const [product] = await db().select({ id: products.id }).from(products).where(eq(products.providerId, jili!.id)).limit(1);
    await db().update(products).set({ sort: -1000 }).where(eq(products.id, product!.id));
    const [slotFirst] = (await get('/api/providers/slot')).body.data;
    expect(slotFirst.product_id).toBe(product!.id);

    await db().update(gameTypes).set({ name: 'Slots Renamed' }).where(eq(gameTypes.id, 1));
    try {
      expect((await get('/api/game_types')).body.data[0].name).toBe('Slots Renamed');
    } finally {
      await db().update(gameTypes).set({ name: 'Slot' }).where(eq(gameTypes.id, 1));
    }
    expect((await get('/api/game_types')).body.data[0].name).toBe('Slot');
  });

  it('pages a product from the cached list as the query would: 20 a page, past the end empty, names filtered in the database', async () => {
    const all = await db()
      .select({ id: games.id })
      .from(games)
      .innerJoin(products, eq(products.id, games.productId))
      .innerJoin(providers, eq(providers.id, products.providerId))
      .where(sql`${providers.code} = 'PP' and ${products.gameTypeId} = 1 and ${games.status} = 1`)
      .orderBy(games.sort, games.id);
    expect(all.length).toBeGreaterThan(20);
    const ids = (page: number) => get(`/api/game_lists/slot/PP?page=${page}`).then((r) => r.body.data.map((g: any) => g.id));
    expect(await ids(1)).toEqual(all.slice(0, 20).map((g) => g.id));
    expect(await ids(2)).toEqual(all.slice(20, 40).map((g) => g.id));
    expect(await ids(999)).toEqual([]);
    expect(await ids(1000)).toEqual([]);
    const named = (await get('/api/game_lists/slot/PP?page=1&game_name=zzz-none')).body.data;
    expect(named).toEqual([]);
  });

  it('answers a matching If-None-Match with 304 and the same validators, and a fresh 200 after an edit', async () => {
    for (const path of ['/api/banner', '/api/promotion', '/api/contact', '/api/game_types', '/api/game_lists/slot/PP?page=2']) {
      const first = await get(path);
      const tag = first.headers.get('etag')!;
      expect(tag, path).toMatch(/^W\/"[\w-]+"$/);
      const again = await get(path, { 'if-none-match': `"other", ${tag}` });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(tag);
      expect(again.headers.get('cache-control'), path).toBe(first.headers.get('cache-control'));
      expect((await get(path, { 'if-none-match': '"other"' })).status, path).toBe(200);
    }
    const banner = await get('/api/banner');
    const mm = await get('/api/banner', { 'x-lang': 'mm' });
    expect(banner.headers.get('vary')).toContain('Accept-Language, X-Lang');
    const created = await admin(server, 'POST', '/content/banners', { img_url: '/assets/etag.png', title_en: 'ETag' });
    const after = await get('/api/banner', { 'if-none-match': banner.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(banner.headers.get('etag'));
    expect((await get('/api/banner', { 'x-lang': 'mm', 'if-none-match': mm.headers.get('etag')! })).status).toBe(200);
    await admin(server, 'DELETE', `/content/banners/${created.body.data.id}`);
  });
});

/**
 * Two server processes behind a balancer: two apps, each with its own connection pool and its own
 * cache, over one PostgreSQL database. What one changes, the other shows on its next request.
 */
describe.each(dbKinds.filter((k) => k === 'postgres'))('catalogue cache, two processes on one %s database', () => {
  let a: TestServer;
  let b: TestServer;
  let second: Database;
  const getA: Get = (path, headers) => a.call('GET', path, { headers });
  const getB: Get = (path, headers) => b.call('GET', path, { headers });

  beforeAll(async () => {
    a = await startTestServer('postgres', { env: { ADMIN_TOKEN } });
    await seedCatalogue(a.database.db);
    await seedManagedContent(a.database.db);
    // The same database through a pool (and so a cache) of its own, as another process has.
    const url = await currentDatabaseUrl(a.database);
    second = await openPostgres(url, 5);
    b = await startTestServer('postgres', { env: { ADMIN_TOKEN }, database: second });
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
    await a?.close();
  });

  it('shows an admin edit made through one process on the next request to the other', async () => {
    for (const step of contentEdits(() => a)) {
      expect(step.seen(await contentView(getB)), step.what).toBe(false); // B's cache is warm and without it
      expect((await step.edit()).status, step.what).toBe(201);
      expect(step.seen(await contentView(getB)), step.what).toBe(true);
    }
  });

  it('shows a catalogue write on the next request to either process, even while the other is busy reading', async () => {
    const page = (get: Get) => get('/api/game_lists/slot/PG?page=1').then((r) => r.body.data[0]);
    const target = await page(getB);
    await page(getA);
    for (let round = 0; round < 25; round++) {
      const name = `Round ${round}`;
      // B answers a stream of reads throughout, so its version reads overlap the edit.
      let busy = true;
      const load = (async () => {
        while (busy) await Promise.all([page(getB), page(getB), getB('/api/game_types')]);
      })();
      await new Promise((r) => setTimeout(r, 2));
      await a.database.db.update(games).set({ gameName: name }).where(eq(games.id, target.id));
      const [fromB, fromA] = await Promise.all([page(getB), page(getA)]);
      busy = false;
      await load;
      expect(fromB.game_name, `round ${round} on B`).toBe(name);
      expect(fromA.game_name, `round ${round} on A`).toBe(name);
    }
  });
});

describe('the shared version read (PostgreSQL)', () => {
  /** A read that resolves when the test says, numbered in the order they started. */
  function controlledReads() {
    const started: ((version: number) => void)[] = [];
    const source = new PolledVersion(() => new Promise<number>((resolve) => started.push(resolve)));
    return { source, started };
  }

  it('never hands a caller a read that started before it asked', async () => {
    const { source, started } = controlledReads();
    const first = source.current();
    const second = source.current(); // arrives while read 1 is in flight
    const third = source.current(); // likewise: shares read 2 with the second
    expect(started).toHaveLength(1);
    started[0]!(1);
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toHaveLength(2); // read 2 starts once read 1 is done
    started[1]!(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('starts a fresh read for a caller that arrives when none is in flight, and recovers from a failed one', async () => {
    let n = 0;
    const source = new PolledVersion(async () => {
      n += 1;
      if (n === 1) throw new Error('connection lost');
      return n;
    });
    await expect(source.current()).rejects.toThrow('connection lost');
    expect(await source.current()).toBe(2);
    expect(await source.current()).toBe(3);
  });
});
