import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { readEnv } from './env';

const env = readEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
if (env.SEED_DEMO) await seedDemo(database.db);
const app = createApp({ database, env });

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`KyatPlay on http://localhost:${info.port} (${database.kind})`);
});

async function shutdown() {
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
