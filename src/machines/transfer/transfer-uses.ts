/**
 * What differs between the transfer machine's two uses, in the spec's words (§2 Wallet, §4, §5, §8).
 * - Exchange Balance dialog: an invalid amount reads 'Please enter a valid amount'; a refusal
 *   shows the server's message or 'Exchange failed!'; success toasts the server's message; the
 *   Exchange button is disabled while the amount is empty or 0.
 * - Internal transfer page: an invalid amount reads 'ပမာဏ ရိုက်ထည့်ပါ။'; any refusal reads
 *   'Something Went Wrong!'; success toasts 'လွှဲပြောင်းခြင်း အောင်မြင်ပါသည်။'; the button is
 *   enabled by any typed amount (0 is refused on submit).
 * Both: no answer at all reads as the network.
 */
import type { ApiErrorInfo } from '../../api/types';
import { ENTER_AMOUNT, EXCHANGE_FAILED, INVALID_AMOUNT, NETWORK_ERROR, SOMETHING_WRONG, TRANSFERRED } from '../../lib/fixed-texts';
import { hasSomeAmount, type TransferUse } from './transfer-fields';

export { ENTER_AMOUNT, EXCHANGE_FAILED, INVALID_AMOUNT, TRANSFERRED };
export const TRANSFER_FAILED = SOMETHING_WRONG;

interface TransferRules {
  /** The refusal of an amount that is not a whole number above 0; no request is made. */
  invalidAmount: string;
  /** What a refusal with an answer reads. */
  refusal: (error: ApiErrorInfo) => string;
  /** What the success toast reads, given the server's message. */
  success: (serverMessage: string) => string;
  /** Whether the submit button is enabled for the amount as typed. */
  offersSubmit: (amount: string) => boolean;
}

export const TRANSFER_RULES: Readonly<Record<TransferUse, TransferRules>> = {
  exchange: {
    invalidAmount: INVALID_AMOUNT,
    refusal: (error) => error.message || EXCHANGE_FAILED,
    success: (serverMessage) => serverMessage,
    offersSubmit: (amount) => hasSomeAmount({ amount }),
  },
  internalTransfer: {
    invalidAmount: ENTER_AMOUNT,
    refusal: () => TRANSFER_FAILED,
    success: () => TRANSFERRED,
    offersSubmit: (amount) => amount.trim() !== '',
  },
};

/** The text of a failed request: the network's for status 0, else the use's refusal. */
export const failureText = (use: TransferUse, error: ApiErrorInfo) => (error.status === 0 ? NETWORK_ERROR : TRANSFER_RULES[use].refusal(error));
