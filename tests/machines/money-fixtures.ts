/** Payloads shared by the money-flow path models (shapes from ../shared/api-contract.md). */
import type { Bank, PageOf, UserPayment } from '../../src/api/types';
import { apiError } from '../support/paths';

/** A fixed seed, so every key a path creates is known: `<seed>-1`, `<seed>-2`, … */
export const keySeed = 'path-key';

export const networkDown = apiError(0, 'Network error. Please try again.');
export const serverDown = apiError(500, 'Something Went Wrong!');

/** The agent's receiving accounts: the first has a number to copy, the second does not. */
export const kbzAccount: Bank = {
  id: 11,
  accountName: 'U Kyaw Min',
  accountNumber: '09123456789',
  paymentTypeId: 1,
  paymentTypeName: 'KBZ Pay',
  img: '/assets/payment/kbzpay.png',
};
export const waveAccount: Bank = {
  id: 12,
  accountName: 'Daw Hla',
  accountNumber: '',
  paymentTypeId: 2,
  paymentTypeName: 'Wave Money',
  img: '/assets/payment/wave.png',
};
/** A second KBZ Pay account: its payment type must be listed once. */
export const kbzSecondAccount: Bank = { ...kbzAccount, id: 13, accountName: 'U Aung', accountNumber: '09987654321' };

export const savedWavePayout: UserPayment = {
  id: 5,
  paymentTypeId: 2,
  paymentTypeName: 'Wave Money',
  accountName: 'Aung Aung',
  accountNumber: '09450001111',
};

export const receipt = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'receipt.jpg', { type: 'image/jpeg' });

/** Page `page` of a three-page log with two rows per page. */
export function logPage(page: number): PageOf<unknown> {
  return { items: [{ id: page * 10 + 1 }, { id: page * 10 + 2 }], page, lastPage: 3, total: 6 };
}
