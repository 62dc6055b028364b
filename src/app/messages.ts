import type { TFunction } from 'i18next';

/**
 * Fixed texts the site's own machines speak (the spec's wording, partly Burmese) and the server's
 * success notes, mapped to locale keys so a reader sees them in their language. Server REFUSALS
 * are not here: they carry codes and come worded in the reader's language (X-Lang; worded again
 * from the code in src/api/client.ts), so anything else is shown as it came.
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
  'Copied to clipboard': 'cashier.copied',
  'Deposit successfully': 'cashier.depositSuccess',
  'Withdraw Success': 'cashier.withdrawSuccess',
  'Failed to fetch logs': 'log.fetchFailed',
  'Launch failed: No URL or content.': 'games.launchNoUrl',
  'Failed to launch game.': 'games.launchFailed',
  'Popup blocked. Please allow popups.': 'games.popupBlocked',
  // 2D (src/lib/two-d/messages.ts and the server's refusals).
  'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။': 'two_d.betPlaced',
  'Bet failed!': 'two_d.betFailed',
  'Network or server error': 'two_d.networkError',
  'Failed to load live data': 'two_d.liveFailed',
  'Failed to fetch winners': 'two_d_winners.failed',
  'Only players can view winners. Please log in with a player account.': 'two_d_winners.forbidden',
  'No winners for this session': 'two_d_winners.noWinners',
  'No data available': 'two_d_winners.noData',
} as const;

function translateLine(t: TFunction, line: string): string {
  const key = KNOWN[line.trim() as keyof typeof KNOWN];
  // A key of the lazily loaded strings that is not here yet reads as the server's own text.
  if (key) {
    const text = t(key);
    return text === key ? line : text;
  }
  return line;
}

export function translateMessage(t: TFunction, text: string): string;
export function translateMessage(t: TFunction, text: string | null | undefined): string | null;
export function translateMessage(t: TFunction, text: string | null | undefined): string | null {
  if (!text) return null;
  return text.split('\n').map((line) => translateLine(t, line)).join('\n');
}
