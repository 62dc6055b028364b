/**
 * bench:observability's server (issue 28): ONE process serving the same database through two
 * listeners, each the real app (server/app.ts createApp) — on PORT as it ships (metrics on, one
 * JSON access line a request to stdout, a log file) and on PORT_OFF with
 * METRICS=off and LOG_LEVEL=silent. The bench loads the two ports in alternating blocks, so the
 * cost is measured within one process: the same JIT state, heap, database and caches. (Two
 * processes of one build differ by up to ±30 % in throughput for their whole life, more than the
 * cost being measured: an earlier version of this bench compared pairs of processes.) What the
 * process does per unit of time for the metrics, whatever the requests (the event-loop delay
 * sampler, the pool and connection gauges), is on both sides alike and so not in the figure; it is
 * a few timers a second.
 *
 * Bundled by scripts/build-server.ts (KP_SERVER_ENTRY) and run under plain `node`, as `npm start`
 * runs server/index.ts. Environment as the server's (DATABASE_URL or DATA_DIR, SEED_DEMO), plus
 * PORT_OFF, ON_METRICS / ON_LOG_LEVEL for the shipped side (default on / info: as shipped; one part
 * alone measured against nothing), and SWAP_LISTENERS.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { openDatabaseOf } from '../../server/db/client';
import { seedDemo, seedReference } from '../../server/db/seed';
import { readEnv } from '../../server/env';
import { withInstallSecrets } from '../../server/lib/install-secrets';
import { processLogger, type LogLevel } from '../../server/lib/log';
import { processMetricsOf } from '../../server/lib/metrics';

const env = readEnv();
const portOff = Number(process.env.PORT_OFF);
if (!Number.isInteger(portOff) || portOff <= 0) throw new Error('PORT_OFF is required');

const database = await openDatabaseOf(env);
await (env.SEED_DEMO ? seedDemo : seedReference)(database.db);
const appEnv = await withInstallSecrets(database.db, env);

// As server/index.ts wires the shipped side: the process's metrics watching the pool and the listener.
const onMetrics = process.env.ON_METRICS === 'off' ? 'off' : 'on';
const onLevel = (process.env.ON_LOG_LEVEL ?? 'info') as LogLevel;
const metrics = onMetrics === 'on' ? processMetricsOf() : undefined;
if (metrics && database.probe) metrics.watchDatabase(database.probe);
// SWAP_LISTENERS=1 (every other round of the bench): the app without metrics and logs is made first
// and listens on PORT, the shipped one on PORT_OFF — so neither the order the two apps were made
// in nor their sockets can favour one side across the rounds.
const swap = process.env.SWAP_LISTENERS === '1';
const makeOn = () => createApp({ database, env: { ...appEnv, METRICS: onMetrics, LOG_LEVEL: onLevel }, logger: processLogger(onLevel), metrics });
const makeOff = () => createApp({ database, env: { ...appEnv, METRICS: 'off', LOG_LEVEL: 'silent' }, logger: processLogger('silent') });
const [on, off] = swap ? ((o) => [makeOn(), o])(makeOff()) : [makeOn(), makeOff()];

const listening = (server: Server) => new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
const serverOn = serve({ fetch: on.fetch, port: swap ? portOff : env.PORT, hostname: env.HOST }) as Server;
const serverOff = serve({ fetch: off.fetch, port: swap ? env.PORT : portOff, hostname: env.HOST }) as Server;
metrics?.watchServer(serverOn);
await Promise.all([listening(serverOn), listening(serverOff)]);

const stop = () => {
  serverOn.close();
  serverOff.close();
  serverOn.closeAllConnections();
  serverOff.closeAllConnections();
  void database.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
