/**
 * Every kind of ledger row the server writes (ledger.kind), in one list. `Movement.kind` is typed
 * from it, so a new kind of movement cannot be written until it is named here — and the client's
 * label map (shared/labels.ts, typed from this list) and the locale test follow it.
 */
export const LEDGER_KINDS = [
  /** The demo seed's starting balances. */
  'opening',
  /** An approved deposit request (game wallet). */
  'deposit',
  /** A withdrawal request holds its amount (game wallet)… */
  'withdraw_hold',
  /** …and a rejection gives it back. */
  'withdraw_release',
  /** Main ↔ game: one row per wallet. */
  'exchange',
  /** Seamless-wallet games (game wallet). */
  'game_bet',
  'game_win',
  'game_refund',
  /** 2D (main wallet): the slip's stake, a winning line's prize, a voided draw's refund. */
  'two_d_bet',
  'two_d_win',
  'two_d_refund',
  /** Digit Bet (game wallet). */
  'digit_bet',
  'digit_win',
  /** Shan Koe Mee rounds (game wallet). */
  'shan_bet',
  'shan_win',
  /** An operator's balance adjustment (domain/adjustments.ts), either wallet, either sign. */
  'adjust_bonus',
  'adjust_correction',
  'adjust_goodwill',
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];
