/**
 * Secrets that sign money (docs/seamless.md, docs/shan.md). An operator's configured value wins.
 * Where none is configured — or a value published in this repository is — and the built-in demo
 * aggregator or demo Shan provider is in use, the install generates its own random secret at first
 * start and keeps it in the database, so every process (and every restart) of that install agrees
 * and no two installs share one. A real provider without a usable secret gets none: its callbacks
 * are refused and a production start refuses the configuration (server/config-check.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { installSecrets } from '../db/schema';
import type { Env } from '../env';
import { isUsableSecret } from './published-secrets';

/** The install's secret `name`: created once (32 random bytes, hex), then read by everyone. */
export async function installSecret(db: Db, name: string): Promise<string> {
  await db.insert(installSecrets).values({ name, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name));
  return row!.value;
}

/** `env` with the demo providers' secrets filled from the database where the operator set none. */
export async function withInstallSecrets(db: Db, env: Env): Promise<Env> {
  const out = { ...env };
  if (!isUsableSecret(env.SEAMLESS_SECRET_KEY) && !env.AGGREGATOR_URL) out.SEAMLESS_SECRET_KEY = await installSecret(db, 'seamless');
  if (!isUsableSecret(env.SHAN_SECRET_KEY) && !env.SHAN_PROVIDER_URL) out.SHAN_SECRET_KEY = await installSecret(db, 'shan');
  return out;
}

/**
 * What code signs and checks with when no usable secret exists: random per process and never
 * stored or shown, so nothing signed by anyone verifies against it.
 */
const UNKNOWABLE = randomBytes(32).toString('hex');

/** The secret seamless callbacks are checked with (and the demo aggregator signs with), if usable. */
export const seamlessSecret = (env: Env): string | undefined => (isUsableSecret(env.SEAMLESS_SECRET_KEY) ? env.SEAMLESS_SECRET_KEY : undefined);

/** The secret we sign launches to the aggregator with: AGGREGATOR_SECRET_KEY, else the seamless one. */
export const aggregatorSecret = (env: Env): string | undefined =>
  isUsableSecret(env.AGGREGATOR_SECRET_KEY) ? env.AGGREGATOR_SECRET_KEY : env.AGGREGATOR_SECRET_KEY ? undefined : seamlessSecret(env);

/** The secret shared with the Shan provider, if usable. */
export const shanSecret = (env: Env): string | undefined => (isUsableSecret(env.SHAN_SECRET_KEY) ? env.SHAN_SECRET_KEY : undefined);

/** The keys code signs and checks with: the usable secret, else one nobody knows (nothing verifies). */
export const seamlessKey = (env: Env): string => seamlessSecret(env) ?? UNKNOWABLE;
export const aggregatorKey = (env: Env): string => aggregatorSecret(env) ?? UNKNOWABLE;
export const shanKey = (env: Env): string => shanSecret(env) ?? UNKNOWABLE;
