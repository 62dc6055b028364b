import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isContactLink, isMediaUrl } from '../../server/domain/content/validate';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import {
  ADMIN_TOKEN,
  admin,
  adminForm,
  contentCounts,
  gifBytes,
  htmlBytes,
  jpegBytes,
  mp4Bytes,
  pngBytes,
  svgBytes,
  textBytes,
  webmBytes,
  type Answer,
  type Part,
} from './content-admin-helpers';

const IMAGE_TYPE = 'The image must be a PNG, JPEG, WebP or GIF image.';
const VIDEO_TYPE = 'The video must be an MP4 or WebM video.';
const LINK = 'The value field must be a link starting with https://, http://, viber://, tg://, line://, mailto: or tel:.';
const IMG_URL = 'The img url field must be a path under /assets/ or an https:// URL.';

describe('unit: links and media URLs', () => {
  it('accepts only the allowed contact link schemes', () => {
    for (const ok of [
      'https://t.me/kyatplay',
      'http://example.com/support',
      'viber://chat?number=%2B959000000001',
      'viber://pa?chatURI=kyatplay',
      'tg://resolve?domain=kyatplay',
      'mailto:help@kyatplay.example',
      'tel:+95912345678',
      'line://ti/p/~kyatplay',
    ]) {
      expect(isContactLink(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://example.com',
      'vbscript:msgbox',
      'viber:',
      'tg://',
      'mailto:nobody',
      'tel:call-me',
      'https://',
      'https://user:pw@example.com',
      'https://exa mple.com',
      't.me/kyatplay',
      '//t.me/kyatplay',
    ]) {
      expect(isContactLink(bad), bad).toBe(false);
    }
  });

  it('accepts /assets/… paths and https URLs as media URLs, nothing else', () => {
    for (const ok of ['/assets/art/banner/1.svg', '/assets/media/abc.png', 'https://cdn.example.com/x.png']) expect(isMediaUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://cdn.example.com/x.png',
      '//evil.example/x.png',
      '/assets/../etc/passwd',
      '/assets/./x.png',
      '/assets//x.png',
      '/uploads/x.png',
      'assets/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/assets/x.png?y=1',
      '/assets/x\\y.png',
      '/assets/ x.png',
    ]) {
      expect(isMediaUrl(bad), bad).toBe(false);
    }
  });
});

