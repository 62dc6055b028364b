import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameTypes, games, products, providers } from '../db/schema';
import type { ToAbsolute } from '../lib/public-url';

/**
 * The public game catalogue: types, providers, their products per type and the games of each
 * product. Reads only what is active all the way up (a game of a disabled provider is hidden).
 */

export const GAME_PAGE_SIZE = 20;
/** Longest `game_name` filter honoured; longer input is cut. */
export const GAME_NAME_FILTER_MAX = 100;

export interface TypeRow {
  id: number;
  name: string;
  code: string;
  img: string;
  sort: number;
}

export interface ProviderRow {
  id: number;
  code: string;
  name: string;
  shortName: string;
  color: string;
  imgUrl: string;
}

export interface ProductRow {
  id: number;
  providerId: number;
  gameTypeId: number;
  productCode: number;
  productName: string;
  productTitle: string;
  sort: number;
  status: number;
}

/** Everything small about the catalogue, in display order; cached as one piece. */
export interface CatalogueSnapshot {
  /** Active types that have at least one active product of an active provider. */
  types: TypeRow[];
  /** Every active type, listed or not (an empty type still answers its empty provider list). */
  allTypes: TypeRow[];
  providers: Map<number, ProviderRow>;
  /** Active products of active providers and types, by type sort, product sort, id. */
  products: ProductRow[];
}

export async function loadSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const [typeRows, providerRows, productRows] = await Promise.all([activeTypes(db), activeProviders(db), activeProducts(db)]);
  const providerMap = new Map(providerRows.map((p) => [p.id, p]));
  const typeOrder = new Map(typeRows.map((t, i) => [t.id, i]));
  const live = productRows
    .filter((p) => providerMap.has(p.providerId) && typeOrder.has(p.gameTypeId))
    .sort((a, b) => typeOrder.get(a.gameTypeId)! - typeOrder.get(b.gameTypeId)!);
  const typesWithProducts = new Set(live.map((p) => p.gameTypeId));
  return {
    types: typeRows.filter((t) => typesWithProducts.has(t.id)),
    allTypes: typeRows,
    providers: providerMap,
    products: live,
  };
}

function activeTypes(db: Db) {
  return db
    .select({ id: gameTypes.id, name: gameTypes.name, code: gameTypes.code, img: gameTypes.img, sort: gameTypes.sort })
    .from(gameTypes)
    .where(eq(gameTypes.status, 1))
    .orderBy(asc(gameTypes.sort), asc(gameTypes.id));
}

function activeProviders(db: Db) {
  return db
    .select({
      id: providers.id,
      code: providers.code,
      name: providers.name,
      shortName: providers.shortName,
      color: providers.color,
      imgUrl: providers.imgUrl,
    })
    .from(providers)
    .where(eq(providers.status, 1));
}

function activeProducts(db: Db) {
  return db
    .select({
      id: products.id,
      providerId: products.providerId,
      gameTypeId: products.gameTypeId,
      productCode: products.productCode,
      productName: products.productName,
      productTitle: products.productTitle,
      sort: products.sort,
      status: products.status,
    })
    .from(products)
    .where(eq(products.status, 1))
    .orderBy(asc(products.sort), asc(products.id));
}

/** A type by its code ("slot") or its numeric id ("1"). */
export function findType(snapshot: CatalogueSnapshot, key: string): TypeRow | undefined {
  const byCode = snapshot.allTypes.find((t) => t.code === key || t.code === key.toLowerCase());
  if (byCode) return byCode;
  return /^\d{1,9}$/.test(key) ? snapshot.allTypes.find((t) => t.id === Number(key)) : undefined;
}

/** The product of `provider` (an id, or a code in any case) within a type. */
export function findProduct(snapshot: CatalogueSnapshot, typeId: number, providerKey: string): ProductRow | undefined {
  const ofType = snapshot.products.filter((p) => p.gameTypeId === typeId);
  if (/^\d{1,15}$/.test(providerKey)) {
    const byId = ofType.find((p) => p.providerId === Number(providerKey));
    if (byId) return byId;
  }
  const code = providerKey.toUpperCase();
  return ofType.find((p) => snapshot.providers.get(p.providerId)!.code.toUpperCase() === code);
}

