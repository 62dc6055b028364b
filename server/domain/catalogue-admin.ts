/**
 * The operator's view of the game catalogue (docs/operator.md § Games): every game type, provider,
 * product and game, hidden ones too, and the changes the console makes to them — shown or hidden
 * (`status` 1 / 0), hot or not, and the order of the hot list.
 *
 * The hot list's order is `games.is_hot` itself: 0 is not hot, 1, 2, 3 … is the game's place in the
 * player's hot list (GET /hot_game_lists, domain/catalogue.ts `hotGames`), ties in catalogue order
 * (type, product, game). The demo seed marks its hot games 1, so until an operator orders the list
 * it reads as it always did. No change here touches the cache: each write bumps the catalogue's
 * version in its own transaction (migration 0010), so players see it on their next request.
 */
import { and, asc, count, eq, gt, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameTypes, games, products, providers } from '../db/schema';
import { refuse } from '../i18n/refusals';
import { GAME_ART_VERSION, escapeLike } from './catalogue';
import { Refusal } from './refusal';

export const ADMIN_GAME_PAGE_SIZE = 24;
/** Longest name or code search honoured; longer input is refused. */
export const ADMIN_GAME_SEARCH_MAX = 100;
/** Most games the hot list may hold (one request sets all of them). */
export const HOT_LIST_MAX = 200;

export type Shown = 0 | 1;

const GENERATED_GAME_ART = /^\/assets\/art\/game\/\d+\.svg$/;
const artUrl = (url: string) => (GENERATED_GAME_ART.test(url) ? `${url}?v=${GAME_ART_VERSION}` : url);

const notFound = {
  type: () => new Refusal('not_found', refuse('games.type_not_found')),
  provider: () => new Refusal('not_found', refuse('games.provider_not_found')),
  product: () => new Refusal('not_found', refuse('games.provider_not_found')),
  game: () => new Refusal('not_found', refuse('games.game_not_found')),
};

// ─── Reads ───────────────────────────────────────────────────────────────────────────────────

// The reads below run one after another, never in Promise.all: the status changes call them on
// their audit transaction, one connection, where pg refuses overlapping queries (pg@9).
export async function adminGameTypes(db: Db) {
  const rows = await db.select().from(gameTypes).orderBy(asc(gameTypes.sort), asc(gameTypes.id));
  const productCounts = await db.select({ typeId: products.gameTypeId, n: count() }).from(products).groupBy(products.gameTypeId);
  const gameCounts = await db
    .select({ typeId: products.gameTypeId, n: count() })
    .from(games)
    .innerJoin(products, eq(products.id, games.productId))
    .groupBy(products.gameTypeId);
  const productsOf = new Map(productCounts.map((r) => [r.typeId, Number(r.n)]));
  const gamesOf = new Map(gameCounts.map((r) => [r.typeId, Number(r.n)]));
  return rows.map((t) => ({
    id: t.id,
    code: t.code,
    name: t.name,
    img: t.img,
    sort: t.sort,
    status: t.status,
    products: productsOf.get(t.id) ?? 0,
    games: gamesOf.get(t.id) ?? 0,
  }));
}

export async function adminProviders(db: Db) {
  const rows = await db.select().from(providers).orderBy(asc(providers.id));
  const productRows = await providerProducts(db);
  const gameCounts = await db.select({ productId: games.productId, n: count() }).from(games).groupBy(games.productId);
  const gamesOf = new Map(gameCounts.map((r) => [r.productId, Number(r.n)]));
  return rows.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    short_name: p.shortName,
    color: p.color,
    img_url: p.imgUrl,
    status: p.status,
    products: productRows
      .filter((r) => r.providerId === p.id)
      .map((r) => ({
        id: r.id,
        game_type_id: r.gameTypeId,
        type_code: r.typeCode,
        type_name: r.typeName,
        type_status: r.typeStatus,
        product_code: r.productCode,
        product_name: r.productName,
        product_title: r.productTitle,
        sort: r.sort,
        status: r.status,
        games: gamesOf.get(r.id) ?? 0,
      })),
  }));
}

/** Every product with its game type, in lobby order (type, then product). */
function providerProducts(db: Db) {
  return db
    .select({
      id: products.id,
      providerId: products.providerId,
      gameTypeId: products.gameTypeId,
      typeCode: gameTypes.code,
      typeName: gameTypes.name,
      typeStatus: gameTypes.status,
      productCode: products.productCode,
      productName: products.productName,
      productTitle: products.productTitle,
      sort: products.sort,
      status: products.status,
    })
    .from(products)
    .innerJoin(gameTypes, eq(gameTypes.id, products.gameTypeId))
    .orderBy(asc(gameTypes.sort), asc(gameTypes.id), asc(products.sort), asc(products.id));
}

