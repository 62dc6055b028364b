import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bannerTexts, banners, contacts, popupAds, promotions, videoAds } from '../../db/schema';

/** A text in the site's languages ({ en, mm, zh, th }, any may be missing), as content rows hold it. */
export type { LocalisedText } from '../../db/schema';

/**
 * The active rows the public content routes show (cached by the caller), by sort then id. Async on
 * purpose: a drizzle query is a lazy thenable that would run again at every await of the cached value.
 */
export async function activeBanners(db: Db) {
  return db
    .select({ id: banners.id, imgUrl: banners.imgUrl, title: banners.title })
    .from(banners)
    .where(eq(banners.status, 1))
    .orderBy(asc(banners.sort), asc(banners.id));
}

export async function activeBannerTexts(db: Db) {
  return db
    .select({ id: bannerTexts.id, text: bannerTexts.text })
    .from(bannerTexts)
    .where(eq(bannerTexts.status, 1))
    .orderBy(asc(bannerTexts.sort), asc(bannerTexts.id));
}

/** The pop-up ad: the first active one, or null. */
export async function firstPopup(db: Db) {
  const [ad] = await db
    .select({ id: popupAds.id, imgUrl: popupAds.imgUrl, text: popupAds.text, link: popupAds.link })
    .from(popupAds)
    .where(eq(popupAds.status, 1))
    .orderBy(asc(popupAds.sort), asc(popupAds.id))
    .limit(1);
  return ad ?? null;
}

export async function activePromotions(db: Db) {
  return db
    .select({ id: promotions.id, title: promotions.title, description: promotions.description, imgUrl: promotions.imgUrl })
    .from(promotions)
    .where(eq(promotions.status, 1))
    .orderBy(asc(promotions.sort), asc(promotions.id));
}

export async function activeContacts(db: Db) {
  return db
    .select({ id: contacts.id, name: contacts.name, value: contacts.value, imgUrl: contacts.imgUrl })
    .from(contacts)
    .where(eq(contacts.status, 1))
    .orderBy(asc(contacts.sort), asc(contacts.id));
}

export async function activeVideoAds(db: Db) {
  return db
    .select({ id: videoAds.id, videoUrl: videoAds.videoUrl, posterUrl: videoAds.posterUrl, title: videoAds.title })
    .from(videoAds)
    .where(eq(videoAds.status, 1))
    .orderBy(asc(videoAds.sort), asc(videoAds.id));
}
