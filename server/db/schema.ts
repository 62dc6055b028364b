import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Money columns are bigint counts of pya (1 Kyat = 100 pya), read as JS bigint:
 * exact, never floating point. See server/lib/money.ts.
 */
const money = (name: string) => bigint(name, { mode: 'bigint' });

/** Raw bytes (PostgreSQL bytea), read as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const agents = pgTable('agents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  referralCode: text('referral_code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userName: text('user_name').notNull(),
    name: text('name').notNull(),
    /** Canonical form (lib/phone.ts); null for a player who joined through Telegram and added none. */
    phone: text('phone'),
    /** Null for a Telegram-only player until they set one (routes/auth/telegram.ts). */
    passwordHash: text('password_hash'),
    /** The Telegram user id this player signs in with (docs/telegram.md). */
    telegramId: bigint('telegram_id', { mode: 'number' }),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => agents.id),
    /** 1 active, 0 banned. */
    status: integer('status').notNull().default(1),
    /** Game wallet. */
    balance: money('balance').notNull().default(sql`0`),
    /** Main wallet. */
    mainBalance: money('main_balance').notNull().default(sql`0`),
    /** Game launch tokens issued before this no longer open a game (set on password change). */
    launchValidAfter: timestamp('launch_valid_after', { withTimezone: true }),
    /**
     * Set by an operator's password reset (decision 0034): until the player chooses a new password,
     * every player API but the change itself, GET /user and logout is refused.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set by an operator's password reset (decision 0034): no withdrawal request before this. */
    withdrawHoldUntil: timestamp('withdraw_hold_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(t.userName),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_telegram_id_key').on(t.telegramId),
    check('users_balance_nonneg', sql`${t.balance} >= 0`),
    check('users_main_balance_nonneg', sql`${t.mainBalance} >= 0`),
  ],
);

export const tokens = pgTable(
  'tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('tokens_hash_key').on(t.tokenHash), index('tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server process (stateless behind a load balancer). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Every movement of money: one row, written in the same transaction as the balance change. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'main' or 'game'. */
    wallet: text('wallet').notNull(),
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    balanceBefore: money('balance_before').notNull(),
    balanceAfter: money('balance_after').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.id),
    check('ledger_after_nonneg', sql`${t.balanceAfter} >= 0`),
    check('ledger_wallet', sql`${t.wallet} in ('main', 'game')`),
  ],
);

/**
 * A money POST's Idempotency-Key: the first answer, replayed for a repeat. Written in the same
 * transaction as the movement it guards, so a key either moved money once with its answer or not at all.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /**
     * Method and path the key was used with, then " #" and a hash of the query and body
     * (lib/idempotency.ts): a key reused elsewhere, or with another body, is refused (422).
     */
    scope: text('scope').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_user_key').on(t.userId, t.key)],
);

/** Exchanges between a player's main and game wallets. */
export const exchanges = pgTable(
  'exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'mainBalanceToGaming' or 'GamingToMainBalance' (the legacy wire names). */
    type: text('type').notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchanges_user_idx').on(t.userId, t.id),
    check('exchanges_amount_pos', sql`${t.amount} > 0`),
    check('exchanges_type', sql`${t.type} in ('mainBalanceToGaming', 'GamingToMainBalance')`),
  ],
);

/** Banks and wallets players pay through (KBZPay, WavePay, AYA Pay, CB Pay …). */
export const paymentTypes = pgTable('payment_types', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull().unique(),
  /** Root-relative logo path (/assets/...). */
  img: text('img').notNull(),
  status: integer('status').notNull().default(1),
});

/** An agent's receiving accounts that players deposit into. */
export const agentPaymentAccounts = pgTable(
  'agent_payment_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => agents.id),
    paymentTypeId: bigint('payment_type_id', { mode: 'number' })
      .notNull()
      .references(() => paymentTypes.id),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('agent_account_unique').on(t.agentId, t.paymentTypeId, t.accountNo)],
);

