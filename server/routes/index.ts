import { Hono } from 'hono';
import type { AppEnv, Deps } from '../types/app';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { cashierRoutes } from './cashier';
import { catalogueRoutes } from './catalogue';
import { contentRoutes } from './content';
import { digitBetRoutes } from './digit-bet';
import { gamePlayRoutes } from './games';
import { notificationRoutes } from './notifications';
import { seamlessCallbackRoutes } from './seamless';
import { shanRoutes } from './shan';
import { telegramWebhookRoutes } from './telegram/webhook';
import { twoDBetRoutes } from './two-d-bet';
import { twoDResultRoutes } from './two-d-results';
import { walletRoutes } from './wallet';

/** Every feature mounts its routes here, under /api. */
export function apiRoutes(deps: Deps) {
  const api = new Hono<AppEnv>();
  api.route('/', authRoutes(deps));
  api.route('/', walletRoutes(deps));
  api.route('/', cashierRoutes(deps));
  api.route('/', catalogueRoutes(deps));
  api.route('/', contentRoutes(deps));
  api.route('/', gamePlayRoutes(deps));
  api.route('/', twoDBetRoutes(deps));
  api.route('/', twoDResultRoutes(deps));
  api.route('/', digitBetRoutes(deps));
  api.route('/', shanRoutes(deps));
  api.route('/', notificationRoutes(deps));
  api.route('/v1/api/seamless', seamlessCallbackRoutes(deps));
  api.route('/telegram', telegramWebhookRoutes(deps));
  api.route('/admin', adminRoutes(deps));
  return api;
}
