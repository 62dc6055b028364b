import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { agents, twoDBets, twoDSlips, users } from '../../server/db/schema';
import { applyMovements, ledgerSum } from '../../server/domain/ledger';
import type { Session } from '../../server/domain/two-d/calendar';
import { setResult } from '../../server/domain/two-d/results';
import { kyat } from '../../server/lib/money';

/** Shared pieces of the 2D result tests: players with a main balance, slips placed as betting does. */

/** Yangon wall clock → instant (UTC+06:30). */
export const yangon = (date: string, time: string) => new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+06:30`);

let agentId: number | undefined;
let seq = 0;

/** A player with `mainKyat` on the main balance, credited through the ledger. */
export async function makePlayer(db: Db, mainKyat = 100_000, name = 'Ko Aung Min'): Promise<number> {
  if (agentId === undefined || !(await db.select().from(agents).where(eq(agents.id, agentId))).length) {
    const [agent] = await db.insert(agents).values({ name: 'Two-D Agent', referralCode: `TD${randomBytes(4).toString('hex')}` }).returning();
    agentId = agent!.id;
  }
  seq++;
  const tag = `${process.pid}${seq}${randomBytes(2).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({ userName: `Pi${tag}`.slice(0, 20), name, phone: `09${tag}`.slice(0, 20), passwordHash: 'x', agentId })
    .returning({ id: users.id });
  if (mainKyat > 0) {
    await db.transaction((tx) => applyMovements(tx, user!.id, [{ wallet: 'main', amount: kyat(mainKyat), kind: 'opening', reference: 'test' }]));
  }
  return user!.id;
}

/** A pending slip of `lines` ([number, Kyat]), staked from the main balance as betting.ts does. */
export async function placeSlip(db: Db, userId: number, date: string, session: Session, lines: [string, number][], payout = 80n) {
  return db.transaction(async (tx) => {
    const total = lines.reduce((sum, [, amount]) => sum + kyat(amount), 0n);
    const [slip] = await tx
      .insert(twoDSlips)
      .values({
        slipNo: `TS${randomBytes(6).toString('hex')}`,
        userId,
        drawDate: date,
        session,
        totalBetAmount: total,
        status: 'pending',
        beforeBalance: 0n,
        afterBalance: 0n,
      })
      .returning();
    const balances = await applyMovements(tx, userId, [{ wallet: 'main', amount: -total, kind: 'two_d_bet', reference: `two_d_slip:${slip!.id}` }]);
    await tx
      .update(twoDSlips)
      .set({ beforeBalance: balances.mainBalance + total, afterBalance: balances.mainBalance })
      .where(eq(twoDSlips.id, slip!.id));
    const bets = await tx
      .insert(twoDBets)
      .values(
        lines.map(([num, amount]) => ({
          slipId: slip!.id,
          userId,
          drawDate: date,
          session,
          betNumber: num,
          betAmount: kyat(amount),
          potentialPayout: kyat(amount) * payout,
        })),
      )
      .returning({ id: twoDBets.id });
    return { slipId: slip!.id, betIds: bets.map((b) => b.id) };
  });
}

export async function mainBalance(db: Db, userId: number): Promise<bigint> {
  const [row] = await db.select({ main: users.mainBalance }).from(users).where(eq(users.id, userId));
  return row!.main;
}

/** The main balance equals the sum of its ledger rows. */
export async function expectMainBooks(db: Db, userId: number) {
  expect(await ledgerSum(db, userId, 'main')).toBe(await mainBalance(db, userId));
}

/** Stores a confirmed operator result. */
export async function confirmResult(db: Db, date: string, session: Session, twod: string, now: Date) {
  return setResult(db, { date, session, figures: { setIndex: '', value: '', twod }, status: 'confirmed', source: 'operator', actor: 'test' }, now);
}

export async function slipStatus(db: Db, slipId: number): Promise<string> {
  const [row] = await db.select({ status: twoDSlips.status }).from(twoDSlips).where(eq(twoDSlips.id, slipId));
  return row!.status;
}
