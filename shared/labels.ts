/**
 * Every code the server sends that a player reads — ledger kinds, cashier statuses, 2D slip
 * statuses, game-log periods, Digit Bet bet types and outcomes, 2D holidays — as a locale key.
 * Each map is typed from the list the server writes with (shared/contract), so a value the server
 * starts writing fails the type check until it is named here, and tests/i18n/labels.test.ts checks
 * every one has words in all four languages. Nothing is shown raw (`digit_bet`) any more.
 */
import type { TFunction } from 'i18next';
import type { StatusLabel as CashierLogStatus, RequestStatus as RequestStatusCode } from './contract/cashier-status';
import type { BetType as DigitBetType, Outcome as DigitOutcome } from './contract/digit-bet';
import type { Period as GameLogPeriod } from './contract/game-log-periods';
import type { HolidayKey } from './contract/holidays';
import type { LedgerKind } from './contract/ledger-kinds';
import type { SlipStatus } from './contract/slip-status';

export const LEDGER_KIND_LABELS = {
  opening: 'ledger.opening',
  deposit: 'ledger.deposit',
  withdraw_hold: 'ledger.withdrawHold',
  withdraw_release: 'ledger.withdrawRelease',
  exchange: 'ledger.exchange',
  game_bet: 'ledger.gameBet',
  game_win: 'ledger.gameWin',
  game_refund: 'ledger.gameRefund',
  two_d_bet: 'ledger.twoDBet',
  two_d_win: 'ledger.twoDWin',
  two_d_refund: 'ledger.twoDRefund',
  digit_bet: 'ledger.digitBet',
  digit_win: 'ledger.digitWin',
  shan_bet: 'ledger.shanBet',
  shan_win: 'ledger.shanWin',
  adjust_bonus: 'ledger.adjustBonus',
  adjust_correction: 'ledger.adjustCorrection',
  adjust_goodwill: 'ledger.adjustGoodwill',
} as const satisfies Record<LedgerKind, `ledger.${string}`>;

/** Deposit/withdraw log words (spec §4: Pending yellow, Success green, anything else red). */
export const CASHIER_LOG_LABELS = {
  Pending: 'log.pending',
  Success: 'log.success',
  Reject: 'log.rejected',
} as const satisfies Record<CashierLogStatus, `log.${string}`>;

/** Request status codes: 0 waiting, 1 transferred, 2 rejected. */
export const REQUEST_STATUS_LABELS = {
  0: 'log.waiting',
  1: 'log.transferred',
  2: 'log.rejected',
} as const satisfies Record<RequestStatusCode, `log.${string}`>;

export const SLIP_STATUS_LABELS = {
  pending: 'two_d.slipPending',
  completed: 'two_d.slipCompleted',
  voided: 'two_d.slipVoided',
} as const satisfies Record<SlipStatus, `two_d.${string}`>;

export const GAME_LOG_PERIOD_LABELS = {
  today: 'log.today',
  yesterday: 'log.yesterday',
  this_week: 'log.thisWeek',
  last_week: 'log.lastWeek',
} as const satisfies Record<GameLogPeriod, `log.${string}`>;

export const DIGIT_BET_TYPE_LABELS = {
  digit: 'digit.typeDigit',
  big: 'digit.big',
  small: 'digit.small',
} as const satisfies Record<DigitBetType, `digit.${string}`>;

export const DIGIT_OUTCOME_LABELS = {
  win: 'digit.win',
  lose: 'digit.lose',
} as const satisfies Record<DigitOutcome, `digit.${string}`>;

export const HOLIDAY_LABELS = {
  newYearsDay: 'two_d_holiday.newYearsDay',
  makhaBucha: 'two_d_holiday.makhaBucha',
  chakriDay: 'two_d_holiday.chakriDay',
  songkran: 'two_d_holiday.songkran',
  labourDay: 'two_d_holiday.labourDay',
  coronationDay: 'two_d_holiday.coronationDay',
  visakhaBucha: 'two_d_holiday.visakhaBucha',
  queenSuthidaBirthday: 'two_d_holiday.queenSuthidaBirthday',
  kingsBirthday: 'two_d_holiday.kingsBirthday',
  asarnhaBucha: 'two_d_holiday.asarnhaBucha',
  khaoPhansa: 'two_d_holiday.khaoPhansa',
  queenMotherBirthday: 'two_d_holiday.queenMotherBirthday',
  kingBhumibolMemorial: 'two_d_holiday.kingBhumibolMemorial',
  chulalongkornDay: 'two_d_holiday.chulalongkornDay',
  kingBhumibolBirthday: 'two_d_holiday.kingBhumibolBirthday',
  constitutionDay: 'two_d_holiday.constitutionDay',
  newYearsEve: 'two_d_holiday.newYearsEve',
} as const satisfies Record<HolidayKey, `two_d_holiday.${string}`>;

const has = <T extends object>(map: T, key: unknown): key is keyof T => (typeof key === 'string' || typeof key === 'number') && Object.hasOwn(map, key);

export const isHolidayKey = (key: unknown): key is HolidayKey => has(HOLIDAY_LABELS, key);

/**
 * A ledger kind in the reader's language. A kind this build does not know yet (a newer server)
 * reads as "Other" rather than as its code.
 */
export function ledgerKindLabel(t: TFunction, kind: string | undefined): string {
  return has(LEDGER_KIND_LABELS, kind) ? t(LEDGER_KIND_LABELS[kind]) : t('ledger.other');
}

/** A holiday's name in the reader's language; one this build does not know keeps the operator's words. */
export function holidayLabel(t: TFunction, holiday: { name: string; key: HolidayKey | null; substitute: boolean }): string {
  if (!holiday.key) return holiday.name;
  const name = t(HOLIDAY_LABELS[holiday.key]);
  return holiday.substitute ? t('two_d_holiday.substitute', { name }) : name;
}
