import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Money columns are bigint counts of pya (1 Kyat = 100 pya), read as JS bigint:
 * exact, never floating point. See server/lib/money.ts.
 */
const money = (name: string) => bigint(name, { mode: 'bigint' });

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
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => agents.id),
    /** 1 active, 0 banned. */
    status: integer('status').notNull().default(1),
    /** Game wallet. */
    balance: money('balance').notNull().default(sql`0`),
    /** Main wallet. */
    mainBalance: money('main_balance').notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(t.userName),
    uniqueIndex('users_phone_key').on(t.phone),
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