/** A player's payout accounts, remembered from their withdrawals. */
export const userPayments = pgTable(
  'user_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    paymentTypeId: bigint('payment_type_id', { mode: 'number' })
      .notNull()
      .references(() => paymentTypes.id),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_payment_unique').on(t.userId, t.paymentTypeId, t.accountNo)],
);

/** Request status: 0 pending, 1 approved, 2 rejected. Only an operator changes it. */
export const depositRequests = pgTable(
  'deposit_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    agentPaymentAccountId: bigint('agent_payment_account_id', { mode: 'number' })
      .notNull()
      .references(() => agentPaymentAccounts.id),
    amount: money('amount').notNull(),
    refrenceNo: text('refrence_no').notNull(),
    /** Stored file name under the uploads folder; never in the database itself. */
    receipt: text('receipt'),
    status: integer('status').notNull().default(0),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposit_requests_user_idx').on(t.userId, t.id),
    index('deposit_requests_status_idx').on(t.status, t.id),
    // The same reference may not be pending twice for one receiving account.
    uniqueIndex('deposit_pending_ref').on(t.agentPaymentAccountId, t.refrenceNo).where(sql`${t.status} = 0`),
    check('deposit_amount_pos', sql`${t.amount} > 0`),
    check('deposit_status', sql`${t.status} in (0, 1, 2)`),
  ],
);

export const withdrawRequests = pgTable(
  'withdraw_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    paymentTypeId: bigint('payment_type_id', { mode: 'number' })
      .notNull()
      .references(() => paymentTypes.id),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** Held from the game balance when requested; released on rejection, settled on approval. */
    amount: money('amount').notNull(),
    status: integer('status').notNull().default(0),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * A withdrawal at or above WITHDRAW_SECOND_APPROVAL_KYAT (decision 0034): the first approval
     * (who: 'operator:<id>' or 'admin-token', their name, when) waits for a DIFFERENT actor's.
     */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedByName: text('first_approved_by_name'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdraw_requests_user_idx').on(t.userId, t.id),
    index('withdraw_requests_status_idx').on(t.status, t.id),
    check('withdraw_amount_pos', sql`${t.amount} > 0`),
    check('withdraw_status', sql`${t.status} in (0, 1, 2)`),
  ],
);

// ─── Game catalogue ────────────────────────────────────────────────────────────────────────────

/** Game types keep the legacy numeric ids (1 slot, 2 live casino … 13 others). */
export const gameTypes = pgTable('game_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  img: text('img').notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
});

export const providers = pgTable('providers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Short code as aggregators name it: JILI, PP, PG … */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  /** Brand colour of the generated artwork (#rrggbb). */
  color: text('color').notNull(),
  imgUrl: text('img_url').notNull(),
  status: integer('status').notNull().default(1),
});

/** A provider's product within one game type (what /providers/{typeCode} lists). */
export const products = pgTable(
  'products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: bigint('provider_id', { mode: 'number' })
      .notNull()
      .references(() => providers.id),
    gameTypeId: integer('game_type_id')
      .notNull()
      .references(() => gameTypes.id),
    /** The aggregator's product code (numeric in the legacy protocol). */
    productCode: integer('product_code').notNull(),
    productName: text('product_name').notNull(),
    productTitle: text('product_title').notNull(),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [
    uniqueIndex('products_type_provider').on(t.gameTypeId, t.providerId),
    uniqueIndex('products_code').on(t.productCode),
  ],
);

export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    imageUrl: text('image_url').notNull(),
    isHot: integer('is_hot').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [
    uniqueIndex('games_product_code').on(t.productId, t.gameCode),
    index('games_product_sort').on(t.productId, t.sort, t.id),
    index('games_hot').on(t.isHot),
  ],
);

// ─── Home content (operator managed) ───────────────────────────────────────────────────────────

/** Per-language texts: { en, mm, zh, th }; `en` is always present. */
export type LocalisedText = Record<string, string>;

