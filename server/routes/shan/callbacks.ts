import type { Deps } from '../../types/app';
import { findMember } from '../../domain/seamless';
import { parseAmount } from '../../domain/seamless-protocol';
import { verifySigned } from '../../domain/shan/sign';
import { ShanCode, shanBalance, shanBet, shanSettle, type ShanAnswer } from '../../domain/shan/wallet';
import { shanKey } from '../../lib/install-secrets';

export type CallbackKind = 'balance' | 'bet' | 'settle';
export const CALLBACK_KINDS: readonly CallbackKind[] = ['balance', 'bet', 'settle'];

const ROUND_ID = /^[\x21-\x7e]{1,128}$/;

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
  const account = body.member_account;
  if (typeof account !== 'string' || account === '' || account.length > 64) return invalid('member_account is required');
  const { db } = deps.database;
  const member = await findMember(db, account);
  if (!member) return { code: ShanCode.MemberMissing, message: 'Member not found' };
  if (kind === 'balance') return shanBalance(db, member);

  const roundId = body.round_id;
  if (typeof roundId !== 'string' || !ROUND_ID.test(roundId)) return invalid('round_id is required');
  const key = { operatorCode: verified.operatorCode, roundId };

  if (kind === 'bet') {
    const amount = parseAmount(body.amount, 'MMK');
    if (amount === undefined || amount <= 0n) return invalid('amount must be a positive amount with at most 2 decimals');
    return shanBet(db, key, member, amount, now);
  }
  const payout = parseAmount(body.payout, 'MMK');
  if (payout === undefined || payout < 0n) return invalid('payout must be an amount ≥ 0 with at most 2 decimals');
  if (body.detail !== undefined && body.detail !== null && typeof body.detail !== 'object') return invalid('detail must be an object');
  return shanSettle(db, key, member, payout, body.detail ?? null, now);
}
