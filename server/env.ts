import { join } from 'node:path';
import { z } from 'zod';

import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { DEV_MOCK_BOT_TOKEN } from './lib/published-secrets';

/** Which X-Forwarded-For entries to believe (server/lib/client-ip.ts). */
export interface TrustProxy {
  hops: number;
  proxies: string[];
  /** `true` as written (read as one hop): elsewhere it means "trust every proxy", so a production start asks for a number. */
  spelledTrue?: boolean;
}

/** An IPv4/IPv6 address, optionally with a /prefix. */
export function isIpOrCidr(text: string): boolean {
  const [ip, prefix, ...rest] = text.split('/');
  if (rest.length || !ip || isIP(ip) === 0) return false;
  if (prefix === undefined) return true;
  const max = isIP(ip) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
}

/** A 0/1 switch; `optional()` keeps "unset" apart from an explicit "0", for mode-dependent defaults. */
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** The only reader of process.env: parsed once, validated, typed. */
const RawEnvSchema = z.object({
  /** 0 picks a free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * What DATABASE_URL reaches (decision 0028, docs/operator.md § Connection poolers): `transaction`
   * = a pooler in transaction mode (PgBouncer, pgcat, Supabase's pooler); `none` = PostgreSQL
   * itself or a pooler in session mode; `auto` = find out at start (it can prove a pooler only).
   */
  DATABASE_POOLER: z.enum(['auto', 'none', 'transaction']).default('auto'),
  /** A connection straight to PostgreSQL, for what needs a session (LISTEN) when DATABASE_URL is a pooler. */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /** Connections each server process keeps open to DATABASE_URL (× WORKERS in all). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  ADMIN_TOKEN: z.string().min(16).optional(),
  /** Where the operator CLI finds the admin API (server/cli/index.ts). */
  ADMIN_URL: z.string().url().default('http://127.0.0.1:8080'),
  /**
   * A second listener serving only /api/admin (decision 0018); when set, the public port answers
   * 404 there. ADMIN_HOST is its address: loopback by default, so the back office need not be public.
   */
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  ADMIN_HOST: z.string().default('127.0.0.1'),
  /** 0: operators cannot sign in (POST /api/admin/session answers 404, their tokens 401); ADMIN_TOKEN still works. */
  OPERATOR_LOGIN: flag.default(true),
  /** An operator session ends this long after sign-in, or after this long unused, whichever comes first. */
  OPERATOR_SESSION_HOURS: z.coerce.number().positive().max(168).default(12),
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  /** Wrong sign-ins (password or code) per (operator, address) and per address in LOGIN_WINDOW_SECONDS. */
  OPERATOR_LOGIN_MAX_PER_USER_IP: z.coerce.number().int().positive().default(5),
  OPERATOR_LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  /** Deposit receipts live here, outside the database; default `<DATA_DIR>/uploads` (see uploadDir). */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** Largest receipt image accepted, in bytes (default 2 MiB). */
  MAX_RECEIPT_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024),
  /** Largest uploaded content image (PNG, JPEG, WebP, GIF), in bytes (default 2 MiB). */
  MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024),
  /** Largest uploaded content video (MP4, WebM), in bytes (default 20 MiB). */
  MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  /** Telegram (docs/telegram.md): the bot's token; unset = sign-in with Telegram and the bot are off. */
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  /**
   * Init data older than this (its auth_date) is refused; the app keeps its own session once signed
   * in, so a short window costs nothing. A production start refuses more than a day.
   */
  TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(3600),
  /** The agent new Telegram players join when their link names none. */
  TELEGRAM_DEFAULT_REFERRAL: z.string().min(1).optional(),
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token on every webhook call. */
  TELEGRAM_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/).optional(),
  /**
   * 1: development only — accept init data signed by the published mock token of `npm run dev`'s
   * mock Telegram (src/telegram/mock-env.ts) when no TELEGRAM_BOT_TOKEN is set. A production start refuses it.
   */
  TELEGRAM_DEV_MOCK: flag.optional(),
  /**
   * Where the bot's menu button and /start button open the Mini App, when it is hosted apart from
   * the API (a CDN; its origin must be in CORS_ORIGINS). Unset: PUBLIC_URL.
   */
  TELEGRAM_MINI_APP_URL: z.string().url().optional(),
  /** The Bot API's base URL (tests use a stand-in on 127.0.0.1). */
  TELEGRAM_API_BASE: z.string().url().default('https://api.telegram.org'),
  /**
   * Messages a second the outbox sender hands to Telegram, all processes together (docs/telegram.md
   * § Messages). Telegram allows about 30; the default leaves a message of headroom.
   */
  TELEGRAM_SEND_RATE: z.coerce.number().positive().max(30).default(29),
  /** `off`: this process sends no queued Telegram messages (another one does); messages are still queued. */
  TELEGRAM_SENDER: z.enum(['on', 'off']).default('on'),
  /** The bot's @username (without @), so commands addressed to it in a group (`/balance@name`) are its own. */
  TELEGRAM_BOT_USERNAME: z.string().regex(/^[A-Za-z0-9_]{5,32}$/).optional(),
  /** Sliding token lifetime in days. */
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Login throttling counts FAILURES only (docs/operator.md § Sign-in limits): per (account,
   * address) tightly, per address high enough for carrier NAT, per account by a progressive delay
   * (never a lockout, so a guesser elsewhere cannot lock the player out).
   */
  LOGIN_MAX_PER_USER_IP: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(100),
  /** Account failures in the window after which each attempt waits 250 ms, doubling, up to LOGIN_MAX_DELAY_MS. */
  LOGIN_DELAY_AFTER: z.coerce.number().int().min(0).default(5),
  LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).default(8000),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Wrong passwords a logged-in player may give per window where the password is asked again (withdraw, change password). */
  LOGIN_MAX_PER_USER: z.coerce.number().int().positive().default(5),
  /**
   * Sign-up limits per window (REGISTER_WINDOW_SECONDS; decision 0031): per address a high ceiling
   * (carrier-grade NAT puts many phones behind one address), per device id and per referral code;
   * past the soft thresholds (…_POW_AFTER_…) a sign-up must solve an invisible proof of work. Telegram
   * sign-ups are not counted per address.
   */
  REGISTER_MAX_PER_IP: z.coerce.number().int().positive().default(300),
  REGISTER_POW_AFTER_PER_IP: z.coerce.number().int().min(0).default(20),
  REGISTER_MAX_PER_DEVICE: z.coerce.number().int().positive().default(5),
  REGISTER_POW_AFTER_PER_DEVICE: z.coerce.number().int().min(0).default(1),
  REGISTER_MAX_PER_REFERRAL: z.coerce.number().int().positive().default(3000),
  /** Wrong referral codes per address and device (one phone) per window, and per address (a wider ceiling; shared carrier addresses). */
  REGISTER_MAX_BAD_REFERRALS_PER_DEVICE: z.coerce.number().int().positive().default(10),
  REGISTER_MAX_BAD_REFERRALS_PER_IP: z.coerce.number().int().positive().default(100),
  REGISTER_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  /** The proof of work: PBKDF2-SHA-256 iterations per try, the most tries it can take (half on average), and how long a challenge lives. */
  REGISTER_POW_COST: z.coerce.number().int().positive().default(1000),
  REGISTER_POW_MAX_TRIES: z.coerce.number().int().positive().default(1000),
  REGISTER_POW_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  /**
   * The proxies in front of this server, whose X-Forwarded-For entries are believed: a hop count
   * (0 = none, 1 = one load balancer: the address it saw is the last entry) or a comma list of the
   * proxies' addresses/CIDRs (entries are read from the right, skipping those addresses).
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v, ctx): TrustProxy => {
      const text = v.trim().toLowerCase();
      if (text === '' || text === 'false') return { hops: 0, proxies: [] };
      if (text === 'true') return { hops: 1, proxies: [], spelledTrue: true };
      if (/^\d{1,2}$/.test(text)) return { hops: Number(text), proxies: [] };
      const proxies = text.split(',').map((s) => s.trim()).filter(Boolean);
      if (!proxies.every(isIpOrCidr)) ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: a hop count, or IPs/CIDRs of the proxies' });
      return { hops: 0, proxies };
    }),
  STATIC_DIR: z.string().default('./dist'),
  /** 'production' turns on start-up warnings for development defaults (e.g. the seamless secret). */
  NODE_ENV: z.string().default('development'),
  /** Server processes sharing the port (node:cluster). PostgreSQL only: PGlite has one owner. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * On SIGTERM a process drains (decision 0027): requests in flight get this long to be answered
   * before their connections are cut (and the exit code is 1).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  /** Seamless wallet callbacks (docs/seamless.md): the operator code and secret they are signed with. */
  SEAMLESS_OPERATOR_CODE: z.string().min(1).default('kyatplay'),
  SEAMLESS_SECRET_KEY: z.string().min(1).optional(),
  /**
   * Addresses (IPs or CIDRs, comma-separated) the aggregator calls from; unset = any. Its signature
   * does not cover the body, so production with a real aggregator requires this (docs/seamless.md).
   */
  SEAMLESS_ALLOWED_IPS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.every(isIpOrCidr), 'SEAMLESS_ALLOWED_IPS: each entry must be an IP address or a CIDR'),
  /** Largest batch the aggregator may send: batch_requests entries, and transactions in all. */
  SEAMLESS_MAX_BATCH: z.coerce.number().int().positive().default(100),
  SEAMLESS_MAX_TRANSACTIONS: z.coerce.number().int().positive().default(500),
  /** A callback whose request_time is further than this from our clock is refused. */
  SEAMLESS_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(300),
  /** A real game aggregator's base URL; unset = the built-in demo aggregator. */
  AGGREGATOR_URL: z.string().url().optional(),
  /** Our operator code and secret at that aggregator (default: the SEAMLESS_* pair). */
  AGGREGATOR_OPERATOR_CODE: z.string().min(1).optional(),
  AGGREGATOR_SECRET_KEY: z.string().min(1).optional(),
  /** Where the side menu's Download App link (/download/kyatplay.apk) sends players: the operator's Android app. */
  APP_DOWNLOAD_URL: z.string().url().optional(),
  /** The site's public origin (https://example.com); unset = derived from each request. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Origins whose pages may call the API from another origin (comma-separated, e.g.
   * `https://m.example.com,https://cdn.example.net`); unset = same origin only (server/lib/cors.ts,
   * docs/operator.md § Another origin). Entries that are not origins are ignored in development
   * and refused by a production start, as are http:// origins (server/config-check.ts).
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /** Seed the demo agent, player and content. Unset: on, except with NODE_ENV=production (see withModeDefaults). */
  SEED_DEMO: flag.optional(),
  /**
   * Demo only (refused in production, config-check.ts): the server's clock starts at this instant
   * (ISO 8601 with a zone, e.g. 2026-11-23T03:30:00Z = Monday 10:00 Yangon) and runs on from there,
   * so 2D can be tried on a weekend (README § 2D).
   */
  DEMO_CLOCK_START: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, 'an ISO 8601 instant with a zone, e.g. 2026-11-23T03:30:00Z')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'not a real date')
    .optional(),
  /**
   * Demo only (refused in production, config-check.ts; ignored under NODE_ENV=production): every
   * Digit Bet seed pair gets this server seed (64 lowercase hex), so a QA plan can name the client
   * seed that rolls a digit (docs/digit-bet.md § Demo).
   */
  DEMO_DIGIT_SERVER_SEED: z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex characters (32 bytes)').optional(),
  /** 2D lottery (docs/two-d.md): betting cut-offs, Yangon 'HH:mm'. */
  TWO_D_MORNING_CUTOFF: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).default('11:55'),
  TWO_D_EVENING_CUTOFF: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).default('15:55'),
  /** A winning line pays stake × this (the stake is not returned on top). */
  TWO_D_PAYOUT: z.coerce.number().int().positive().default(80),
  /** Default per-number, per-session break in whole Kyat. */
  TWO_D_DEFAULT_BREAK: z.coerce.number().int().positive().default(50000),
  /** A draw with no confirmed result this long after its draw time is voided and refunded. */
  TWO_D_VOID_AFTER_MINUTES: z.coerce.number().int().positive().default(120),
  /** An external live feed in the /live shape; unset = the simulated SET feed only. */
  TWO_D_FEED_URL: z.string().url().optional(),
  TWO_D_FEED_POLL_SECONDS: z.coerce.number().int().positive().default(10),
  /** 1: a draw's figures from TWO_D_FEED_URL are confirmed at once; 0: stored provisional for an operator to confirm. */
  TWO_D_FEED_CONFIRM: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Balance adjustments (domain/adjustments.ts) of this many whole Kyat or more, credit or debit,
   * wait for a second, different operator's approval; smaller ones apply at once. 0: every one waits.
   */
  ADJUSTMENT_SECOND_APPROVAL_KYAT: z.coerce.number().int().min(0).max(1_000_000_000).default(100_000),
  /** Largest single balance adjustment, whole Kyat. */
  ADJUSTMENT_MAX_KYAT: z.coerce.number().int().positive().max(1_000_000_000).default(10_000_000),
  /** two-person: an operator's "confirm" of a 2D result waits for a DIFFERENT operator to confirm it (or reject it); one-person: it settles at once. */
  TWO_D_RESULT_CONFIRM: z.enum(['one-person', 'two-person']).default('one-person'),
  /**
   * Separation of duties (decision 0034, docs/operator.md § Duties): hours an operator's password
   * reset holds the player's withdrawal requests (0: no hold); and the amount in whole Kyat from
   * which a withdrawal needs a second approval by a different operator (unset: one approval).
   */
  RESET_WITHDRAW_HOLD_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  WITHDRAW_SECOND_APPROVAL_KYAT: z.coerce.number().int().positive().optional(),
  /** 1: the simulated feed (random, stored per install) confirms each draw by itself. Unset: on, except with NODE_ENV=production. */
  TWO_D_SIMULATE: flag.optional(),
  /** Digit Bet payouts (stake × N): an exact digit, a 5 on a rolled 5, Big or Small. */
  DIGIT_PAYOUT_DIGIT: z.coerce.number().int().positive().default(5),
  DIGIT_PAYOUT_FIVE: z.coerce.number().int().positive().default(10),
  DIGIT_PAYOUT_BIG_SMALL: z.coerce.number().int().positive().default(2),
  /** Largest Digit Bet stake (bet × multiplier) in whole Kyat. */
  DIGIT_MAX_STAKE: z.coerce.number().int().positive().default(1_000_000),
  /** The books check (decision 0029): every N hours at slots on BOOKS_CHECK_AT (Yangon 'HH:mm'); 0 turns the schedule off. */
  BOOKS_CHECK_HOURS: z.coerce.number().min(0).max(24 * 31).default(24),
  BOOKS_CHECK_AT: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).default('04:00'),
  /** Logs (decision 0033): JSON lines on stdout, readable lines in a terminal; `silent` writes none. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `off`: no metrics are kept and GET /metrics answers 404 (the benchmark's "without" run). */
  METRICS: z.enum(['on', 'off']).default('on'),
  /**
   * Bearer token for GET /metrics: required there on the public port (which answers 404 without
   * it), and on the admin listener too when set. A production start refuses a weak one.
   */
  METRICS_TOKEN: z.string().min(1).optional(),
  /** Shan Koe Mee: operator codes a launch may name (comma-separated; the first is the default). */
  SHAN_OPERATOR_CODES: z
    .string()
    .default('a3h1')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /** A real Shan provider's base URL; unset = the built-in demo Shan provider. */
  SHAN_PROVIDER_URL: z.string().url().optional(),
  /** Secret shared with the Shan provider: signs launches and its settlement callbacks. */
  SHAN_SECRET_KEY: z.string().min(1).optional(),
  /** The product code the launcher shows and the provider knows the game by. */
  SHAN_PRODUCT_CODE: z.string().min(1).default('SKM'),
});

