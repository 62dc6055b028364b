import { eq } from 'drizzle-orm';
import type { Tx } from '../domain/ledger';
import { seedTwoDHolidays } from '../domain/two-d/holidays';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import { seedCatalogue } from './seed-catalogue';
import { seedManagedContent } from './seed-content';
import { agentPaymentAccounts, agents, ledger, paymentTypes, users } from './schema';

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

/**
 * What every install needs, demo or not: the payment types, the game catalogue and the 2D
 * holidays. No agent, no player, no balance: a production start seeds only this.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.insert(paymentTypes).values([...DEMO_PAYMENT_TYPES]).onConflictDoNothing();
  await seedCatalogue(db);
  await seedTwoDHolidays(db);
}

/** The demo agent (open referral code), its receiving accounts, the demo player with balances and demo content; never in production unless asked (SEED_DEMO). */
export async function seedDemo(db: Db): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.userName, DEMO_USER_NAME));
  // Hash outside the transaction (it takes a while), and only when the player may be missing.
  const passwordHash = existing ? undefined : await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(agents).values({ name: DEMO_AGENT_NAME, referralCode: DEMO_REFERRAL_CODE }).onConflictDoNothing();
    await seedDemoBanks(tx);
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
  await seedReference(db);
  await seedManagedContent(db);
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

/** The payment types players pay through, with their logos under public/assets/banks. */
export const DEMO_PAYMENT_TYPES = [
  { name: 'KBZPay', img: '/assets/banks/kbzpay.svg' },
  { name: 'WavePay', img: '/assets/banks/wavepay.svg' },
  { name: 'AYA Pay', img: '/assets/banks/ayapay.svg' },
  { name: 'CB Pay', img: '/assets/banks/cbpay.svg' },
] as const;

/** The demo agent's receiving account on each payment type (wallets are phone numbers). */
export const DEMO_AGENT_ACCOUNTS = [
  { paymentType: 'KBZPay', accountName: 'U Kyaw Min', accountNo: '09250123456' },
  { paymentType: 'WavePay', accountName: 'Daw Thida Aye', accountNo: '09790456123' },
  { paymentType: 'AYA Pay', accountName: 'U Aung Ko Ko', accountNo: '09451234567' },
  { paymentType: 'CB Pay', accountName: 'Daw Hnin Wai Phyo', accountNo: '09420987654' },
] as const;

/** Payment types and the demo agent's accounts; rows that already exist are left as they are. */
async function seedDemoBanks(tx: Tx): Promise<void> {
  await tx.insert(paymentTypes).values([...DEMO_PAYMENT_TYPES]).onConflictDoNothing();
  const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.referralCode, DEMO_REFERRAL_CODE));
  const types = await tx.select({ id: paymentTypes.id, name: paymentTypes.name }).from(paymentTypes);
  const idOf = new Map(types.map((t) => [t.name, t.id]));
  const accounts = DEMO_AGENT_ACCOUNTS.flatMap((a, sort) => {
    const paymentTypeId = idOf.get(a.paymentType);
    if (!paymentTypeId) return [];
    return [{ agentId: agent!.id, paymentTypeId, accountName: a.accountName, accountNo: a.accountNo, sort }];
  });
  if (accounts.length) await tx.insert(agentPaymentAccounts).values(accounts).onConflictDoNothing();
}
