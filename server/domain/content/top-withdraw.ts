/**
 * The home's top-withdrawers ranking (GET /toptenwithdraw): players by the total of their approved
 * withdrawals, each named only by a masked user name.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, withdrawRequests } from '../../db/schema';
import { APPROVED } from '../cashier';

export const TOP_WITHDRAW_LIMIT = 10;

/** "Pi00123401" → "Pi00****01": enough to recognise yourself, not enough to find anyone. */
export function maskUserName(userName: string): string {
  const chars = [...userName];
  if (chars.length >= 7) return `${chars.slice(0, 4).join('')}****${chars.slice(-2).join('')}`;
  if (chars.length >= 3) return `${chars[0]}****${chars[chars.length - 1]}`;
  return '****';
}

/** The ranking, highest total first (ties: the earlier player), names masked; totals in pya. */
export async function topWithdrawers(db: Db): Promise<{ player: string; total: bigint }[]> {
  const total = sql<string>`sum(${withdrawRequests.amount})`;
  const rows = await db
    .select({ userName: users.userName, total })
    .from(withdrawRequests)
    .innerJoin(users, eq(users.id, withdrawRequests.userId))
    .where(eq(withdrawRequests.status, APPROVED))
    .groupBy(users.id, users.userName)
    .orderBy(desc(total), users.id)
    .limit(TOP_WITHDRAW_LIMIT);
  return rows.map((r) => ({ player: maskUserName(r.userName), total: BigInt(r.total) }));
}
