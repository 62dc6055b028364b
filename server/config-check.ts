/**
 * The production check (README § Deploy): what makes a configuration unsafe for real money.
 * `NODE_ENV=production` runs it at start and refuses to serve while any problem remains, printing
 * them all at once; `npm run admin -- doctor` prints the same report without starting. A
 * development start (no NODE_ENV) is the zero-set-up demo and is never refused.
 */
import type { Env } from './env';
import { PUBLISHED_SECRETS } from './lib/published-secrets';

export interface ConfigReport {
  /** Each makes a production start refuse: `VARIABLE: what is wrong and what to do`. */
  problems: string[];
  /** Worth knowing, not unsafe. */
  notes: string[];
}

/** A secret shorter than this is guessable offline from one signed request. */
export const MIN_SECRET_LENGTH = 32;

function checkSecret(name: string, value: string | undefined, problems: string[], required: boolean): void {
  if (value === undefined || value === '') {
    if (required) problems.push(`${name}: not set. Use a random value of at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32).`);
    return;
  }
  if (PUBLISHED_SECRETS.has(value)) problems.push(`${name}: is a value published in the KyatPlay repository; anyone can sign with it. Use a new random value.`);
  else if (value.length < MIN_SECRET_LENGTH) problems.push(`${name}: ${value.length} characters; use at least ${MIN_SECRET_LENGTH} random characters.`);
}

/** Every reason this configuration must not take real money, and notes; evaluated as a production start would. */
export function checkProductionConfig(env: Env): ConfigReport {
  const problems: string[] = [];
  const notes: string[] = [];

  if (!env.PUBLIC_URL) {
    problems.push('PUBLIC_URL: not set. Set the site\'s public https origin (https://play.example.com); without it links and game launch URLs would follow the Host header a client sends.');
  } else if (!env.PUBLIC_URL.startsWith('https://')) {
    problems.push(`PUBLIC_URL: ${env.PUBLIC_URL} is not https. Players' tokens and passwords must travel over TLS.`);
  }

  if (!env.ADMIN_TOKEN) notes.push('ADMIN_TOKEN: not set, so the operator API and `npm run admin` are off (deposits and withdrawals cannot be approved).');
  else checkSecret('ADMIN_TOKEN', env.ADMIN_TOKEN, problems, true);

  checkSecret('SEAMLESS_SECRET_KEY', env.SEAMLESS_SECRET_KEY, problems, true);
  checkSecret('SHAN_SECRET_KEY', env.SHAN_SECRET_KEY, problems, true);
  checkSecret('AGGREGATOR_SECRET_KEY', env.AGGREGATOR_SECRET_KEY, problems, false);

  if (env.SEED_DEMO) problems.push(`SEED_DEMO: the demo seed creates a player with a published password and balance and an open referral code. Unset it (production seeds no demo data).`);

  if (!env.AGGREGATOR_URL) {
    problems.push('AGGREGATOR_URL: not set, so the built-in demo aggregator would run its demo slot games against real balances. Set your aggregator\'s URL, operator code and secret.');
  } else if (env.SEAMLESS_ALLOWED_IPS.length === 0) {
    problems.push('SEAMLESS_ALLOWED_IPS: not set. The aggregator\'s signature does not cover the request body, so only its addresses may call the seamless wallet: list them (IPs or CIDRs, comma-separated).');
  }
  if (!env.SHAN_PROVIDER_URL) {
    problems.push('SHAN_PROVIDER_URL: not set, so the built-in demo Shan provider would settle demo rounds against real balances. Set your Shan provider\'s URL and secret.');
  }

  if (env.TELEGRAM_DEV_MOCK) {
    problems.push('TELEGRAM_DEV_MOCK: set. It lets anyone sign in with init data signed by a token published in the KyatPlay repository; it is for development only. Unset it.');
  }
  if (env.TELEGRAM_BOT_TOKEN && PUBLISHED_SECRETS.has(env.TELEGRAM_BOT_TOKEN)) {
    problems.push('TELEGRAM_BOT_TOKEN: is the development mock token published in the KyatPlay repository; anyone could sign in as any Telegram user. Use your bot\'s token from @BotFather.');
  }
  if (env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_WEBHOOK_SECRET) {
    problems.push('TELEGRAM_WEBHOOK_SECRET: not set while TELEGRAM_BOT_TOKEN is. Without it anyone could post updates as Telegram; choose a random one (docs/telegram.md).');
  }

  if (env.TWO_D_SIMULATE) {
    notes.push('TWO_D_SIMULATE=1: 2D draws settle on simulated figures (random, stored at the cut-off) instead of the SET feed or an operator — chosen explicitly.');
  } else if (!env.TWO_D_FEED_URL) {
    notes.push('TWO_D_FEED_URL: not set, so 2D results are entered by an operator (`npm run admin -- two-d …`).');
  }

  if (!env.DATABASE_URL) notes.push('DATABASE_URL: not set, so the embedded database in DATA_DIR is used (one process; back it up).');
  if (env.WORKERS > 1 && !env.DATABASE_URL) notes.push('WORKERS > 1 needs DATABASE_URL; one process will run.');
  return { problems, notes };
}

/** The report as printed at a refused start and by `doctor`. */
export function formatConfigReport(report: ConfigReport, mode: string): string {
  const lines = [`KyatPlay configuration check (${mode})`];
  if (report.problems.length) {
    lines.push('', `${report.problems.length} problem(s) — a production start refuses to serve until each is fixed:`);
    for (const p of report.problems) lines.push(`  ✗ ${p}`);
  } else {
    lines.push('', 'No problems: safe to start with NODE_ENV=production.');
  }
  if (report.notes.length) {
    lines.push('', 'Notes:');
    for (const n of report.notes) lines.push(`  • ${n}`);
  }
  return lines.join('\n');
}
