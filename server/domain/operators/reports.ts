/**
 * The operator's reports (docs/operator.md § Reports): daily totals over a range of Yangon days,
 * per game family (seamless games split by the game type of their product) and per agent
 * (approved deposits and withdrawals, new players, the GGR of the agent's players). Families
 * come from the dashboard's classification (console-reads.ts: FAMILY_KINDS, foldFamily), so the
 * two never disagree. Money is bigint pya; callers format it.
 */
import { and, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, depositRequests, gameTypes, ledger, products, users, withdrawRequests } from '../../db/schema';
import { YANGON_OFFSET_MS, yangonDayStart } from '../../lib/time';
import { FAMILY_KINDS, countRows as n, familyOf, foldFamily, sumMoney as sum, type Family, type FamilyFigures } from './console-reads';

/** The longest range one report covers (a quarter): bounds what one request makes the database read. */
export const MAX_REPORT_DAYS = 92;

const OFFSET_MINUTES = YANGON_OFFSET_MS / 60_000;
/** The Yangon calendar day of an instant, as 'YYYY-MM-DD' (UTC+06:30, no DST). */
const yangonDay = (column: AnyColumn | SQL) => sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${sql.raw(String(OFFSET_MINUTES))}), 'YYYY-MM-DD')`;

/** The product code in a seamless movement's reference (`seamless:<product>:<tx>`, domain/seamless.ts). */
const seamlessProduct = sql`case when ${ledger.reference} ~ '^seamless:[0-9]{1,9}:' then split_part(${ledger.reference}, ':', 2)::int end`;

export interface GameTypeRef {
  id: number;
  code: string;
  name: string;
}

export interface FamilyRow extends FamilyFigures {
  date: string;
  family: Family;
  /** Seamless games only: the game type of the product (null when the product is unknown). */
  gameType: GameTypeRef | null;
}

export interface AgentRow {
  date: string;
  agent: { code: string; name: string };
  deposits: { count: number; amount: bigint };
  withdrawals: { count: number; amount: bigint };
  newPlayers: number;
  ggr: bigint;
}

export interface Report {
  from: string;
  to: string;
  families: FamilyRow[];
  agents: AgentRow[];
}

/** The instants [start of `from`, end of `to`) in Yangon days. */
function bounds(from: string, to: string) {
  return { start: yangonDayStart(from), end: new Date(yangonDayStart(to).getTime() + 24 * 3600_000) };
}

async function familyRows(db: Db, start: Date, end: Date): Promise<FamilyRow[]> {
  const day = yangonDay(ledger.createdAt);
  const rows = await db
    .select({ day, kind: ledger.kind, typeId: gameTypes.id, typeCode: gameTypes.code, typeName: gameTypes.name, amount: sum(ledger.amount), count: n })
    .from(ledger)
    .leftJoin(products, and(sql`${ledger.kind} like 'game\\_%'`, eq(products.productCode, seamlessProduct)))
    .leftJoin(gameTypes, eq(gameTypes.id, products.gameTypeId))
    .where(and(gte(ledger.createdAt, start), lt(ledger.createdAt, end), inArray(ledger.kind, [...FAMILY_KINDS])))
    .groupBy(day, ledger.kind, gameTypes.id, gameTypes.code, gameTypes.name);
  const groups = new Map<string, { date: string; family: Family; gameType: GameTypeRef | null; rows: typeof rows }>();
  for (const r of rows) {
    const family = familyOf(r.kind)!;
    const gameType = family === 'games' && r.typeId !== null ? { id: r.typeId, code: r.typeCode!, name: r.typeName! } : null;
    const key = `${r.day}|${family}|${gameType?.id ?? ''}`;
    const group = groups.get(key) ?? { date: r.day, family, gameType, rows: [] };
    group.rows.push(r);
    groups.set(key, group);
  }
  const order = ['games', 'two_d', 'digit', 'shan'];
  return [...groups.values()]
    .map((g) => ({ date: g.date, family: g.family, gameType: g.gameType, ...foldFamily(g.family, g.rows) }))
    .sort((a, b) => a.date.localeCompare(b.date) || order.indexOf(a.family) - order.indexOf(b.family) || (a.gameType?.id ?? 1e9) - (b.gameType?.id ?? 1e9));
}

async function approvedByAgent(db: Db, table: typeof depositRequests | typeof withdrawRequests, start: Date, end: Date) {
  const day = yangonDay(table.decidedAt);
  return db
    .select({ day, agentId: users.agentId, count: n, amount: sum(table.amount) })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(eq(table.status, 1), gte(table.decidedAt, start), lt(table.decidedAt, end)))
    .groupBy(day, users.agentId);
}

async function agentRows(db: Db, start: Date, end: Date): Promise<AgentRow[]> {
  const joined = yangonDay(users.createdAt);
  const played = yangonDay(ledger.createdAt);
  const [deposits, withdrawals, joins, play, agentList] = await Promise.all([
    approvedByAgent(db, depositRequests, start, end),
    approvedByAgent(db, withdrawRequests, start, end),
    db
      .select({ day: joined, agentId: users.agentId, count: n })
      .from(users)
      .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
      .groupBy(joined, users.agentId),
    // GGR = −(sum of the play movements): bets are debits, wins and refunds credits.
    db
      .select({ day: played, agentId: users.agentId, amount: sum(ledger.amount) })
      .from(ledger)
      .innerJoin(users, eq(users.id, ledger.userId))
      .where(and(gte(ledger.createdAt, start), lt(ledger.createdAt, end), inArray(ledger.kind, [...FAMILY_KINDS])))
      .groupBy(played, users.agentId),
    db.select({ id: agents.id, code: agents.referralCode, name: agents.name }).from(agents),
  ]);
  const rows = new Map<string, AgentRow>();
  const row = (day: string, agentId: number) => {
    const key = `${day}|${agentId}`;
    let r = rows.get(key);
    if (!r) {
      const a = agentList.find((x) => x.id === agentId);
      r = { date: day, agent: { code: a?.code ?? String(agentId), name: a?.name ?? '' }, deposits: { count: 0, amount: 0n }, withdrawals: { count: 0, amount: 0n }, newPlayers: 0, ggr: 0n };
      rows.set(key, r);
    }
    return r;
  };
  for (const d of deposits) row(d.day, d.agentId).deposits = { count: d.count, amount: d.amount };
  for (const w of withdrawals) row(w.day, w.agentId).withdrawals = { count: w.count, amount: w.amount };
  for (const j of joins) row(j.day, j.agentId).newPlayers = j.count;
  for (const p of play) row(p.day, p.agentId).ggr = -p.amount;
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date) || a.agent.code.localeCompare(b.agent.code));
}

/** Daily figures for the Yangon days `from`..`to` (inclusive; the caller bounds the range). Days without activity have no rows. */
export async function dailyReport(db: Db, from: string, to: string): Promise<Report> {
  const { start, end } = bounds(from, to);
  const [families, agentsRows] = await Promise.all([familyRows(db, start, end), agentRows(db, start, end)]);
  return { from, to, families, agents: agentsRows };
}

/** The totals rows: each column summed over the range. */
export function reportTotals(report: Report) {
  const families = report.families.reduce(
    (t, r) => ({ bets: t.bets + r.bets, wins: t.wins + r.wins, refunds: t.refunds + r.refunds, ggr: t.ggr + r.ggr, count: t.count + r.count }),
    { bets: 0n, wins: 0n, refunds: 0n, ggr: 0n, count: 0 },
  );
  const agentsTotal = report.agents.reduce(
    (t, r) => ({
      deposits: { count: t.deposits.count + r.deposits.count, amount: t.deposits.amount + r.deposits.amount },
      withdrawals: { count: t.withdrawals.count + r.withdrawals.count, amount: t.withdrawals.amount + r.withdrawals.amount },
      newPlayers: t.newPlayers + r.newPlayers,
      ggr: t.ggr + r.ggr,
    }),
    { deposits: { count: 0, amount: 0n }, withdrawals: { count: 0, amount: 0n }, newPlayers: 0, ggr: 0n },
  );
  return { families, agents: agentsTotal };
}
