/** Wire types of the API contract (../shared/api-contract.md). Money fields are "1000.00" strings. */
export interface User {
  id: number;
  name: string;
  user_name: string;
  phone: string;
  balance: string;
  main_balance: string;
  member_account?: string;
  status?: number;
  /** Whether a Telegram account signs this player in (absent from older servers). */
  telegram_linked?: boolean;
  /** False for a player who signed up in Telegram and has not set a password yet. */
  has_password?: boolean;
  /** An operator reset the password: only choosing a new one (and logging out) works until then (decision 0034). */
  must_change_password?: boolean;
}

export interface Session {
  user: User;
  token: string;
}

export interface LoginInput {
  user_name: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  phone: string;
  password: string;
  password_confirmation: string;
  referral_code: string;
}

export interface TelegramSignInInput {
  /** The Mini App's raw initData query string. */
  init_data: string;
  referral_code?: string;
}

export interface SetPasswordInput {
  password: string;
  password_confirmation: string;
}

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export type FieldErrors = Record<string, string>;

/** Every failed call is normalised to this (src/api/client.ts). */
export interface ApiErrorInfo {
  /** HTTP status; 0 for a network failure. */
  status: number;
  message: string;
  /** First message per field, from a 422. */
  fieldErrors: FieldErrors;
  /** The refusal's stable code (issue 13), when the server sent one: `cashier.insufficient`, `validation.invalid`… */
  code?: string;
  /** A server failure's (5xx) X-Request-Id: the player reads it to support (issue 28). */
  requestId?: string;
}

/** A refusal as the server codes it: a stable code and its parameters (locales/refusals). */
export interface RefusalCode {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * Words for a refusal code in the reader's language, or null when they are not loaded (the
 * server's own words, already in the request's language, are used then).
 */
export type SpeakRefusal = (refusal: RefusalCode) => string | null;

// --- Wallet (api-contract.md, Two wallets) ----------------------------------------------------

export type ExchangeDirection = 'mainToGame' | 'gameToMain';

/** One exchange between the two wallets; `key` travels as the Idempotency-Key header. */
export interface ExchangeRequest {
  direction: ExchangeDirection;
  /** Whole Kyat. */
  amount: number;
  key: string;
}

/** A page of any list, normalised from the Laravel paginator (a plain list is one page). */
export interface PageOf<T> {
  items: T[];
  page: number;
  lastPage: number;
  total: number;
}

/** GET /exchange-transactions-log row. */
export interface ExchangeLogRow {
  id: number;
  amount: string;
  type: 'mainBalanceToGaming' | 'GamingToMainBalance' | string;
  created_at: string;
}

/** GET /transactions row: one ledger movement of the player. */
export interface WalletTransaction {
  id: number;
  wallet?: 'main' | 'game' | string;
  kind?: string;
  /** Signed: "+500.00" for a credit, "-500.00" for a debit. */
  amount: string;
  balance_before?: string;
  balance_after?: string;
  reference?: string | null;
  created_at?: string;
  datetime?: string;
}

// --- Cashier (api-contract.md, Cashier) -------------------------------------------------------

/** One of the agent's receiving accounts (GET /banks), whichever naming the server used. */
export interface Bank {
  id: number;
  accountName: string;
  /** Empty when the account has no number (nothing to copy). */
  accountNumber: string;
  paymentTypeId: number;
  paymentTypeName: string;
  /** Root-relative image path; resolve with mediaUrl. */
  img: string;
}

/** A payment type a withdrawal can go to. */
export interface PaymentType {
  id: number;
  name: string;
}

/** One of the player's saved payout accounts (GET /user-payment). */
export interface UserPayment {
  id: number | null;
  /** Null when the server names the type only (legacy). */
  paymentTypeId: number | null;
  paymentTypeName: string;
  accountName: string;
  accountNumber: string;
}

export interface DepositRequest {
  agent_payment_type_id: number;
  amount: number;
  refrence_no: string;
  receipt?: File | Blob | null;
  key: string;
}

