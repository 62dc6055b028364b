import { eq } from 'drizzle-orm';
import { hashPassword } from '../routes/auth/passwords';
import type { Db } from './client';
import { agents, ledger, users } from './schema';

/**
 * Demo data for a fresh install, tests and the README. Safe at every start and from several
 * processes at once: each insert is ON CONFLICT DO NOTHING inside one transaction, so a racing
 * seeder waits for the winner's commit and then writes nothing.
 */
export const DEMO_AGENT_NAME = 'KyatPlay Demo Agent';
export const DEMO_REFERRAL_CODE = 'DEMO2026';
export const DEMO_USER_NAME = 'Pi00000001';
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_PLAYER_NAME = 'Demo Player';
export const DEMO_PHONE = '09123456789';
/** Opening balances in pya: 50,000 Ks game, 100,000 Ks main. */
export const DEMO_GAME_BALANCE = 5_000_000n;
export const DEMO_MAIN_BALANCE = 10_000_000n;

export async function seedDemo(db: Db): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.userName, DEMO_USER_NAME));
  // Hash outside the transaction (it takes a while), and only when the player may be missing.
  const passwordHash = existing ? undefined : await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(agents).values({ name: DEMO_AGENT_NAME, referralCode: DEMO_REFERRAL_CODE }).onConflictDoNothing();
    if (!passwordHash) return;
    const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.referralCode, DEMO_REFERRAL_CODE));
    const [player] = await tx
      .insert(users)
      .values({
        userName: DEMO_USER_NAME,
        name: DEMO_PLAYER_NAME,
        phone: DEMO_PHONE,
        passwordHash,
        agentId: agent!.id,
        balance: DEMO_GAME_BALANCE,
        mainBalance: DEMO_MAIN_BALANCE,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!player) return; // another seeder (or a real player with the demo phone) got there first
    await tx.insert(ledger).values([
      openingRow(player.id, 'game', DEMO_GAME_BALANCE),
      openingRow(player.id, 'main', DEMO_MAIN_BALANCE),
    ]);
  });
}

function openingRow(userId: number, wallet: 'game' | 'main', amount: bigint) {
  return {
    userId,
    wallet,
    kind: 'opening',
    amount,
    balanceBefore: 0n,
    balanceAfter: amount,
    reference: 'seed:demo',
  };
}
