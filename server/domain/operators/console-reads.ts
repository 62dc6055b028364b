/**
 * Read models for the operator's console (decision 0018): player search and profile, a wallet's
 * ledger with its running balance, the day's figures and a 2D draw's exposure per number.
 * Money is bigint pya; callers format it.
 */
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, depositRequests, ledger, tokens, twoDBets, twoDClosures, twoDNumberLimits, twoDResults, twoDSlips, users, withdrawRequests } from '../../db/schema';
import { canonicalPhone } from '../../lib/phone';
import { yangonDayStart } from '../../lib/time';

const sum = (column: SQL | AnyColumn) => sql<string>`coalesce(sum(${column}), 0)::text`.mapWith(BigInt);
const n = sql<number>`count(*)::int`;

export const playerColumns = {
  id: users.id,
  userName: users.userName,
  name: users.name,
  phone: users.phone,
  telegramId: users.telegramId,
  status: users.status,
  balance: users.balance,
  mainBalance: users.mainBalance,
  agent: agents.referralCode,
  createdAt: users.createdAt,
};

/** By user name (prefix, any case), name (contains), phone (any written form) or Telegram id. */
function playerMatch(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const like = `%${text.replace(/[%_\\]/g, '\\$&')}%`;
  const parts: (SQL | undefined)[] = [ilike(users.userName, `${text.replace(/[%_\\]/g, '\\$&')}%`), ilike(users.name, like)];
  const phone = canonicalPhone(text);
  if (/^\+?\d{6,}$/.test(phone)) parts.push(eq(users.phone, phone));
  if (/^\d{1,15}$/.test(text)) parts.push(eq(users.telegramId, Number(text)), eq(users.id, Number(text)));
  return or(...parts);
}

