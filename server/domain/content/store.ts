import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bannerTexts, banners, contacts, popupAds, promotions, videoAds } from '../../db/schema';
import { Refusal, throwIfInvalid } from '../refusal';
import { invalidateCatalogue } from '../catalogue-cache';
import { MediaRejected, saveMedia } from '../media';
import { KINDS, type ContentKind } from './fields';
import { sizeMessage, typeMessage, type PreparedContent } from './validate';

/**
 * Create, update, delete and reorder operator-managed content rows. Every change drops the public
 * content cache (invalidateCatalogue) once it is committed, so the next public read is fresh.
 */
interface Handle {
  table: PgTable;
  id: AnyPgColumn;
  sort: AnyPgColumn;
  updatedAt?: AnyPgColumn;
}

const HANDLES: Record<ContentKind, Handle> = {
  banners: { table: banners, id: banners.id, sort: banners.sort },
  'banner-texts': { table: bannerTexts, id: bannerTexts.id, sort: bannerTexts.sort },
  'popup-ads': { table: popupAds, id: popupAds.id, sort: popupAds.sort },
  promotions: { table: promotions, id: promotions.id, sort: promotions.sort, updatedAt: promotions.updatedAt },
  contacts: { table: contacts, id: contacts.id, sort: contacts.sort, updatedAt: contacts.updatedAt },
  'video-ads': { table: videoAds, id: videoAds.id, sort: videoAds.sort, updatedAt: videoAds.updatedAt },
};

export type ContentRow = Record<string, unknown> & { id: number; sort: number; status: number; createdAt: Date };

export class ContentNotFound extends Refusal {
  constructor(kind: ContentKind) {
    super('not_found', `${KINDS[kind].noun} not found.`);
  }
}

/** The admin's JSON for a row: request field names, LocalisedText fields as stored. */
export function contentJson(kind: ContentKind, row: ContentRow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const f of KINDS[kind].fields) out[f.name] = row[f.key] ?? null;
  out.sort = row.sort;
  out.status = row.status;
  out.created_at = row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt;
  if (row.updatedAt !== undefined) out.updated_at = row.updatedAt instanceof Date ? row.updatedAt.toISOString() : row.updatedAt;
  return out;
}

/** Every row of a kind, active or not, by sort then id. */
export async function listContent(db: Db, kind: ContentKind): Promise<ContentRow[]> {
  const h = HANDLES[kind];
  return (await db.select().from(h.table).orderBy(asc(h.sort), asc(h.id))) as ContentRow[];
}

export async function findContent(db: Db, kind: ContentKind, id: number): Promise<ContentRow> {
  const h = HANDLES[kind];
  const [row] = (await db.select().from(h.table).where(eq(h.id, id)).limit(1)) as ContentRow[];
  if (!row) throw new ContentNotFound(kind);
  return row;
}

/** Stores the pending uploads (only after the whole request was validated) and fills in their URLs. */
async function withUploads(db: Db, prepared: PreparedContent): Promise<Record<string, unknown>> {
  const values = { ...prepared.values };
  for (const upload of prepared.uploads) {
    try {
      values[upload.key] = (await saveMedia(db, upload.bytes, { allow: upload.allow, maxBytes: upload.maxBytes })).url;
    } catch (err) {
      if (!(err instanceof MediaRejected)) throw err;
      throwIfInvalid({
        [upload.field]: [err.reason === 'size' ? sizeMessage(upload.field, upload.maxBytes) : typeMessage(upload.field, upload.allow)],
      });
    }
  }
  return values;
}

/** A new row; without a `sort` it goes after every existing row of its kind. */
export async function createContent(db: Db, kind: ContentKind, prepared: PreparedContent): Promise<ContentRow> {
  const h = HANDLES[kind];
  const values = await withUploads(db, prepared);
  values.sort ??= sql`(select coalesce(max(${h.sort}), 0) + 1 from ${h.table})`;
  const [row] = (await db.insert(h.table).values(values).returning()) as ContentRow[];
  invalidateCatalogue();
  return row!;
}

export async function updateContent(db: Db, kind: ContentKind, id: number, prepared: PreparedContent): Promise<ContentRow> {
  const h = HANDLES[kind];
  const values = await withUploads(db, prepared);
  if (h.updatedAt) values.updatedAt = new Date();
  if (Object.keys(values).length === 0) return findContent(db, kind, id);
  const [row] = (await db.update(h.table).set(values).where(eq(h.id, id)).returning()) as ContentRow[];
  if (!row) throw new ContentNotFound(kind);
  invalidateCatalogue();
  return row;
}

export async function deleteContent(db: Db, kind: ContentKind, id: number): Promise<ContentRow> {
  const h = HANDLES[kind];
  const [row] = (await db.delete(h.table).where(eq(h.id, id)).returning()) as ContentRow[];
  if (!row) throw new ContentNotFound(kind);
  invalidateCatalogue();
  return row;
}

export const MAX_ORDER_IDS = 1000;

/** `ids` from a request: distinct positive integers, at least one. Throws the 422. */
export function orderIds(input: unknown): number[] {
  if (input === undefined || input === null || (Array.isArray(input) && input.length === 0)) {
    throwIfInvalid({ ids: ['The ids field is required.'] });
  }
  if (!Array.isArray(input)) throwIfInvalid({ ids: ['The ids field must be an array.'] });
  const list = input as unknown[];
  if (list.length > MAX_ORDER_IDS) throwIfInvalid({ ids: [`The ids field must not have more than ${MAX_ORDER_IDS} items.`] });
  const errors: Record<string, string[]> = {};
  const ids = list.map((v, i) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 1) errors[`ids.${i}`] = [`The ids.${i} field must be an integer.`];
    return n;
  });
  throwIfInvalid(errors);
  if (new Set(ids).size !== ids.length) throwIfInvalid({ ids: ['The ids field has a duplicate value.'] });
  return ids;
}

/**
 * Puts the listed rows first, in the given order (sort = position, from 1); the rows not listed
 * follow in their current order. One transaction: all ids must exist (422 otherwise, nothing changes).
 */
export async function reorderContent(db: Db, kind: ContentKind, ids: number[]): Promise<void> {
  const h = HANDLES[kind];
  await db.transaction(async (tx) => {
    const rows = (await tx
      .select({ id: h.id })
      .from(h.table)
      .orderBy(asc(h.sort), asc(h.id))
      .for('update')) as { id: number }[];
    const known = new Set(rows.map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throwIfInvalid({ ids: [`The selected ids are invalid: no ${KINDS[kind].noun.toLowerCase()} ${unknown.join(', ')}.`] });
    const listed = new Set(ids);
    const order = [...ids, ...rows.map((r) => r.id).filter((id) => !listed.has(id))];
    if (order.length === 0) return;
    const cases = sql.join(
      order.map((id, i) => sql`when ${id}::bigint then ${i + 1}::int`),
      sql` `,
    );
    const set: Record<string, unknown> = { sort: sql`case ${h.id} ${cases} end` };
    if (h.updatedAt) set.updatedAt = new Date();
    await tx.update(h.table).set(set).where(inArray(h.id, order));
  });
  invalidateCatalogue();
}
