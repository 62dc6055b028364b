import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, promotions, videoAds } from '../../server/db/schema';
import { invalidateCatalogue } from '../../server/domain/catalogue-cache';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN, admin } from './content-admin-helpers';

const OK = 'Request was successful.';

/** Public GET /promotion, /contact, /videoads over rows this file creates (no demo seed). */
describe.each(dbKinds)('public managed content (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  const get = (path: string, headers?: Record<string, string>) => server.call('GET', path, { headers });
  const ids: Record<string, number> = {};

  const PROMO_A = {
    title: { en: 'Welcome Bonus', mm: 'ကြိုဆိုဆုကြေး', zh: '欢迎奖金', th: 'โบนัสต้อนรับ' },
    description: { en: 'Double your first deposit.', mm: 'ပထမငွေသွင်းကို နှစ်ဆ။', zh: '首存翻倍。', th: 'ฝากครั้งแรกรับสองเท่า' },
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ADMIN_TOKEN } });
    // Inserted out of order: sort decides, then id; status 0 is hidden.
    const [late] = await db().insert(promotions).values({ title: { en: 'Late' }, description: { en: 'Shown last' }, imgUrl: '/assets/art/promotion/3.svg', sort: 5 }).returning();
    const [a] = await db().insert(promotions).values({ ...PROMO_A, imgUrl: '/assets/art/promotion/1.svg', sort: 1 }).returning();
    const [hidden] = await db().insert(promotions).values({ title: { en: 'Hidden' }, description: { en: 'x' }, imgUrl: '/assets/x.png', sort: 0, status: 0 }).returning();
    const [b] = await db().insert(promotions).values({ title: { en: 'English only' }, description: { en: 'No translations' }, imgUrl: '/assets/art/promotion/2.svg', sort: 1 }).returning();
    Object.assign(ids, { late: late!.id, a: a!.id, hidden: hidden!.id, b: b!.id });

    const [viber] = await db().insert(contacts).values({ name: 'viber', value: 'viber://chat?number=%2B959000000001', imgUrl: '/assets/art/contact/viber.svg', sort: 2 }).returning();
    const [tg] = await db().insert(contacts).values({ name: 'telegram', value: 'tg://resolve?domain=kyatplay', sort: 1 }).returning();
    await db().insert(contacts).values({ name: 'facebook', value: 'https://facebook.com/x', sort: 0, status: 0 });
    Object.assign(ids, { viber: viber!.id, tg: tg!.id });

    const [v1] = await db().insert(videoAds).values({ videoUrl: '/assets/media/a.mp4', posterUrl: '/assets/media/a.png', title: { en: 'Spin', mm: 'လှည့်', zh: '旋转', th: 'หมุน' }, sort: 2 }).returning();
    const [v2] = await db().insert(videoAds).values({ videoUrl: '/assets/media/b.mp4', sort: 1 }).returning();
    await db().insert(videoAds).values({ videoUrl: '/assets/media/c.mp4', status: 0 });
    Object.assign(ids, { v1: v1!.id, v2: v2!.id });
    invalidateCatalogue();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /promotion', () => {
    it('lists the active promotions by sort then id, in English by default, with every language', async () => {
      const res = await get('/api/promotion');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.message).toBeNull();
      expect(res.body.data.map((p: any) => p.id)).toEqual([ids.a, ids.b, ids.late]);
      expect(res.body.data[0]).toEqual({
        id: ids.a,
        title: 'Welcome Bonus',
        description: 'Double your first deposit.',
        img_url: '/assets/art/promotion/1.svg',
        titles: PROMO_A.title,
        descriptions: PROMO_A.description,
      });
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      expect(res.headers.get('vary')).toContain('Accept-Language');
    });

    it('follows ?lang=, X-Lang and Accept-Language, falling back to English', async () => {
      const first = async (path: string, headers?: Record<string, string>) => (await get(path, headers)).body.data;
      expect((await first('/api/promotion?lang=mm'))[0]).toMatchObject({ title: PROMO_A.title.mm, description: PROMO_A.description.mm });
      expect((await first('/api/promotion', { 'x-lang': 'zh' }))[0].title).toBe(PROMO_A.title.zh);
      expect((await first('/api/promotion', { 'accept-language': 'th-TH,th;q=0.9' }))[0].title).toBe(PROMO_A.title.th);
      expect((await first('/api/promotion', { 'accept-language': 'my-MM' }))[0].title).toBe(PROMO_A.title.mm);
      const mm = await first('/api/promotion?lang=mm');
      expect(mm[1]).toMatchObject({ title: 'English only', description: 'No translations' });
      expect(mm[1].titles).toEqual({ en: 'English only', mm: 'English only', zh: 'English only', th: 'English only' });
    });

    it('an admin change, or any write to its table, is visible at the next read', async () => {
      expect((await get('/api/promotion')).body.data).toHaveLength(3);
      // Written straight to the database, not through the admin API: seen all the same (the
      // table's trigger bumps the catalogue version the cache checks).
      const [sneaky] = await db().insert(promotions).values({ title: { en: 'Sneaky' }, description: { en: 'x' }, imgUrl: '/assets/x.png', sort: 9 }).returning();
      expect((await get('/api/promotion')).body.data).toHaveLength(4);
      // Any admin mutation is seen at the next read: here hiding promotion b.
      const res = await admin(server, 'PATCH', `/content/promotions/${ids.b}`, { status: 0 });
      expect(res.status).toBe(200);
      expect((await get('/api/promotion')).body.data.map((p: any) => p.id)).toEqual([ids.a, ids.late, sneaky!.id]);
      await admin(server, 'DELETE', `/content/promotions/${sneaky!.id}`);
      await admin(server, 'PATCH', `/content/promotions/${ids.b}`, { status: 1 });
      expect((await get('/api/promotion')).body.data.map((p: any) => p.id)).toEqual([ids.a, ids.b, ids.late]);
    });
  });

  describe('GET /contact', () => {
    it('serves guests the active channels with link = value and the image or null', async () => {
      const res = await get('/api/contact');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.data).toEqual([
        { id: ids.tg, name: 'telegram', value: 'tg://resolve?domain=kyatplay', link: 'tg://resolve?domain=kyatplay', image: null, img_url: null },
        {
          id: ids.viber,
          name: 'viber',
          value: 'viber://chat?number=%2B959000000001',
          link: 'viber://chat?number=%2B959000000001',
          image: '/assets/art/contact/viber.svg',
          img_url: '/assets/art/contact/viber.svg',
        },
      ]);
    });

    it('does not care about a stale or junk token (legacy clients send one)', async () => {
      const res = await get('/api/contact', { authorization: 'Bearer not-a-real-token' });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(2);
    });
  });

  describe('GET /videoads', () => {
    it('lists the active videos by sort with poster and localised title (null when none)', async () => {
      const res = await get('/api/videoads?lang=zh');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.data).toEqual([
        { id: ids.v2, video_url: '/assets/media/b.mp4', poster_url: null, title: null },
        { id: ids.v1, video_url: '/assets/media/a.mp4', poster_url: '/assets/media/a.png', title: '旋转' },
      ]);
      expect((await get('/api/videoads')).body.data[1].title).toBe('Spin');
      expect((await get('/api/videoads', { 'x-lang': 'th' })).body.data[1].title).toBe('หมุน');
    });

    it('answers an empty list when there is nothing active', async () => {
      await db().update(videoAds).set({ status: 0 });
      invalidateCatalogue();
      try {
        expect((await get('/api/videoads')).body).toEqual({ status: OK, message: null, data: [] });
      } finally {
        await db().update(videoAds).set({ status: 1 }).where(inArray(videoAds.id, [ids.v1!, ids.v2!]));
        invalidateCatalogue();
      }
      expect((await get('/api/videoads')).body.data).toHaveLength(2);
    });
  });

  describe('browser caching', () => {
    it('makes browsers revalidate managed content: an unchanged list answers 304, an operator edit a fresh 200', async () => {
      for (const path of ['/api/promotion', '/api/contact', '/api/videoads', '/api/banner', '/api/popup-ads-banner']) {
        const first = await get(path);
        expect(first.headers.get('cache-control'), path).toBe('public, no-cache');
        const tag = first.headers.get('etag');
        expect(tag, path).toBeTruthy();
        expect((await get(path, { 'if-none-match': tag! })).status, path).toBe(304);
      }
      const before = await get('/api/promotion');
      const edit = await admin(server, 'PATCH', `/content/promotions/${ids.a}`, { title_en: 'Welcome Bonus 200%' });
      expect(edit.status).toBe(200);
      const after = await get('/api/promotion', { 'if-none-match': before.headers.get('etag')! });
      expect(after.status).toBe(200);
      expect(after.body.data[0].title).toBe('Welcome Bonus 200%');
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    });
  });
});
