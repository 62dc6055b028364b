import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createAdminApp, createApp } from './app';
import { openDatabaseOf } from './db/client';
import { seedDemo, seedReference } from './db/seed';
import { startTwoDScheduler } from './domain/two-d/scheduler';
import { startBooksSchedule } from './domain/books-schedule';
import { checkProductionConfig, formatConfigReport } from './config-check';
import { readEnv } from './env';
import { runningFrom, systemClock } from './lib/clock';
import { withInstallSecrets } from './lib/install-secrets';
import { createShutdown } from './lib/shutdown';
import { startBanner } from './lib/start-banner';
import { reportListening, superviseWorkers } from './lib/workers';
import { log, setProcessLogLevel } from './lib/log';
import { processMetricsOf } from './lib/metrics';
import { aggregateWorkers, joinAggregation } from './lib/metrics-cluster';
import { botApi, registerBot } from './domain/telegram/bot-api';
import { botText } from './routes/telegram/bot-text';
import { startSenderFromEnv } from './domain/telegram/start-sender';

const env = readEnv();
setProcessLogLevel(env.LOG_LEVEL);
// Demo only (refused in production): the whole server lives at DEMO_CLOCK_START and on from there.
const clock = env.DEMO_CLOCK_START ? runningFrom(env.DEMO_CLOCK_START) : systemClock;
// A production start refuses an unsafe configuration, listing every problem at once.
if (env.NODE_ENV === 'production' && cluster.isPrimary) {
  const report = checkProductionConfig(env);
  if (report.problems.length) {
    console.error(formatConfigReport(report, 'NODE_ENV=production'));
    console.error('\nRefusing to start. `npm run admin -- doctor` prints this report without starting.');
    process.exit(1);
  }
  if (report.notes.length) console.warn(formatConfigReport(report, 'NODE_ENV=production'));
}
// The embedded database belongs to one process; several workers need PostgreSQL.
const workers = env.DATABASE_URL ? env.WORKERS : 1;
if (env.WORKERS > 1 && !env.DATABASE_URL) log.warn('WORKERS > 1 needs DATABASE_URL; running one process on PGlite');

if (workers > 1 && cluster.isPrimary) {
  // Migrate and seed once, then fork: the workers are stateless and share the port.
  const database = await openDatabaseOf(env);
  await (env.SEED_DEMO ? seedDemo : seedReference)(database.db);
  await database.close();
  // SIGTERM drains every worker; SIGHUP replaces them one at a time (lib/workers.ts, decision 0027).
  superviseWorkers({ count: workers, graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000, log: (line) => log.info(line) });
  // One scrape, the whole machine: the primary sums every worker's metrics (lib/metrics-cluster.ts).
  if (env.METRICS !== 'off') aggregateWorkers();
  log.info(startBanner(env, env.PORT, `postgres, ${workers} workers`).join('\n'));
} else {
  const database = await openDatabaseOf(env);
  if (cluster.isPrimary) await (env.SEED_DEMO ? seedDemo : seedReference)(database.db);
  // The demo providers' secrets, generated per install where the operator set none.
  const appEnv = await withInstallSecrets(database.db, env);
  // SIGTERM/SIGINT drain: /readyz 503, requests in flight answered, background work stopped, then the database (decision 0027).
  const shutdown = createShutdown({ database, graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 });
  // One process drains on SIGHUP too; a worker leaves SIGHUP to the primary, which replaces workers on it.
  shutdown.handleSignals(cluster.isPrimary ? ['SIGTERM', 'SIGINT', 'SIGHUP'] : ['SIGTERM', 'SIGINT']);
  if (cluster.isWorker) process.on('SIGHUP', () => undefined);
  // The process's metrics see its database's pool and, in a worker, join the machine's scrape.
  const metrics = env.METRICS === 'off' ? undefined : processMetricsOf();
  if (metrics && database.probe) metrics.watchDatabase(database.probe);
  if (metrics && cluster.isWorker) joinAggregation(metrics);
  const app = createApp({ database, env: appEnv, lifecycle: shutdown.lifecycle, clock });
  // 2D results, settlement and voiding (docs/two-d.md); safe in every worker at once.
  shutdown.onStop(startTwoDScheduler({ database, env: appEnv, clock }));
  // The books check, daily by default; one process runs each slot (decision 0029).
  shutdown.onStop(startBooksSchedule({ database, clock, cfg: { hours: env.BOOKS_CHECK_HOURS, at: env.BOOKS_CHECK_AT } }));
  // Queued Telegram messages (docs/telegram.md § Messages): every process sends, within one shared rate.
  const telegramSender = startSenderFromEnv(database, appEnv);
  if (telegramSender) shutdown.onStop(() => telegramSender.stop());

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    if (cluster.isPrimary) log.info(startBanner(env, info.port, database.kind).join('\n'));
  });
  // The back office on its own port (ADMIN_PORT, decision 0018); the public port then 404s /api/admin.
  const adminServer =
    env.ADMIN_PORT !== undefined && env.ADMIN_TOKEN
      ? serve({ fetch: createAdminApp({ database, env: appEnv, clock }).fetch, port: env.ADMIN_PORT, hostname: env.ADMIN_HOST }, (info) => {
          if (cluster.isPrimary) log.info(`KyatPlay console on http://${env.ADMIN_HOST}:${info.port}/admin (API /api/admin)`);
        })
      : undefined;
  for (const listener of [server, adminServer]) if (listener) shutdown.track(listener as Server);
  for (const listener of [server, adminServer]) if (listener && metrics) metrics.watchServer(listener as Server);
  reportListening([server, adminServer].filter((l): l is Server => l !== undefined));
  // The bot's webhook and menu button (docs/telegram.md): in the background, never blocking start-up.
  if (cluster.isPrimary && env.TELEGRAM_BOT_TOKEN && env.PUBLIC_URL && !env.TELEGRAM_DEV_MOCK) {
    const api = botApi({ base: env.TELEGRAM_API_BASE, token: env.TELEGRAM_BOT_TOKEN });
    void registerBot(api, {
      publicUrl: env.PUBLIC_URL,
      miniAppUrl: env.TELEGRAM_MINI_APP_URL,
      webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
      buttonText: botText('en').menu,
    });
  }
}
