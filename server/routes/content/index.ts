import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv, Deps } from '../../app';
import type { Db } from '../../db/client';
import { bannerTexts, banners, popupAds } from '../../db/schema';
import { cacheFor } from '../../domain/catalogue-cache';
import { activeContacts, activePromotions, activeVideoAds } from '../../domain/content/public';
import { ok } from '../../lib/http';
import { PUBLIC_CACHE } from '../catalogue';
import { allLangs, localise, requestLang } from './lang';
import { topWithdrawers } from './top-withdraw';

/**
 * Home content (api-contract.md § Content) and the top-withdrawers ranking: public, cached in
 * process for a few seconds like the catalogue, localised per request from the cached rows.
 */
const MANAGED_CONTENT_CACHE = 'public, no-cache';

export function contentRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const { db } = deps.database;
  const cache = cacheFor(deps.database, deps.clock);
  // Operator-managed content: browsers revalidate every time (a 304 when nothing changed, via the
  // ETag), so an operator's edit shows on the next visit; the in-process cache keeps it cheap.
  for (const path of ['/banner', '/banner_Text', '/banner_text', '/popup-ads-banner', '/promotion', '/contact', '/videoads']) {
    routes.use(path, etag({ weak: true }));
  }
  const localised = (c: Context) => {
    c.header('Cache-Control', MANAGED_CONTENT_CACHE);
    c.header('Vary', 'Accept-Language, X-Lang');
    return requestLang(c);
  };

  routes.get('/banner', async (c) => {
    const rows = await cache.get('content:banners', () => activeBanners(db));
    const lang = localised(c);
    return ok(
      c,
      rows.map((b) => ({ id: b.id, img_url: b.imgUrl, title: localise(b.title, lang) })),
    );
  });

  const bannerText = async (c: Context<AppEnv>) => {
    const rows = await cache.get('content:banner_texts', () => activeBannerTexts(db));
    const lang = localised(c);
    return ok(
      c,
      rows.map((t) => ({ id: t.id, text: localise(t.text, lang) ?? '', texts: allLangs(t.text) })),
    );
  };
  routes.get('/banner_Text', bannerText);
  routes.get('/banner_text', bannerText);

  routes.get('/popup-ads-banner', async (c) => {
    const ad = await cache.get('content:popup', () => firstPopup(db));
    const lang = localised(c);
    return ok(c, ad ? { id: ad.id, img_url: ad.imgUrl, text: localise(ad.text, lang), texts: allLangs(ad.text) } : null);
  });

  // Operator-managed (POST/PATCH/DELETE /api/admin/content/…, which drop this cache).
  routes.get('/promotion', async (c) => {
    const rows = await cache.get('content:promotions', () => activePromotions(db));
    const lang = localised(c);
    return ok(
      c,
      rows.map((p) => ({
        id: p.id,
        title: localise(p.title, lang) ?? '',
        description: localise(p.description, lang) ?? '',
        img_url: p.imgUrl,
        titles: allLangs(p.title),
        descriptions: allLangs(p.description),
      })),
    );
  });

  // Guests too (the legacy backend wanted a token here; api-contract.md § Content).
  routes.get('/contact', async (c) => {
    const rows = await cache.get('content:contacts', () => activeContacts(db));
    c.header('Cache-Control', MANAGED_CONTENT_CACHE);
    return ok(
      c,
      rows.map((r) => ({ id: r.id, name: r.name, value: r.value, link: r.value, image: r.imgUrl ?? null, img_url: r.imgUrl ?? null })),
    );
  });

  routes.get('/videoads', async (c) => {
    const rows = await cache.get('content:videoads', () => activeVideoAds(db));
    const lang = localised(c);
    return ok(
      c,
      rows.map((v) => ({ id: v.id, video_url: v.videoUrl, poster_url: v.posterUrl ?? null, title: localise(v.title, lang) })),
    );
  });

  routes.get('/toptenwithdraw', async (c) => {
    const rows = await cache.get('content:toptenwithdraw', () => topWithdrawers(db));
    c.header('Cache-Control', PUBLIC_CACHE);
    return ok(c, rows);
  });

  return routes;
}

// async: a drizzle query is a lazy thenable; cached as is, it would run again at every await.
async function activeBanners(db: Db) {
  return db
    .select({ id: banners.id, imgUrl: banners.imgUrl, title: banners.title })
    .from(banners)
    .where(eq(banners.status, 1))
    .orderBy(asc(banners.sort), asc(banners.id));
}

async function activeBannerTexts(db: Db) {
  return db
    .select({ id: bannerTexts.id, text: bannerTexts.text })
    .from(bannerTexts)
    .where(eq(bannerTexts.status, 1))
    .orderBy(asc(bannerTexts.sort), asc(bannerTexts.id));
}

async function firstPopup(db: Db) {
  const [ad] = await db
    .select({ id: popupAds.id, imgUrl: popupAds.imgUrl, text: popupAds.text })
    .from(popupAds)
    .where(eq(popupAds.status, 1))
    .orderBy(asc(popupAds.sort), asc(popupAds.id))
    .limit(1);
  return ad ?? null;
}