export const banners = pgTable('banners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  imgUrl: text('img_url').notNull(),
  title: jsonb('title').$type<LocalisedText>(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bannerTexts = pgTable('banner_texts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  text: jsonb('text').$type<LocalisedText>().notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const popupAds = pgTable('popup_ads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  imgUrl: text('img_url').notNull(),
  text: jsonb('text').$type<LocalisedText>(),
  /** Where its call to action goes: a path on this site (/top-up/bank) or an https link; null = none. */
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ─── Seamless wallet (aggregator → us) ─────────────────────────────────────────────────────────

/**
 * One row per aggregator transaction id and provider: the unique key that makes a replay a
 * no-op (inserted first in the money transaction, never read-then-write).
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productCode: integer('product_code').notNull(),
    txId: text('tx_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'withdraw' or 'deposit' (the callback it came through). */
    endpoint: text('endpoint').notNull(),
    action: text('action').notNull(),
    wagerCode: text('wager_code'),
    gameCode: text('game_code'),
    /** Signed pya applied to the game balance (0 when nothing moved). */
    amount: money('amount').notNull(),
    /** The result code answered for it (0 ok, 1001 insufficient, 1006 bet missing …). */
    code: integer('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seamless_tx_unique').on(t.productCode, t.txId),
    index('seamless_tx_user').on(t.userId, t.createdAt),
  ],
);

/** A bet as a whole: its stake, what it paid, and whether it was cancelled. Game logs read these. */
export const seamlessWagers = pgTable(
  'seamless_wagers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productCode: integer('product_code').notNull(),
    wagerCode: text('wager_code').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    betAmount: money('bet_amount').notNull().default(sql`0`),
    payout: money('payout').notNull().default(sql`0`),
    /** 'open', 'settled' or 'cancelled'. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seamless_wager_unique').on(t.productCode, t.wagerCode),
    index('seamless_wager_user').on(t.userId, t.settledAt),
  ],
);

/** Every raw callback, as received and as answered (for disputes with the aggregator). */
export const seamlessCalls = pgTable(
  'seamless_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpoint: text('endpoint').notNull(),
    requestBody: text('request_body').notNull(),
    responseBody: text('response_body'),
    httpStatus: integer('http_status'),
    /** Size of the request as received; request_body keeps at most a bounded excerpt. */
    requestBytes: integer('request_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seamless_calls_created').on(t.createdAt)],
);

/**
 * Each (action, request_time, sign) the aggregator used, with a hash of the body it signed: the
 * sign does not cover the body, so the same sign with another body is refused (docs/seamless.md).
 * Rows older than the request_time window are swept.
 */
export const seamlessSigns = pgTable(
  'seamless_signs',
  {
    action: text('action').notNull(),
    requestTime: text('request_time').notNull(),
    sign: text('sign').notNull(),
    bodyHash: text('body_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'seamless_signs_pk', columns: [t.action, t.requestTime, t.sign] }), index('seamless_signs_created').on(t.createdAt)],
);

/** Secrets generated per install at first start (demo aggregator, demo Shan provider): never a value from the repository. */
export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ─── 2D lottery ────────────────────────────────────────────────────────────────────────────────
// Dates are Yangon calendar dates ('YYYY-MM-DD'); sessions are 'morning' (12:01) and 'evening' (16:30).

/**
 * The simulated SET feed's random walk (domain/two-d/simulation.ts): per trading date, segment 0
 * (open → morning cut-off), 1 (→ evening cut-off), 2 (→ close), each stored when first needed
 * after its start; points are [index, value] in hundredths, one per market minute.
 */
export const twoDSimSegments = pgTable(
  'two_d_sim_segments',
  {
    drawDate: text('draw_date').notNull(),
    segment: integer('segment').notNull(),
    points: jsonb('points').$type<[number, number][]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'two_d_sim_segments_pk', columns: [t.drawDate, t.segment] })],
);


/** One draw's result; nothing settles until it is confirmed. */
export const twoDResults = pgTable(
  'two_d_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    drawDate: text('draw_date').notNull(),
    session: text('session').notNull(),
    /** The SET index as printed, two decimals ("1346.23"). */
    setIndex: text('set_index').notNull(),
    /** The SET traded value in million baht ("57388.58"). */
    value: text('value').notNull(),
    twod: text('twod').notNull(),
    /** 'simulated', 'feed' or 'operator'. */
    source: text('source').notNull(),
    /** 'provisional' or 'confirmed'. */
    status: text('status').notNull(),
    /** Two-person confirmation (0012): the actor key ('operator:<id>' | 'admin-token') who asked to confirm; null = nothing pending. */
    proposedBy: text('proposed_by'),
    proposedByName: text('proposed_by_name'),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_d_results_draw').on(t.drawDate, t.session),
    check('two_d_results_session', sql`${t.session} in ('morning', 'evening')`),
    check('two_d_results_twod', sql`${t.twod} ~ '^[0-9]{2}$'`),
  ],
);

