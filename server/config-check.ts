/**
 * The production check (README § Deploy): what makes a configuration unsafe for real money.
 * `NODE_ENV=production` runs it at start and refuses to serve while any problem remains, printing
 * them all at once; `npm run admin -- doctor` prints the same report without starting. A
 * development start (no NODE_ENV) is the zero-set-up demo and is never refused.
 */
import type { Env } from './env';
import { PUBLISHED_SECRETS } from './lib/published-secrets';
import { parseOrigin } from './lib/cors';

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

/** A random secret of 32 characters has far more; fewer distinct characters than this is a pattern (aaaa…, abab…). */
export const MIN_SECRET_VARIETY = 10;

/** Set secrets with too little variety, and any value used for two of them (one leaked would give the other). */
function checkSecretsApart(env: Env, problems: string[]): void {
  const secrets: [string, string | undefined][] = [
    ['ADMIN_TOKEN', env.ADMIN_TOKEN],
    ['SEAMLESS_SECRET_KEY', env.SEAMLESS_SECRET_KEY],
    ['SHAN_SECRET_KEY', env.SHAN_SECRET_KEY],
    ['AGGREGATOR_SECRET_KEY', env.AGGREGATOR_SECRET_KEY],
    ['TELEGRAM_WEBHOOK_SECRET', env.TELEGRAM_WEBHOOK_SECRET],
    ['TELEGRAM_BOT_TOKEN', env.TELEGRAM_BOT_TOKEN],
    ['METRICS_TOKEN', env.METRICS_TOKEN],
  ];
  const seen = new Map<string, string>();
  for (const [name, value] of secrets) {
    if (!value) continue;
    const variety = new Set(value).size;
    if (variety < MIN_SECRET_VARIETY && !PUBLISHED_SECRETS.has(value)) {
      problems.push(`${name}: only ${variety} different characters; a guesser tries patterns like that first. Use a random value (openssl rand -hex 32).`);
    }
    const first = seen.get(value);
    if (first) problems.push(`${name}: the same value as ${first}; whoever learns one would have both. Give each secret its own random value.`);
    else seen.set(value, name);
  }
}

/**
 * TRUST_PROXY decides whose X-Forwarded-For is believed, and so the address every limit counts:
 * trusting every address lets anyone name their own address (and escape each limit).
 */
function checkTrustProxy(env: Env, problems: string[]): void {
  const everyone = env.TRUST_PROXY.proxies.filter((p) => /\/0$/.test(p));
  if (everyone.length) problems.push(`TRUST_PROXY: ${everyone.join(', ')} trusts every address, so any client could name its own address and escape the sign-in limits. List your proxies' addresses, or give the number of proxies (1).`);
  if (env.TRUST_PROXY.spelledTrue) problems.push('TRUST_PROXY: "true" is read here as one proxy, but elsewhere means "trust every proxy". Write the number of proxies in front of the server (1), or their addresses.');
}

/** Signed Telegram init data signs in until this age: longer than a day is a long replay window for a leaked link. */
function checkTelegramMaxAge(env: Env, problems: string[]): void {
  if (env.TELEGRAM_AUTH_MAX_AGE_SECONDS > 86_400) {
    problems.push(`TELEGRAM_AUTH_MAX_AGE_SECONDS: ${env.TELEGRAM_AUTH_MAX_AGE_SECONDS} seconds; init data copied from a player's app would sign in for that long. Use at most a day (86400); the default is an hour (3600).`);
  }
}

/**
 * CORS_ORIGINS grants the pages of each origin the player's token (decision 0015): `*` or a
 * wildcard would grant every site, junk is a typo that silently grants nothing, and an http://
 * page can be rewritten by anyone on the path before it calls the API with the token.
 */
function checkCorsOrigins(entries: readonly string[], problems: string[], notes: string[]): void {
  const granted: string[] = [];
  for (const entry of entries) {
    const origin = parseOrigin(entry);
    if (entry.includes('*')) {
      problems.push(`CORS_ORIGINS: "${entry}" is a wildcard; it would let any web site call the API with a player's token. List each site's origin (https://m.example.com).`);
    } else if (!origin) {
      problems.push(`CORS_ORIGINS: "${entry}" is not an origin. Write scheme://host[:port] with nothing after it (https://m.example.com), comma-separated.`);
    } else if (!origin.startsWith('https://')) {
      problems.push(`CORS_ORIGINS: ${origin} is not https. Players type passwords on that page and it holds their token; serve it over TLS.`);
    } else granted.push(origin);
  }
  if (granted.length) notes.push(`CORS_ORIGINS: pages on ${granted.join(', ')} may call the API (set PUBLIC_URL so the URLs it returns are absolute).`);
}