const gameSelection = {
  id: games.id,
  gameCode: games.gameCode,
  gameName: games.gameName,
  imageUrl: games.imageUrl,
  isHot: games.isHot,
  sort: games.sort,
  status: games.status,
  productId: products.id,
  productStatus: products.status,
  productCode: products.productCode,
  providerId: providers.id,
  providerCode: providers.code,
  providerName: providers.name,
  providerStatus: providers.status,
  typeId: gameTypes.id,
  typeCode: gameTypes.code,
  typeName: gameTypes.name,
  typeStatus: gameTypes.status,
};

type AdminGameRow = {
  id: number;
  gameCode: string;
  gameName: string;
  imageUrl: string;
  isHot: number;
  sort: number;
  status: number;
  productId: number;
  productStatus: number;
  productCode: number;
  providerId: number;
  providerCode: string;
  providerName: string;
  providerStatus: number;
  typeId: number;
  typeCode: string;
  typeName: string;
  typeStatus: number;
};

export function adminGameJson(r: AdminGameRow) {
  return {
    id: r.id,
    game_code: r.gameCode,
    game_name: r.gameName,
    image_url: artUrl(r.imageUrl),
    status: r.status,
    is_hot: r.isHot > 0,
    hot_position: r.isHot,
    sort: r.sort,
    product: { id: r.productId, product_code: r.productCode, status: r.productStatus },
    provider: { id: r.providerId, code: r.providerCode, name: r.providerName, status: r.providerStatus },
    type: { id: r.typeId, code: r.typeCode, name: r.typeName, status: r.typeStatus },
    /** What players see: the game, its product, provider and type all shown. */
    visible: r.status === 1 && r.productStatus === 1 && r.providerStatus === 1 && r.typeStatus === 1,
  };
}

export type AdminGame = ReturnType<typeof adminGameJson>;

const gamesJoined = (db: Db) =>
  db
    .select(gameSelection)
    .from(games)
    .innerJoin(products, eq(products.id, games.productId))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .innerJoin(gameTypes, eq(gameTypes.id, products.gameTypeId));

export interface GameFilter {
  type?: number;
  provider?: number;
  q?: string;
  hot?: boolean;
  hidden?: boolean;
}

function filterWhere(filter: GameFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.type !== undefined) where.push(eq(products.gameTypeId, filter.type));
  if (filter.provider !== undefined) where.push(eq(products.providerId, filter.provider));
  const q = filter.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    where.push(sql`(${games.gameName} ILIKE ${like} ESCAPE '\\' OR ${games.gameCode} ILIKE ${like} ESCAPE '\\')`);
  }
  if (filter.hot) where.push(gt(games.isHot, 0));
  if (filter.hidden) where.push(eq(games.status, 0));
  return where.length ? and(...where) : undefined;
}

