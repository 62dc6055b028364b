import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { banners, contacts, media, promotions, videoAds } from '../../server/db/schema';
import { DEMO_BANNERS } from '../../server/db/seed-catalogue';
import { mediaUrl } from '../../server/domain/media';
import { BANNER_WORDS } from '../../server/routes/art/promo-text';
import { seedDemo } from '../../server/db/seed';
import { DEMO_PROMOTIONS, DEMO_VIDEO_DIR, DEMO_VIDEOS, seedManagedContent } from '../../server/db/seed-content';
import { PREVIOUS_DEMO_BANNERS, PREVIOUS_DEMO_PROMOTIONS, PREVIOUS_DEMO_VIDEOS, PROMOTIONS_BEFORE_ADJUSTMENTS } from '../../server/db/seed-content-previous';
import { createTestDatabase, dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

const MYANMAR = /[\u1000-\u109f]/;
const CJK = /[\u4e00-\u9fff]/;
const THAI = /[\u0e00-\u0e7f]/;

async function counts(db: Db) {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries({ promotions, contacts, videoAds, media })) {
    out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  }
  return out;
}

describe.each(dbKinds)('demo content seed (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  const fetchRaw = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(server.url + path, init);
    return { res, body: new Uint8Array(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedDemo(db());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seeds 4 promotions, 5 contact channels and 4 video ads with their videos and posters', async () => {
    expect(await counts(db())).toEqual({ promotions: 4, contacts: 5, videoAds: 4, media: 8 });
  });

  it('is idempotent: running again (and twice at once) adds nothing', async () => {
    const before = await counts(db());
    await seedDemo(db());
    await Promise.all([seedManagedContent(db()), seedManagedContent(db())]);
    expect(await counts(db())).toEqual(before);
  });

  it('writes every promotion in English, Burmese, Chinese and Thai, with generated art', async () => {
    const rows = await db().select().from(promotions).orderBy(asc(promotions.sort));
    expect(rows.map((r) => r.title.en)).toEqual([
      '100% First Deposit Bonus',
      '2D Cashback 5%',
      'Weekly Slot Rebate 5%',
      'Refer a Friend: 10,000 Ks',
    ]);
    for (const r of rows) {
      expect(r.status).toBe(1);
      for (const text of [r.title, r.description]) {
        expect(text.en.length).toBeGreaterThan(5);
        expect(text.mm, text.en).toMatch(MYANMAR);
        expect(text.zh, text.en).toMatch(CJK);
        expect(text.th, text.en).toMatch(THAI);
      }
      expect(r.description.en.length).toBeGreaterThan(60);
      expect(r.imgUrl).toBe(`/assets/art/promotion/${r.id}.svg`);
      const art = await fetchRaw(r.imgUrl);
      expect(art.res.status, r.imgUrl).toBe(200);
      expect(art.res.headers.get('content-type')).toContain('image/svg+xml');
      const svg = Buffer.from(art.body).toString('utf8');
      expect(svg).toMatch(/^<svg [^>]*width="600" height="400"/);
      expect(svg.endsWith('</svg>')).toBe(true);
    }
    // Each card is its own design.
    const designs = await Promise.all(rows.map(async (r) => Buffer.from((await fetchRaw(r.imgUrl)).body).toString('utf8')));
    expect(new Set(designs).size).toBe(4);
  });

  it('promises only what the product does: no bonus or cashback "is added" by itself; each says to press Claim Offer and message support, in four languages', async () => {
    const rows = await db().select().from(promotions).orderBy(asc(promotions.sort));
    const claim = { en: /press Claim Offer and message our support team/, mm: /"ရယူမည်" ကို နှိပ်ပြီး ဝန်ဆောင်မှုအဖွဲ့ထံ စာပို့ပါ/, zh: /点击"领取优惠"并联系客服/, th: /กด "รับข้อเสนอ" แล้วส่งข้อความถึงทีมบริการ/ };
    for (const r of rows) {
      expect(r.description.en).not.toMatch(/is added once|we pay|you receive|is paid into/i);
      for (const lang of ['en', 'mm', 'zh', 'th'] as const) expect(r.description[lang], `${r.title.en} (${lang})`).toMatch(claim[lang]);
    }
  });

  it('lists viber, telegram, facebook and line with links, and a hotline that has only its image', async () => {
    const rows = await db().select().from(contacts).orderBy(asc(contacts.sort));
    expect(rows.map((r) => r.name)).toEqual(['viber', 'telegram', 'facebook', 'line', 'hotline']);
    const value = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    expect(value.viber).toMatch(/^viber:\/\/chat\?number=%2B959\d{7,9}$/);
    expect(value.telegram).toBe('https://t.me/kyatplay_support');
    expect(value.facebook).toBe('https://m.me/kyatplay');
    expect(value.line).toBe('https://line.me/R/ti/p/@kyatplay');
    expect(value.hotline).toMatch(/^tel:\+959\d{7,9}$/);
    for (const r of rows) {
      expect(r.imgUrl).toBe(`/assets/art/contact/${r.name}.svg`);
      const art = await fetchRaw(r.imgUrl!);
      expect(art.res.status, r.imgUrl!).toBe(200);
      expect(art.res.headers.get('content-type')).toContain('image/svg+xml');
      expect(Buffer.from(art.body).toString('utf8')).toMatch(/^<svg [^>]*width="256" height="256"/);
    }
  });

  it('has art only for the four promotion designs, and an initial icon for any other channel name', async () => {
    for (const path of ['/assets/art/promotion/0.svg', '/assets/art/promotion/5.svg', '/assets/art/promotion/x.svg', '/assets/art/contact/a%20b.svg', '/assets/art/contact/viber.png']) {
      expect((await fetchRaw(path)).res.status, path).toBe(404);
    }
    const other = await fetchRaw('/assets/art/contact/whatsapp.svg');
    expect(other.res.status).toBe(200);
    const svg = Buffer.from(other.body).toString('utf8');
    expect(svg).toContain('>W</text>');
    expect(svg).not.toBe(Buffer.from((await fetchRaw('/assets/art/contact/viber.svg')).body).toString('utf8'));
  });

  it('stores the committed demo videos in media and serves them, with ranges, and their posters', async () => {
    const rows = await db().select().from(videoAds).orderBy(asc(videoAds.sort));
    expect(rows).toHaveLength(4);
    for (const [i, r] of rows.entries()) {
      const file = new Uint8Array(readFileSync(new URL(`promo-${i + 1}.mp4`, DEMO_VIDEO_DIR)));
      const sha = createHash('sha256').update(file).digest('hex');
      expect(r.videoUrl).toBe(`/assets/media/${sha}.mp4`);
      expect(r.title?.en).toBeTruthy();
      expect(r.title?.mm).toMatch(MYANMAR);
      expect(r.title?.zh).toMatch(CJK);
      expect(r.title?.th).toMatch(THAI);

      const whole = await fetchRaw(r.videoUrl);
      expect(whole.res.status).toBe(200);
      expect(whole.res.headers.get('content-type')).toBe('video/mp4');
      expect(whole.body).toEqual(file);
      const part = await fetchRaw(r.videoUrl, { headers: { range: 'bytes=0-1023' } });
      expect(part.res.status).toBe(206);
      expect(part.res.headers.get('content-range')).toBe(`bytes 0-1023/${file.length}`);
      expect(part.body).toEqual(file.slice(0, 1024));

      expect(r.posterUrl).toMatch(/^\/assets\/media\/[0-9a-f]{64}\.jpg$/);
      const poster = await fetchRaw(r.posterUrl!);
      expect(poster.res.status).toBe(200);
      expect(poster.res.headers.get('content-type')).toBe('image/jpeg');
      expect(poster.body.length).toBeGreaterThan(5_000);
    }
  });
});

