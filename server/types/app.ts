/**
 * The application's shared types, in a leaf module: what every route receives (`Deps`), the Hono
 * variables middleware sets (`AppEnv`), the player behind a request and the admin API's caller.
 * It imports types only from the layers below (db, domain, lib), so routes → domain → db holds
 * and nothing imports the app back.
 */
import type { Database, Db } from '../db/client';
import type { Actor } from '../domain/operators/roles';
import type { Env } from '../env';
import type { Clock } from '../lib/clock';
import type { Lifecycle } from '../lib/shutdown';
import type { Logger } from '../lib/log';
import type { Metrics } from '../lib/metrics';

export interface AppDeps {
  database: Database;
  env: Env;
  clock?: Clock;
  /** The process's drain state (server/lib/shutdown.ts): /readyz answers 503 while draining. */
  lifecycle?: Lifecycle;
  /** Where access and error lines go (default: the process's logger at LOG_LEVEL; decision 0033). */
  logger?: Logger;
  /** Requests, process and business metrics (default: the process's; none with METRICS=off). */
  metrics?: Metrics;
}

export interface Deps {
  database: Database;
  env: Env;
  clock: Clock;
  lifecycle?: Lifecycle;
  logger?: Logger;
  metrics?: Metrics;
}

/** The player behind a request (c.var.user). Money is bigint pya. */
export interface SessionUser {
  id: number;
  userName: string;
  name: string;
  /** Null for a Telegram-only player. */
  phone: string | null;
  /** 1 active, 0 banned. */
  status: number;
  agentId: number;
  /** Game wallet, as of the session lookup (possibly seconds old unless the route asked for balances; requireUser). */
  balance: bigint;
  /** Main wallet, likewise. */
  mainBalance: bigint;
  /** Signs in with Telegram (docs/telegram.md). */
  telegramLinked: boolean;
  /** Has a password (a Telegram-only player may not yet). */
  hasPassword: boolean;
  /** An operator reset the password: only the change, GET /user and logout work until a new one is chosen (decision 0034). */
  mustChangePassword: boolean;
}

/** What the admin gate leaves for the handlers: the actor, and the audit transaction while one is open. */
export interface AdminRequest {
  actor: Actor;
  db?: Db;
  /** The matched route's path parameters (a middleware's own c.req.param() does not see them). */
  params: Record<string, string>;
}

/** Hono variables set by middleware (routes/auth/middleware.ts, routes/admin/gate.ts). */
export interface AppVariables {
  user: SessionUser;
  tokenId: number;
  admin: AdminRequest;
  /** This request's id (lib/observe.ts): X-Request-Id on the answer, reqId on its log lines. */
  requestId: string;
}
export type AppEnv = { Variables: AppVariables };