/** Every change of a result (who, what before, what after). */
export const twoDResultAudit = pgTable('two_d_result_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  drawDate: text('draw_date').notNull(),
  session: text('session').notNull(),
  action: text('action').notNull(),
  actor: text('actor').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SET holidays beyond weekends (operator-edited; bridge holidays are announced late). */
export const twoDHolidays = pgTable('two_d_holidays', {
  date: text('date').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-number break overrides (the default break comes from configuration). */
export const twoDNumberLimits = pgTable('two_d_number_limits', {
  number: text('number').primaryKey(),
  breakAmount: money('break_amount').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Closed head digits ('head', '1' closes 10–19) and closed numbers ('number', '12'). */
export const twoDClosures = pgTable(
  'two_d_closures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('two_d_closures_unique').on(t.kind, t.value), check('two_d_closures_kind', sql`${t.kind} in ('head', 'number')`)],
);

/** What all players have staked on a number in a draw: the row a bet locks to respect the break. */
export const twoDCounters = pgTable(
  'two_d_counters',
  {
    drawDate: text('draw_date').notNull(),
    session: text('session').notNull(),
    number: text('number').notNull(),
    staked: money('staked').notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.drawDate, t.session, t.number] }), check('two_d_counters_nonneg', sql`${t.staked} >= 0`)],
);

export const twoDSlips = pgTable(
  'two_d_slips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slipNo: text('slip_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    drawDate: text('draw_date').notNull(),
    session: text('session').notNull(),
    totalBetAmount: money('total_bet_amount').notNull(),
    /** 'pending', 'completed' or 'voided'. */
    status: text('status').notNull().default('pending'),
    beforeBalance: money('before_balance').notNull(),
    afterBalance: money('after_balance').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('two_d_slips_user').on(t.userId, t.drawDate, t.session),
    // A draw's slips in player order: settlement, and the Telegram fan-out walking players after its cursor.
    index('two_d_slips_draw_user').on(t.drawDate, t.session, t.userId),
  ],
);

export const twoDBets = pgTable(
  'two_d_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slipId: bigint('slip_id', { mode: 'number' })
      .notNull()
      .references(() => twoDSlips.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    drawDate: text('draw_date').notNull(),
    session: text('session').notNull(),
    betNumber: text('bet_number').notNull(),
    betAmount: money('bet_amount').notNull(),
    potentialPayout: money('potential_payout').notNull(),
    /** null until settled. */
    winLose: boolean('win_lose'),
    prizeAmount: money('prize_amount').notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('two_d_bets_slip').on(t.slipId),
    index('two_d_bets_draw').on(t.drawDate, t.session, t.betNumber),
    check('two_d_bets_amount_pos', sql`${t.betAmount} > 0`),
  ],
);

/** One row per settled or voided draw: what makes settlement run once. */
export const twoDSettlements = pgTable(
  'two_d_settlements',
  {
    drawDate: text('draw_date').notNull(),
    session: text('session').notNull(),
    /** 'settled' or 'voided'. */
    outcome: text('outcome').notNull(),
    twod: text('twod'),
    winners: integer('winners').notNull().default(0),
    paid: money('paid').notNull().default(sql`0`),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.drawDate, t.session] })],
);

// ─── Digit Bet (provably fair) ─────────────────────────────────────────────────────────────────

