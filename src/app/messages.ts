import type { TFunction } from 'i18next';

/**
 * Fixed texts that machines and the API speak (the spec's own wording, partly Burmese) mapped to
 * locale keys, so a reader sees them in their language. In Burmese the keys hold the spec's text
 * verbatim. Anything else (a server's free-form message) is shown as it came.
 */
const KNOWN = {
  'ပမာဏ ရိုက်ထည့်ပါ။': 'transfer.enterAmount',
  'လွှဲပြောင်းခြင်း အောင်မြင်ပါသည်။': 'transfer.success',
  'ငွေပေးချေမှုနည်းလမ်း ရွေးချယ်ပါ။': 'cashier.choosePaymentType',
  'Something Went Wrong!': 'errors.somethingWrong',
  'Network error. Please try again.': 'errors.network',
  'An unexpected error occurred.': 'errors.generic',
  'Please enter a valid amount': 'wallet.invalidAmount',
  'Exchange failed!': 'wallet.exchangeFailed',
  'successfully exchange balance': 'wallet.exchangeSuccess',
  'You do not have enough balance to transfer': 'wallet.notEnough',
  'Copied to clipboard': 'cashier.copied',
  'Deposit successfully': 'cashier.depositSuccess',
  'Withdraw Success': 'cashier.withdrawSuccess',
  'Insufficient Balance': 'cashier.insufficient',
  'Your password is wrong!': 'cashier.wrongPassword',
  'Failed to fetch logs': 'log.fetchFailed',
  'Launch failed: No URL or content.': 'games.launchNoUrl',
  'Failed to launch game.': 'games.launchFailed',
  'Popup blocked. Please allow popups.': 'games.popupBlocked',
} as const;

export function translateMessage(t: TFunction, text: string): string;
export function translateMessage(t: TFunction, text: string | null | undefined): string | null;
export function translateMessage(t: TFunction, text: string | null | undefined): string | null {
  if (!text) return null;
  const key = KNOWN[text.trim() as keyof typeof KNOWN];
  return key ? t(key) : text;
}
