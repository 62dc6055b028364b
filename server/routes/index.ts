import { Hono } from 'hono';
import type { AppEnv, Deps } from '../app';
import { authRoutes } from './auth';
import { walletRoutes } from './wallet';

/** Every feature mounts its routes here, under /api. */
export function apiRoutes(deps: Deps) {
  const api = new Hono<AppEnv>();
  api.route('/', authRoutes(deps));
  api.route('/', walletRoutes(deps));
  return api;
}