/**
 * Defaults that depend on the mode: a development start is the zero-set-up demo, a production
 * start (NODE_ENV=production) turns on nothing that is only safe for a demo unless the operator
 * asks for it explicitly (server/config-check.ts then reports what is still unsafe).
 */
function withModeDefaults<T extends z.infer<typeof RawEnvSchema>>(raw: T) {
  const production = raw.NODE_ENV === 'production';
  return {
    ...raw,
    SEED_DEMO: raw.SEED_DEMO ?? !production,
    TWO_D_SIMULATE: raw.TWO_D_SIMULATE ?? !production,
    // The mock token never stands in for a real one in production (config-check refuses the flag).
    TELEGRAM_BOT_TOKEN: raw.TELEGRAM_BOT_TOKEN ?? (raw.TELEGRAM_DEV_MOCK && !production ? DEV_MOCK_BOT_TOKEN : undefined),
  };
}

const EnvSchema = RawEnvSchema.transform(withModeDefaults);

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return EnvSchema.parse(source);
}

/** The uploads folder: UPLOAD_DIR, or `uploads` inside DATA_DIR. */
export function uploadDir(env: Env): string {
  return env.UPLOAD_DIR ?? join(env.DATA_DIR, 'uploads');
}

/** Per test process: tests never sign with a value a reader of the repository knows. */
const TEST_SECRETS = { seamless: randomBytes(24).toString('hex'), shan: randomBytes(24).toString('hex') };

/** Defaults for tests: everything on, nothing read from the machine. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    ...EnvSchema.parse({}),
    SEED_DEMO: false,
    SEAMLESS_SECRET_KEY: TEST_SECRETS.seamless,
    SHAN_SECRET_KEY: TEST_SECRETS.shan,
    // Suites register hundreds of players from 127.0.0.1; the limit's own tests set it low.
    REGISTER_MAX_PER_IP: 1_000_000,
    REGISTER_POW_AFTER_PER_IP: 1_000_000,
    REGISTER_MAX_PER_DEVICE: 1_000_000,
    REGISTER_POW_AFTER_PER_DEVICE: 1_000_000,
    REGISTER_MAX_PER_REFERRAL: 1_000_000,
    REGISTER_MAX_BAD_REFERRALS_PER_IP: 1_000_000,
    REGISTER_MAX_BAD_REFERRALS_PER_DEVICE: 1_000_000,
    // A proof of work that takes a few milliseconds (the limits' own tests ask for it).
    REGISTER_POW_COST: 10,
    REGISTER_POW_MAX_TRIES: 50,
    // Tests capture the log where they read it (tests/server/observability*.test.ts).
    LOG_LEVEL: 'silent',
    ...overrides,
  };
}
