/**
 * The game catalogue in the console (docs/operator.md § Games), under /api/admin: list game
 * types, providers with their products per type, and games (filtered, paged); show or hide a
 * type, a provider, a product or a game; mark a game hot or not and set the hot list's order.
 * Role `content` (and the owner); every change runs in the audit transaction (audited.ts) and is
 * seen by players on their next request (the catalogue's version bumps as it commits).
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
import { readBody } from '../../lib/request-body';
import { throwIfInvalid, validateFields } from '../../lib/validation';
import { adminDb } from './audited';

type Ctx = Context<AppEnv>;

/** The largest body here: a hot list of 200 ids. */
const MAX_BODY_BYTES = 8 * 1024;

/** A path id: 1 … 10^15; anything else is the target's 404 (as an id that matches no row). */
function pathId(c: Ctx, code: RefusalCode, max = Number.MAX_SAFE_INTEGER): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new HttpError(404, refuse(code));
  return Number(raw);
}

const required = (field: string) => (issue: { input: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? refuse('field.required', { field }) : refuse('field.selected_invalid', { field }));

/** `status`: 1 shown, 0 hidden (also "1" / "0" from a form). */
const statusSchema = z.preprocess((v) => (v === '1' || v === '0' ? Number(v) : v), z.union([z.literal(0), z.literal(1)], { error: required('status') }));
/** `hot`: true / false (also 1 / 0, "1" / "0", "true" / "false"). */
const hotSchema = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: required('hot') }),
);
const idSchema = z.number({ error: (issue) => refuse('field.integer', { field: String(issue.path?.join('.') || 'ids') }) });

function validBody<S extends Record<string, z.ZodType>>(shape: S, input: Record<string, unknown>) {
  const { values, errors } = validateFields(shape, input);
  throwIfInvalid(errors);
  return values as { [K in keyof S]: z.output<S[K]> };
}

/** `ids`: distinct game ids, at most HOT_LIST_MAX, each a whole number ≥ 1. */
function hotIds(input: Record<string, unknown>): number[] {
  const raw = input.ids;
  if (raw === undefined || raw === null) throwIfInvalid({ ids: [refuse('field.required', { field: 'ids' })] });
  if (!Array.isArray(raw)) throwIfInvalid({ ids: [refuse('field.array', { field: 'ids' })] });
  const list = raw as unknown[];
  if (list.length > HOT_LIST_MAX) throwIfInvalid({ ids: [refuse('field.max_items', { field: 'ids', max: HOT_LIST_MAX })] });
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  list.forEach((value, i) => {
    const field = `ids.${i}`;
    const parsed = idSchema.safeParse(value);
    if (!parsed.success || !Number.isSafeInteger(parsed.data) || parsed.data < 1) errors[field] = [refuse('field.integer', { field })];
    else if (seen.has(parsed.data)) errors[field] = [refuse('field.selected_invalid', { field })];
    else seen.add(parsed.data);
  });
  throwIfInvalid(errors);
  return list as number[];
}

const positiveInt = (max: number) => (raw: string | undefined) => (raw !== undefined && /^\d{1,15}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max ? Number(raw) : undefined);

/** `?type=&provider=&q=&hot=1&hidden=1`: a malformed filter is a 422, never ignored. */
function gameFilter(c: Ctx): GameFilter {
  const errors: FieldErrors = {};
  const filter: GameFilter = {};
  for (const field of ['type', 'provider'] as const) {
    const raw = c.req.query(field);
    if (raw === undefined || raw === '') continue;
    const value = positiveInt(field === 'type' ? INT32_MAX : Number.MAX_SAFE_INTEGER)(raw);
    if (value === undefined) errors[field] = [refuse('field.integer', { field })];
    else filter[field] = value;
  }
  const q = c.req.query('q');
  if (q !== undefined) {
    if (q.length > ADMIN_GAME_SEARCH_MAX) errors.q = [refuse('field.max_chars', { field: 'q', max: ADMIN_GAME_SEARCH_MAX })];
    else filter.q = q;
  }
  for (const field of ['hot', 'hidden'] as const) {
    const raw = c.req.query(field);
    if (raw === undefined || raw === '' || raw === '0') continue;
    if (raw === '1') filter[field] = true;
    else errors[field] = [refuse('field.selected_invalid', { field })];
  }
  throwIfInvalid(errors);
  return filter;
}

export function gameAdminRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, 'The request body is too large.') });
  routes.use('/games/*', limitBody);
  routes.use('/games', limitBody);

  routes.get('/games/types', async (c) => ok(c, await adminGameTypes(adminDb(c, deps))));
  routes.get('/games/providers', async (c) => ok(c, await adminProviders(adminDb(c, deps))));
  routes.get('/games/hot', async (c) => ok(c, await adminHotList(adminDb(c, deps))));
  routes.get('/games', async (c) => {
    const filter = gameFilter(c);
    const page = pageParam(c);
    const { rows, total } = await adminGamePage(adminDb(c, deps), filter, page);
    return ok(c, paginated(c, deps.env.PUBLIC_URL, rows, total, page, ADMIN_GAME_PAGE_SIZE));
  });

  const statusChange = (code: RefusalCode, set: (db: ReturnType<typeof adminDb>, id: number, status: Shown) => Promise<unknown>, max?: number) => async (c: Ctx) => {
    const id = pathId(c, code, max);
    const { status } = validBody({ status: statusSchema }, await readBody(c));
    const row = await set(adminDb(c, deps), id, status as Shown);
    return ok(c, row, status === 1 ? 'Shown to players.' : 'Hidden from players.');
  };
  routes.post('/games/types/:id/status', statusChange('games.type_not_found', setTypeStatus, INT32_MAX));
  routes.post('/games/providers/:id/status', statusChange('games.provider_not_found', setProviderStatus));
  routes.post('/games/products/:id/status', statusChange('games.provider_not_found', setProductStatus));
  routes.post('/games/:id/status', statusChange('games.game_not_found', setGameStatus));

  routes.post('/games/:id/hot', async (c) => {
    const id = pathId(c, 'games.game_not_found');
    const { hot } = validBody({ hot: hotSchema }, await readBody(c));
    const row = await setGameHot(adminDb(c, deps), id, hot);
    return ok(c, row, hot ? 'Added to the hot list.' : 'Taken off the hot list.');
  });

  routes.post('/games/hot', async (c) => {
    const ids = hotIds(await readBody(c));
    const db = adminDb(c, deps);
    const unknown = await unknownGameIds(db, ids);
    if (unknown.length) {
      const errors: FieldErrors = {};
      for (const id of unknown) {
        const field = `ids.${ids.indexOf(id)}`;
        errors[field] = [refuse('field.selected_invalid', { field })];
      }
      throwIfInvalid(errors);
    }
    return ok(c, await setHotList(db, ids), 'Hot list saved.');
  });

  return routes;
}
