/**
 * What the bet pages read: the availability grid (polled, so one query for the 100 numbers) and
 * a player's slips of a draw with their bets.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../ledger';
import { twoDBets, twoDSlips } from '../../db/schema';
import { formatMoney } from '../../lib/money';
import { yangonDate } from '../../lib/time';
import { slipJson, type SlipJson } from './betting';
import { addDays, cutoffAt, isTradingDay, nextSession, openSession, type Session, type TwoDConfig } from './calendar';
import { holidaySet } from './holidays';

export type DrawStatus = 'open' | 'closed' | 'holiday';

export interface AvailabilityNumber {
  num: string;
  break: string;
  /** The same as `break`, under the name the bet page's client reads first (src/api/two-d.ts). */
  break_amount: string;
  staked: string;
  remaining: string;
  closed: boolean;
}

export interface Availability {
  date: string;
  session: Session;
  status: DrawStatus;
  /** When betting on this draw closes (ISO). */
  closes_at: string;
  /** When it opens, for a draw not open yet (ISO), else null. */
  opens_at: string | null;
  numbers: AvailabilityNumber[];
}

interface Target {
  date: string;
  session: Session;
  status: DrawStatus;
  closesAt: Date;
  opensAt: Date | null;
}

/**
 * The draw the grid shows. With `wanted`: that session of today (open before its cut-off on a
 * trading day). Without: the session a bet would join now; when nothing is open, the next draw a
 * bet could join (status 'holiday' on a weekend or holiday, else 'closed').
 */
export function availabilityTarget(now: Date, holidays: ReadonlySet<string>, cfg: TwoDConfig, wanted?: Session): Target {
  const today = yangonDate(now);
  const trading = isTradingDay(today, holidays);
  if (wanted) {
    const closesAt = cutoffAt(today, wanted, cfg);
    const status: DrawStatus = !trading ? 'holiday' : now.getTime() < closesAt.getTime() ? 'open' : 'closed';
    return { date: today, session: wanted, status, closesAt, opensAt: null };
  }
  const open = openSession(now, holidays, cfg);
  if (open) return { ...open, status: 'open', opensAt: null };
  const next = nextSession(now, holidays, cfg);
  const status: DrawStatus = trading ? 'closed' : 'holiday';
  if (!next) return { date: today, session: 'evening', status, closesAt: cutoffAt(today, 'evening', cfg), opensAt: null };
  return { date: next.date, session: next.session, status, closesAt: next.closesAt, opensAt: next.opensAt };
}

interface NumberRow {
  num: string;
  break_amount: string;
  staked: string;
  closed: boolean | string;
}

/** All 100 numbers of a draw in one query: break (override or default), staked, closure. */
export async function numbersOf(db: DbOrTx, date: string, session: Session, defaultBreak: bigint): Promise<AvailabilityNumber[]> {
  const result = (await db.execute(sql`
    select n.num,
           coalesce(l.break_amount, ${defaultBreak.toString()}::bigint)::text as break_amount,
           coalesce(c.staked, 0)::text as staked,
           exists (select 1 from two_d_closures cl
                    where (cl.kind = 'number' and cl.value = n.num)
                       or (cl.kind = 'head' and cl.value = left(n.num, 1))) as closed
      from (select lpad(g::text, 2, '0') as num from generate_series(0, 99) as g) as n
      left join two_d_counters c on c.draw_date = ${date} and c.session = ${session} and c.number = n.num
      left join two_d_number_limits l on l.number = n.num
     order by n.num`)) as unknown as { rows: NumberRow[] };
  return result.rows.map((r) => {
    const brk = BigInt(r.break_amount);
    const staked = BigInt(r.staked);
    const remaining = brk > staked ? brk - staked : 0n;
    return {
      num: r.num,
      break: formatMoney(brk),
      break_amount: formatMoney(brk),
      staked: formatMoney(staked),
      remaining: formatMoney(remaining),
      closed: r.closed === true || r.closed === 't',
    };
  });
}

export async function availability(db: DbOrTx, now: Date, cfg: TwoDConfig, wanted?: Session): Promise<Availability> {
  const today = yangonDate(now);
  // Enough ahead for "the next draw" across a long closure (nextSession looks 60 days ahead).
  const holidays = await holidaySet(db, today, addDays(today, 60));
  const target = availabilityTarget(now, holidays, cfg, wanted);
  const numbers = await numbersOf(db, target.date, target.session, cfg.defaultBreak);
  return {
    date: target.date,
    session: target.session,
    status: target.status,
    closes_at: target.closesAt.toISOString(),
    opens_at: target.opensAt ? target.opensAt.toISOString() : null,
    numbers,
  };
}

/** A player's slips of one draw, newest first, each with its bets in the order placed. */
export async function playerSlips(db: DbOrTx, userId: number, playerName: string, date: string, session: Session): Promise<SlipJson[]> {
  const slips = await db
    .select()
    .from(twoDSlips)
    .where(and(eq(twoDSlips.userId, userId), eq(twoDSlips.drawDate, date), eq(twoDSlips.session, session)))
    .orderBy(desc(twoDSlips.id));
  if (slips.length === 0) return [];
  const bets = await db
    .select()
    .from(twoDBets)
    .where(inArray(twoDBets.slipId, slips.map((s) => s.id)))
    .orderBy(asc(twoDBets.id));
  const bySlip = new Map<number, (typeof bets)[number][]>();
  for (const b of bets) bySlip.set(b.slipId, [...(bySlip.get(b.slipId) ?? []), b]);
  return slips.map((s) => slipJson(s, playerName, bySlip.get(s.id) ?? []));
}
