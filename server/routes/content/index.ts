import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { Db } from '../../db/client';
import { CATALOGUE_TTL_MS, cacheFor } from '../../domain/catalogue-cache';
import { activeBannerTexts, activeBanners, activeContacts, activePromotions, activeVideoAds, firstPopup } from '../../domain/content/public';
import { topWithdrawers } from '../../domain/content/top-withdraw';
import { ok } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { okAnswer, sendAnswer } from '../../lib/json-answer';
import { absoluteOrNull, absoluteUrls } from '../../lib/public-url';
import { PUBLIC_CACHE } from '../catalogue';
import { allLangs, localise, requestLang, type Lang } from './lang';

/**
 * Home content (api-contract.md § Content) and the top-withdrawers ranking: public, cached in
 * process like the catalogue, one ready answer per language.
 */
const MANAGED_CONTENT_CACHE = 'public, no-cache';
const MANAGED_HEADERS = { 'Cache-Control': MANAGED_CONTENT_CACHE };
const LOCALISED_HEADERS = { ...MANAGED_HEADERS, Vary: 'Accept-Language, X-Lang' };

export function contentRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const { db } = deps.database;
  const cache = cacheFor(deps.database, deps.clock);
  // Only our own fields go absolute: img_url, contact image and video_url are prefixed by the
  // existing frontend itself and stay root-relative (lib/public-url.ts).
  const abs = absoluteUrls(deps.env.PUBLIC_URL);
  const answer = managedAnswer(cache);

  routes.get('/banner', (c) => answer(c, 'banners', () => activeBanners(db), bannerJson));
  const bannerText = (c: Context<AppEnv>) => answer(c, 'banner_texts', () => activeBannerTexts(db), bannerTextJson);
  routes.get('/banner_Text', bannerText);
  routes.get('/banner_text', bannerText);
  routes.get('/popup-ads-banner', (c) => answer(c, 'popup', () => firstPopup(db), popupJson));
  // Operator-managed (POST/PATCH/DELETE /api/admin/content/…; any write to the table is seen on the next request).
  routes.get('/promotion', (c) => answer(c, 'promotions', () => activePromotions(db), promotionJson));
  // Guests too (the legacy backend wanted a token here; api-contract.md § Content). Not localised.
  routes.get('/contact', (c) => answer(c, 'contacts', () => activeContacts(db), contactJson, false));
  routes.get('/videoads', (c) =>
    answer(c, 'videoads', () => activeVideoAds(db), (rows, lang) =>
      rows.map((v) => ({ id: v.id, video_url: v.videoUrl, poster_url: absoluteOrNull(abs, v.posterUrl), title: localise(v.title, lang) })),
    ),
  );

  routes.get('/toptenwithdraw', async (c) => {
    // Withdrawals change it, which no catalogue trigger sees: it also expires after CATALOGUE_TTL_MS.
    const rows = await cache.get('content:toptenwithdraw', () => topWithdrawJson(db), CATALOGUE_TTL_MS);
    c.header('Cache-Control', PUBLIC_CACHE);
    return ok(c, rows);
  });

  return routes;
}

/**
 * Operator-managed content: browsers revalidate every time (a 304 when nothing changed, via the
 * ETag), so an operator's edit shows on the next visit. Rows and each language's answer (text
 * and ETag, lib/json-answer.ts) are cached until the content changes (domain/catalogue-cache.ts).
 */
function managedAnswer(cache: ReturnType<typeof cacheFor>) {
  return async <R>(c: Context, name: string, load: () => Promise<R>, render: (rows: R, lang: Lang) => unknown, localised = true) => {
    const lang = localised ? requestLang(c) : 'en';
    const read = await cache.reader();
    const built = await read.get(`content:${name}:${lang}`, async () => okAnswer(render(await read.get(`content:${name}`, load), lang)));
    return sendAnswer(c, built, localised ? LOCALISED_HEADERS : MANAGED_HEADERS);
  };
}

type RowsOf<F extends (db: Db) => Promise<unknown>> = Awaited<ReturnType<F>>;

const bannerJson = (rows: RowsOf<typeof activeBanners>, lang: Lang) =>
  rows.map((b) => ({ id: b.id, img_url: b.imgUrl, title: localise(b.title, lang) }));

const bannerTextJson = (rows: RowsOf<typeof activeBannerTexts>, lang: Lang) =>
  rows.map((t) => ({ id: t.id, text: localise(t.text, lang) ?? '', texts: allLangs(t.text) }));

const popupJson = (ad: RowsOf<typeof firstPopup>, lang: Lang) =>
  ad ? { id: ad.id, img_url: ad.imgUrl, text: localise(ad.text, lang), texts: allLangs(ad.text), link: ad.link } : null;

const promotionJson = (rows: RowsOf<typeof activePromotions>, lang: Lang) =>
  rows.map((p) => ({
    id: p.id,
    title: localise(p.title, lang) ?? '',
    description: localise(p.description, lang) ?? '',
    img_url: p.imgUrl,
    titles: allLangs(p.title),
    descriptions: allLangs(p.description),
  }));

const contactJson = (rows: RowsOf<typeof activeContacts>) =>
  rows.map((r) => ({ id: r.id, name: r.name, value: r.value, link: r.value, image: r.imgUrl ?? null, img_url: r.imgUrl ?? null }));

/** The ranking's rows: { player_id (masked user name), amount }. */
async function topWithdrawJson(db: Db) {
  return (await topWithdrawers(db)).map((r) => ({ player_id: r.player, amount: formatMoney(r.total) }));
}
