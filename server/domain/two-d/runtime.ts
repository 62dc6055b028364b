/**
 * The 2D pieces one server process shares: the configuration, the result source (the simulated
 * SET feed, or the external feed polled from TWO_D_FEED_URL) and the cached `/live` view. One per
 * (database, env) pair, so the routes, the root `/live` and the scheduler see the same cache.
 */
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { Clock } from '../../lib/clock';
import { twoDConfig, type TwoDConfig } from './calendar';
import { createLiveService, type LiveService } from './live';
import { simulationStore } from './simulation';
import { externalFeed, simulatedSource, type ExternalFeed, type ResultSource } from './sources';

export interface TwoDRuntime {
  cfg: TwoDConfig;
  simulated: ResultSource;
  feed: ExternalFeed | null;
  /** What /live shows: the feed when configured, else the simulation. */
  source: ResultSource;
  /** The simulation decides results by itself (TWO_D_SIMULATE, no feed configured). */
  simulate: boolean;
  live: LiveService;
}

const runtimes = new WeakMap<Database, WeakMap<Env, TwoDRuntime>>();

export function twoDRuntime(deps: { database: Database; env: Env; clock: Clock }): TwoDRuntime {
  let byEnv = runtimes.get(deps.database);
  if (!byEnv) runtimes.set(deps.database, (byEnv = new WeakMap()));
  const existing = byEnv.get(deps.env);
  if (existing) return existing;

  const { env } = deps;
  const cfg = twoDConfig(env);
  const simulated = simulatedSource(cfg, simulationStore(deps.database.db, cfg));
  const feed = env.TWO_D_FEED_URL
    ? externalFeed({ url: env.TWO_D_FEED_URL, pollSeconds: env.TWO_D_FEED_POLL_SECONDS, cfg, fallback: simulated })
    : null;
  const source = feed ?? simulated;
  const simulate = env.TWO_D_SIMULATE && !feed;
  const runtime: TwoDRuntime = {
    cfg,
    simulated,
    feed,
    source,
    simulate,
    live: createLiveService({ db: deps.database.db, cfg, source, simulate, clock: deps.clock }),
  };
  byEnv.set(env, runtime);
  return runtime;
}