export function productsOfType(snapshot: CatalogueSnapshot, typeId: number): ProductRow[] {
  return snapshot.products.filter((p) => p.gameTypeId === typeId);
}

// ─── Wire shapes (api-contract.md § Games) ─────────────────────────────────────────────────────
// `abs` makes the art a client uses as it is absolute on PUBLIC_URL (lib/public-url.ts): `img`,
// `image_url`; `img_url` stays root-relative (the existing frontend prefixes it itself).

const asStored: ToAbsolute = (url) => url;

/** GET /game_types: every listed type with its providers. */
export function gameTypesJson(snapshot: CatalogueSnapshot, abs: ToAbsolute = asStored) {
  return snapshot.types.map((t) => ({
    id: t.id,
    name: t.name,
    code: t.code,
    img: abs(t.img),
    providers: productsOfType(snapshot, t.id).map((p) => {
      const provider = snapshot.providers.get(p.providerId)!;
      return {
        id: provider.id,
        code: provider.code,
        name: provider.name,
        short_name: provider.shortName,
        img: abs(provider.imgUrl),
        // The spec's Provider entity also names these; extra keys cost nothing.
        provider: provider.code,
        provider_name: provider.name,
        img_url: provider.imgUrl,
        product_id: p.id,
        product_code: p.productCode,
      };
    }),
  }));
}

/** GET /providers/{typeCode}: the type's products. */
export function providersJson(snapshot: CatalogueSnapshot, type: TypeRow, abs: ToAbsolute = asStored) {
  return productsOfType(snapshot, type.id).map((p) => {
    const provider = snapshot.providers.get(p.providerId)!;
    return {
      id: p.id,
      product_id: p.id,
      provider: provider.code,
      provider_id: provider.id,
      product_code: p.productCode,
      product_name: p.productName,
      product_title: p.productTitle,
      short_name: provider.shortName,
      game_type: type.code,
      img_url: provider.imgUrl,
      status: p.status,
      code: provider.code,
      provider_name: provider.name,
      img: abs(provider.imgUrl),
    };
  });
}

export interface GameJson {
  id: number;
  game_code: string;
  game_name: string;
  game_type: number;
  product_code: number;
  provider: string;
  image_url: string;
  img: string;
  is_hot: number;
}

const gameColumns = {
  id: games.id,
  gameCode: games.gameCode,
  gameName: games.gameName,
  imageUrl: games.imageUrl,
  isHot: games.isHot,
};

type GameRow = { id: number; gameCode: string; gameName: string; imageUrl: string; isHot: number };

/**
 * Generated game art is served as immutable, so a new drawing needs a new address: the version
 * goes on the generated paths as they leave (2: a motif per game instead of its initials).
 */
export const GAME_ART_VERSION = 2;
const GENERATED_GAME_ART = /^\/assets\/art\/game\/\d+\.svg$/;
const gameArtUrl = (url: string) => (GENERATED_GAME_ART.test(url) ? `${url}?v=${GAME_ART_VERSION}` : url);

