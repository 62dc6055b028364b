import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, promotions, videoAds } from '../../db/schema';

/**
 * The active rows the public content routes show (cached by the caller), by sort then id. Async on
 * purpose: a drizzle query is a lazy thenable that would run again at every await of the cached value.
 */
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