describe.each(dbKinds)('content admin validation and uploads (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    // Small limits so oversize files are cheap to make: 4 KiB images, 8 KiB videos.
    server = await startTestServer(kind, { env: { ADMIN_TOKEN, MAX_IMAGE_BYTES: 4096, MAX_VIDEO_BYTES: 8192 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Runs `act`, expects a 422 with exactly `errors`, and that no row (content or media) was written. */
  async function refused(act: () => Promise<Answer>, errors: Record<string, string[]>) {
    const before = await contentCounts(db());
    const res = await act();
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors).toEqual(errors);
    const all = Object.values(errors).flat();
    expect(res.body.message).toBe(all.length > 1 ? `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})` : all[0]);
    expect(await contentCounts(db())).toEqual(before);
  }

  const form = (k: string, fields: Record<string, Part>) => () => adminForm(server, 'POST', `/content/${k}`, fields);
  const json = (k: string, body: unknown) => () => admin(server, 'POST', `/content/${k}`, body);
  const promo = { title_en: 'Promo', description_en: 'Text' };

  describe('uploads are judged by their bytes', () => {
    it('refuses a text file named .png, an SVG, an HTML page named .jpg', async () => {
      await refused(form('promotions', { ...promo, image: { bytes: textBytes(), name: 'promo.png', type: 'image/png' } }), { image: [IMAGE_TYPE] });
      await refused(form('promotions', { ...promo, image: { bytes: svgBytes(), name: 'promo.svg', type: 'image/svg+xml' } }), { image: [IMAGE_TYPE] });
      await refused(form('banners', { image: { bytes: htmlBytes(), name: 'banner.jpg', type: 'image/jpeg' } }), { image: [IMAGE_TYPE] });
      await refused(form('contacts', { name: 'viber', value: 'viber://chat?number=1', image: { bytes: mp4Bytes(), name: 'icon.gif' } }), { image: [IMAGE_TYPE] });
    });

    it('refuses an HTML file named .mp4, an image as the video, and a bad poster', async () => {
      await refused(form('video-ads', { video: { bytes: htmlBytes(), name: 'reel.mp4', type: 'video/mp4' } }), { video: [VIDEO_TYPE] });
      await refused(form('video-ads', { video: { bytes: pngBytes(), name: 'reel.mp4', type: 'video/mp4' } }), { video: [VIDEO_TYPE] });
      // A good video with a bad poster: nothing stored, not even the video.
      await refused(form('video-ads', { video: { bytes: mp4Bytes(), name: 'reel.mp4' }, poster: { bytes: svgBytes(), name: 'p.png' } }), {
        poster: ['The poster must be a PNG, JPEG, WebP or GIF image.'],
      });
    });

    it('refuses files over MAX_IMAGE_BYTES / MAX_VIDEO_BYTES with 422 (not 413)', async () => {
      await refused(form('promotions', { ...promo, image: { bytes: pngBytes(5000), name: 'big.png' } }), {
        image: ['The image may not be greater than 4 kilobytes.'],
      });
      await refused(form('video-ads', { video: { bytes: mp4Bytes(9000), name: 'big.mp4' } }), { video: ['The video may not be greater than 8 kilobytes.'] });
      await refused(() => adminForm(server, 'POST', '/media', { file: { bytes: pngBytes(5000), name: 'big.png' } }), {
        file: ['The file may not be greater than 4 kilobytes.'],
      });
    });

    it('writes nothing when the file is fine but a text field is not', async () => {
      await refused(form('promotions', { title_en: 'x'.repeat(121), description_en: 'd', image: { bytes: pngBytes(), name: 'ok.png' } }), {
        title_en: ['The title en field must not be greater than 120 characters.'],
      });
    });

    it('accepts PNG, JPEG, GIF as images and MP4, WebM as videos whatever their names', async () => {
      for (const [bytes, ext] of [[pngBytes(), 'png'], [jpegBytes(), 'jpg'], [gifBytes(), 'gif']] as const) {
        const res = await adminForm(server, 'POST', '/content/banners', { image: { bytes, name: 'file.txt', type: 'text/plain' } });
        expect(res.status, ext).toBe(201);
        expect(res.body.data.img_url).toMatch(new RegExp(`\\.${ext}$`));
        await admin(server, 'DELETE', `/content/banners/${res.body.data.id}`);
      }
      for (const [bytes, ext] of [[mp4Bytes(), 'mp4'], [webmBytes(), 'webm']] as const) {
        const res = await adminForm(server, 'POST', '/content/video-ads', { video: { bytes, name: 'v.bin' } });
        expect(res.status, ext).toBe(201);
        expect(res.body.data.video_url).toMatch(new RegExp(`\\.${ext}$`));
        await admin(server, 'DELETE', `/content/video-ads/${res.body.data.id}`);
      }
    });

    it('media upload: no file, a text field instead of a file, or an unknown format → 422', async () => {
      await refused(() => adminForm(server, 'POST', '/media', {}), { file: ['The file field is required.'] });
      await refused(() => adminForm(server, 'POST', '/media', { file: 'not a file' }), { file: ['The file field must be a file.'] });
      await refused(() => adminForm(server, 'POST', '/media', { file: { bytes: svgBytes(), name: 'x.svg', type: 'image/svg+xml' } }), {
        file: ['The file must be a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.'],
      });
      await refused(() => adminForm(server, 'POST', '/content/banners', { image: 'just text' }), { image: ['The image field must be a file.'] });
    });
  });

  describe('required fields, per kind', () => {
    it('names every missing field', async () => {
      await refused(json('promotions', {}), {
        title_en: ['The title en field is required.'],
        description_en: ['The description en field is required.'],
        image: ['The image field is required when img url is not present.'],
      });
      await refused(json('banners', { title_en: 'No picture' }), { image: ['The image field is required when img url is not present.'] });
      await refused(json('banner-texts', { text_mm: 'မြန်မာ' }), { text_en: ['The text en field is required.'] });
      await refused(json('popup-ads', { text_en: 'x' }), { image: ['The image field is required when img url is not present.'] });
      await refused(json('contacts', {}), { name: ['The name field is required.'], value: ['The value field is required.'] });
      await refused(json('video-ads', { title_en: 'x' }), { video: ['The video field is required when video url is not present.'] });
      // Whitespace counts as missing; a non-JSON body reads as empty.
      await refused(json('contacts', { name: '   ', value: 'https://t.me/x' }), { name: ['The name field is required.'] });
      await refused(() => admin(server, 'POST', '/content/banner-texts', '{not json'), { text_en: ['The text en field is required.'] });
    });

    it('an optional localised text needs English when another language is given', async () => {
      await refused(json('banners', { img_url: '/assets/a.png', title_mm: 'ခေါင်းစဉ်' }), {
        title_en: ['The title en field is required when other languages are given.'],
      });
    });
  });

  describe('texts, links, URLs, sort and status', () => {
    it('limits titles to 120, descriptions to 2000 and texts to 500 characters (Burmese counts per character)', async () => {
      const ok = await admin(server, 'POST', '/content/promotions', { title_en: 'T', title_mm: 'က'.repeat(120), description_en: 'd'.repeat(2000), img_url: '/assets/a.png' });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      await admin(server, 'DELETE', `/content/promotions/${ok.body.data.id}`);
      await refused(json('promotions', { title_en: 'T', title_zh: '字'.repeat(121), description_en: 'd'.repeat(2001), img_url: '/assets/a.png' }), {
        title_zh: ['The title zh field must not be greater than 120 characters.'],
        description_en: ['The description en field must not be greater than 2000 characters.'],
      });
      await refused(json('banner-texts', { text_en: 'x'.repeat(501) }), { text_en: ['The text en field must not be greater than 500 characters.'] });
      await refused(json('popup-ads', { img_url: '/assets/a.png', text_en: 'x', text_th: 'ก'.repeat(501) }), {
        text_th: ['The text th field must not be greater than 500 characters.'],
      });
      await refused(json('video-ads', { video_url: '/assets/v.mp4', title_en: 'x'.repeat(121) }), { title_en: ['The title en field must not be greater than 120 characters.'] });
      await refused(json('promotions', { title_en: 42, description_en: ['d'], img_url: '/assets/a.png' }), {
        title_en: ['The title en field must be a string.'],
        description_en: ['The description en field must be a string.'],
      });
    });

    it('refuses contact links with other schemes', async () => {
      for (const value of ['javascript:alert(1)', ' JAVASCRIPT:alert(document.cookie)', 'data:text/html;base64,PHNjcmlwdD4=', 'file:///etc/passwd', 'ftp://x.example', 'viber:']) {
        await refused(json('contacts', { name: 'viber', value }), { value: [LINK] });
      }
      await refused(json('contacts', { name: 'x'.repeat(61), value: 'x'.repeat(501) }), {
        name: ['The name field must not be greater than 60 characters.'],
        value: ['The value field must not be greater than 500 characters.'],
      });
    });

    it("a pop-up's button link is a path on this site or an https link, and reaches players", async () => {
      const TARGET = 'The link field must be a path on this site (starting with /) or a link starting with https://.';
      for (const link of ['javascript:alert(1)', '//evil.example/x', 'http://example.com', 'top-up/bank', '/\\evil.example', '/top up', 'data:text/html,x']) {
        await refused(json('popup-ads', { img_url: '/assets/a.png', link }), { link: [TARGET] });
      }
      const created = await admin(server, 'POST', '/content/popup-ads', { img_url: '/assets/a.png', link: '/top-up/bank', sort: 0 });
      expect(created.status).toBe(201);
      expect(created.body.data.link).toBe('/top-up/bank');
      const https = await admin(server, 'PATCH', `/content/popup-ads/${created.body.data.id}`, { link: 'https://t.me/kyatplay' });
      expect(https.body.data.link).toBe('https://t.me/kyatplay');
      const cleared = await admin(server, 'PATCH', `/content/popup-ads/${created.body.data.id}`, { link: '' });
      expect(cleared.body.data.link).toBeNull();
      await admin(server, 'DELETE', `/content/popup-ads/${created.body.data.id}`);
    });

    it('refuses image and video URLs that are not /assets/… or https', async () => {
      for (const img_url of ['javascript:alert(1)', 'http://example.com/a.png', '//evil.example/a.png', '/assets/../../etc/passwd', '/api/user', 'data:image/png;base64,AA']) {
        await refused(json('banners', { img_url }), { img_url: [IMG_URL] });
      }
      await refused(json('video-ads', { video_url: 'javascript:alert(1)', poster_url: 'http://x.example/p.png' }), {
        video_url: ['The video url field must be a path under /assets/ or an https:// URL.'],
        poster_url: ['The poster url field must be a path under /assets/ or an https:// URL.'],
      });
      await refused(form('banners', { img_url: '/assets/a.png', image: { bytes: pngBytes(), name: 'a.png' } }), {
        img_url: ['The img url field must be empty when an image file is given.'],
      });
    });

    it('refuses a bad sort or status', async () => {
      const base = { name: 'line', value: 'line://ti/p/~kyatplay' };
      await refused(json('contacts', { ...base, sort: -1, status: 2 }), {
        sort: ['The sort field must be an integer between 0 and 1000000.'],
        status: ['The selected status is invalid.'],
      });
      await refused(json('contacts', { ...base, sort: 1.5, status: 'yes' }), {
        sort: ['The sort field must be an integer between 0 and 1000000.'],
        status: ['The selected status is invalid.'],
      });
      await refused(form('contacts', { ...base, sort: 'abc' }), { sort: ['The sort field must be an integer between 0 and 1000000.'] });
    });

    it('a refused update leaves the row as it was', async () => {
      const created = await admin(server, 'POST', '/content/contacts', { name: 'telegram', value: 'https://t.me/kyatplay' });
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      await refused(() => admin(server, 'PATCH', `/content/contacts/${id}`, { name: 'Telegram 2', value: 'javascript:alert(1)' }), { value: [LINK] });
      await refused(() => admin(server, 'PATCH', `/content/contacts/${id}`, { name: '' }), { name: ['The name field is required.'] });
      await refused(() => adminForm(server, 'PATCH', `/content/contacts/${id}`, { image: { bytes: textBytes(), name: 'x.png' } }), { image: [IMAGE_TYPE] });
      const promo = await admin(server, 'POST', '/content/promotions', { title_en: 'P', description_en: 'D', img_url: '/assets/a.png' });
      await refused(() => admin(server, 'PATCH', `/content/promotions/${promo.body.data.id}`, { img_url: '' }), {
        image: ['The image field is required when img url is not present.'],
      });
      await refused(() => admin(server, 'PATCH', `/content/promotions/${promo.body.data.id}`, { title_en: null }), { title_en: ['The title en field is required.'] });
      expect((await admin(server, 'GET', `/content/contacts/${id}`)).body.data).toMatchObject({ name: 'telegram', value: 'https://t.me/kyatplay' });
      expect((await admin(server, 'GET', `/content/promotions/${promo.body.data.id}`)).body.data).toMatchObject({ title: { en: 'P' }, img_url: '/assets/a.png' });
    });

    it('an update can clear an optional language or image', async () => {
      const created = await admin(server, 'POST', '/content/banners', { img_url: '/assets/a.png', title_en: 'A', title_mm: 'မ' });
      const cleared = await admin(server, 'PATCH', `/content/banners/${created.body.data.id}`, { title_mm: '' });
      expect(cleared.body.data.title).toEqual({ en: 'A' });
      const none = await admin(server, 'PATCH', `/content/banners/${created.body.data.id}`, { title_en: null });
      expect(none.body.data.title).toBeNull();
      const contact = await admin(server, 'POST', '/content/contacts', { name: 'fb', value: 'https://facebook.com/x', img_url: '/assets/fb.png' });
      const noImage = await admin(server, 'PATCH', `/content/contacts/${contact.body.data.id}`, { img_url: null });
      expect(noImage.body.data.img_url).toBeNull();
    });
  });

  describe('body size', () => {
    it('413 for a JSON body over 64 KiB and a form over the kind\u2019s file limits', async () => {
      const before = await contentCounts(db());
      const big = await admin(server, 'POST', '/content/banner-texts', { text_en: 'x', pad: 'y'.repeat(70 * 1024) });
      expect(big.status).toBe(413);
      // Banners: one image (4 KiB here) + 64 KiB for the form.
      const res = await adminForm(server, 'POST', '/content/banners', { image: { bytes: pngBytes(80 * 1024), name: 'huge.png' } });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('The request body is too large.');
      expect(await contentCounts(db())).toEqual(before);
    });
  });
});