function gameJson(row: GameRow, product: ProductRow, provider: ProviderRow, abs: ToAbsolute): GameJson {
  const art = abs(gameArtUrl(row.imageUrl));
  return {
    id: row.id,
    game_code: row.gameCode,
    game_name: row.gameName,
    game_type: product.gameTypeId,
    product_code: product.productCode,
    provider: provider.code,
    image_url: art,
    img: art,
    is_hot: row.isHot ? 1 : 0,
  };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern once escaped (ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** One page of a product's active games, by sort then id, optionally filtered by name. */
export async function gamePage(
  db: Db,
  snapshot: CatalogueSnapshot,
  product: ProductRow,
  opts: { page: number; name?: string },
  abs: ToAbsolute = asStored,
): Promise<GameJson[]> {
  const where: SQL[] = [eq(games.productId, product.id), eq(games.status, 1)];
  const name = opts.name?.trim().slice(0, GAME_NAME_FILTER_MAX);
  if (name) where.push(sql`${games.gameName} ILIKE ${`%${escapeLike(name)}%`} ESCAPE '\\'`);
  const rows = await db
    .select(gameColumns)
    .from(games)
    .where(and(...where))
    .orderBy(asc(games.sort), asc(games.id))
    .limit(GAME_PAGE_SIZE)
    .offset((opts.page - 1) * GAME_PAGE_SIZE);
  const provider = snapshot.providers.get(product.providerId)!;
  return rows.map((r) => gameJson(r, product, provider, abs));
}

/**
 * Every active game of a product, by sort then id, as the pages of GET /game_lists show them; the
 * route keeps it per catalogue version (domain/catalogue-cache.ts) and slices pages from it.
 */
export async function productGames(db: Db, snapshot: CatalogueSnapshot, product: ProductRow, abs: ToAbsolute = asStored): Promise<GameJson[]> {
  const rows = await db
    .select(gameColumns)
    .from(games)
    .where(and(eq(games.productId, product.id), eq(games.status, 1)))
    .orderBy(asc(games.sort), asc(games.id));
  const provider = snapshot.providers.get(product.providerId)!;
  return rows.map((r) => gameJson(r, product, provider, abs));
}

/** Page `page` (from 1) of a product's games, as gamePage would read it. */
export function pageOf(list: readonly GameJson[], page: number): GameJson[] {
  return list.slice((page - 1) * GAME_PAGE_SIZE, page * GAME_PAGE_SIZE);
}

/**
 * Every active hot game, in the operator's order: `is_hot` is the game's place in the list (0 not
 * hot; domain/catalogue-admin.ts), ties in catalogue order (type, product, the game's sort and id).
 */
export async function hotGames(db: Db, snapshot: CatalogueSnapshot, abs: ToAbsolute = asStored): Promise<GameJson[]> {
  if (snapshot.products.length === 0) return [];
  const rows = await db
    .select({ ...gameColumns, productId: games.productId, sort: games.sort })
    .from(games)
    .where(and(gt(games.isHot, 0), eq(games.status, 1)));
  const rank = new Map(snapshot.products.map((p, i) => [p.id, i]));
  const byId = new Map(snapshot.products.map((p) => [p.id, p]));
  return rows
    .filter((r) => rank.has(r.productId))
    .sort((a, b) => a.isHot - b.isHot || rank.get(a.productId)! - rank.get(b.productId)! || a.sort - b.sort || a.id - b.id)
    .map((r) => {
      const product = byId.get(r.productId)!;
      return gameJson(r, product, snapshot.providers.get(product.providerId)!, abs);
    });
}

/** What a game tile's artwork needs, or undefined for an unknown id. */
export async function gameArtInfo(db: Db, id: number) {
  const [row] = await db
    .select({
      name: games.gameName,
      providerCode: providers.code,
      color: providers.color,
      typeCode: gameTypes.code,
    })
    .from(games)
    .innerJoin(products, eq(products.id, games.productId))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .innerJoin(gameTypes, eq(gameTypes.id, products.gameTypeId))
    .where(eq(games.id, id));
  return row;
}

export async function providerArtInfo(db: Db, code: string) {
  const [row] = await db
    .select({ code: providers.code, name: providers.name, color: providers.color })
    .from(providers)
    .where(sql`upper(${providers.code}) = ${code.toUpperCase()}`);
  return row;
}

/**
 * The game a launch names: active, of an active product with that product code; with what the
 * aggregator needs (its type word comes from the game's type). Undefined when there is none.
 */
export async function launchableGame(db: Db, productCode: number, gameCode: string) {
  const [game] = await db
    .select({ gameCode: games.gameCode, gameName: games.gameName, productCode: products.productCode, typeCode: gameTypes.code })
    .from(games)
    .innerJoin(products, eq(products.id, games.productId))
    .innerJoin(gameTypes, eq(gameTypes.id, products.gameTypeId))
    .where(and(eq(products.productCode, productCode), eq(games.gameCode, gameCode), eq(games.status, 1), eq(products.status, 1)))
    .limit(1);
  return game;
}
