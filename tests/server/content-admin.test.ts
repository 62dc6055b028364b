import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, promotions } from '../../server/db/schema';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN, admin, adminForm, contentCounts, mp4Bytes, pngBytes, webmBytes } from './content-admin-helpers';

const OK = 'Request was successful.';
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

interface KindCase {
  kind: string;
  noun: string;
  /** The public endpoint and the ids it shows, in order (the pop-up endpoint shows only the first). */
  publicPath: string;
  publicIds: (data: any) => number[];
  /** Create bodies for two rows (JSON). */
  first: Record<string, unknown>;
  second: Record<string, unknown>;
  /** The admin row fields expected from `first`. */
  firstRow: Record<string, unknown>;
  /** A partial update and the public field it changes (in English). */
  update: Record<string, unknown>;
  publicAfterUpdate: (data: any) => unknown;
  expectedAfterUpdate: unknown;
}

const list = (data: any[]) => data.map((r) => r.id);

const CASES: KindCase[] = [
  {
    kind: 'banners',
    noun: 'Banner',
    publicPath: '/api/banner',
    publicIds: list,
    first: { img_url: '/assets/art/banner/1.svg', title_en: 'Welcome', title_mm: 'ကြိုဆိုပါတယ်' },
    second: { img_url: 'https://cdn.example.com/b2.png' },
    firstRow: { img_url: '/assets/art/banner/1.svg', title: { en: 'Welcome', mm: 'ကြိုဆိုပါတယ်' } },
    update: { title_en: 'Welcome back' },
    publicAfterUpdate: (data) => data[0].title,
    expectedAfterUpdate: 'Welcome back',
  },
  {
    kind: 'banner-texts',
    noun: 'Banner text',
    publicPath: '/api/banner_Text',
    publicIds: list,
    first: { text_en: 'Deposits are credited within 5 minutes.', text_zh: '存款5分钟内到账。' },
    second: { text_en: 'Second line' },
    firstRow: { text: { en: 'Deposits are credited within 5 minutes.', zh: '存款5分钟内到账。' } },
    update: { text_en: 'Deposits: 3 minutes.' },
    publicAfterUpdate: (data) => data[0].text,
    expectedAfterUpdate: 'Deposits: 3 minutes.',
  },
  {
    kind: 'popup-ads',
    noun: 'Pop-up ad',
    publicPath: '/api/popup-ads-banner',
    publicIds: (data) => (data ? [data.id] : []),
    first: { img_url: '/assets/art/popup/1.svg', text_en: 'Weekend bonus' },
    second: { img_url: '/assets/art/popup/2.svg' },
    firstRow: { img_url: '/assets/art/popup/1.svg', text: { en: 'Weekend bonus' } },
    update: { text_th: 'โบนัสสุดสัปดาห์' },
    publicAfterUpdate: (data) => data.texts.th,
    expectedAfterUpdate: 'โบนัสสุดสัปดาห์',
  },
  {
    kind: 'promotions',
    noun: 'Promotion',
    publicPath: '/api/promotion',
    publicIds: list,
    first: { title_en: 'Cashback', description_en: '10% back every day.', description_mm: 'နေ့စဉ် ၁၀% ပြန်အမ်း', img_url: '/assets/art/promotion/1.svg' },
    second: { title: { en: 'Refer a friend', zh: '推荐好友' }, description: { en: 'Earn with friends.' }, img_url: '/assets/art/promotion/2.svg' },
    firstRow: { title: { en: 'Cashback' }, description: { en: '10% back every day.', mm: 'နေ့စဉ် ၁၀% ပြန်အမ်း' }, img_url: '/assets/art/promotion/1.svg' },
    update: { description_en: '12% back every day.' },
    publicAfterUpdate: (data) => data[0].description,
    expectedAfterUpdate: '12% back every day.',
  },
  {
    kind: 'contacts',
    noun: 'Contact',
    publicPath: '/api/contact',
    publicIds: list,
    first: { name: 'telegram', value: 'https://t.me/kyatplay' },
    second: { name: 'viber', value: 'viber://chat?number=%2B959000000001', img_url: '/assets/art/contact/viber.svg' },
    firstRow: { name: 'telegram', value: 'https://t.me/kyatplay', img_url: null },
    update: { value: 'tg://resolve?domain=kyatplay' },
    publicAfterUpdate: (data) => data[0].link,
    expectedAfterUpdate: 'tg://resolve?domain=kyatplay',
  },
  {
    kind: 'video-ads',
    noun: 'Video ad',
    publicPath: '/api/videoads',
    publicIds: list,
    first: { video_url: '/assets/media/aaaa.mp4', poster_url: '/assets/media/aaaa.png', title_en: 'Spin to win' },
    second: { video_url: 'https://cdn.example.com/v.webm' },
    firstRow: { video_url: '/assets/media/aaaa.mp4', poster_url: '/assets/media/aaaa.png', title: { en: 'Spin to win' } },
    update: { poster_url: '' },
    publicAfterUpdate: (data) => data[0].poster_url,
    expectedAfterUpdate: null,
  },
];

