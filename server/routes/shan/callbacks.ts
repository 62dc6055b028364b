import type { Deps } from '../../types/app';
import { findMember } from '../../domain/seamless';
import { verifySigned } from '../../domain/shan/sign';
import { ShanCode, shanBalance, shanBet, shanSettle, type ShanAnswer } from '../../domain/shan/wallet';
import { shanKey } from '../../lib/install-secrets';
import { betFields, memberFields, settleFields, shanProblem } from './schemas';

export type CallbackKind = 'balance' | 'bet' | 'settle';
export const CALLBACK_KINDS: readonly CallbackKind[] = ['balance', 'bet', 'settle'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const invalid = (message: string): ShanAnswer => ({ code: ShanCode.InvalidRequest, message });

/**
 * Answers one provider callback (docs/shan.md): signature and request_time first (1004), then
 * the fields (999), the member (1000), then the money (wallet.ts). Amounts are Kyat with at most
 * two decimals, as strings ("100.00") or numbers.
 */
export async function answerShanCallback(deps: Deps, kind: CallbackKind, body: unknown): Promise<ShanAnswer> {
  if (!isRecord(body)) return invalid('Invalid request');
  const now = deps.clock.now();
  const verified = verifySigned(body, shanKey(deps.env), deps.env.SHAN_OPERATOR_CODES, now);
  if (!verified.ok) {
    const message = verified.reason === 'time' ? 'request_time is too far from our clock' : 'Invalid signature';
    return { code: ShanCode.InvalidSignature, message };
  }
  const account = shanProblem(memberFields, body);
  if (!account.ok) return invalid(account.message);
  const { db } = deps.database;
  const member = await findMember(db, account.data.member_account);
  if (!member) return { code: ShanCode.MemberMissing, message: 'Member not found' };
  if (kind === 'balance') return shanBalance(db, member);

  if (kind === 'bet') {
    const bet = shanProblem(betFields, body);
    if (!bet.ok) return invalid(bet.message);
    return shanBet(db, { operatorCode: verified.operatorCode, roundId: bet.data.round_id }, member, bet.data.amount, now);
  }
  const settle = shanProblem(settleFields, body);
  if (!settle.ok) return invalid(settle.message);
  const { round_id: roundId, payout, detail } = settle.data;
  return shanSettle(db, { operatorCode: verified.operatorCode, roundId }, member, payout, detail ?? null, now);
}
