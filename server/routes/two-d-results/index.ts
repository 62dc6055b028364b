import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { listHolidays } from '../../domain/two-d/holidays';
import { twoDRuntime } from '../../domain/two-d/runtime';
import { ok } from '../../lib/http';
import { yangonDate } from '../../lib/time';

/**
 * Public 2D result routes under /api (docs/two-d.md): GET /live (also at the root, where legacy
 * clients poll `{host}/live`) and GET /2d/holidays. The admin side lives in ./admin.ts.
 */
export function twoDResultRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/live', (c) => serveLive(c, deps));
  routes.get('/2d/holidays', async (c) => {
    const today = yangonDate(deps.clock.now());
    return ok(c, await listHolidays(deps.database.db, today));
  });
  return routes;
}

/** GET /live at the site root, for clients whose API base is the host itself. */
export function twoDRootRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/live', (c) => serveLive(c, deps));
  return routes;
}

/**
 * The `/live` shape, no envelope: the view built at most once a second per process, served as
 * ready JSON. Browsers and proxies may reuse it for a second too; any origin may read it.
 */
async function serveLive(c: Context<AppEnv>, deps: Deps) {
  const rt = twoDRuntime(deps);
  rt.feed?.start(deps.clock); // idempotent; the scheduler normally started it already
  const view = await rt.live.get(deps.clock.now());
  return c.body(view.json, 200, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'public, max-age=1',
    'Access-Control-Allow-Origin': '*',
  });
}