/** A Mini App hosted apart from the API must be https and on an origin the API grants. */
function checkMiniAppUrl(env: Env, problems: string[]): void {
  const url = env.TELEGRAM_MINI_APP_URL;
  if (!url) return;
  const origin = new URL(url).origin;
  if (!url.startsWith('https://')) problems.push(`TELEGRAM_MINI_APP_URL: ${url} is not https; Telegram opens only https Mini Apps.`);
  const granted = (env.CORS_ORIGINS ?? []).map(parseOrigin);
  const own = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  if (origin !== own && !granted.includes(origin)) {
    problems.push(`TELEGRAM_MINI_APP_URL: ${origin} is neither PUBLIC_URL's origin nor in CORS_ORIGINS, so the Mini App there could not call the API. Add it to CORS_ORIGINS.`);
  }
}

/**
 * Operator sign-in (decision 0018) travels over PUBLIC_URL's https on the public port. A separate
 * ADMIN_PORT must not be the public port, and when it listens beyond loopback its plain HTTP needs
 * a TLS proxy in front (a note: the operator may already have one).
 */
function checkAdminListener(env: Env, problems: string[], notes: string[]): void {
  if (env.ADMIN_PORT === undefined) return;
  if (env.ADMIN_PORT === env.PORT) problems.push(`ADMIN_PORT: ${env.ADMIN_PORT} is also PORT. Choose another port for the back office, or unset ADMIN_PORT.`);
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(env.ADMIN_HOST);
  if (!loopback) notes.push(`ADMIN_HOST: ${env.ADMIN_HOST} is reachable from other machines; the admin listener speaks plain HTTP, so put it behind a TLS proxy or a VPN (operator passwords and codes cross it).`);
}

/** GET /metrics (decision 0033): METRICS_TOKEN, when set, opens it on the public port, so it must be a real secret. */
function checkMetricsToken(env: Env, problems: string[]): void {
  checkSecret('METRICS_TOKEN', env.METRICS_TOKEN, problems, false);
}

/** Every reason this configuration must not take real money, and notes; evaluated as a production start would. */
export function checkProductionConfig(env: Env): ConfigReport {
  const problems: string[] = [];
  const notes: string[] = [];

  checkPublicUrl(env, problems);
  checkCorsOrigins(env.CORS_ORIGINS ?? [], problems, notes);
  checkMiniAppUrl(env, problems);

  checkAdminListener(env, problems, notes);
  if (!env.ADMIN_TOKEN) notes.push('ADMIN_TOKEN: not set, so the operator API and `npm run admin` are off (deposits and withdrawals cannot be approved).');
  else checkSecret('ADMIN_TOKEN', env.ADMIN_TOKEN, problems, true);

  checkSecret('SEAMLESS_SECRET_KEY', env.SEAMLESS_SECRET_KEY, problems, true);
  checkSecret('SHAN_SECRET_KEY', env.SHAN_SECRET_KEY, problems, true);
  checkSecret('AGGREGATOR_SECRET_KEY', env.AGGREGATOR_SECRET_KEY, problems, false);
  checkMetricsToken(env, problems);
  checkSecretsApart(env, problems);
  checkTrustProxy(env, problems);

  if (env.DEMO_CLOCK_START) problems.push(`DEMO_CLOCK_START: the server's clock is moved for a demo (2D on a weekend); real bets would settle at the wrong time. Unset it.`);
  if (env.DEMO_DIGIT_SERVER_SEED) problems.push(`DEMO_DIGIT_SERVER_SEED: every Digit Bet roll would come from a published server seed, so anyone could choose their roll. Unset it.`);
  if (env.SEED_DEMO) problems.push(`SEED_DEMO: the demo seed creates a player with a published password and balance and an open referral code. Unset it (production seeds no demo data).`);

  checkGameProviders(env, problems);
  checkTelegram(env, problems);
  checkTelegramMaxAge(env, problems);
  noteResultsAndStorage(env, notes);
  notePooler(env, notes);
  return { problems, notes };
}

/**
 * A pooler in front of PostgreSQL (decision 0028): nothing here is unsafe for money (statements go
 * unnamed, LISTEN falls back to caches that never trust themselves), but it may be slower than meant.
 */
