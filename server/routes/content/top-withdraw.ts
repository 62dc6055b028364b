import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, withdrawRequests } from '../../db/schema';
import { formatMoney } from '../../lib/money';

/** The ranking's top withdrawers: players by the total of their approved withdrawals. */
export const TOP_WITHDRAW_LIMIT = 10;
const APPROVED = 1;

/** "Pi00123401" → "Pi00****01": enough to recognise yourself, not enough to find anyone. */
export function maskUserName(userName: string): string {
  const chars = [...userName];
  if (chars.length >= 7) return `${chars.slice(0, 4).join('')}****${chars.slice(-2).join('')}`;
  if (chars.length >= 3) return `${chars[0]}****${chars[chars.length - 1]}`;
  return '****';
}

export async function topWithdrawers(db: Db) {
  const total = sql<string>`sum(${withdrawRequests.amount})`;
  const rows = await db
    .select({ userName: users.userName, total })
    .from(withdrawRequests)
    .innerJoin(users, eq(users.id, withdrawRequests.userId))
    .where(eq(withdrawRequests.status, APPROVED))
    .groupBy(users.id, users.userName)
    .orderBy(desc(total), users.id)
    .limit(TOP_WITHDRAW_LIMIT);
  return rows.map((r) => ({ player_id: maskUserName(r.userName), amount: formatMoney(BigInt(r.total)) }));
}