/** One page of games in catalogue order (type, product, game sort, id). */
export async function adminGamePage(db: Db, filter: GameFilter, page: number, perPage = ADMIN_GAME_PAGE_SIZE) {
  const where = filterWhere(filter);
  const rows = await gamesJoined(db)
    .where(where)
    .orderBy(asc(gameTypes.sort), asc(gameTypes.id), asc(products.sort), asc(products.id), asc(games.sort), asc(games.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(games).innerJoin(products, eq(products.id, games.productId)).where(where);
  return { rows: rows.map(adminGameJson), total: Number(total?.n ?? 0) };
}

/** The hot list in the order players see it (those of a hidden game, product, provider or type are marked not visible). */
export async function adminHotList(db: Db) {
  const rows = await gamesJoined(db)
    .where(gt(games.isHot, 0))
    .orderBy(asc(games.isHot), asc(gameTypes.sort), asc(gameTypes.id), asc(products.sort), asc(products.id), asc(games.sort), asc(games.id));
  return rows.map(adminGameJson);
}

export async function adminGame(db: Db, id: number) {
  const [row] = await gamesJoined(db).where(eq(games.id, id));
  if (!row) throw notFound.game();
  return adminGameJson(row);
}

// ─── Changes ─────────────────────────────────────────────────────────────────────────────────

export async function setTypeStatus(db: Db, id: number, status: Shown) {
  const [row] = await db.update(gameTypes).set({ status }).where(eq(gameTypes.id, id)).returning({ id: gameTypes.id });
  if (!row) throw notFound.type();
  return (await adminGameTypes(db)).find((t) => t.id === id)!;
}

export async function setProviderStatus(db: Db, id: number, status: Shown) {
  const [row] = await db.update(providers).set({ status }).where(eq(providers.id, id)).returning({ id: providers.id });
  if (!row) throw notFound.provider();
  return (await adminProviders(db)).find((p) => p.id === id)!;
}

export async function setProductStatus(db: Db, id: number, status: Shown) {
  const [row] = await db.update(products).set({ status }).where(eq(products.id, id)).returning({ providerId: products.providerId });
  if (!row) throw notFound.product();
  const provider = (await adminProviders(db)).find((p) => p.id === row.providerId)!;
  return provider.products.find((p) => p.id === id)!;
}

export async function setGameStatus(db: Db, id: number, status: Shown) {
  const [row] = await db.update(games).set({ status }).where(eq(games.id, id)).returning({ id: games.id });
  if (!row) throw notFound.game();
  return adminGame(db, id);
}

/** Hot: at the end of the hot list (a game already hot keeps its place). Not hot: off the list. */
export async function setGameHot(db: Db, id: number, hot: boolean) {
  const [exists] = await db.select({ isHot: games.isHot }).from(games).where(eq(games.id, id));
  if (!exists) throw notFound.game();
  if (hot && exists.isHot === 0) {
    await db
      .update(games)
      .set({ isHot: sql`(select coalesce(max(${games.isHot}), 0) + 1 from ${games})` })
      .where(eq(games.id, id));
  } else if (!hot && exists.isHot !== 0) {
    await db.update(games).set({ isHot: 0 }).where(eq(games.id, id));
  }
  return adminGame(db, id);
}

/** The unknown ids among `ids` (the caller refuses them before changing anything). */
export async function unknownGameIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: games.id }).from(games).where(inArray(games.id, ids))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The hot list becomes exactly `ids`, in this order; every other game is not hot. */
export async function setHotList(db: Db, ids: number[]) {
  if (ids.length === 0) {
    await db.update(games).set({ isHot: 0 }).where(gt(games.isHot, 0));
  } else {
    await db
      .update(games)
      .set({ isHot: 0 })
      .where(and(gt(games.isHot, 0), notInArray(games.id, ids)));
    const position = sql.join(
      ids.map((id, i) => sql`when ${id}::bigint then ${i + 1}::integer`),
      sql` `,
    );
    await db
      .update(games)
      .set({ isHot: sql`(case ${games.id} ${position} end)` })
      .where(inArray(games.id, ids));
  }
  return adminHotList(db);
}

// ─── Audit snapshots (domain/operators/snapshots.ts) ─────────────────────────────────────────

const first = async <T>(rows: Promise<T[]>): Promise<T | null> => (await rows)[0] ?? null;
const num = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);
/** game_types.id is a 32-bit integer: a larger id matches nothing (and must not reach the query). */
export const INT32_MAX = 2_147_483_647;
const int32 = (id: string) => (num(id) <= INT32_MAX ? num(id) : 0);

/** Before/after readers of the audit's target types `game_type`, `provider`, `product`, `game` and `hot_list`. */
export const CATALOGUE_SNAPSHOTS = {
  game_type: (db: Db, id: string) =>
    first(db.select({ id: gameTypes.id, code: gameTypes.code, name: gameTypes.name, sort: gameTypes.sort, status: gameTypes.status }).from(gameTypes).where(eq(gameTypes.id, int32(id)))),
  provider: (db: Db, id: string) =>
    first(db.select({ id: providers.id, code: providers.code, name: providers.name, status: providers.status }).from(providers).where(eq(providers.id, num(id)))),
  product: (db: Db, id: string) =>
    first(
      db
        .select({ id: products.id, providerId: products.providerId, gameTypeId: products.gameTypeId, productCode: products.productCode, productName: products.productName, sort: products.sort, status: products.status })
        .from(products)
        .where(eq(products.id, num(id))),
    ),
  game: (db: Db, id: string) =>
    first(
      db
        .select({ id: games.id, productId: games.productId, gameCode: games.gameCode, gameName: games.gameName, isHot: games.isHot, sort: games.sort, status: games.status })
        .from(games)
        .where(eq(games.id, num(id))),
    ),
  /** The hot games' ids in the players' order. */
  hot_list: async (db: Db) => (await adminHotList(db)).map((g) => g.id),
};