describe.each(dbKinds)("an operator's own content (%s)", (kind) => {
  it('is never joined by demo rows: only the empty tables are seeded', async () => {
    const database = await createTestDatabase(kind);
    try {
      const db = database.db;
      await db.insert(promotions).values({ title: { en: 'Our own promotion' }, description: { en: 'Text' }, imgUrl: '/assets/x.png' });
      await db.insert(videoAds).values({ videoUrl: 'https://cdn.example.com/ad.mp4' });
      await seedManagedContent(db);
      expect(await counts(db)).toEqual({ promotions: 1, contacts: 5, videoAds: 1, media: 0 });
      // A new row after seeding gets a fresh id (the sequences moved past the demo ids).
      const [added] = await db.insert(contacts).values({ name: 'email', value: 'mailto:help@example.com' }).returning({ id: contacts.id });
      expect(added!.id).toBe(6);
    } finally {
      await database.close();
    }
  });

  it('two seeders racing on an empty database insert one set', async () => {
    const database = await createTestDatabase(kind);
    try {
      await Promise.all([seedManagedContent(database.db), seedManagedContent(database.db), seedManagedContent(database.db)]);
      expect(await counts(database.db)).toEqual({ promotions: 4, contacts: 5, videoAds: 4, media: 8 });
    } finally {
      await database.close();
    }
  });

  it('an install seeded with the words before adjustments gets the ones that say the bonus comes as "Bonus" in the transactions', async () => {
    const database = await createTestDatabase(kind);
    try {
      const db = database.db;
      await db.insert(promotions).values(PROMOTIONS_BEFORE_ADJUSTMENTS.map((p) => ({ ...p, imgUrl: `/assets/art/promotion/${p.id}.svg`, sort: p.id })));
      await seedManagedContent(db);
      const [row] = await db.select().from(promotions).where(eq(promotions.id, 1));
      expect(row!.description).toEqual(DEMO_PROMOTIONS[0]!.description);
      expect(row!.description.en).toMatch(/pay it into your game balance, where it shows as "Bonus" in your transactions/);
      expect(row!.description.mm).toContain('"ဘောနပ်စ်"');
    } finally {
      await database.close();
    }
  });

  it("an install seeded with the old words gets the new ones, unless an operator edited the row", async () => {
    const database = await createTestDatabase(kind);
    try {
      const db = database.db;
      // As seeded before decision 0032; the operator has since edited promotion 2's description.
      await db.insert(promotions).values(PREVIOUS_DEMO_PROMOTIONS.map((p) => ({ ...p, imgUrl: `/assets/art/promotion/${p.id}.svg`, sort: p.id })));
      const edited = { ...PREVIOUS_DEMO_PROMOTIONS[1]!.description, en: 'Our own cashback words.' };
      await db.update(promotions).set({ description: edited }).where(eq(promotions.id, 2));
      await seedManagedContent(db);
      await seedManagedContent(db);
      const rows = await db.select().from(promotions).orderBy(asc(promotions.id));
      expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
      expect(rows[0]!.description).toEqual(DEMO_PROMOTIONS[0]!.description);
      expect(rows[0]!.title.mm).toBe(DEMO_PROMOTIONS[0]!.title.mm);
      expect(rows[1]!.description, "the operator's edit stays").toEqual(edited);
      expect(rows[2]!.description).toEqual(DEMO_PROMOTIONS[2]!.description);
      expect(rows[3]!.description).toEqual(DEMO_PROMOTIONS[3]!.description);
    } finally {
      await database.close();
    }
  });

  it('an install with the old daily-cashback banner and video gets the new ones, unless an operator edited them (issue 25)', async () => {
    for (const edit of [false, true]) {
      const database = await createTestDatabase(kind);
      try {
        const db = database.db;
        const [oldBanner] = PREVIOUS_DEMO_BANNERS;
        const [oldVideo] = PREVIOUS_DEMO_VIDEOS;
        // As seeded before issue 25 (the old film's bytes are only referred to by their hash).
        await db.insert(banners).values(DEMO_BANNERS.map((b) => ({ id: b.id, imgUrl: `/assets/art/banner/${b.id}.svg`, title: b.id === oldBanner!.id ? oldBanner!.title : b.title, sort: b.id })));
        await db.insert(videoAds).values(
          DEMO_VIDEOS.map((v) =>
            v.id === oldVideo!.id
              ? { id: v.id, videoUrl: mediaUrl(oldVideo!.videoSha256, 'mp4'), posterUrl: mediaUrl(oldVideo!.posterSha256, 'jpg'), title: oldVideo!.title, sort: v.id }
              : { id: v.id, videoUrl: `/assets/media/${'0'.repeat(63)}${v.id}.mp4`, title: v.title, sort: v.id },
          ),
        );
        const bannerEdit = { ...oldBanner!.title, en: 'Our own cashback, paid by our cashier' };
        const videoEdit = '/assets/media/our-own-film.mp4';
        if (edit) {
          await db.update(banners).set({ title: bannerEdit }).where(eq(banners.id, oldBanner!.id));
          await db.update(videoAds).set({ videoUrl: videoEdit }).where(eq(videoAds.id, oldVideo!.id));
        }
        await seedDemo(db);
        await seedDemo(db);
        const [banner] = await db.select().from(banners).where(eq(banners.id, oldBanner!.id));
        const [video] = await db.select().from(videoAds).where(eq(videoAds.id, oldVideo!.id));
        if (edit) {
          expect(banner!.title, "the operator's banner stays").toEqual(bannerEdit);
          expect(video!.title, 'a video whose film the operator changed stays').toEqual(oldVideo!.title);
          expect(video!.videoUrl).toBe(videoEdit);
          continue;
        }
        expect(banner!.title).toEqual(DEMO_BANNERS.find((b) => b.id === oldBanner!.id)!.title);
        const now = DEMO_VIDEOS.find((v) => v.id === oldVideo!.id)!;
        expect(video!.title).toEqual(now.title);
        const sha = (ext: string) => createHash('sha256').update(readFileSync(new URL(`${now.file}.${ext}`, DEMO_VIDEO_DIR))).digest('hex');
        expect(video!.videoUrl).toBe(mediaUrl(sha('mp4'), 'mp4'));
        expect(video!.posterUrl).toBe(mediaUrl(sha('jpg'), 'jpg'));
        expect((await db.select({ n: count() }).from(media).where(eq(media.sha256, sha('mp4'))))[0]!.n, 'the new film is stored').toBe(1);
      } finally {
        await database.close();
      }
    }
  });
});