describe.each(dbKinds)('content admin API (%s)', (dbKind) => {
  let server: TestServer;
  let off: TestServer;
  const db = () => server.database.db;
  const publicGet = (path: string) => server.call('GET', path);

  beforeAll(async () => {
    server = await startTestServer(dbKind, { env: { ADMIN_TOKEN } });
    off = await startTestServer(dbKind, { database: server.database });
  });
  afterAll(async () => {
    await off?.close();
    await server?.close();
  });

  describe.each(CASES)('$kind', (c) => {
    const ids: number[] = [];

    it('creates rows that are public at once (despite the cache), after the existing ones', async () => {
      // Prime the public cache first: the create must drop it.
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)).toEqual([]);
      const a = await admin(server, 'POST', `/content/${c.kind}`, c.first);
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      expect(a.body.status).toBe(OK);
      expect(a.body.message).toBe(`${c.noun} created.`);
      expect(a.body.data).toMatchObject({ ...c.firstRow, sort: 1, status: 1 });
      expect(a.body.data.id).toBeGreaterThan(0);
      const b = await admin(server, 'POST', `/content/${c.kind}`, c.second);
      expect(b.status, JSON.stringify(b.body)).toBe(201);
      expect(b.body.data.sort).toBe(2);
      ids.push(a.body.data.id, b.body.data.id);
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)).toEqual(c.kind === 'popup-ads' ? [ids[0]] : ids);
    });

    it('lists every row, hidden ones too, by sort', async () => {
      const hidden = await admin(server, 'POST', `/content/${c.kind}`, { ...c.second, status: 0, sort: 0 });
      expect(hidden.status).toBe(201);
      const res = await admin(server, 'GET', `/content/${c.kind}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: any) => [r.id, r.status])).toEqual([
        [hidden.body.data.id, 0],
        [ids[0], 1],
        [ids[1], 1],
      ]);
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)).not.toContain(hidden.body.data.id);
      const one = await admin(server, 'GET', `/content/${c.kind}/${ids[0]}`);
      expect(one.body.data).toMatchObject(c.firstRow);
      expect((await admin(server, 'DELETE', `/content/${c.kind}/${hidden.body.data.id}`)).status).toBe(200);
    });

    it('updates only the fields given', async () => {
      const res = await admin(server, 'PATCH', `/content/${c.kind}/${ids[0]}`, c.update);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(`${c.noun} updated.`);
      const untouched = Object.fromEntries(Object.entries(c.firstRow).filter(([k]) => !Object.keys(c.update).some((u) => u === k || u.startsWith(`${k}_`))));
      expect(res.body.data).toMatchObject(untouched);
      expect(c.publicAfterUpdate((await publicGet(c.publicPath)).body.data)).toEqual(c.expectedAfterUpdate);
    });

    it('reorders: the public order follows at once', async () => {
      const res = await admin(server, 'POST', `/content/${c.kind}/order`, { ids: [ids[1], ids[0]] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe('Order saved.');
      expect(res.body.data.map((r: any) => [r.id, r.sort])).toEqual([
        [ids[1], 1],
        [ids[0], 2],
      ]);
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)).toEqual(c.kind === 'popup-ads' ? [ids[1]] : [ids[1], ids[0]]);
    });

    it('hides a row with status 0 and shows it again with status 1', async () => {
      expect((await admin(server, 'PATCH', `/content/${c.kind}/${ids[1]}`, { status: 0 })).status).toBe(200);
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)).toEqual([ids[0]]);
      expect((await admin(server, 'PATCH', `/content/${c.kind}/${ids[1]}`, { status: '1' })).status).toBe(200);
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)[0]).toBe(ids[1]);
    });

    it('deletes: gone from the public list at once; a second delete is 404', async () => {
      const res = await admin(server, 'DELETE', `/content/${c.kind}/${ids[1]}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(`${c.noun} deleted.`);
      expect(res.body.data.id).toBe(ids[1]);
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)).toEqual([ids[0]]);
      const again = await admin(server, 'DELETE', `/content/${c.kind}/${ids[1]}`);
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ status: 'Error has occured...', message: `${c.noun} not found.` });
      expect((await admin(server, 'PATCH', `/content/${c.kind}/${ids[1]}`, { status: 1 })).status).toBe(404);
      expect((await admin(server, 'GET', `/content/${c.kind}/${ids[1]}`)).status).toBe(404);
      expect((await admin(server, 'DELETE', `/content/${c.kind}/${ids[0]}`)).status).toBe(200);
      expect(c.publicIds((await publicGet(c.publicPath)).body.data)).toEqual([]);
    });
  });

  describe('uploads with the row', () => {
    it('creates a promotion from a multipart form with an image file, stored in media', async () => {
      const png = pngBytes();
      const res = await adminForm(server, 'POST', '/content/promotions', {
        title_en: 'Lucky Spin',
        title_mm: 'ကံကောင်းလှည့်',
        description_en: 'Spin every day.',
        sort: '7',
        image: { bytes: png, name: 'whatever.bin', type: 'application/octet-stream' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.img_url).toMatch(/^\/assets\/media\/[0-9a-f]{64}\.png$/);
      expect(res.body.data.sort).toBe(7);
      const sha = res.body.data.img_url.slice('/assets/media/'.length, -4);
      const [row] = await db().select({ mime: media.mime, size: media.size }).from(media).where(eq(media.sha256, sha));
      expect(row).toEqual({ mime: 'image/png', size: png.length });
      const pub = await publicGet('/api/promotion?lang=mm');
      expect(pub.body.data.find((p: any) => p.id === res.body.data.id)).toMatchObject({ title: 'ကံကောင်းလှည့်', img_url: res.body.data.img_url });

      // Replacing the image by a new upload (PATCH multipart) keeps the texts.
      const wrong = await adminForm(server, 'PATCH', `/content/promotions/${res.body.data.id}`, { image: { bytes: webmBytes(), name: 'x.webm' } });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ image: ['The image must be a PNG, JPEG, WebP or GIF image.'] });
      await db().delete(promotions).where(eq(promotions.id, res.body.data.id));
    });

    it('creates a video ad from a video file and a poster file', async () => {
      const res = await adminForm(server, 'POST', '/content/video-ads', {
        title_en: 'Promo reel',
        video: { bytes: mp4Bytes(4096), name: 'reel.mp4', type: 'video/mp4' },
        poster: { bytes: pngBytes(), name: 'poster.png', type: 'image/png' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.video_url).toMatch(/^\/assets\/media\/[0-9a-f]{64}\.mp4$/);
      expect(res.body.data.poster_url).toMatch(/^\/assets\/media\/[0-9a-f]{64}\.png$/);
      const pub = await publicGet('/api/videoads');
      expect(pub.body.data).toEqual([{ id: res.body.data.id, video_url: res.body.data.video_url, poster_url: res.body.data.poster_url, title: 'Promo reel' }]);
      const webm = await adminForm(server, 'PATCH', `/content/video-ads/${res.body.data.id}`, { video: { bytes: webmBytes(), name: 'reel.webm' } });
      expect(webm.status).toBe(200);
      expect(webm.body.data.video_url).toMatch(/\.webm$/);
      expect(webm.body.data.poster_url).toBe(res.body.data.poster_url);
      await admin(server, 'DELETE', `/content/video-ads/${res.body.data.id}`);
    });

    it('uploads a file on its own: POST /media answers its URL; the same bytes twice are one row', async () => {
      const before = await contentCounts(db());
      const png = pngBytes(300);
      const first = await adminForm(server, 'POST', '/media', { file: { bytes: png, name: 'a.txt', type: 'text/plain' } });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.data).toEqual({
        url: expect.stringMatching(/^\/assets\/media\/[0-9a-f]{64}\.png$/),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        mime: 'image/png',
        size: png.length,
      });
      const second = await adminForm(server, 'POST', '/media', { file: { bytes: png, name: 'b.png' } });
      expect(second.body.data.url).toBe(first.body.data.url);
      expect((await contentCounts(db())).media).toBe(before.media + 1);
      const video = await adminForm(server, 'POST', '/media', { file: { bytes: webmBytes(), name: 'v.webm' } });
      expect(video.status).toBe(201);
      expect(video.body.data.mime).toBe('video/webm');
      // The url is usable as a row's img_url.
      const banner = await admin(server, 'POST', '/content/banners', { img_url: first.body.data.url });
      expect(banner.status).toBe(201);
      await admin(server, 'DELETE', `/content/banners/${banner.body.data.id}`);
    });
  });

  describe('reorder refusals', () => {
    it('422 for unknown, duplicate, missing or malformed ids; nothing changes', async () => {
      const mk = async (title: string) =>
        (await admin(server, 'POST', '/content/promotions', { title_en: title, description_en: 'd', img_url: '/assets/a.png' })).body.data.id as number;
      const [p1, p2] = [await mk('one'), await mk('two')];
      const banner = (await admin(server, 'POST', '/content/banners', { img_url: '/assets/b.png' })).body.data.id as number;
      const sortsBefore = (await admin(server, 'GET', '/content/promotions')).body.data.map((r: any) => [r.id, r.sort]);
      const tries: [unknown, Record<string, string[]>][] = [
        [{ ids: [p2, 999999] }, { ids: ['The selected ids are invalid: no promotion 999999.'] }],
        [{ ids: [p2, p2] }, { ids: ['The ids field has a duplicate value.'] }],
        [{ ids: [] }, { ids: ['The ids field is required.'] }],
        [{}, { ids: ['The ids field is required.'] }],
        [{ ids: 5 }, { ids: ['The ids field must be an array.'] }],
        [{ ids: 'x' }, { 'ids.0': ['The ids.0 field must be an integer.'] }],
        [{ ids: [p2, 'x', -1] }, { 'ids.1': ['The ids.1 field must be an integer.'], 'ids.2': ['The ids.2 field must be an integer.'] }],
      ];
      if (banner !== p1 && banner !== p2) tries.push([{ ids: [banner] }, { ids: [`The selected ids are invalid: no promotion ${banner}.`] }]);
      for (const [body, errors] of tries) {
        const res = await admin(server, 'POST', '/content/promotions/order', body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors).toEqual(errors);
      }
      expect((await admin(server, 'GET', '/content/promotions')).body.data.map((r: any) => [r.id, r.sort])).toEqual(sortsBefore);
      // A subset is fine: the listed rows first, the rest after in their order.
      const res = await admin(server, 'POST', '/content/promotions/order', { ids: [p2] });
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: any) => r.id).slice(0, 2)).toEqual([p2, p1]);
      for (const id of [p1, p2]) await admin(server, 'DELETE', `/content/promotions/${id}`);
      await admin(server, 'DELETE', `/content/banners/${banner}`);
    });
  });

  describe('access', () => {
    it('401 without the admin token or with a wrong one, for every route; nothing written', async () => {
      const before = await contentCounts(db());
      const calls: [string, string, unknown?][] = [
        ['GET', '/content/promotions'],
        ['GET', '/content/promotions/1'],
        ['POST', '/content/promotions', { title_en: 't', description_en: 'd', img_url: '/assets/a.png' }],
        ['PATCH', '/content/promotions/1', { status: 0 }],
        ['DELETE', '/content/promotions/1'],
        ['POST', '/content/promotions/order', { ids: [1] }],
        ['POST', '/content/nope', {}],
      ];
      for (const [method, path, body] of calls) {
        for (const token of [null, 'wrong-token-0123456789abcdef']) {
          const res = await admin(server, method, path, body, token);
          expect(res.status, `${method} ${path}`).toBe(401);
          expect(res.body).toEqual(UNAUTHENTICATED);
        }
      }
      const upload = await adminForm(server, 'POST', '/media', { file: { bytes: pngBytes(), name: 'a.png' } }, null);
      expect(upload.status).toBe(401);
      const form = await adminForm(server, 'POST', '/content/banners', { image: { bytes: pngBytes(), name: 'a.png' } }, 'nope-nope-nope-nope');
      expect(form.status).toBe(401);
      expect(await contentCounts(db())).toEqual(before);
    });

    it('404 everywhere when the server has no ADMIN_TOKEN', async () => {
      const res = await off.call('GET', '/api/admin/content/promotions', { token: ADMIN_TOKEN });
      expect(res.status).toBe(404);
    });

    it('404 for an unknown kind or a malformed id', async () => {
      const kind = await admin(server, 'GET', '/content/adverts');
      expect(kind.status).toBe(404);
      expect(kind.body.message).toContain('Unknown content kind "adverts"');
      expect((await admin(server, 'POST', '/content/adverts', { x: 1 })).status).toBe(404);
      expect((await admin(server, 'PATCH', '/content/promotions/abc', { status: 1 })).status).toBe(404);
      expect((await admin(server, 'DELETE', '/content/promotions/0')).status).toBe(404);
      expect((await admin(server, 'GET', '/content/promotions/99999999')).body.message).toBe('Promotion not found.');
    });
  });
});
