import { describe, expect, it } from 'vitest';
import type { Bank } from '../../src/api/types';
import { payoutIdFor, paymentTypesOf } from '../../src/machines/withdraw-form/withdraw-options';

/** Issue 15: the withdraw form picks a payment type; the request names a /banks row of it, as the existing frontend does. */
const bank = (id: number, paymentTypeId: number, paymentTypeName: string): Bank => ({
  id,
  accountName: 'U Min',
  accountNumber: '0942000000' + id,
  paymentTypeId,
  paymentTypeName,
  img: '',
});

describe('withdraw options: the id a withdrawal sends', () => {
  // An agent whose rows were added in another order than the payment types: row 1 is WavePay (type 2).
  const banks = [bank(1, 2, 'WavePay'), bank(2, 4, 'CB Pay'), bank(3, 1, 'KBZPay'), bank(4, 2, 'WavePay')];

  it('sends the agent`s first row of the chosen type, never the bare type id', () => {
    expect(paymentTypesOf(banks).map((t) => t.id)).toEqual([2, 4, 1]);
    expect(payoutIdFor(banks, 2)).toBe(1);
    expect(payoutIdFor(banks, 4)).toBe(2);
    expect(payoutIdFor(banks, 1)).toBe(3);
  });

  it('a type no row offers goes as it is', () => {
    expect(payoutIdFor(banks, 3)).toBe(3);
    expect(payoutIdFor([], 2)).toBe(2);
  });
});
