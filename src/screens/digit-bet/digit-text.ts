/** How the Digit Bet screen words the machine's codes (spec §4, §8 verbatim in English). */
import type { TFunction } from 'i18next';
import type { DigitBetType } from '../../api/types';
import { translateMessage } from '../../app/messages';
import type { DigitStatus } from '../../machines/digit-bet/digit-bet-rules';
import { formatAmount } from '../../lib/money';

/** A refusal as the server worded it in the reader's language (it carries a code; src/api/client.ts). */
export function refusalText(t: TFunction, message: string): string {
  return translateMessage(t, message) || t('digit.betFailed');
}

export type StatusTone = 'win' | 'loss' | 'info' | 'error';

export interface StatusView {
  tone: StatusTone;
  text: string;
}

export function statusView(t: TFunction, status: DigitStatus): StatusView {
  switch (status.code) {
    case 'noBet':
      return { tone: 'info', text: t('digit.noBet') };
    case 'won':
    case 'lost': {
      const won = status.code === 'won';
      const n = status.rolled;
      // Big/Small bets name the side the rolled number fell on: 'You Won! The number was 7 (Big).'
      const text = status.side
        ? t(won ? 'digit.wonSide' : 'digit.lostSide', { n, side: t(status.side === 'big' ? 'digit.big' : 'digit.small') })
        : t(won ? 'digit.won' : 'digit.lost', { n });
      return { tone: won ? 'win' : 'loss', text };
    }
    case 'refused':
      return { tone: 'error', text: `❌ ${refusalText(t, status.message)}` };
    case 'backendError':
      return { tone: 'error', text: t('digit.backendError', { message: translateMessage(t, status.message) }) };
    case 'offline':
      return { tone: 'error', text: t('digit.offline') };
  }
}

export function betTypeText(t: TFunction, betType: DigitBetType): string {
  if (betType === 'big') return t('digit.big');
  return betType === 'small' ? t('digit.small') : t('digit.typeDigit');
}

/** MMK with two decimals (spec §9), from a whole or decimal number of Kyat. */
export const mmk = (amount: number) => formatAmount(amount.toFixed(2));
