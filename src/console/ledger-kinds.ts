import type { LedgerKind } from '../api/types';

/**
 * Every ledger kind the server writes (shared/contract/ledger-kinds.ts), as the console's locale key
 * (locales/admin/*.json). Typed from the server's list, so a new kind fails the type check until it
 * is named here; tests/i18n/console-ledger-kinds.test.ts checks each has words in four languages.
 */
export const LEDGER_KIND_KEYS = {
  opening: 'admin.ledgerKindOpening',
  deposit: 'admin.ledgerKindDeposit',
  withdraw_hold: 'admin.ledgerKindWithdrawHold',
  withdraw_release: 'admin.ledgerKindWithdrawRelease',
  exchange: 'admin.ledgerKindExchange',
  game_bet: 'admin.ledgerKindGameBet',
  game_win: 'admin.ledgerKindGameWin',
  game_refund: 'admin.ledgerKindGameRefund',
  two_d_bet: 'admin.ledgerKindTwoDBet',
  two_d_win: 'admin.ledgerKindTwoDWin',
  two_d_refund: 'admin.ledgerKindTwoDRefund',
  digit_bet: 'admin.ledgerKindDigitBet',
  digit_win: 'admin.ledgerKindDigitWin',
  shan_bet: 'admin.ledgerKindShanBet',
  shan_win: 'admin.ledgerKindShanWin',
  adjust_bonus: 'admin.ledgerKindAdjustBonus',
  adjust_correction: 'admin.ledgerKindAdjustCorrection',
  adjust_goodwill: 'admin.ledgerKindAdjustGoodwill',
} as const satisfies Record<LedgerKind, `admin.ledgerKind${string}`>;
