import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shanTransactions } from '../../db/schema';
import { formatMoney } from '../../lib/money';
import { InsufficientBalance, applyMovements, type Tx } from '../ledger';
import { gameBalance, type Member } from '../seamless';

/**
 * The money side of the Shan provider's callbacks (docs/shan.md): the bet debits the stake from
 * the game balance, the settle credits the payout; each at most once per (operator_code,
 * round_id, kind).
 *
 * Each runs in ONE transaction that first INSERTs its shan_transactions row: the unique key
 * shan_tx_unique makes a replay — even many at once — wait for the first and then find the key
 * taken, and answer the first answer (stored in the row) verbatim, moving nothing. A bet refused
 * for the balance is recorded too (a refused round stays refused; its settle is "Bet not found").
 * A settle without an accepted bet is rolled back (nothing recorded), so it can be retried.
 */

export const ShanCode = {
  Success: 0,
  InvalidRequest: 999,
  MemberMissing: 1000,
  InsufficientBalance: 1001,
  InvalidSignature: 1004,
  BetMissing: 1006,
} as const;

export type ShanAnswer = { code: 0; balance: string } | { code: number; message: string };

export const KIND_SHAN_BET = 'shan_bet';
export const KIND_SHAN_WIN = 'shan_win';

export function shanReference(roundId: string): string {
  return `shan:${roundId}`;
}

export interface RoundKey {
  operatorCode: string;
  roundId: string;
}

class BetMissing extends Error {}

export async function shanBalance(db: Db, member: Member): Promise<ShanAnswer> {
  return { code: ShanCode.Success, balance: formatMoney(await gameBalance(db, member.id)) };
}

/**
 * Claims (key, kind) for the member and runs `work`, storing its answer and amount in the claim;
 * a taken key answers the stored answer.
 */
async function claimed(
  db: Db,
  key: RoundKey,
  kind: 'bet' | 'settle',
  member: Member,
  now: Date,
  detail: unknown,
  work: (t: Tx) => Promise<{ amount: bigint; answer: ShanAnswer }>,
): Promise<ShanAnswer> {
  return db.transaction(async (t) => {
    const [claim] = await t
      .insert(shanTransactions)
      .values({
        operatorCode: key.operatorCode,
        roundId: key.roundId,
        kind,
        userId: member.id,
        amount: 0n,
        response: { code: ShanCode.InvalidRequest, message: 'In progress' },
        detail: detail ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [shanTransactions.operatorCode, shanTransactions.roundId, shanTransactions.kind] })
      .returning({ id: shanTransactions.id });
    if (!claim) {
      const [first] = await t
        .select({ response: shanTransactions.response })
        .from(shanTransactions)
        .where(and(eq(shanTransactions.operatorCode, key.operatorCode), eq(shanTransactions.roundId, key.roundId), eq(shanTransactions.kind, kind)));
      if (!first) throw new Error(`shan ${kind} ${key.roundId}: the key is taken but no row is visible`);
      return first.response as ShanAnswer;
    }
    const { amount, answer } = await work(t);
    await t.update(shanTransactions).set({ amount, response: answer }).where(eq(shanTransactions.id, claim.id));
    return answer;
  });
}

/** bet: debits `stake` pya (> 0) from the game balance (shan_bet); 1001 when it is short. */
export async function shanBet(db: Db, key: RoundKey, member: Member, stake: bigint, now: Date): Promise<ShanAnswer> {
  if (stake <= 0n) throw new RangeError('a stake must be positive');
  return claimed(db, key, 'bet', member, now, null, async (t) => {
    if (member.status !== 1) {
      return { amount: 0n, answer: { code: ShanCode.InvalidRequest, message: 'Member account is disabled' } };
    }
    try {
      const moved = await applyMovements(t, member.id, [
        { wallet: 'game', amount: -stake, kind: KIND_SHAN_BET, reference: shanReference(key.roundId) },
      ]);
      return { amount: -stake, answer: { code: ShanCode.Success, balance: formatMoney(moved.balance) } };
    } catch (err) {
      // The refused UPDATE wrote nothing and left the transaction usable: record the refusal.
      if (err instanceof InsufficientBalance) {
        return { amount: 0n, answer: { code: ShanCode.InsufficientBalance, message: 'Insufficient balance' } };
      }
      throw err;
    }
  });
}

/**
 * settle: credits `payout` pya (≥ 0; none moved for 0) to the game balance (shan_win), never
 * refused for the balance. Needs the member's accepted bet for the round, else 1006.
 */
export async function shanSettle(
  db: Db,
  key: RoundKey,
  member: Member,
  payout: bigint,
  detail: unknown,
  now: Date,
): Promise<ShanAnswer> {
  if (payout < 0n) throw new RangeError('a payout cannot be negative');
  try {
    return await claimed(db, key, 'settle', member, now, detail, async (t) => {
      const [bet] = await t
        .select({ userId: shanTransactions.userId, response: shanTransactions.response })
        .from(shanTransactions)
        .where(and(eq(shanTransactions.operatorCode, key.operatorCode), eq(shanTransactions.roundId, key.roundId), eq(shanTransactions.kind, 'bet')));
      const accepted = bet && bet.userId === member.id && (bet.response as { code?: unknown }).code === ShanCode.Success;
      if (!accepted) throw new BetMissing();
      if (payout === 0n) {
        return { amount: 0n, answer: { code: ShanCode.Success, balance: formatMoney(await gameBalance(t, member.id)) } };
      }
      const moved = await applyMovements(t, member.id, [
        { wallet: 'game', amount: payout, kind: KIND_SHAN_WIN, reference: shanReference(key.roundId) },
      ]);
      return { amount: payout, answer: { code: ShanCode.Success, balance: formatMoney(moved.balance) } };
    });
  } catch (err) {
    if (err instanceof BetMissing) return { code: ShanCode.BetMissing, message: 'Bet not found' };
    throw err;
  }
}
