import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../app';
import { cacheFor } from '../../domain/catalogue-cache';
import {
  findProduct,
  findType,
  gamePage,
  gameTypesJson,
  hotGames,
  loadSnapshot,
  providersJson,
  type CatalogueSnapshot,
} from '../../domain/catalogue';
import { fail, ok } from '../../lib/http';
import { pageParam } from '../../lib/paginate';
import { refuse } from '../../i18n/refusals';

/**
 * The public game catalogue (api-contract.md § Games). No token needed; one that is sent is
 * ignored (never a 401 here: the client logs out on 401). Types, providers and hot games come
 * from a short in-process cache (domain/catalogue-cache.ts); a game page is one indexed query.
 */
export const PUBLIC_CACHE = 'public, max-age=30';

export function catalogueRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const { db } = deps.database;
  const cache = cacheFor(deps.database, deps.clock);
  const snapshot = () => cache.get<CatalogueSnapshot>('catalogue:snapshot', () => loadSnapshot(db));
  // The /game_types answer is built once per snapshot.
  const typesJson = new WeakMap<CatalogueSnapshot, ReturnType<typeof gameTypesJson>>();

  routes.get('/game_types', async (c) => {
    const snap = await snapshot();
    let json = typesJson.get(snap);
    if (!json) typesJson.set(snap, (json = gameTypesJson(snap)));
    c.header('Cache-Control', PUBLIC_CACHE);
    return ok(c, json);
  });

  routes.get('/providers/:typeCode', async (c) => {
    const snap = await snapshot();
    const type = findType(snap, c.req.param('typeCode'));
    if (!type) return fail(c, 404, refuse('games.type_not_found'));
    c.header('Cache-Control', PUBLIC_CACHE);
    return ok(c, providersJson(snap, type));
  });

  routes.get('/game_lists/:typeId/:providerId', async (c) => {
    const snap = await snapshot();
    const type = findType(snap, c.req.param('typeId'));
    if (!type) return fail(c, 404, refuse('games.type_not_found'));
    const product = findProduct(snap, type.id, c.req.param('providerId'));
    if (!product) return fail(c, 404, refuse('games.provider_not_found'));
    const name = c.req.query('game_name');
    const list = await gamePage(db, snap, product, { page: pageParam(c), name });
    c.header('Cache-Control', PUBLIC_CACHE);
    return ok(c, list);
  });

  routes.get('/hot_game_lists', async (c) => {
    const list = await cache.get('catalogue:hot', async () => hotGames(db, await snapshot()));
    c.header('Cache-Control', PUBLIC_CACHE);
    return ok(c, list);
  });

  return routes;
}
