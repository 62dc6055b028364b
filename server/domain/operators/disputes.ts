/**
 * Disputes (docs/operator.md § Disputes): for one player, or one id the aggregator or Shan
 * provider quotes, what was asked and answered. The seamless call log (seamless_calls: each
 * callback as received and as answered), seamless transactions and wagers, Shan callbacks
 * (shan_transactions) and demo Shan rounds, newest first, each list bounded, with the ledger rows
 * they moved (matched by the movement's reference). The call log has no player column: calls are
 * found by the member account or id in the body, within a bounded window of recent days.
 */
import { and, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoShanRounds, ledger, seamlessCalls, seamlessTransactions, seamlessWagers, shanTransactions, users } from '../../db/schema';
import { canonicalPhone } from '../../lib/phone';
import { seamlessReference } from '../seamless';
import { shanReference } from '../shan/wallet';

/** At most this many rows of each kind; the newest. */
export const DISPUTE_LIMIT = 50;
/** How far back the call log is searched by default, and at most (days). */
export const CALL_DAYS_DEFAULT = 7;
export const CALL_DAYS_MAX = 31;
/** Around a transaction found by id, the call log is also searched this far either side. */
const AROUND_MS = 10 * 60_000;

export type DisputeQuery = { player: string } | { transaction: string };

const regexQuote = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** Players by exact user name (any case), phone in any written form, Telegram id or id. */
async function findPlayers(db: Db, q: string) {
  const text = q.trim();
  const parts: SQL[] = [sql`lower(${users.userName}) = ${text.toLowerCase()}`];
  const phone = canonicalPhone(text);
  if (/^\+?\d{6,}$/.test(phone)) parts.push(eq(users.phone, phone));
  if (/^\d{1,15}$/.test(text)) parts.push(eq(users.telegramId, Number(text)), eq(users.id, Number(text)));
  return db.select({ id: users.id, userName: users.userName, name: users.name, phone: users.phone, telegramId: users.telegramId }).from(users).where(or(...parts)).orderBy(users.id).limit(10);
}

async function callsWhere(db: Db, pattern: string, windows: { from: Date; to?: Date }[]) {
  if (windows.length === 0) return [];
  const inWindow = or(...windows.map((w) => (w.to ? sql`${seamlessCalls.createdAt} between ${w.from} and ${w.to}` : gte(seamlessCalls.createdAt, w.from))));
  return db
    .select()
    .from(seamlessCalls)
    .where(and(inWindow, sql`${seamlessCalls.requestBody} ~ ${pattern}`))
    .orderBy(desc(seamlessCalls.id))
    .limit(DISPUTE_LIMIT);
}

async function ledgerFor(db: Db, references: string[]) {
  if (references.length === 0) return [];
  return db.select().from(ledger).where(inArray(ledger.reference, references)).orderBy(desc(ledger.id)).limit(DISPUTE_LIMIT * 4);
}

type Found = Awaited<ReturnType<typeof gather>>;

async function gather(db: Db, where: { userIds?: number[]; userNames?: string[]; id?: string }) {
  const { userIds = [], userNames = [], id } = where;
  const byUser = userIds.length > 0;
  const [transactions, wagers, shan, rounds] = await Promise.all([
    db
      .select()
      .from(seamlessTransactions)
      .where(byUser ? inArray(seamlessTransactions.userId, userIds) : or(eq(seamlessTransactions.txId, id!), eq(seamlessTransactions.wagerCode, id!)))
      .orderBy(desc(seamlessTransactions.id))
      .limit(DISPUTE_LIMIT),
    db
      .select()
      .from(seamlessWagers)
      .where(byUser ? inArray(seamlessWagers.userId, userIds) : eq(seamlessWagers.wagerCode, id!))
      .orderBy(desc(seamlessWagers.id))
      .limit(DISPUTE_LIMIT),
    db
      .select()
      .from(shanTransactions)
      .where(byUser ? inArray(shanTransactions.userId, userIds) : eq(shanTransactions.roundId, id!))
      .orderBy(desc(shanTransactions.id))
      .limit(DISPUTE_LIMIT),
    db
      .select({ id: demoShanRounds.id, operatorCode: demoShanRounds.operatorCode, memberAccount: demoShanRounds.memberAccount, stake: demoShanRounds.stake, status: demoShanRounds.status, payout: demoShanRounds.payout, createdAt: demoShanRounds.createdAt, updatedAt: demoShanRounds.updatedAt })
      .from(demoShanRounds)
      .where(byUser ? (userNames.length ? inArray(demoShanRounds.memberAccount, userNames) : sql`false`) : eq(demoShanRounds.id, id!))
      .orderBy(desc(demoShanRounds.createdAt))
      .limit(DISPUTE_LIMIT),
  ]);
  return { transactions, wagers, shan, rounds };
}

/** The ledger references of what was found (and the id itself, when it is one). */
function referencesOf(found: Found, id?: string): string[] {
  const refs = new Set<string>();
  for (const t of found.transactions) refs.add(seamlessReference(t.productCode, t.txId));
  for (const s of found.shan) refs.add(shanReference(s.roundId));
  for (const r of found.rounds) refs.add(shanReference(r.id));
  if (id) refs.add(id);
  return [...refs];
}

/** Everything on record for a player or an id; `since` bounds the call-log search. */
export async function findDispute(db: Db, query: DisputeQuery, since: Date) {
  if ('player' in query) {
    const players = await findPlayers(db, query.player);
    if (players.length === 0) return { players, ...(await emptyFound()), calls: [], ledger: [] };
    const found = await gather(db, { userIds: players.map((p) => p.id), userNames: players.map((p) => p.userName) });
    const names = players.map((p) => regexQuote(p.userName)).join('|');
    const [calls, moved] = await Promise.all([
      callsWhere(db, `"member_account"\\s*:\\s*"(${names})"`, [{ from: since }]),
      ledgerFor(db, referencesOf(found)),
    ]);
    return { players, ...found, calls, ledger: moved };
  }
  const id = query.transaction.trim();
  const found = await gather(db, { id });
  const times = [...found.transactions, ...found.wagers].map((r) => r.createdAt);
  const windows = [{ from: since }, ...times.slice(0, 10).map((t) => ({ from: new Date(t.getTime() - AROUND_MS), to: new Date(t.getTime() + AROUND_MS) }))];
  const quoted = regexQuote(id);
  const [calls, moved] = await Promise.all([
    callsWhere(db, `"(id|wager_code|round_id|tx_id)"\\s*:\\s*"?${quoted}"?\\s*[,}]`, windows),
    ledgerFor(db, referencesOf(found, id)),
  ]);
  const ownerIds = [...new Set([...found.transactions, ...found.wagers, ...found.shan].map((r) => r.userId).concat(moved.map((m) => m.userId)))];
  const players = ownerIds.length
    ? await db.select({ id: users.id, userName: users.userName, name: users.name, phone: users.phone, telegramId: users.telegramId }).from(users).where(inArray(users.id, ownerIds)).limit(10)
    : [];
  return { players, ...found, calls, ledger: moved };
}

async function emptyFound(): Promise<Found> {
  return { transactions: [], wagers: [], shan: [], rounds: [] };
}
