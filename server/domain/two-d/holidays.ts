/**
 * SET holidays beyond weekends (operator-edited; bridge holidays are announced late) and the
 * demo list the seed starts with. The list is read by the calendar's callers as a Set of dates.
 */
import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoDHolidays } from '../../db/schema';
import type { DbOrTx } from '../ledger';
import { HOLIDAY_KEYS, HOLIDAY_NAMES, type HolidayKey } from '../../../shared/contract/holidays';
import { isTradingDay, weekdayName } from './calendar';

export interface Holiday {
  date: string;
  name: string;
  weekday: string;
  /** The holiday's stable key (clients name it in their language), or null for a name not in HOLIDAY_NAMES. */
  key: HolidayKey | null;
  /** A substitution day ("Substitution for …") of the holiday `key` names. */
  substitute: boolean;
}

const SUBSTITUTE_PREFIX = /^substitution (?:day )?for\s+/i;
const normalised = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const KEY_BY_NAME = new Map(HOLIDAY_KEYS.map((key) => [normalised(HOLIDAY_NAMES[key]), key]));

/** The key of a holiday name (spacing and case aside), and whether it is a substitution day. */
export function holidayKey(name: string): { key: HolidayKey | null; substitute: boolean } {
  const substitute = SUBSTITUTE_PREFIX.test(name.trim());
  const base = substitute ? name.trim().replace(SUBSTITUTE_PREFIX, '') : name;
  const key = KEY_BY_NAME.get(normalised(base)) ?? null;
  return { key, substitute: key !== null && substitute };
}

/** Holidays from `from` (inclusive), optionally up to `to`, in date order. */
export async function listHolidays(db: DbOrTx, from?: string, to?: string): Promise<Holiday[]> {
  const where = [from ? gte(twoDHolidays.date, from) : undefined, to ? lte(twoDHolidays.date, to) : undefined].filter(Boolean);
  const rows = await db
    .select({ date: twoDHolidays.date, name: twoDHolidays.name })
    .from(twoDHolidays)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(twoDHolidays.date));
  return rows.map((r) => ({ ...r, weekday: weekdayName(r.date), ...holidayKey(r.name) }));
}

export async function holidaySet(db: DbOrTx, from: string, to: string): Promise<Set<string>> {
  return new Set((await listHolidays(db, from, to)).map((h) => h.date));
}

/** Whether a Yangon day trades 2D, and if not why: a weekend, or a holiday (named, with its key). */
export interface TradingDay {
  trading_day: boolean;
  closed_reason: 'weekend' | 'holiday' | null;
  holiday: { name: string; key: HolidayKey | null; substitute: boolean } | null;
}

/** The console's "is this a trading day?" for a date, read before anyone types a result. */
export async function tradingDay(db: DbOrTx, date: string): Promise<TradingDay> {
  const [holiday] = await listHolidays(db, date, date);
  const weekday = isTradingDay(date, new Set());
  if (weekday && !holiday) return { trading_day: true, closed_reason: null, holiday: null };
  const named = holiday ? { name: holiday.name, key: holiday.key, substitute: holiday.substitute } : null;
  return { trading_day: false, closed_reason: weekday ? 'holiday' : 'weekend', holiday: named };
}

/** Adds a holiday or renames it; true when it was new. */
export async function addHoliday(db: Db, date: string, name: string, now: Date): Promise<boolean> {
  const [row] = await db
    .insert(twoDHolidays)
    .values({ date, name, createdAt: now })
    .onConflictDoUpdate({ target: twoDHolidays.date, set: { name } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row!.inserted === true || String(row!.inserted) === 't' || String(row!.inserted) === 'true';
}

export async function removeHoliday(db: Db, date: string): Promise<boolean> {
  const rows = await db.delete(twoDHolidays).where(eq(twoDHolidays.date, date)).returning({ date: twoDHolidays.date });
  return rows.length > 0;
}

/**
 * Thai public holidays the SET closes on, 2026–2027 (weekday ones, with substitution days),
 * as the demo's starting list. Operators edit the real list.
 */
export const DEMO_HOLIDAYS: readonly { date: string; name: string }[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-03-03', name: 'Makha Bucha Day' },
  { date: '2026-04-06', name: 'Chakri Memorial Day' },
  { date: '2026-04-13', name: 'Songkran Festival' },
  { date: '2026-04-14', name: 'Songkran Festival' },
  { date: '2026-04-15', name: 'Songkran Festival' },
  { date: '2026-05-01', name: 'National Labour Day' },
  { date: '2026-05-04', name: 'Coronation Day' },
  { date: '2026-06-01', name: 'Substitution for Visakha Bucha Day' },
  { date: '2026-06-03', name: "H.M. Queen Suthida's Birthday" },
  { date: '2026-07-28', name: "H.M. King's Birthday" },
  { date: '2026-07-29', name: 'Asarnha Bucha Day' },
  { date: '2026-08-12', name: "H.M. Queen Sirikit The Queen Mother's Birthday / Mother's Day" },
  { date: '2026-10-13', name: 'H.M. King Bhumibol Adulyadej The Great Memorial Day' },
  { date: '2026-10-23', name: 'Chulalongkorn Day' },
  { date: '2026-12-07', name: "Substitution for H.M. King Bhumibol's Birthday / Father's Day" },
  { date: '2026-12-10', name: 'Constitution Day' },
  { date: '2026-12-31', name: "New Year's Eve" },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-02-22', name: 'Substitution for Makha Bucha Day' },
  { date: '2027-04-06', name: 'Chakri Memorial Day' },
  { date: '2027-04-13', name: 'Songkran Festival' },
  { date: '2027-04-14', name: 'Songkran Festival' },
  { date: '2027-04-15', name: 'Songkran Festival' },
  { date: '2027-05-03', name: 'Substitution for National Labour Day' },
  { date: '2027-05-04', name: 'Coronation Day' },
  { date: '2027-06-03', name: "H.M. Queen Suthida's Birthday" },
  { date: '2027-07-28', name: "H.M. King's Birthday" },
  { date: '2027-08-12', name: "H.M. Queen Sirikit The Queen Mother's Birthday / Mother's Day" },
  { date: '2027-10-13', name: 'H.M. King Bhumibol Adulyadej The Great Memorial Day' },
  { date: '2027-10-25', name: 'Substitution for Chulalongkorn Day' },
  { date: '2027-12-06', name: "Substitution for H.M. King Bhumibol's Birthday / Father's Day" },
  { date: '2027-12-10', name: 'Constitution Day' },
  { date: '2027-12-31', name: "New Year's Eve" },
];

/**
 * Seeds the demo holidays into an EMPTY list only: an operator's deletions survive restarts.
 * Racing seeders both see it empty and both insert ON CONFLICT DO NOTHING: same result.
 */
export async function seedTwoDHolidays(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(twoDHolidays);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(twoDHolidays).values([...DEMO_HOLIDAYS]).onConflictDoNothing();
}
