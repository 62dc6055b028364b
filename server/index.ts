import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createAdminApp, createApp } from './app';
import { openDatabase } from './db/client';
import { seedDemo, seedReference } from './db/seed';
import { startTwoDScheduler } from './domain/two-d/scheduler';
import { checkProductionConfig, formatConfigReport } from './config-check';
import { readEnv } from './env';
import { systemClock } from './lib/clock';
import { withInstallSecrets } from './lib/install-secrets';
import { botApi, registerBot } from './domain/telegram/bot-api';
import { botText } from './routes/telegram/bot-text';

const env = readEnv();
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
if (env.WORKERS > 1 && !env.DATABASE_URL) console.warn('WORKERS > 1 needs DATABASE_URL; running one process on PGlite');

if (workers > 1 && cluster.isPrimary) {
  // Migrate and seed once, then fork: the workers are stateless and share the port.
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE, pooler: env.DATABASE_POOLER, directUrl: env.DATABASE_DIRECT_URL });
  await (env.SEED_DEMO ? seedDemo : seedReference)(database.db);
  await database.close();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.warn(`worker ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 200).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`KyatPlay on http://localhost:${env.PORT} (postgres, ${workers} workers)`);
} else {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE, pooler: env.DATABASE_POOLER, directUrl: env.DATABASE_DIRECT_URL });
  if (cluster.isPrimary) await (env.SEED_DEMO ? seedDemo : seedReference)(database.db);
  // The demo providers' secrets, generated per install where the operator set none.
  const appEnv = await withInstallSecrets(database.db, env);
  const app = createApp({ database, env: appEnv });
  // 2D results, settlement and voiding (docs/two-d.md); safe in every worker at once.
  const stopTwoD = startTwoDScheduler({ database, env: appEnv, clock: systemClock });

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    if (cluster.isPrimary) console.log(`KyatPlay on http://localhost:${info.port} (${database.kind})`);
  });
  // The back office on its own port (ADMIN_PORT, decision 0018); the public port then 404s /api/admin.
  const adminServer =
    env.ADMIN_PORT !== undefined && env.ADMIN_TOKEN
      ? serve({ fetch: createAdminApp({ database, env: appEnv }).fetch, port: env.ADMIN_PORT, hostname: env.ADMIN_HOST }, (info) => {
          if (cluster.isPrimary) console.log(`KyatPlay console on http://${env.ADMIN_HOST}:${info.port}/admin (API /api/admin)`);
        })
      : undefined;
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

  const shutdown = async () => {
    stopTwoD();
    server.close();
    adminServer?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
