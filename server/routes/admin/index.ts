import { Hono } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { fail } from '../../lib/http';
import { adjustmentRoutes } from './adjustments';
import { agentAdminRoutes } from './agents';
import { backupRoutes } from './backup';
import { booksRoutes } from './books';
import { broadcastRoutes } from './broadcasts';
import { contentAdminRoutes } from './content';
import { gameAdminRoutes } from './games';
import { dashboardRoutes, exposureRoutes } from './dashboard';
import { disputeRoutes } from './disputes';
import { adminGate } from './gate';
import { operatorRoutes } from './operators';
import { playerAdminRoutes } from './players';
import { reportRoutes } from './reports';
import { streamReceipt } from './receipt';
import { decideRequest, deposits, listRequests, withdrawals } from './requests';
import { sessionRoutes } from './session';
import { twoDAdminRoutes } from '../two-d-results/admin';

const MAX_BODY_BYTES = 16 * 1024;

/** Bounded here; the content and game routes set their own limits (uploads are large). */
const LIMITED_PATHS = ['/agents', '/agents/*', '/operators', '/operators/*', '/players/*', '/adjustments/*', '/broadcasts', '/broadcasts/*'];

const limitBody = () => bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, 'The request body is too large.') });

/** The cashier's queue (requests.ts, receipt.ts). */
function queueRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const limit = limitBody();
  routes.get('/deposits', (c) => listRequests(c, deps, deposits));
  routes.get('/withdrawals', (c) => listRequests(c, deps, withdrawals));
  routes.post('/deposits/:id/approve', limit, (c) => decideRequest(c, deps, deposits, 'approve'));
  routes.post('/deposits/:id/reject', limit, (c) => decideRequest(c, deps, deposits, 'reject'));
  routes.post('/withdrawals/:id/approve', limit, (c) => decideRequest(c, deps, withdrawals, 'approve'));
  routes.post('/withdrawals/:id/reject', limit, (c) => decideRequest(c, deps, withdrawals, 'reject'));
  routes.get('/deposits/:id/receipt', (c) => streamReceipt(c, deps));
  return routes;
}

/**
 * The operator's API under /api/admin (docs/operator.md). It exists only when ADMIN_TOKEN is
 * set: otherwise every path under it answers 404, as if there were nothing there. With ADMIN_PORT
 * it is served only by the admin listener (`listener: 'admin'`); the public one answers 404.
 * Every route passes one gate (gate.ts): caller, role (access.ts) and the audit of each change.
 */
export function adminRoutes(deps: Deps, listener: 'public' | 'admin' = 'public') {
  const routes = new Hono<AppEnv>();
  const notFound = (c: Parameters<typeof fail>[0]) => fail(c, 404, 'Not found.');
  const token = deps.env.ADMIN_TOKEN;
  const elsewhere = listener === 'public' && deps.env.ADMIN_PORT !== undefined;
  if (!token || elsewhere) {
    routes.all('*', notFound);
    return routes;
  }
  routes.use('*', adminGate(deps, token));
  const limit = limitBody();
  for (const path of LIMITED_PATHS) routes.use(path, limit);

  routes.route('/', sessionRoutes(deps));
  routes.route('/', queueRoutes(deps));
  routes.route('/two-d', twoDAdminRoutes(deps));
  routes.route('/two-d', exposureRoutes(deps));
  routes.route('/', agentAdminRoutes(deps));
  routes.route('/', contentAdminRoutes(deps));
  routes.route('/', gameAdminRoutes(deps));
  routes.route('/', operatorRoutes(deps));
  routes.route('/', playerAdminRoutes(deps));
  routes.route('/', adjustmentRoutes(deps));
  routes.route('/', dashboardRoutes(deps));
  routes.route('/', reportRoutes(deps));
  routes.route('/', disputeRoutes(deps));
  routes.route('/', backupRoutes(deps));
  routes.route('/', booksRoutes(deps));
  routes.route('/', broadcastRoutes(deps));

  routes.all('*', notFound);
  return routes;
}