export async function searchPlayers(db: Db, q: string, page: { limit: number; offset: number }) {
  const where = playerMatch(q);
  const [rows, [total]] = await Promise.all([
    db.select(playerColumns).from(users).innerJoin(agents, eq(agents.id, users.agentId)).where(where).orderBy(desc(users.id)).limit(page.limit).offset(page.offset),
    db.select({ n }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function playerProfile(db: Db, id: number) {
  const [player] = await db.select(playerColumns).from(users).innerJoin(agents, eq(agents.id, users.agentId)).where(eq(users.id, id));
  if (!player) return null;
  // One after another, not in Promise.all: a ban answers with this profile from inside its audit
  // transaction, whose one connection pg would be asked to run overlapping queries on (pg@9 warning).
  const [seen] = await db.select({ at: sql<Date | null>`max(${tokens.lastUsedAt})` }).from(tokens).where(eq(tokens.userId, id));
  const deposits = await db.select().from(depositRequests).where(eq(depositRequests.userId, id)).orderBy(desc(depositRequests.id)).limit(10);
  const withdrawals = await db.select().from(withdrawRequests).where(eq(withdrawRequests.userId, id)).orderBy(desc(withdrawRequests.id)).limit(10);
  const lastSeen = seen?.at ? new Date(seen.at) : null;
  return { player, lastSeen, deposits, withdrawals };
}

/** Newest first; each row carries the wallet's balance after it (the running balance). */
export async function playerLedger(db: Db, userId: number, wallet: 'game' | 'main' | undefined, page: { limit: number; offset: number }) {
  const where = and(eq(ledger.userId, userId), wallet ? eq(ledger.wallet, wallet) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(ledger).where(where).orderBy(desc(ledger.id)).limit(page.limit).offset(page.offset),
    db.select({ n }).from(ledger).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Game families by ledger kind prefix: seamless games, 2D, Digit Bet, Shan. */
export const FAMILIES = { games: 'game', two_d: 'two_d', digit: 'digit', shan: 'shan' } as const;
export type Family = keyof typeof FAMILIES;
export interface FamilyFigures {
  bets: bigint;
  wins: bigint;
  refunds: bigint;
  /** Bets − refunds − wins: what the house kept. */
  ggr: bigint;
  /** Bet movements (ledger rows of the family's `_bet` kind). */
  count: number;
}

/**
 * Every ledger kind a game family writes (`<prefix>_bet|_win|_refund`): the one classification
 * the dashboard and the reports (reports.ts) share. Deposits, exchanges and holds are not play.
 */
export const FAMILY_KINDS: readonly string[] = Object.values(FAMILIES).flatMap((p) => [`${p}_bet`, `${p}_win`, `${p}_refund`]);

/** The family of a ledger kind, or null for a movement that is not play. */
export function familyOf(kind: string): Family | null {
  const entry = Object.entries(FAMILIES).find(([, prefix]) => kind === `${prefix}_bet` || kind === `${prefix}_win` || kind === `${prefix}_refund`);
  return entry ? (entry[0] as Family) : null;
}

/** Folds one family's per-kind sums (ledger rows grouped by kind) into its figures. */
export function foldFamily(family: Family, rows: readonly { kind: string; amount: bigint; count: number }[]): FamilyFigures {
  const prefix = FAMILIES[family];
  const get = (kind: string) => rows.filter((r) => r.kind === kind).reduce((a, r) => a + r.amount, 0n);
  const bets = -get(`${prefix}_bet`);
  const wins = get(`${prefix}_win`);
  const refunds = get(`${prefix}_refund`);
  const count = rows.filter((r) => r.kind === `${prefix}_bet`).reduce((a, r) => a + r.count, 0);
  return { bets, wins, refunds, ggr: bets - refunds - wins, count };
}

/** Every family's figures from rows grouped by kind. */
export function foldFamilies(rows: readonly { kind: string; amount: bigint; count: number }[]): Record<Family, FamilyFigures> {
  return Object.fromEntries((Object.keys(FAMILIES) as Family[]).map((f) => [f, foldFamily(f, rows)])) as Record<Family, FamilyFigures>;
}

/** SQL money sum and row count, as the reads here use them. */
export const sumMoney = sum;
export const countRows = n;

async function requestTotals(db: Db, table: typeof depositRequests | typeof withdrawRequests, from: Date, to: Date) {
  const [decided, pending] = await Promise.all([
    db
      .select({ status: table.status, count: n, amount: sum(table.amount) })
      .from(table)
      .where(and(gte(table.decidedAt, from), lt(table.decidedAt, to)))
      .groupBy(table.status),
    db.select({ count: n, amount: sum(table.amount) }).from(table).where(eq(table.status, 0)),
  ]);
  const of = (status: number) => decided.find((r) => r.status === status) ?? { count: 0, amount: 0n };
  return { approved: of(1), rejected: of(2), pending: pending[0] ?? { count: 0, amount: 0n } };
}

async function familyTotals(db: Db, from: Date, to: Date) {
  const rows = await db
    .select({ kind: ledger.kind, amount: sum(ledger.amount), count: n })
    .from(ledger)
    .where(and(gte(ledger.createdAt, from), lt(ledger.createdAt, to), inArray(ledger.kind, [...FAMILY_KINDS])))
    .groupBy(ledger.kind);
  return foldFamilies(rows);
}

/** A Yangon day's figures; "online" = players whose token was used in the last `onlineMinutes`. */
export async function dayFigures(db: Db, date: string, now: Date, onlineMinutes = 15) {
  const from = yangonDayStart(date);
  const to = new Date(from.getTime() + 24 * 3600_000);
  const [deposits, withdrawals, families, [online], draws] = await Promise.all([
    requestTotals(db, depositRequests, from, to),
    requestTotals(db, withdrawRequests, from, to),
    familyTotals(db, from, to),
    db.select({ n: sql<number>`count(distinct ${tokens.userId})::int` }).from(tokens).where(gte(tokens.lastUsedAt, new Date(now.getTime() - onlineMinutes * 60_000))),
    db.select().from(twoDResults).where(eq(twoDResults.drawDate, date)),
  ]);
  return { deposits, withdrawals, families, online: online?.n ?? 0, draws };
}

/** Stakes and payout at risk per number of one draw's pending slips, beside each number's break and closure. */
export async function drawExposure(db: Db, date: string, session: string) {
  const [bets, limits, closures] = await Promise.all([
    db
      .select({ number: twoDBets.betNumber, stakes: sum(twoDBets.betAmount), payout: sum(twoDBets.potentialPayout), bets: n })
      .from(twoDBets)
      .innerJoin(twoDSlips, eq(twoDSlips.id, twoDBets.slipId))
      .where(and(eq(twoDBets.drawDate, date), eq(twoDBets.session, session), sql`${twoDSlips.status} <> 'voided'`))
      .groupBy(twoDBets.betNumber),
    db.select().from(twoDNumberLimits),
    db.select().from(twoDClosures),
  ]);
  return { bets, limits, closures };
}