export interface WithdrawRequest {
  payment_type_id: number;
  account_name: string;
  account_number: string;
  amount: number;
  password: string;
  key: string;
}

export type CashierLogStatus = ServerCashierLogStatus | (string & {});

/** GET /depositlogfinicial, /withdrawlogfinicial row. */
export interface CashierLogRow {
  id: number;
  datetime: string;
  paymentType: string;
  accountName: string;
  accountNumber: string;
  amount: string;
  status: CashierLogStatus;
}

/** 0 pending, 1 approved, 2 rejected. */
export type RequestStatus = 0 | 1 | 2;

/** GET /transaction/deposit-requestlog, /transaction/withdraw-requestlog row. */
export interface CashierRequestRow {
  id: number;
  status: RequestStatus;
  createdAt: string;
  amount: string;
  refrenceNo?: string;
  paymentType?: string;
  accountName?: string;
  accountNumber?: string;
}

// --- Games (api-contract.md, Games) -----------------------------------------------------------

/**
 * A code the server sent as a number or as text (product codes are numeric in the legacy
 * protocol). Kept as received and sent back so on launch.
 */
export type WireCode = string | number;

/** A provider as listed inside a game type (GET /game_types). */
export interface ProviderRef {
  id: number;
  code: string;
  name: string;
  shortName: string;
  /** Ready-to-use address (resolved against the API host). */
  img: string;
}

/** GET /game_types row. */
export interface GameType {
  id: number;
  name: string;
  code: string;
  img: string;
  providers: ProviderRef[];
}

/** A provider's product within one game type (GET /providers/{typeCode}). */
export interface Provider {
  /** The provider id that /game_lists/{typeId}/{providerId} takes. */
  id: number;
  productId: number;
  code: string;
  name: string;
  shortName: string;
  productCode: WireCode;
  productName: string;
  productTitle: string;
  gameType: WireCode;
  img: string;
}

/** A game tile (GET /game_lists/…, /hot_game_lists). */
export interface Game {
  id: number;
  gameCode: string;
  gameName: string;
  gameType: WireCode;
  productCode: WireCode;
  /** The provider's name as the server gave it ('' when absent). */
  provider: string;
  img: string;
  isHot: boolean;
}

/** POST /seamless/launch-game body. */
export interface LaunchRequest {
  game_code: string;
  product_code: WireCode;
  game_type: WireCode;
}

/**
 * The launch call's answer, whatever the HTTP status: `code` is the body's code (or the HTTP
 * status when the body has none). Code 200 with `url` or `content` launches; anything else fails.
 */
export interface LaunchAnswer {
  code: number;
  message?: string;
  url?: string;
  content?: string;
}

export type GameLogPeriod = ServerGameLogPeriod;

/** GET /player/game-logs row; money as "1000.00" strings. */
export interface GameLogRow {
  gameName: string;
  spinCount: number;
  turnover: string;
  totalPayout: string;
  winLoss: string;
  /** Period bounds as the server sent them ('' when absent). */
  from: string;
  to: string;
}

/** GET /toptenwithdraw row. */
export interface TopWithdrawRow {
  playerId: string;
  amount: string;
}

// --- Content (api-contract.md, Content) -------------------------------------------------------

/** GET /banner row; `img` is a ready-to-use address. */
export interface Banner {
  id: number;
  img: string;
  /** The banner's words, for assistive tech ('' when the server sends none). */
  title: string;
}

/** GET /popup-ads-banner; `img` is a ready-to-use address ('' when the ad has none). */
export interface PopupAd {
  id: number;
  img: string;
  text: string;
  /** Where its button goes: a path on this site or an https link; '' = no button. */
  link: string;
}

/** GET /promotion row, in the asked language; `img` is a ready-to-use address ('' when none). */
export interface Promotion {
  id: number;
  title: string;
  description: string;
  img: string;
}

/**
 * GET /contact row: a support channel. `name` is as the operator wrote it (viber, telegram,
 * facebook, line, or anything else); `link` is the address it opens; `img` is ready to use ('' when none).
 */
