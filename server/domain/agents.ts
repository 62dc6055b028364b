/**
 * Agents and the accounts their players deposit into (docs/operator.md § Agents): an agent's
 * referral code is what a player registers with (web or Telegram), so looking one up is the
 * sign-up's question too.
 */
import { randomInt } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/types';
import { agentPaymentAccounts, agents, paymentTypes, users } from '../db/schema';

/** No 0/O or 1/I: codes are read aloud and typed on phones. 31^10 ≈ 8·10^14: not guessable under the sign-up limits. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The id of the agent whose referral code this is (exactly as written), if any. */
export async function agentIdByReferralCode(db: DbOrTx, code: string): Promise<number | undefined> {
  const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.referralCode, code));
  return agent?.id;
}

/** Every agent with how many players registered under it, oldest first. */
export async function listAgents(db: Db) {
  const rows = await db
    .select({ id: agents.id, name: agents.name, referralCode: agents.referralCode, createdAt: agents.createdAt, players: count(users.id) })
    .from(agents)
    .leftJoin(users, eq(users.agentId, agents.id))
    .groupBy(agents.id)
    .orderBy(asc(agents.id));
  return rows.map((r) => ({ ...r, players: Number(r.players) }));
}

/** A new agent, or null when its referral code is taken. */
export async function addAgent(db: Db, input: { name: string; referralCode: string }) {
  const [row] = await db.insert(agents).values(input).onConflictDoNothing().returning();
  return row ?? null;
}

/** An agent's receiving accounts, in their listed order. */
export function listAgentAccounts(db: Db, agentId: number) {
  return db
    .select({ id: agentPaymentAccounts.id, paymentType: paymentTypes.name, accountName: agentPaymentAccounts.accountName, accountNo: agentPaymentAccounts.accountNo, status: agentPaymentAccounts.status })
    .from(agentPaymentAccounts)
    .innerJoin(paymentTypes, eq(paymentTypes.id, agentPaymentAccounts.paymentTypeId))
    .where(eq(agentPaymentAccounts.agentId, agentId))
    .orderBy(asc(agentPaymentAccounts.sort), asc(agentPaymentAccounts.id));
}

/** The payment type of that name, or every known name (for the refusal) when there is none. */
export async function paymentTypeByName(db: Db, name: string): Promise<{ id: number } | { known: string[] }> {
  const [type] = await db.select({ id: paymentTypes.id }).from(paymentTypes).where(eq(paymentTypes.name, name));
  if (type) return type;
  return { known: (await db.select({ name: paymentTypes.name }).from(paymentTypes)).map((t) => t.name) };
}

/** A new receiving account for the agent; its id, or null when the agent lists it already. */
export async function addAgentAccount(db: Db, input: { agentId: number; paymentTypeId: number; accountName: string; accountNo: string }): Promise<number | null> {
  const [row] = await db.insert(agentPaymentAccounts).values(input).onConflictDoNothing().returning({ id: agentPaymentAccounts.id });
  return row?.id ?? null;
}
