import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import {
  agents,
  bannerTexts,
  banners,
  gameTypes,
  games,
  paymentTypes,
  popupAds,
  products,
  providers,
  users,
  withdrawRequests,
} from '../../server/db/schema';
import { DEMO_REFERRAL_CODE, seedDemo } from '../../server/db/seed';
import { DEMO_BANNER_TEXT, DEMO_POPUP_TEXT } from '../../server/db/seed-catalogue';
import { invalidateCatalogue } from '../../server/domain/catalogue-cache';
import { maskUserName } from '../../server/domain/content/top-withdraw';
import { fromAcceptLanguage } from '../../server/routes/content/lang';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

const OK = 'Request was successful.';

async function contentCounts(db: Db) {
  const tables = { gameTypes, providers, products, games, banners, bannerTexts, popupAds };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  const [hot] = await db.select({ n: count() }).from(games).where(eq(games.isHot, 1));
  out.hot = hot!.n;
  const [blank] = await db.select({ n: count() }).from(games).where(eq(games.imageUrl, ''));
  out.gamesWithoutArt = blank!.n;
  return out;
}

describe('unit: languages and masking', () => {
  it('reads Accept-Language with q-values, Burmese as my or mm', () => {
    expect(fromAcceptLanguage('my-MM,en;q=0.5')).toBe('mm');
    expect(fromAcceptLanguage('fr-FR, th;q=0.8, zh;q=0.9')).toBe('zh');
    expect(fromAcceptLanguage('zh-Hans-CN')).toBe('zh');
    expect(fromAcceptLanguage('th;q=0, en;q=0.1')).toBe('en');
    expect(fromAcceptLanguage('fr, de')).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('masks user names as Pi00****01', () => {
    expect(maskUserName('Pi00123401')).toBe('Pi00****01');
    expect(maskUserName('Pi98765432')).toBe('Pi98****32');
    expect(maskUserName('abc')).toBe('a****c');
    expect(maskUserName('ab')).toBe('****');
  });
});

describe.each(dbKinds)('home content and rankings (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  const get = (path: string, headers?: Record<string, string>) => server.call('GET', path, { headers });

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemo(server.database.db);
    invalidateCatalogue();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('seed', () => {
    it('is idempotent: a second run adds nothing', async () => {
      const first = await contentCounts(db());
      expect(first).toEqual({
        gameTypes: 12,
        providers: 20,
        products: 38,
        games: 589,
        banners: 3,
        bannerTexts: 1,
        popupAds: 1,
        hot: 16,
        gamesWithoutArt: 0,
      });
      const started = Date.now();
      await seedDemo(db());
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await contentCounts(db())).toEqual(first);
    });

    it('gives at least 8 games to every product and over 40 to the big slot providers', async () => {
      const rows = await db()
        .select({ productCode: products.productCode, n: count() })
        .from(games)
        .innerJoin(products, eq(products.id, games.productId))
        .groupBy(products.productCode);
      for (const r of rows) expect(r.n, String(r.productCode)).toBeGreaterThanOrEqual(8);
      const of = (code: number) => rows.find((r) => r.productCode === code)?.n;
      expect(of(1101)).toBe(64);
      expect(of(1102)).toBe(52);
      expect(rows).toHaveLength(38);
    });

    it('leaves the id sequences past the seeded content rows', async () => {
      const [row] = await db().insert(banners).values({ imgUrl: '/assets/x.svg', status: 0 }).returning({ id: banners.id });
      expect(row!.id).toBeGreaterThan(3);
      await db().delete(banners).where(eq(banners.id, row!.id));
    });
  });

  describe('GET /banner', () => {
    it('lists the active banners in order with their images', async () => {
      const res = await get('/api/banner');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.data).toEqual([
        { id: 1, img_url: '/assets/art/banner/1.svg', title: 'Welcome Bonus 100%' },
        { id: 2, img_url: '/assets/art/banner/2.svg', title: '2D twice a day: 12:01 PM and 4:30 PM' },
        { id: 3, img_url: '/assets/art/banner/3.svg', title: 'Slot Tournament: 5,000,000 Ks prize pool' },
      ]);
    });

    it('titles follow the language, and a hidden banner is left out', async () => {
      const res = await get('/api/banner?lang=zh');
      expect(res.body.data[1].title).toBe('2D 每天两期：12:01 和 16:30');
      await db().update(banners).set({ status: 0 }).where(eq(banners.id, 2));
      invalidateCatalogue();
      try {
        expect((await get('/api/banner')).body.data.map((b: any) => b.id)).toEqual([1, 3]);
      } finally {
        await db().update(banners).set({ status: 1 }).where(eq(banners.id, 2));
        invalidateCatalogue();
      }
    });
  });

  describe('GET /banner_Text', () => {
    it('answers the marquee in English by default, with all four languages', async () => {
      const res = await get('/api/banner_Text');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.data).toEqual([{ id: 1, text: DEMO_BANNER_TEXT.en, texts: DEMO_BANNER_TEXT }]);
      expect(res.headers.get('vary')).toContain('Accept-Language');
    });

    it('picks the language from ?lang=, then X-Lang, then Accept-Language', async () => {
      const text = async (path: string, headers?: Record<string, string>) => (await get(path, headers)).body.data[0].text;
      expect(await text('/api/banner_Text?lang=mm')).toBe(DEMO_BANNER_TEXT.mm);
      expect(await text('/api/banner_Text', { 'x-lang': 'zh' })).toBe(DEMO_BANNER_TEXT.zh);
      expect(await text('/api/banner_Text', { 'accept-language': 'th-TH,th;q=0.9,en;q=0.5' })).toBe(DEMO_BANNER_TEXT.th);
      expect(await text('/api/banner_Text', { 'accept-language': 'my' })).toBe(DEMO_BANNER_TEXT.mm);
      expect(await text('/api/banner_Text?lang=th', { 'x-lang': 'zh', 'accept-language': 'mm' })).toBe(DEMO_BANNER_TEXT.th);
      expect(await text('/api/banner_Text', { 'x-lang': 'mm', 'accept-language': 'zh' })).toBe(DEMO_BANNER_TEXT.mm);
      expect(await text('/api/banner_Text?lang=fr', { 'accept-language': 'de' })).toBe(DEMO_BANNER_TEXT.en);
    });

    it('falls back to English for a language the text lacks', async () => {
      const [row] = await db()
        .insert(bannerTexts)
        .values({ text: { en: 'Only English', th: 'ภาษาไทย' }, sort: 2 })
        .returning({ id: bannerTexts.id });
      invalidateCatalogue();
      try {
        const res = await get('/api/banner_Text?lang=mm');
        expect(res.body.data[1]).toEqual({
          id: row!.id,
          text: 'Only English',
          texts: { en: 'Only English', mm: 'Only English', zh: 'Only English', th: 'ภาษาไทย' },
        });
        expect((await get('/api/banner_text?lang=th')).body.data[1].text).toBe('ภาษาไทย');
      } finally {
        await db().delete(bannerTexts).where(eq(bannerTexts.id, row!.id));
        invalidateCatalogue();
      }
    });
  });

  describe('GET /popup-ads-banner', () => {
    it('answers one ad object', async () => {
      const res = await get('/api/popup-ads-banner', { 'accept-language': 'zh-CN' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.data).toEqual({ id: 1, img_url: '/assets/art/popup/1.svg', text: DEMO_POPUP_TEXT.zh, texts: DEMO_POPUP_TEXT, link: '/top-up/bank' });
    });

    it('answers null when no ad is active', async () => {
      await db().update(popupAds).set({ status: 0 });
      invalidateCatalogue();
      try {
        const res = await get('/api/popup-ads-banner');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: OK, message: null, data: null });
      } finally {
        await db().update(popupAds).set({ status: 1 });
        invalidateCatalogue();
      }
    });
  });

  describe('GET /toptenwithdraw', () => {
    it('ranks the top 10 players by approved withdrawals, masked, with two-decimal totals', async () => {
      expect((await get('/api/toptenwithdraw')).body.data).toEqual([]);

      const [agent] = await db().select({ id: agents.id }).from(agents).where(eq(agents.referralCode, DEMO_REFERRAL_CODE));
      const [type] = await db().select({ id: paymentTypes.id }).from(paymentTypes).limit(1);
      const players = await db()
        .insert(users)
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            userName: `Pi7700${String(i).padStart(2, '0')}${String(i + 10).padStart(2, '0')}`,
            name: `Ranked ${i}`,
            phone: `0977000${String(i).padStart(4, '0')}`,
            passwordHash: 'x',
            agentId: agent!.id,
          })),
        )
        .returning({ id: users.id, userName: users.userName });

      // Player i has approved withdrawals worth (i + 1) × 10,000 Ks, in two requests, plus a
      // pending and a rejected one far larger that must not count.
      const rows = players.flatMap((p, i) => {
        const base = { userId: p.id, paymentTypeId: type!.id, accountName: 'Ko Test', accountNumber: '0912345' };
        return [
          { ...base, amount: BigInt((i + 1) * 6_000) * 100n, status: 1 },
          { ...base, amount: BigInt((i + 1) * 4_000) * 100n + 55n, status: 1 },
          { ...base, amount: 900_000_000n, status: 0 },
          { ...base, amount: 900_000_000n, status: 2 },
        ];
      });
      await db().insert(withdrawRequests).values(rows);
      // A player with only pending and rejected requests never appears.
      const [idle] = await db()
        .insert(users)
        .values({ userName: 'Pi99999999', name: 'Idle', phone: '09770009999', passwordHash: 'x', agentId: agent!.id })
        .returning({ id: users.id });
      await db().insert(withdrawRequests).values([
        { userId: idle!.id, paymentTypeId: type!.id, accountName: 'Idle', accountNumber: '1', amount: 999_999_999n, status: 0 },
        { userId: idle!.id, paymentTypeId: type!.id, accountName: 'Idle', accountNumber: '1', amount: 999_999_999n, status: 2 },
      ]);

      // Cached for a short while: the new rows show after invalidation (or the TTL).
      expect((await get('/api/toptenwithdraw')).body.data).toEqual([]);
      invalidateCatalogue();
      const res = await get('/api/toptenwithdraw', { authorization: 'Bearer whatever' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      const expected = players
        .map((p, i) => ({ player_id: maskUserName(p.userName), amount: `${(i + 1) * 10_000}.55` }))
        .reverse()
        .slice(0, 10);
      expect(res.body.data).toEqual(expected);
      expect(res.body.data[0]).toEqual({ player_id: 'Pi77****21', amount: '120000.55' });
      expect(res.body.data.map((r: any) => r.player_id)).not.toContain('Pi99****99');
    });
  });
});