/**
 * A player's seed pair. The active row's server seed is secret (only its SHA-256 is shown) until
 * the player rotates it; then it is revealed and a new active row starts at nonce 0. `nonce` is
 * the next bet's nonce, incremented in the bet's transaction.
 */
export const digitSeeds = pgTable(
  'digit_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 32 random bytes, hex. */
    serverSeed: text('server_seed').notNull(),
    /** SHA-256 of the server seed bytes, hex: the commitment shown before any bet. */
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    /**
     * The server seed's HMAC keys, padded and XORed with ipad / opad, set by the trigger
     * digit_seeds_keys from server_seed whatever is written (migration 0014): a roll in SQL is two sha256() calls.
     */
    hmacInner: bytea('hmac_inner'),
    hmacOuter: bytea('hmac_outer'),
  },
  (t) => [
    uniqueIndex('digit_seeds_one_active').on(t.userId).where(sql`${t.active}`),
    index('digit_seeds_user').on(t.userId, t.id),
    check('digit_seeds_nonce_nonneg', sql`${t.nonce} >= 0`),
  ],
);

export const digitBets = pgTable(
  'digit_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => digitSeeds.id),
    nonce: integer('nonce').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** 'digit', 'big' or 'small'. */
    betType: text('bet_type').notNull(),
    digit: integer('digit'),
    betAmount: money('bet_amount').notNull(),
    multiplier: integer('multiplier').notNull(),
    /** bet_amount × multiplier, debited from the game balance. */
    stake: money('stake').notNull(),
    rolled: integer('rolled').notNull(),
    /** 'win' or 'lose'. */
    outcome: text('outcome').notNull(),
    winAmount: money('win_amount').notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The game balance the bet left (the answer's balance; a replay rebuilds the answer from the row). Null before migration 0014. */
    balanceAfter: money('balance_after'),
    /** The Idempotency-Key the bet answered (idempotency_keys.id), if it had one. */
    keyId: bigint('key_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('digit_bets_key').on(t.keyId).where(sql`${t.keyId} is not null`),
    uniqueIndex('digit_bets_seed_nonce').on(t.seedId, t.nonce),
    index('digit_bets_user').on(t.userId, t.id),
    check('digit_bets_type', sql`${t.betType} in ('digit', 'big', 'small')`),
    check('digit_bets_rolled', sql`${t.rolled} between 0 and 9`),
    check('digit_bets_stake_pos', sql`${t.stake} > 0`),
  ],
);

// ─── Shan Koe Mee ──────────────────────────────────────────────────────────────────────────────

/**
 * Operator side: each settlement callback a Shan provider sent us, unique per (operator, round,
 * kind) so a replayed round moves nothing. 'bet' debits the stake, 'settle' credits the payout.
 */
export const shanTransactions = pgTable(
  'shan_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorCode: text('operator_code').notNull(),
    roundId: text('round_id').notNull(),
    kind: text('kind').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Signed pya applied to the game balance. */
    amount: money('amount').notNull(),
    /** The answer we gave (replayed verbatim for a repeat). */
    response: jsonb('response').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shan_tx_unique').on(t.operatorCode, t.roundId, t.kind),
    index('shan_tx_user').on(t.userId, t.createdAt),
    check('shan_tx_kind', sql`${t.kind} in ('bet', 'settle')`),
  ],
);

/**
 * Provider side of the built-in demo Shan provider (a separate party in production): launch
 * sessions (token stored hashed) and the rounds it deals, so any server process can continue a
 * round.
 */
