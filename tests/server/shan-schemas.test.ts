import { describe, expect, it } from 'vitest';
import { betFields, memberFields, settleFields, shanProblem } from '../../server/routes/shan/schemas';

/** Shan's callback fields as docs/shan.md states them; a refusal is 999 with the protocol's message. */
describe('Shan callback schemas', () => {
  it('reads the member, the round and Kyat amounts (strings or numbers, ≤ 2 decimals) in pya', () => {
    expect(shanProblem(memberFields, { member_account: 'p1' })).toEqual({ ok: true, data: { member_account: 'p1' } });
    expect(shanProblem(betFields, { round_id: 'R-1', amount: '100.50' })).toEqual({ ok: true, data: { round_id: 'R-1', amount: 10050n } });
    expect(shanProblem(settleFields, { round_id: 'R-1', payout: 0, detail: { cards: ['KH'] } })).toEqual({
      ok: true,
      data: { round_id: 'R-1', payout: 0n, detail: { cards: ['KH'] } },
    });
    expect(shanProblem(settleFields, { round_id: 'R-1', payout: '2' })).toMatchObject({ ok: true, data: { payout: 200n } });
  });

  it('refuses what the protocol refuses, with its message', () => {
    const cases: [ReturnType<typeof shanProblem>, string][] = [
      [shanProblem(memberFields, {}), 'member_account is required'],
      [shanProblem(memberFields, { member_account: '' }), 'member_account is required'],
      [shanProblem(memberFields, { member_account: 'm'.repeat(65) }), 'member_account is required'],
      [shanProblem(memberFields, { member_account: 7 }), 'member_account is required'],
      [shanProblem(betFields, { amount: 1 }), 'round_id is required'],
      [shanProblem(betFields, { round_id: 'has space', amount: 1 }), 'round_id is required'],
      [shanProblem(betFields, { round_id: 'r'.repeat(129), amount: 1 }), 'round_id is required'],
      [shanProblem(betFields, { round_id: 'r', amount: 0 }), 'amount must be a positive amount with at most 2 decimals'],
      [shanProblem(betFields, { round_id: 'r', amount: '1.001' }), 'amount must be a positive amount with at most 2 decimals'],
      [shanProblem(betFields, { round_id: 'r' }), 'amount must be a positive amount with at most 2 decimals'],
      [shanProblem(settleFields, { round_id: 'r', payout: -1 }), 'payout must be an amount ≥ 0 with at most 2 decimals'],
      [shanProblem(settleFields, { round_id: 'r', payout: 1, detail: 'won' }), 'detail must be an object'],
    ];
    for (const [read, message] of cases) expect(read).toEqual({ ok: false, message });
  });
});
