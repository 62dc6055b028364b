/**
 * The game catalogue in the console (docs/operator.md § Games), under /api/admin: list game
 * types, providers with their products per type, and games (filtered, paged); show or hide a
 * type, a provider, a product or a game; mark a game hot or not and set the hot list's order.
 * Role `content` (and the owner); every change runs in the audit transaction (audited.ts) and is
 * seen by players on their next request (the catalogue's version bumps as it commits).
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import {
  ADMIN_GAME_PAGE_SIZE,
  ADMIN_GAME_SEARCH_MAX,
  HOT_LIST_MAX,
  INT32_MAX,
  adminGamePage,
  adminGameTypes,
  adminHotList,
  adminProviders,
  setGameHot,
  setGameStatus,
  setHotList,
  setProductStatus,
  setProviderStatus,
  setTypeStatus,
  unknownGameIds,
  type GameFilter,
  type Shown,
} from '../../domain/catalogue-admin';
import { refuse, type RefusalCode } from '../../i18n/refusals';
import { HttpError, fail, ok, type FieldErrors } from '../../lib/http';
import { pageParam, paginated } from '../../lib/paginate';
import { bodyFields, pathFields, queryFields } from '../../lib/request-input';
import { checkItems, itemList, optionalIdText, positiveJsonInteger, queryFlag } from '../../lib/schemas';
import { throwIfInvalid } from '../../lib/validation';
import { adminDb } from './audited';
import { idPath } from './schemas';

type Ctx = Context<AppEnv>;

/** The largest body here: a hot list of 200 ids. */
const MAX_BODY_BYTES = 8 * 1024;

/** A path id: 1 … 10^15 as digits; anything else is the target's 404 (as an id that matches no row). */
const pathId = (c: Ctx, code: RefusalCode, max?: number): number => pathFields(c, idPath(max), () => new HttpError(404, refuse(code))).id;

const required = (field: string) => (issue: { input: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? refuse('field.required', { field }) : refuse('field.selected_invalid', { field }));

/** `status`: 1 shown, 0 hidden (also "1" / "0" from a form). */
const statusBody = { status: z.preprocess((v) => (v === '1' || v === '0' ? Number(v) : v), z.union([z.literal(0), z.literal(1)], { error: required('status') })) };
/** `hot`: true / false (also 1 / 0, "1" / "0", "true" / "false"). */
const hotBody = {
  hot: z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean({ error: required('hot') })),
};
const hotListBody = { ids: itemList('ids', HOT_LIST_MAX) };

/** `ids`: distinct game ids, at most HOT_LIST_MAX, each a JSON whole number ≥ 1; a repeated one is "The selected ids.N is invalid.". */
async function hotIds(c: Ctx): Promise<number[]> {
  const { ids: list } = await bodyFields(c, hotListBody);
  const { values, errors: found } = checkItems('ids', list, positiveJsonInteger);
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  list.forEach((_, i) => {
    const field = `ids.${i}`;
    const id = values[field];
    if (found[field]) errors[field] = found[field];
    else if (seen.has(id!)) errors[field] = [refuse('field.selected_invalid', { field })];
    else seen.add(id!);
  });
  throwIfInvalid(errors);
  return list as number[];
}

/** `?type=&provider=&q=&hot=1&hidden=1`: a malformed filter is a 422, never ignored. */
const filterQuery = {
  type: optionalIdText('type', INT32_MAX),
  provider: optionalIdText('provider'),
  q: z.string().max(ADMIN_GAME_SEARCH_MAX, { error: refuse('field.max_chars', { field: 'q', max: ADMIN_GAME_SEARCH_MAX }) }).optional(),
  hot: queryFlag('hot'),
  hidden: queryFlag('hidden'),
};

function gameFilter(c: Ctx): GameFilter {
  const { type, provider, q, hot, hidden } = queryFields(c, filterQuery);
  return {
    ...(type !== undefined && { type }),
    ...(provider !== undefined && { provider }),
    ...(q !== undefined && { q }),
    ...(hot && { hot }),
    ...(hidden && { hidden }),
  };
}

type SetStatus = (db: ReturnType<typeof adminDb>, id: number, status: Shown) => Promise<unknown>;

/** POST /games/…/:id/status { status }: show or hide one type, provider, product or game. */
const statusChange = (deps: Deps, code: RefusalCode, set: SetStatus, max?: number) => async (c: Ctx) => {
  const id = pathId(c, code, max);
  const { status } = await bodyFields(c, statusBody);
  const row = await set(adminDb(c, deps), id, status);
  return ok(c, row, status === 1 ? 'Shown to players.' : 'Hidden from players.');
};

async function getGames(c: Ctx, deps: Deps) {
  const filter = gameFilter(c);
  const page = pageParam(c);
  const { rows, total } = await adminGamePage(adminDb(c, deps), filter, page);
  return ok(c, paginated(c, deps.env.PUBLIC_URL, rows, total, page, ADMIN_GAME_PAGE_SIZE));
}

async function postHot(c: Ctx, deps: Deps) {
  const id = pathId(c, 'games.game_not_found');
  const { hot } = await bodyFields(c, hotBody);
  const row = await setGameHot(adminDb(c, deps), id, hot);
  return ok(c, row, hot ? 'Added to the hot list.' : 'Taken off the hot list.');
}

/** POST /games/hot { ids }: the hot list in this order; an id naming no game is "The selected ids.N is invalid.". */
async function postHotList(c: Ctx, deps: Deps) {
  const ids = await hotIds(c);
  const db = adminDb(c, deps);
  const errors: FieldErrors = {};
  for (const id of await unknownGameIds(db, ids)) {
    const field = `ids.${ids.indexOf(id)}`;
    errors[field] = [refuse('field.selected_invalid', { field })];
  }
  throwIfInvalid(errors);
  return ok(c, await setHotList(db, ids), 'Hot list saved.');
}

export function gameAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, 'The request body is too large.') });
  routes.use('/games/*', limitBody);
  routes.use('/games', limitBody);

  routes.get('/games/types', async (c) => ok(c, await adminGameTypes(adminDb(c, deps))));
  routes.get('/games/providers', async (c) => ok(c, await adminProviders(adminDb(c, deps))));
  routes.get('/games/hot', async (c) => ok(c, await adminHotList(adminDb(c, deps))));
  routes.get('/games', (c) => getGames(c, deps));

  routes.post('/games/types/:id/status', statusChange(deps, 'games.type_not_found', setTypeStatus, INT32_MAX));
  routes.post('/games/providers/:id/status', statusChange(deps, 'games.provider_not_found', setProviderStatus));
  routes.post('/games/products/:id/status', statusChange(deps, 'games.provider_not_found', setProductStatus));
  routes.post('/games/:id/status', statusChange(deps, 'games.game_not_found', setGameStatus));
  routes.post('/games/:id/hot', (c) => postHot(c, deps));
  routes.post('/games/hot', (c) => postHotList(c, deps));
  return routes;
}
