/**
 * Shan Koe Mee's callback fields as zod schemas (docs/shan.md; decision 0021). The provider is
 * answered in its own shape (code 999 and an English message), so each field's issue message is
 * the protocol's message and `shanProblem` hands back the first. The signature and request_time
 * are checked before any of these (domain/shan/sign.ts), and the member between the account and
 * the round (1000 outranks a malformed round).
 */
import { z } from 'zod';
import { parseAmount } from '../../domain/seamless-protocol';

/** Kyat with at most two decimals, as a string ("100.00") or a number, in pya; `min` in pya. */
function kyat(min: bigint, message: string) {
  return z.unknown().transform((value, ctx) => {
    const pya = parseAmount(value, 'MMK');
    if (pya !== undefined && pya >= min) return pya;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

export const memberFields = z.object({
  member_account: z.string('member_account is required').min(1, 'member_account is required').max(64, 'member_account is required'),
});

const roundId = z.string('round_id is required').regex(/^[\x21-\x7e]{1,128}$/, 'round_id is required');

export const betFields = z.object({
  round_id: roundId,
  amount: kyat(1n, 'amount must be a positive amount with at most 2 decimals'),
});

export const settleFields = z.object({
  round_id: roundId,
  payout: kyat(0n, 'payout must be an amount ≥ 0 with at most 2 decimals'),
  detail: z.union([z.looseObject({}), z.array(z.unknown())], { error: 'detail must be an object' }).nullish(),
});

/** The fields, or the protocol's message for the first problem. */
export function shanProblem<T>(schema: z.ZodType<T>, body: unknown): { ok: true; data: T } | { ok: false; message: string } {
  const read = schema.safeParse(body);
  return read.success ? { ok: true, data: read.data } : { ok: false, message: read.error.issues[0]!.message };
}
