/**
 * One "server start" in its own process, for tests/server/migrations.test.ts: waits for the
 * instant given (so several start together), runs the start's migrator, then opens the database the
 * way the server does, proves it answers, and prints the migrator's report as one JSON line.
 * Usage: tsx tests/support/migrate-process.ts <postgres url> <epoch ms>
 */
import pg from 'pg';
import { openPostgres } from '../../server/db/client';
import { migrate, poolRunner } from '../../server/db/migrate';

const [url, at] = process.argv.slice(2);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(at) - Date.now())));
const pool = new pg.Pool({ connectionString: url, max: 1 });
const report = await migrate(poolRunner(pool));
await pool.end();
const database = await openPostgres(url!, 2);
await database.db.execute('select count(*) from users');
await database.close();
console.log(JSON.stringify(report));