function notePooler(env: Env, notes: string[]): void {
  const direct = env.DATABASE_DIRECT_URL;
  if (!env.DATABASE_URL) {
    if (direct || env.DATABASE_POOLER === 'transaction') notes.push('DATABASE_POOLER / DATABASE_DIRECT_URL: ignored without DATABASE_URL (the embedded database has no pooler).');
    return;
  }
  if (direct && !/^postgres(ql)?:\/\//.test(direct)) {
    notes.push(`DATABASE_DIRECT_URL: ${new URL(direct).protocol} is not postgres://; LISTEN cannot connect there, so the session cache stays off.`);
  }
  if (env.DATABASE_POOLER === 'transaction' && !direct) {
    notes.push('DATABASE_POOLER=transaction without DATABASE_DIRECT_URL: no LISTEN, so the session cache stays off (every request looks its token up: correct, slower). Set DATABASE_DIRECT_URL to a connection straight to PostgreSQL.');
  }
  if (env.WORKERS * env.DATABASE_POOL_SIZE > 100) {
    notes.push(`DATABASE_POOL_SIZE × WORKERS = ${env.WORKERS * env.DATABASE_POOL_SIZE} connections to DATABASE_URL: keep it within PostgreSQL's max_connections, or the pooler's max_client_conn.`);
  }
}

function checkPublicUrl(env: Env, problems: string[]): void {
  if (!env.PUBLIC_URL) {
    problems.push('PUBLIC_URL: not set. Set the site\'s public https origin (https://play.example.com); without it links and game launch URLs would follow the Host header a client sends.');
  } else if (!env.PUBLIC_URL.startsWith('https://')) {
    problems.push(`PUBLIC_URL: ${env.PUBLIC_URL} is not https. Players' tokens and passwords must travel over TLS.`);
  }
}

/** The demo aggregator and demo Shan provider must be replaced by real ones; the aggregator's addresses listed. */
function checkGameProviders(env: Env, problems: string[]): void {
  if (!env.AGGREGATOR_URL) {
    problems.push('AGGREGATOR_URL: not set, so the built-in demo aggregator would run its demo slot games against real balances. Set your aggregator\'s URL, operator code and secret.');
  } else if (env.SEAMLESS_ALLOWED_IPS.length === 0) {
    problems.push('SEAMLESS_ALLOWED_IPS: not set. The aggregator\'s signature does not cover the request body, so only its addresses may call the seamless wallet: list them (IPs or CIDRs, comma-separated).');
  }
  if (!env.SHAN_PROVIDER_URL) {
    problems.push('SHAN_PROVIDER_URL: not set, so the built-in demo Shan provider would settle demo rounds against real balances. Set your Shan provider\'s URL and secret.');
  }
}

function checkTelegram(env: Env, problems: string[]): void {
  if (env.TELEGRAM_DEV_MOCK) {
    problems.push('TELEGRAM_DEV_MOCK: set. It lets anyone sign in with init data signed by a token published in the KyatPlay repository; it is for development only. Unset it.');
  }
  if (env.TELEGRAM_BOT_TOKEN && PUBLISHED_SECRETS.has(env.TELEGRAM_BOT_TOKEN)) {
    problems.push('TELEGRAM_BOT_TOKEN: is the development mock token published in the KyatPlay repository; anyone could sign in as any Telegram user. Use your bot\'s token from @BotFather.');
  }
  if (env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_WEBHOOK_SECRET) {
    problems.push('TELEGRAM_WEBHOOK_SECRET: not set while TELEGRAM_BOT_TOKEN is. Without it anyone could post updates as Telegram; choose a random one (docs/telegram.md).');
  }
}

/** Where 2D results come from, and the embedded database: choices worth a note, not problems. */
function noteResultsAndStorage(env: Env, notes: string[]): void {
  if (env.TWO_D_SIMULATE) {
    notes.push('TWO_D_SIMULATE=1: 2D draws settle on simulated figures (random, stored at the cut-off) instead of the SET feed or an operator — chosen explicitly.');
  } else if (!env.TWO_D_FEED_URL) {
    notes.push('TWO_D_FEED_URL: not set, so 2D results are entered by an operator (`npm run admin -- two-d …`).');
  }
  if (!env.DATABASE_URL) notes.push('DATABASE_URL: not set, so the embedded database in DATA_DIR is used (one process; back it up).');
  // Decision 0034: a note, since a one-cashier shop cannot have two approvers.
  if (env.WITHDRAW_SECOND_APPROVAL_KYAT === undefined) notes.push('WITHDRAW_SECOND_APPROVAL_KYAT: not set, so one operator approves a withdrawal of any size. Set the amount from which a second operator must approve (docs/operator.md § Duties).');
  if (env.WORKERS > 1 && !env.DATABASE_URL) notes.push('WORKERS > 1 needs DATABASE_URL; one process will run.');
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