export const demoShanSessions = pgTable('demo_shan_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorCode: text('operator_code').notNull(),
  memberAccount: text('member_account').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const demoShanRounds = pgTable(
  'demo_shan_rounds',
  {
    id: text('id').primaryKey(),
    operatorCode: text('operator_code').notNull(),
    memberAccount: text('member_account').notNull(),
    stake: money('stake').notNull(),
    /** The shuffled deck and hands (never sent to the browser before they are revealed). */
    state: jsonb('state').notNull(),
    /** 'player_turn', 'settling', 'settled'. */
    status: text('status').notNull(),
    payout: money('payout'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_shan_rounds_member').on(t.operatorCode, t.memberAccount, t.createdAt)],
);

// ─── Operator-managed content (promotions, contact channels, video ads, uploaded media) ────────

export const promotions = pgTable('promotions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: jsonb('title').$type<LocalisedText>().notNull(),
  description: jsonb('description').$type<LocalisedText>().notNull(),
  imgUrl: text('img_url').notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A channel players reach the operator through: name (viber, telegram, facebook, line, …), link, image. */
export const contacts = pgTable('contacts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  value: text('value').notNull(),
  imgUrl: text('img_url'),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const videoAds = pgTable('video_ads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  videoUrl: text('video_url').notNull(),
  posterUrl: text('poster_url'),
  title: jsonb('title').$type<LocalisedText>(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded images and videos, stored in the database so every server process behind a load
 * balancer serves them (no shared disk needed); addressed by content hash, so a URL never changes
 * meaning and can be cached forever.
 */
export const media = pgTable('media', {
  sha256: text('sha256').primaryKey(),
  mime: text('mime').notNull(),
  ext: text('ext').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row, bumped by a statement trigger on every catalogue and content table (migration 0010) in
 * the writer's transaction: the processes' caches compare it (domain/catalogue-cache.ts).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
);

// ─── Operators (decision 0018) ─────────────────────────────────────────────────────────────────

/**
 * The back office's people. `role` is owner, cashier, content, two_d or finance (domain/operators/roles.ts).
 * The password is set by the operator with a one-time setup code (only its SHA-256 is kept); the
 * TOTP secret is sealed with a key derived from an install secret; `totp_last_step` refuses a
 * code's replay within its window.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userName: text('user_name').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash'),
    setupCodeHash: text('setup_code_hash'),
    setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
    totpSecret: text('totp_secret').notNull(),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operators_user_name_key').on(sql`lower(${t.userName})`),
    check('operators_role', sql`${t.role} in ('owner', 'cashier', 'content', 'two_d', 'finance')`),
  ],
);

/** An operator's sign-in: only the token's SHA-256 is stored; absolute and idle expiry, revocable. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('operator_sessions_hash_key').on(t.tokenHash), index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Every state-changing admin action: who (an operator, or the ADMIN_TOKEN), when, what, before/after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'operator' or 'token' (the ADMIN_TOKEN: the CLI and automation). */
    actorKind: text('actor_kind').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    /** The operator's user name at the time, or 'admin-token'. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_operator_idx').on(t.operatorId, t.id),
    check('audit_log_actor_kind', sql`${t.actorKind} in ('operator', 'token')`),
  ],
);

// ─── The books (decision 0029) ─────────────────────────────────────────────────────────────────

/**
 * Each run of the books check (domain/books.ts): when, what started it, the summary and the first
 * discrepancies (capped; `summary.discrepancies` counts them all). `finished_at` and `ok` are set
 * in the same statement as the row is written: the check runs first, then the row is recorded.
 */
export const booksChecks = pgTable(
  'books_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    summary: jsonb('summary').notNull(),
    discrepancies: jsonb('discrepancies').notNull(),
    /** 'schedule', 'operator' (the console) or 'cli' (the ADMIN_TOKEN). */
    trigger: text('trigger').notNull(),
    /** Who: an operator's user name, 'admin-token', or the schedule's process. */
    actor: text('actor').notNull(),
  },
  (t) => [
    index('books_checks_started_idx').on(t.startedAt),
    check('books_checks_trigger', sql`${t.trigger} in ('schedule', 'operator', 'cli')`),
  ],
);

/**
 * An operator's credit or debit of a player's wallet (domain/adjustments.ts): a bonus, a correction
 * or a goodwill credit, with its reason. `amount` is signed pya (never zero). At or above
 * ADJUSTMENT_SECOND_APPROVAL_KYAT it waits ('pending') for a second, different operator; 'applied'
 * has its one ledger row (kind 'adjust_<kind>', reference 'adjustment:<id>'); 'rejected' moved
 * nothing. `*_by_key` names the actor ('operator:<id>' or 'admin-token') the two-person rule compares.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    wallet: text('wallet').notNull(),
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    requestedByKey: text('requested_by_key').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    decidedByKey: text('decided_by_key'),
    decidedByName: text('decided_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('balance_adjustments_user_idx').on(t.userId, t.id),
    index('balance_adjustments_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    check('balance_adjustments_wallet', sql`${t.wallet} in ('main', 'game')`),
    check('balance_adjustments_kind', sql`${t.kind} in ('bonus', 'correction', 'goodwill')`),
    check('balance_adjustments_status', sql`${t.status} in ('pending', 'applied', 'rejected')`),
    check('balance_adjustments_amount', sql`${t.amount} <> 0`),
  ],
);

// ─── Telegram messages (issue 29, docs/telegram.md § Messages, decision on the outbox) ─────────

/** The inline button under a message: a Mini App page (`web_app`, private chats) or a link. */
export interface OutboxButton {
  text: string;
  /** A start page (shared/start-param.ts): the sender opens the Mini App there (its URL comes from the env at send time). */
  page?: string;
  /** Opens the Mini App at this URL inside Telegram (private chats only). */
  webApp?: string;
  /** A plain link (t.me deep link or a web page). */
  url?: string;
}

/**
 * The durable outbox (domain/telegram/outbox.ts): one row per message, written in the SAME
 * transaction as the event that causes it, its words already rendered in the player's language.
 * `dedupe_key` names the event ('deposit:123:approved', 'two_d:2026-11-27:4:<user>'), so an event
 * can never enqueue twice. Status: pending → sending (claimed, committed before the Bot API call)
 * → sent | failed (permanent refusal or out of retries) | dropped (the chat blocked the bot, or the
 * player turned that kind off or sent /stop before it went: the claim checks, domain/telegram/claim.ts)
 * | unknown (stuck in 'sending' past the timeout: a crash between Telegram's answer and our record;
 * never re-sent). `priority` 0 = a player's event,
 * 1 = bulk (broadcasts, daily results): bulk never delays an event.
 */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    text: text('text').notNull(),
    /** An image URL: sent with sendPhoto, `text` as its caption. */
    photo: text('photo'),
    button: jsonb('button').$type<OutboxButton>(),
    priority: integer('priority').notNull().default(0),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    telegramMessageId: bigint('telegram_message_id', { mode: 'number' }),
    /** The console broadcast this message belongs to (helper tables of the broadcasts feature). */
    broadcastId: bigint('broadcast_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('telegram_outbox_dedupe_key').on(t.dedupeKey),
    index('telegram_outbox_pending_idx').on(t.priority, t.id).where(sql`${t.status} = 'pending'`),
    index('telegram_outbox_sending_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
    index('telegram_outbox_chat_pending_idx').on(t.chatId).where(sql`${t.status} = 'pending'`),
    index('telegram_outbox_broadcast_idx').on(t.broadcastId, t.status).where(sql`${t.broadcastId} is not null`),
    // The metrics' "failed in the last 24 hours" without reading the whole history.
    index('telegram_outbox_failed_idx').on(t.createdAt).where(sql`${t.status} in ('failed', 'unknown')`),
    check('telegram_outbox_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'dropped', 'unknown')`),
  ],
);

/**
 * A bulk event's messages still to be written (decision 0039 § Fan-out): the event's transaction
 * writes ONE row here (a settled or voided 2D draw: `payload` { date, session, outcome, twod }),
 * and a sender process turns it into one telegram_outbox row per player after the commit, in
 * chunks (domain/telegram/fanout.ts). Each chunk is one transaction that locks this row
 * (`FOR UPDATE SKIP LOCKED`), writes the next players' messages (their dedupe keys refuse a
 * repeat) and moves `cursor` (the last user id written) on: a crash loses no player and repeats
 * none. `status` pending → done.
 */
export const telegramFanouts = pgTable(
  'telegram_fanouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** The event ('two_d:2026-11-27:morning'): an event fans out once. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    /** Messages written so far (players who want them). */
    queued: integer('queued').notNull().default(0),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('telegram_fanouts_dedupe_key').on(t.dedupeKey),
    index('telegram_fanouts_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    check('telegram_fanouts_status', sql`${t.status} in ('pending', 'done')`),
  ],
);

/**
 * Per chat: when the next message may go (1 a second, or a 429's retry_after), and whether the
 * chat blocked the bot (a 403; cleared by the player's /start).
 */
export const telegramChats = pgTable('telegram_chats', {
  chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
});

/**
 * The global send budget every process shares (one row, id 1): the earliest time the next message
 * may be claimed; each claim of n messages moves it n / rate seconds on, a global 429 by its retry_after.
 */
export const telegramPacer = pgTable(
  'telegram_pacer',
  {
    id: integer('id').primaryKey(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('telegram_pacer_one_row', sql`${t.id} = 1`)],
);

/**
 * A player's Telegram message preferences (domain/telegram/preferences.ts); no row = the defaults.
 * Event kinds default on, announcements and daily 2D results are opt-in; security notices have no
 * switch. `stopped` (the bot's /stop) silences everything but security notices. `language` is the
 * player's chosen site language (en, mm, zh, th); `telegram_language` Telegram's language_code as
 * last seen: messages use the first that is set, else English.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  deposit: boolean('deposit').notNull().default(true),
  withdraw: boolean('withdraw').notNull().default(true),
  twoD: boolean('two_d').notNull().default(true),
  adjustment: boolean('adjustment').notNull().default(true),
  announcements: boolean('announcements').notNull().default(false),
  twoDResults: boolean('two_d_results').notNull().default(false),
  stopped: boolean('stopped').notNull().default(false),
  language: text('language'),
  telegramLanguage: text('telegram_language'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a player has signed in from (domain/telegram/sign-in-places.ts): their network (IPv4 /24,
 * IPv6 /48) and their device (a hash of the user agent). A sign-in where BOTH are new is a "new
 * place" and gets a security notice; the first sign-in ever gets none.
 */
export const signInPlaces = pgTable(
  'sign_in_places',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'net' or 'device'. */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.value] }), check('sign_in_places_kind', sql`${t.kind} in ('net', 'device')`)],
);

/** A broadcast's words in the four languages (every one required: the console refuses a missing one). */
export interface BroadcastTexts {
  en: string;
  mm: string;
  zh: string;
  th: string;
}

/** A broadcast's button: its label in each language, and where it goes (a web link or a Mini App page). */
export interface BroadcastButton {
  texts: BroadcastTexts;
  /** An https link. */
  url?: string;
  /** A Mini App page from the start-parameter grammar (shared/start-param.ts): '2d', 'deposit', … */
  page?: string;
}

/**
 * A message the console sends to players who opted in to announcements (domain/telegram/broadcasts.ts,
 * docs/telegram.md § Broadcasts). Written as a draft; a preview goes to the operator's chat first
 * (`previewed_at`), then `send` queues one outbox row per player (telegram_outbox.broadcast_id) in
 * one transaction and records how many (`queued`). Progress is read from the outbox.
 */
export const telegramBroadcasts = pgTable(
  'telegram_broadcasts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    texts: jsonb('texts').$type<BroadcastTexts>().notNull(),
    /** An image stored by POST /api/admin/media (/assets/media/…), sent with sendPhoto. */
    image: text('image'),
    button: jsonb('button').$type<BroadcastButton>(),
    /** Only this agent's players; null = every player who opted in. */
    agentId: bigint('agent_id', { mode: 'number' }).references(() => agents.id),
    /** 'draft' until sent, then 'sent' (its messages are in the outbox). */
    status: text('status').notNull().default('draft'),
    /** How many messages `send` queued. */
    queued: integer('queued'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    previewedAt: timestamp('previewed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('telegram_broadcasts_created_idx').on(t.createdAt, t.id), check('telegram_broadcasts_status', sql`${t.status} in ('draft', 'sent')`)],
);
