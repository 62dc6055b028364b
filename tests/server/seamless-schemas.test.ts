import { describe, expect, it } from 'vitest';
import { betDataItem, echoedMember, firstProblem, productCode, protocolId, transactionSchema } from '../../server/routes/seamless/schemas';

/**
 * The aggregator's transaction fields as docs/seamless.md states them: an id (string or whole
 * number), an action, an amount in the request's currency with no more decimals than it has
 * (MMK 2, MMK2 5), a cancel that may leave the amount out, a bet sent negative staked at its size.
 * A refused transaction carries the protocol's message (999, per transaction).
 */
describe('seamless callback schemas', () => {
  const withdraw = transactionSchema('withdraw', 'MMK');
  const deposit = transactionSchema('deposit', 'MMK');

  it('reads a transaction into exact pya, the action in upper case, the wager code defaulting to the id', () => {
    expect(firstProblem(withdraw, { id: ' tx-1 ', action: 'bet', amount: 12.34 })).toEqual({
      ok: true,
      data: { id: 'tx-1', action: 'BET', amount: 1234n, wagerCode: 'tx-1', gameCode: '' },
    });
    expect(firstProblem(deposit, { id: 77, action: 'SETTLED', amount: '0.1', round_id: 'r9', game_code: 'G1' })).toEqual({
      ok: true,
      data: { id: '77', action: 'SETTLED', amount: 10n, wagerCode: 'r9', gameCode: 'G1' },
    });
    expect(firstProblem(transactionSchema('deposit', 'MMK2'), { id: 'a', action: 'WIN', amount: 1.23456, wager_code: 'w' })).toMatchObject({
      ok: true,
      data: { amount: 123456n, wagerCode: 'w' },
    });
  });

  it('stakes a bet sent as a negative amount at its size; a credit keeps its sign for the route to refuse', () => {
    expect(firstProblem(withdraw, { id: 'x', action: 'BET', amount: -50 })).toMatchObject({ ok: true, data: { amount: 5000n } });
    expect(firstProblem(deposit, { id: 'x', action: 'WIN', amount: -50 })).toMatchObject({ ok: true, data: { amount: -5000n } });
  });

  it('lets a cancel leave the amount out, and nothing else', () => {
    expect(firstProblem(deposit, { id: 'c', action: 'cancel' })).toMatchObject({ ok: true, data: { action: 'CANCEL', amount: 0n } });
    expect(firstProblem(deposit, { id: 'c', action: 'WIN', amount: null })).toEqual({ ok: false, message: 'Transaction amount is missing' });
    expect(firstProblem(withdraw, { id: 'c', action: 'BET' })).toEqual({ ok: false, message: 'Transaction amount is missing' });
  });

  it('refuses what the protocol refuses, with its message', () => {
    const cases: [unknown, string][] = [
      [null, 'Malformed transaction'],
      [[1, 2], 'Malformed transaction'],
      ['BET', 'Malformed transaction'],
      [{ action: 'BET', amount: 1 }, 'Transaction id is missing'],
      [{ id: '   ', action: 'BET', amount: 1 }, 'Transaction id is missing'],
      [{ id: 'x'.repeat(129), action: 'BET', amount: 1 }, 'Transaction id is missing'],
      [{ id: 1.5, action: 'BET', amount: 1 }, 'Transaction id is missing'],
      [{ id: 'a', action: 'BET', amount: 1.234 }, 'Invalid amount for MMK (at most 2 decimals)'],
      [{ id: 'a', action: 'BET', amount: 'ten' }, 'Invalid amount for MMK (at most 2 decimals)'],
      [{ id: 'a', action: 'BET', amount: true }, 'Invalid amount for MMK (at most 2 decimals)'],
    ];
    for (const [raw, message] of cases) expect(firstProblem(withdraw, raw), JSON.stringify(raw)).toEqual({ ok: false, message });
    expect(firstProblem(transactionSchema('withdraw', 'MMK2'), { id: 'a', action: 'BET', amount: 0.000001 })).toEqual({
      ok: false,
      message: 'Invalid amount for MMK2 (at most 5 decimals)',
    });
  });

  it('reads ids, product codes and the echoed member as the protocol sends them', () => {
    expect(protocolId.safeParse(42).data).toBe('42');
    expect(protocolId.safeParse('').success).toBe(false);
    expect(productCode.safeParse('1006').data).toBe(1006);
    expect(productCode.safeParse(1006).data).toBe(1006);
    for (const bad of ['-1', '1e3', 2 ** 31, 1.5, '1234567890', null]) expect(productCode.safeParse(bad).success, String(bad)).toBe(false);
    expect(echoedMember.parse('player-1')).toBe('player-1');
    expect(echoedMember.parse(undefined)).toBeNull();
    expect(echoedMember.parse('m'.repeat(129))).toBeNull();
    expect(betDataItem.parse({ wager_code: 9, wager_status: 'settled' })).toEqual({ wager_code: '9', game_code: '', wager_status: 'SETTLED' });
  });
});