export interface ContactChannel {
  id: number;
  name: string;
  link: string;
  img: string;
}

/** GET /videoads row; `video` and `poster` are ready-to-use addresses ('' when absent). */
export interface VideoAd {
  id: number;
  video: string;
  poster: string;
  /** The operator's caption in the asked language ('' when none). */
  title: string;
}

// --- 2D lottery (api-contract.md, 2D lottery) -------------------------------------------------

export type TwoDSession = 'morning' | 'evening';

/** One row of the live feed's result list (GET /live). */
export interface LiveResult {
  openTime: string;
  set: string;
  value: string;
  twod: string;
}

/** GET /live, polled every 2 s: the live number, the server's clock and today's result rows. */
export interface LiveSnapshot {
  live: { twod: string; date: string; time: string };
  serverTime: string;
  result: LiveResult[];
  /** Today's trading and the next opening as the server knows them (holidays); absent from a legacy server. */
  trading?: TradingToday | null;
}

/** One number of the bet grid: break = all players' limit, remaining = break − staked (whole Ks). */
export interface NumberAvailability {
  num: string;
  breakAmount: number;
  staked: number;
  remaining: number;
  /** Closed by an operator (the number or its head digit), or the session is closed. */
  closed: boolean;
}

/** GET /twod-availability: the session betting is open for, its cut-off and every number. */
export interface TwoDAvailability {
  date: string;
  session: TwoDSession;
  /** 'open' while bets are taken; 'closed' or 'holiday' (our server) or anything else: closed. */
  status: string;
  /** When betting on this draw closes (ISO). */
  closesAt: string;
  /** When it opens, for a draw not open yet (ISO); null otherwise. */
  opensAt: string | null;
  numbers: NumberAvailability[];
}

/** One line of a 2D bet: a number '00'-'99' and its stake in whole Kyat. */
export interface TwoDLine {
  num: string;
  amount: number;
}

/** The stored bet selection (spec §3, localStorage): what /2d/confirm shows. */
export interface TwoDDraft {
  totalAmount: number;
  amounts: TwoDLine[];
  /** The draw the selection was made for; absent in a selection stored by an older build. */
  session?: TwoDSession | null;
}

/** POST /twod-bet; `key` travels as the Idempotency-Key header, `session` only when known. */
export interface TwoDBetRequest extends TwoDDraft {
  session: TwoDSession | null;
  key: string;
}

/** One line of a bet slip. `winLose` is null until the draw is settled. */
export interface SlipBet {
  id: number;
  betNumber: string;
  betAmount: string;
  winLose: boolean | null;
  potentialPayout: string;
}

/** GET /twod-bet-slips, /evening-twod-bet-slips row; money as "1000.00" strings. */
export interface Slip {
  id: number;
  slipNo: string;
  playerName: string;
  totalBetAmount: string;
  session: string;
  status: string;
  gameDate: string;
  beforeBalance: string;
  afterBalance: string;
  bets: SlipBet[];
}

export interface TwoDWinner {
  memberName: string;
  betAmount: string;
  winAmount: string;
}

/** One draw's result and winners. */
export interface DrawWinners {
  date: string;
  session: string;
  winDigit: string;
  winners: TwoDWinner[];
}

/**
 * GET /two-d-daily-winners: with a session, that draw (`draw`); without, the latest results of
 * both draws (`latestResults`). Whichever the server did not send is null / empty.
 */
export interface DailyWinners {
  draw: DrawWinners | null;
  latestResults: DrawWinners[];
}

/** GET /2d/holidays row. */
export interface TwoDHoliday {
  date: string;
  name: string;
  /** The weekday's name as the server gave it ('' when absent). */
  weekday: string;
  /** The holiday's stable key (named in the reader's language), or null: show `name` as it is. */
  key: HolidayKey | null;
  /** A substitution day for the holiday `key` names. */
  substitute: boolean;
}

/** GET /shan/info: what the Shan launcher card shows (defaults when a legacy backend has none). */
export interface ShanInfo {
  productCode: string;
  operatorCode: string;
  gameName: string;
}

