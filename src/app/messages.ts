import type { TFunction } from 'i18next';

import * as FIXED from '../lib/fixed-texts';
import * as TWO_D from '../lib/two-d/messages';

/**
 * The site's own fixed texts (src/lib/fixed-texts.ts, src/lib/two-d/messages.ts: the spec's
 * wording, partly Burmese) by their constants, to the locale keys that word them in the reader's
 * language. Server refusals are not here: they carry codes and come worded in the reader's
 * language (X-Lang; worded again from the code in src/api/client.ts); anything else shows as it came.
 */
const PAIRS = [
  [FIXED.ENTER_AMOUNT, 'transfer.enterAmount'],
  [FIXED.TRANSFERRED, 'transfer.success'],
  [FIXED.CHOOSE_PAYMENT_TYPE, 'cashier.choosePaymentType'],
  [FIXED.SOMETHING_WRONG, 'errors.somethingWrong'],
  [FIXED.NETWORK_ERROR, 'errors.network'],
  [FIXED.UNEXPECTED_ERROR, 'errors.generic'],
  [FIXED.INVALID_AMOUNT, 'wallet.invalidAmount'],
  [FIXED.EXCHANGE_FAILED, 'wallet.exchangeFailed'],
  [FIXED.EXCHANGED, 'wallet.exchangeSuccess'],
  [FIXED.DEPOSITED, 'cashier.depositSuccess'],
  [FIXED.WITHDRAWN, 'cashier.withdrawSuccess'],
  [FIXED.LAUNCH_NO_URL, 'games.launchNoUrl'],
  [FIXED.LAUNCH_FAILED, 'games.launchFailed'],
  [FIXED.POPUP_BLOCKED, 'games.popupBlocked'],
  [TWO_D.BET_PLACED, 'two_d.betPlaced'],
  [TWO_D.BET_FAILED, 'two_d.betFailed'],
  [TWO_D.BET_NETWORK_ERROR, 'two_d.networkError'],
  [TWO_D.LIVE_FAILED, 'two_d.liveFailed'],
  [TWO_D.WINNERS_FAILED, 'two_d_winners.failed'],
  [TWO_D.WINNERS_FORBIDDEN, 'two_d_winners.forbidden'],
  [TWO_D.NO_WINNERS, 'two_d_winners.noWinners'],
  [TWO_D.NO_WINNER_DATA, 'two_d_winners.noData'],
] as const;
const KNOWN = new Map<string, (typeof PAIRS)[number][1]>(PAIRS);

function translateLine(t: TFunction, line: string): string {
  const key = KNOWN.get(line.trim());
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