/** Demo content promises only what the product does: no cashback paid by itself on a banner, its art or a video (issue 25). */
describe('demo promises', () => {
  const CASHBACK = /cashback|返水|ငွေပြန်အမ်း|คืนยอด|\b10%/i;
  it('no banner title, banner art or video title offers a cashback', () => {
    for (const b of DEMO_BANNERS) for (const text of Object.values(b.title)) expect(text).not.toMatch(CASHBACK);
    for (const words of BANNER_WORDS) for (const w of Object.values(words)) expect(Object.values(w).join(' ')).not.toMatch(CASHBACK);
    for (const v of DEMO_VIDEOS) for (const text of Object.values(v.title)) expect(text).not.toMatch(CASHBACK);
  });

  it('the old words are recognised as old, and the demo film is not the old one', () => {
    expect(PREVIOUS_DEMO_BANNERS[0]!.title.en).toMatch(CASHBACK);
    expect(PREVIOUS_DEMO_VIDEOS[0]!.title.en).toMatch(CASHBACK);
    const film = createHash('sha256').update(readFileSync(new URL('promo-4.mp4', DEMO_VIDEO_DIR))).digest('hex');
    expect(film).not.toBe(PREVIOUS_DEMO_VIDEOS[0]!.videoSha256);
  });
});

