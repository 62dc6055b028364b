/**
 * What a start prints for a newcomer: where the site is, where the operator console is (when this
 * listener serves it), the demo player's login (only with the demo seed, never in production) and
 * the Telegram mock's address (only with TELEGRAM_DEV_MOCK, never in production).
 */
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../db/seed';
import type { Env } from '../env';

type BannerEnv = Pick<Env, 'NODE_ENV' | 'ADMIN_TOKEN' | 'ADMIN_PORT' | 'SEED_DEMO' | 'TELEGRAM_DEV_MOCK'>;

export function startBanner(env: BannerEnv, port: number, database: string): string[] {
  const site = `http://localhost:${port}`;
  const production = env.NODE_ENV === 'production';
  const lines = [`KyatPlay on ${site} (${database})`];
  // With ADMIN_PORT the console has its own listener and line (server/index.ts); without ADMIN_TOKEN there is none.
  if (env.ADMIN_TOKEN && env.ADMIN_PORT === undefined) {
    lines.push(`  Operator console: ${site}/admin  (first operator: npm run admin -- operators create --user NAME --role owner)`);
  }
  if (env.SEED_DEMO && !production) lines.push(`  Demo player: ${DEMO_USER_NAME} / ${DEMO_PASSWORD}`);
  if (env.TELEGRAM_DEV_MOCK && !production) lines.push(`  Telegram mock (development only): ${site}/?tgMock`);
  return lines;
}
