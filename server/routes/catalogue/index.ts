import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import type { Db } from '../../db/client';
import { cacheFor, type CacheReader } from '../../domain/catalogue-cache';
import {
  GAME_PAGE_SIZE,
  findProduct,
  findType,
  gamePage,
  gameTypesJson,
  hotGames,
  loadSnapshot,
  pageOf,
  productGames,
  providersJson,
  type CatalogueSnapshot,
  type GameJson,
} from '../../domain/catalogue';
import { fail, ok } from '../../lib/http';
import { okAnswer, sendAnswer, type JsonAnswer } from '../../lib/json-answer';
import { absoluteUrls, type ToAbsolute } from '../../lib/public-url';
import { pageParam } from '../../lib/paginate';
import { refuse } from '../../i18n/refusals';
import { pathFields, queryFields } from '../../lib/request-input';

/** Path keys are looked up as given (a type's code or id, a provider's id or code): an unknown one is its 404. */
const typeCodePath = { typeCode: z.string() };
const listPath = { typeId: z.string(), providerId: z.string() };
/** `?game_name=`: a name search when not blank. */
const gameNameQuery = { game_name: z.string().optional() };

/**
 * The public game catalogue (api-contract.md § Games). No token needed; one that is sent is
 * ignored (never a 401 here: the client logs out on 401). Every answer but a name search comes
 * from the in-process catalogue cache, kept until the catalogue changes (domain/catalogue-cache.ts),
 * as ready JSON with its ETag (lib/json-answer.ts); a name search is one indexed query.
 * Browsers revalidate each time (an unchanged list costs a 304), so an operator's change in the
 * console (a game hidden, the hot list reordered) is on the player's next page load.
 */
export const PUBLIC_CACHE = 'public, no-cache';
const HEADERS = { 'Cache-Control': PUBLIC_CACHE };

/** A product's games with each page's answer built on first use (pages past the end share one). */
class GamePages {
  private readonly answers = new Map<number, JsonAnswer>();
  private readonly lastPage: number;

  constructor(private readonly games: readonly GameJson[]) {
    this.lastPage = Math.ceil(games.length / GAME_PAGE_SIZE);
  }

  page(page: number): JsonAnswer {
    const key = page > this.lastPage ? this.lastPage + 1 : page;
    let answer = this.answers.get(key);
    if (!answer) this.answers.set(key, (answer = okAnswer(pageOf(this.games, key))));
    return answer;
  }
}

export function catalogueRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const { db } = deps.database;
  const cache = cacheFor(deps.database, deps.clock);
  // Art URLs absolute on PUBLIC_URL (lib/public-url.ts); fixed per process, so cached answers hold them.
  const abs = absoluteUrls(deps.env.PUBLIC_URL);
  const snapshot = (read: CacheReader) => read.get<CatalogueSnapshot>('catalogue:snapshot', () => loadSnapshot(db));
  const send = (c: Context, answer: JsonAnswer) => sendAnswer(c, answer, HEADERS);

  routes.get('/game_types', async (c) => {
    const read = await cache.reader();
    const snap = await snapshot(read);
    return send(c, await read.get('catalogue:types', async () => okAnswer(gameTypesJson(snap, abs))));
  });

  routes.get('/providers/:typeCode', async (c) => {
    const read = await cache.reader();
    const snap = await snapshot(read);
    const type = findType(snap, pathFields(c, typeCodePath).typeCode);
    if (!type) return fail(c, 404, refuse('games.type_not_found'));
    return send(c, await read.get(`catalogue:providers:${type.id}`, async () => okAnswer(providersJson(snap, type, abs))));
  });

  routes.get('/game_lists/:typeId/:providerId', async (c) => {
    const read = await cache.reader();
    return gameList(c, { db, read, snap: await snapshot(read), abs });
  });

  routes.get('/hot_game_lists', async (c) => {
    const read = await cache.reader();
    const snap = await snapshot(read);
    return send(c, await read.get('catalogue:hot', async () => okAnswer(await hotGames(db, snap, abs))));
  });

  return routes;
}

/**
 * One page of a product's games: a name search is one query; the plain list comes from the
 * cache, each page's answer built once.
 */
async function gameList(c: Context, { db, read, snap, abs }: { db: Db; read: CacheReader; snap: CatalogueSnapshot; abs: ToAbsolute }) {
  const { typeId, providerId } = pathFields(c, listPath);
  const type = findType(snap, typeId);
  if (!type) return fail(c, 404, refuse('games.type_not_found'));
  const product = findProduct(snap, type.id, providerId);
  if (!product) return fail(c, 404, refuse('games.provider_not_found'));
  const page = pageParam(c);
  const name = queryFields(c, gameNameQuery).game_name;
  if (name?.trim()) {
    c.header('Cache-Control', PUBLIC_CACHE);
    return ok(c, await gamePage(db, snap, product, { page, name }, abs));
  }
  const pages = await read.get(`catalogue:games:${product.id}`, async () => new GamePages(await productGames(db, snap, product, abs)));
  return sendAnswer(c, pages.page(page), HEADERS);
}
