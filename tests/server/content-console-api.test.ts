import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../support/db';
import { admin } from './content-admin-helpers';
import { enrolOperator, startOperatorServer, type Clock, type Operator } from './operator-helpers';
import type { CashierServer } from './cashier-helpers';

const MYANMAR = { zawgyi: 'ျမန္မာ ထြန္းထြန္း', unicode: 'မြန်မာ ထွန်းထွန်း' };

/**
 * What the console's content screen reads beside the rows: the kinds' fields and the upload
 * limits (GET /content), and which texts of a save were typed in Zawgyi (stored as Unicode).
 */
describe.each(dbKinds)('content API for the console (%s)', (kind) => {
  let server: CashierServer;
  let clock: Clock;
  let editor: Operator;
  let cashier: Operator;
  beforeAll(async () => {
    ({ server, clock } = await startOperatorServer(kind, { env: { MAX_IMAGE_BYTES: 300 * 1024, MAX_VIDEO_BYTES: 5 * 1024 * 1024 } }));
    editor = await enrolOperator(server, clock, 'content');
    cashier = await enrolOperator(server, clock, 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /content gives the limits of this server, the languages and every kind with its fields', async () => {
    const res = await admin(server, 'GET', '/content', undefined, editor.token);
    expect(res.status).toBe(200);
    expect(res.body.data.limits).toEqual({ image: 300 * 1024, video: 5 * 1024 * 1024 });
    expect(res.body.data.languages).toEqual(['en', 'mm', 'zh', 'th']);
    expect(res.body.data.types.image).toContain('image/webp');
    expect(Object.keys(res.body.data.kinds)).toEqual(['banners', 'banner-texts', 'popup-ads', 'promotions', 'contacts', 'video-ads']);
    expect(res.body.data.kinds['video-ads'].fields.map((f: { name: string }) => f.name)).toEqual(['video_url', 'poster_url', 'title']);
    expect(res.body.data.kinds.promotions.fields.find((f: { name: string }) => f.name === 'description')).toMatchObject({ type: 'localised', max: 2000, required: true });
  });

  it('GET /content is for the content role (and the owner): a cashier is refused', async () => {
    expect((await admin(server, 'GET', '/content', undefined, cashier.token)).status).toBe(403);
    expect((await admin(server, 'GET', '/content', undefined, null)).status).toBe(401);
  });

  it('a save names the texts typed in Zawgyi, which are stored in Unicode; Unicode and Latin are not named', async () => {
    const created = await admin(server, 'POST', '/content/banner-texts', { text_en: 'Welcome', text_mm: MYANMAR.zawgyi }, editor.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.zawgyi).toEqual(['text_mm']);
    expect(created.body.data.text).toEqual({ en: 'Welcome', mm: MYANMAR.unicode });

    const again = await admin(server, 'PATCH', `/content/banner-texts/${created.body.data.id}`, { text_mm: MYANMAR.unicode }, editor.token);
    expect(again.status).toBe(200);
    expect(again.body.zawgyi).toEqual([]);

    const nested = await admin(server, 'PATCH', `/content/banner-texts/${created.body.data.id}`, { text: { mm: MYANMAR.zawgyi } }, editor.token);
    expect(nested.body.zawgyi).toEqual(['text_mm']);

    const contact = await admin(server, 'POST', '/content/contacts', { name: MYANMAR.zawgyi, value: 'https://t.me/kyatplay' }, editor.token);
    expect(contact.status).toBe(201);
    expect(contact.body).toMatchObject({ zawgyi: ['name'], data: { name: MYANMAR.unicode } });
  });

  it('a refused save names nothing and stores nothing', async () => {
    const before = await admin(server, 'GET', '/content/banner-texts', undefined, editor.token);
    const res = await admin(server, 'POST', '/content/banner-texts', { text_mm: MYANMAR.zawgyi }, editor.token);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('text_en');
    expect(res.body.zawgyi).toBeUndefined();
    expect((await admin(server, 'GET', '/content/banner-texts', undefined, editor.token)).body.data).toEqual(before.body.data);
  });
});