/** POST /shan-launch-game body; the server fills member_account from the session when absent. */
export interface ShanLaunchRequest {
  member_account?: string;
  operator_code: string;
}

/**
 * POST /shan-launch-game answer for any HTTP status that came with a body (a 422/403/502
 * `{ status: "fail", … }` included): the launch machine decides what it means.
 */
export interface ShanLaunchAnswer {
  /** "success" or "fail" ('' when the body had none). */
  status: string;
  launchGameUrl?: string;
  message?: string;
  /** `errors.operator_code`, every message. */
  operatorCodeErrors?: string[];
  errorDetail?: string;
}

// --- Digit Bet (api-contract.md, Digit Bet; docs/digit-bet.md) ---------------------------------

export type DigitBetType = ServerDigitBetType;
/** Big (5-9) or Small (0-4). */
export type DigitSide = 'big' | 'small';
export type DigitOutcome = ServerDigitOutcome;

/** GET /digitbet/history row (also `data.history` of a bet). Money fields are "10.00" strings. */
export interface DigitBetRow {
  id: number;
  /** ISO timestamp. */
  timestamp: string;
  betType: DigitBetType;
  digit: number | null;
  betAmount: string;
  multiplier: number;
  stake: string;
  rolledNumber: number;
  outcome: DigitOutcome;
  winAmount: string;
  profit: string;
  /** Provably fair reference (null from a legacy backend). */
  seedId: number | null;
  nonce: number | null;
  clientSeed: string;
  serverSeedHash: string;
}

/** POST /digitbet; `key` travels as the Idempotency-Key header. */
export interface DigitBetRequest {
  betType: DigitBetType;
  digit: number | null;
  betAmount: number;
  multiplier: number;
  key: string;
}

/** The seed pair a roll used, as the bet answer reports it. */
export interface DigitRollFairness {
  seedId: number | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number | null;
  nextNonce: number | null;
}

/**
 * POST /digitbet answer: a settled roll, or the server's refusal (`success: false`, e.g.
 * "Insufficient Balance" or a 422), which moved nothing.
 */
export type DigitBetAnswer =
  | {
      success: true;
      message: string;
      /** Game balance after the bet. */
      balance: string;
      history: DigitBetRow[];
      rolledNumber: number;
      outcome: DigitOutcome;
      winAmount: string;
      stake: string;
      fairness: DigitRollFairness | null;
    }
  | { success: false; message: string };

/** The active seed pair: its commitment, the client seed and the next nonce. */
export interface DigitSeedPair {
  seedId: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A rotated (finished) seed pair with its server seed revealed. */
export interface RevealedSeed {
  seedId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Bets made with it (= its final nonce). */
  bets: number;
  createdAt: string;
  revealedAt: string;
}

/** GET /digitbet/fairness and POST /digitbet/seed/rotate. */
export interface DigitFairness {
  current: DigitSeedPair;
  revealed: RevealedSeed[];
}

/*
 * The contract's enumerations, from the lists the server writes with (shared/contract: type-only
 * here). The client's label maps (shared/labels.ts) are typed from them, so a value the server
 * starts writing fails the type check until it has a label.
 */
export type { LedgerKind } from '../../shared/contract/ledger-kinds';
export type { SlipStatus } from '../../shared/contract/slip-status';
export type { RequestStatus as RequestStatusCode, StatusLabel as ServerCashierLogStatus } from '../../shared/contract/cashier-status';
import type { StatusLabel as ServerCashierLogStatus } from '../../shared/contract/cashier-status';
export type { HolidayKey } from '../../shared/contract/holidays';
import type { HolidayKey } from '../../shared/contract/holidays';
import type { TradingToday } from '../../shared/two-d/draw-clock';
import type { Period as ServerGameLogPeriod } from '../../shared/contract/game-log-periods';
import type { BetType as ServerDigitBetType, Outcome as ServerDigitOutcome } from '../../shared/contract/digit-bet';
