import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, Deps } from '../../types/app';
import { fail } from '../../lib/http';
import { agentAdminRoutes } from './agents';
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
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, 'The request body is too large.') });

  routes.route('/', sessionRoutes(deps));
  routes.get('/deposits', (c) => listRequests(c, deps, deposits));
  routes.get('/withdrawals', (c) => listRequests(c, deps, withdrawals));
  routes.post('/deposits/:id/approve', limitBody, (c) => decideRequest(c, deps, deposits, 'approve'));
  routes.post('/deposits/:id/reject', limitBody, (c) => decideRequest(c, deps, deposits, 'reject'));
  routes.post('/withdrawals/:id/approve', limitBody, (c) => decideRequest(c, deps, withdrawals, 'approve'));
  routes.post('/withdrawals/:id/reject', limitBody, (c) => decideRequest(c, deps, withdrawals, 'reject'));

  routes.get('/deposits/:id/receipt', (c) => streamReceipt(c, deps));
  routes.route('/two-d', twoDAdminRoutes(deps));
  routes.route('/two-d', exposureRoutes(deps));
  routes.use('/agents/*', limitBody);
  routes.use('/agents', limitBody);
  routes.route('/', agentAdminRoutes(deps));
  // Content and media (docs/operator.md § Content): its own body limits (uploads are large).
  routes.route('/', contentAdminRoutes(deps));
  // The game catalogue (docs/operator.md § Games): its own small body limit.
  routes.route('/', gameAdminRoutes(deps));
  routes.use('/operators/*', limitBody);
  routes.use('/operators', limitBody);
  routes.route('/', operatorRoutes(deps));
  routes.use('/players/*', limitBody);
  routes.route('/', playerAdminRoutes(deps));
  routes.route('/', dashboardRoutes(deps));
  routes.route('/', reportRoutes(deps));
  routes.route('/', disputeRoutes(deps));

  routes.all('*', notFound);
  return routes;
}
