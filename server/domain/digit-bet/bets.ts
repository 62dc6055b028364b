/**
 * Placing a Digit Bet and reading a player's bets (docs/digit-bet.md). A bet is one transaction
 * in two round trips: (1) with BEGIN (and the Idempotency-Key's claim), the game wallet row is
 * locked and read, the active seed row locked and its nonce consumed (seeds.ts), and the
 * player's latest bets read (`openingSteps`); the roll, the settlement and the new balance
 * are then computed here, the balance checked against the stake; (2) the ledger movement
 * (ledger.ts movementStep, under the lock already held), a check that the balances are now what
 * was computed, and the bet row, handed back to the caller to send with COMMIT (`withCommit`).
 * The answer is complete before that last round trip. A refusal throws, so the transaction rolls
 * back whole: no bet, no ledger row, and the nonce is not consumed.
 */
import { runStatement, statement } from '../../db/statement';
import type { Step, StepRows } from '../../db/transaction';
import { formatMoney } from '../../lib/money';
import { InsufficientBalance, afterMovements, balanceCheckStep, lockWalletStep, movementStep, type DbOrTx, type Movement, type Tx } from '../ledger';
import type { DigitBetInput } from './input';
import { resultMessage, settle, type BetType, type Payouts } from './outcome';
import { rollDigit } from './roll';
import { advanceSeed, advanceStep, type AdvancedSeed } from './seeds';
import { Refusal } from '../refusal';
import { refuse } from '../../i18n/refusals';

export const INSUFFICIENT_BALANCE = refuse('cashier.insufficient');
/** Ledger kinds and reference. */
export const BET_KIND = 'digit_bet';
export const WIN_KIND = 'digit_win';
export const betReference = (betId: number) => `digit_bet:${betId}`;

/** Rows in a bet's answer and in GET /digitbet/history. */
export const HISTORY_SIZE = 20;
/** Rows of one seed pair in GET /digitbet/history?seed_id=N. */
export const SEED_HISTORY_SIZE = 500;

export interface HistoryRow {
  id: number;
  timestamp: string;
  betType: BetType;
  digit: number | null;
  bet_amount: string;
  multiplier: number;
  stake: string;
  rolledNumber: number;
  outcome: 'win' | 'lose';
  win_amount: string;
  profit: string;
  seed_id: number;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
}

interface RawRow {
  id: string;
  created_at: Date | string;
  bet_type: BetType;
  digit: number | null;
  bet_amount: string;
  multiplier: number;
  stake: string;
  rolled: number;
  outcome: 'win' | 'lose';
  win_amount: string;
  seed_id: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
}

function historyRow(r: RawRow): HistoryRow {
  const stake = BigInt(r.stake);
  const win = BigInt(r.win_amount);
  return {
    id: Number(r.id),
    timestamp: new Date(r.created_at).toISOString(),
    betType: r.bet_type,
    digit: r.digit === null ? null : Number(r.digit),
    bet_amount: formatMoney(BigInt(r.bet_amount)),
    multiplier: Number(r.multiplier),
    stake: formatMoney(stake),
    rolledNumber: Number(r.rolled),
    outcome: r.outcome,
    win_amount: formatMoney(win),
    profit: formatMoney(win - stake),
    seed_id: Number(r.seed_id),
    nonce: Number(r.nonce),
    client_seed: r.client_seed,
    server_seed_hash: r.server_seed_hash,
  };
}

const OUT = `r.id::text as id, r.created_at, r.bet_type, r.digit, r.bet_amount::text as bet_amount, r.multiplier,
       r.stake::text as stake, r.rolled, r.outcome, r.win_amount::text as win_amount, r.seed_id::text as seed_id,
       r.nonce, r.client_seed, s.server_seed_hash`;

/** The bet row; its created_at is the time the answer shows. */
const INSERT_BET = statement<never>(
  'digit_bet_insert_at',
  `insert into digit_bets (id, user_id, seed_id, nonce, client_seed, bet_type, digit, bet_amount, multiplier, stake, rolled, outcome, win_amount, created_at)
  values ($1::bigint, $2::bigint, $3::bigint, $4::int, $5::text, $6::text, $7::int, $8::bigint, $9::int, $10::bigint, $11::int, $12::text, $13::bigint, $14::timestamptz)`,
);

/** The player's bets before this one that the answer lists with it. */
const RECENT = statement<RawRow>(
  'digit_history_recent',
  `select ${OUT} from digit_bets r join digit_seeds s on s.id = r.seed_id
    where r.user_id = $1::bigint order by r.id desc limit ${HISTORY_SIZE - 1}`,
);

const HISTORY = statement<RawRow>(
  'digit_history',
  `select ${OUT} from digit_bets r join digit_seeds s on s.id = r.seed_id
    where r.user_id = $1::bigint order by r.id desc limit ${HISTORY_SIZE}`,
);

const SEED_HISTORY = statement<RawRow>(
  'digit_history_seed',
  `select ${OUT} from digit_bets r join digit_seeds s on s.id = r.seed_id
    where r.user_id = $1::bigint and r.seed_id = $2::bigint order by r.id desc limit ${SEED_HISTORY_SIZE}`,
);

/** The player's latest bets, or (with `seedId`) their bets under that pair of theirs; newest first. */
export async function betHistory(db: DbOrTx, userId: number, seedId?: number): Promise<HistoryRow[]> {
  const rows = seedId === undefined ? await runStatement(db, HISTORY, [userId]) : await runStatement(db, SEED_HISTORY, [userId, seedId]);
  return rows.map(historyRow);
}

export interface PlacedBet {
  message: string;
  data: {
    balance: string;
    history: HistoryRow[];
    rolled_number: number;
    outcome: 'win' | 'lose';
    win_amount: string;
    stake: string;
    fairness: { server_seed_hash: string; client_seed: string; nonce: number; next_nonce: number; seed_id: number };
  };
}

/**
 * A bet's first statements, for the caller to send in the transaction's first round trip (with
 * BEGIN and the Idempotency-Key's claim): the game wallet row's lock and balance, the seed advance,
 * which takes the seed row lock, and then the player's latest bets. Always the wallet first, then
 * the seed: a bet that found no active pair creates one while holding the wallet, so the other
 * order would let two first bets deadlock (a rotation takes only the seed row). The bets are read
 * by a separate statement, so that it reads what was committed before the locks were granted:
 * under READ COMMITTED each statement takes its snapshot when it starts, and a bet of this player
 * that held the locks committed before the advance got them.
 */
export function openingSteps(userId: number) {
  return [lockWalletStep(userId), advanceStep(userId), [RECENT, [userId]] as Step<RawRow>] as const;
}
export type Opening = StepRows<ReturnType<typeof openingSteps>>;

export interface Booking {
  placed: PlacedBet;
  /** The ledger movement, its check and the bet row's INSERT: the caller sends them with COMMIT; the transaction must not commit without them. */
  withCommit: Step[];
}

/**
 * Rolls, settles and books one bet in the caller's transaction, after `opening` (the rows of
 * openingSteps, run in it); throws the 400 refusal when the game balance is short. `at` is the
 * bet's time, stored on its row and shown in the answer.
 */
export async function placeDigitBet(
  tx: Tx,
  userId: number,
  input: DigitBetInput,
  payouts: Payouts,
  at: Date,
  opening: Opening,
): Promise<Booking> {
  const [[wallet], advanced, earlier] = opening;
  if (!wallet) throw new Error(`no such user ${userId}`);
  const seed = await advanceSeed(tx, userId, advanced);
  // No active pair at first (the player's first bet, or a rotation replaced it): read them again,
  // now that the lock is held.
  const recent = advanced.length > 0 ? earlier : await runStatement(tx, RECENT, [userId]);
  const rolled = rollDigit(seed.serverSeed, seed.clientSeed, seed.nonce);
  const { outcome, winAmount } = settle(input.betType, input.digit, rolled, input.stake, payouts);

  const reference = betReference(seed.betId);
  const movements: Movement[] = [{ wallet: 'game', amount: -input.stake, kind: BET_KIND, reference }];
  if (winAmount > 0n) movements.push({ wallet: 'game', amount: winAmount, kind: WIN_KIND, reference });
  // The wallet row is locked since the first round trip: nothing else moves this balance before COMMIT.
  const after = balancesAfter({ balance: BigInt(wallet.balance), mainBalance: BigInt(wallet.main_balance) }, movements);

  const row = betRow(seed, input, { rolled, outcome, winAmount }, at);
  const insert: Step = [
    INSERT_BET,
    [row.id, userId, row.seed_id, row.nonce, row.client_seed, row.bet_type, row.digit, row.bet_amount, row.multiplier, row.stake, row.rolled, row.outcome, row.win_amount, at.toISOString()],
  ];
  const placed = placedAnswer(row, recent, seed, after.balance);
  return { placed, withCommit: [movementStep(userId, movements), balanceCheckStep(userId, after), insert] };
}

type Balances = { balance: bigint; mainBalance: bigint };

/** The balances once the movements are made, or the 400 refusal when the game balance is short. */
function balancesAfter(start: Balances, movements: Movement[]): Balances {
  try {
    return afterMovements(start, movements);
  } catch (err) {
    if (err instanceof InsufficientBalance) throw new Refusal('refused', INSUFFICIENT_BALANCE);
    throw err;
  }
}

/** The bet as its row will be stored (and read back in a history). */
function betRow(seed: AdvancedSeed, input: DigitBetInput, roll: { rolled: number; outcome: 'win' | 'lose'; winAmount: bigint }, at: Date): RawRow {
  return {
    id: String(seed.betId),
    created_at: at,
    bet_type: input.betType,
    digit: input.digit,
    bet_amount: input.betAmount.toString(),
    multiplier: input.multiplier,
    stake: input.stake.toString(),
    rolled: roll.rolled,
    outcome: roll.outcome,
    win_amount: roll.winAmount.toString(),
    seed_id: String(seed.seedId),
    nonce: seed.nonce,
    client_seed: seed.clientSeed,
    server_seed_hash: seed.serverSeedHash,
  };
}

/** The answer to the bet: the roll, the new game balance, this bet atop the recent ones, and its fairness facts. */
function placedAnswer(row: RawRow, recent: RawRow[], seed: AdvancedSeed, balance: bigint): PlacedBet {
  const winAmount = BigInt(row.win_amount);
  return {
    message: resultMessage(row.outcome, row.rolled),
    data: {
      balance: formatMoney(balance),
      history: [historyRow(row), ...recent.map(historyRow)],
      rolled_number: row.rolled,
      outcome: row.outcome,
      win_amount: formatMoney(winAmount),
      stake: formatMoney(BigInt(row.stake)),
      fairness: {
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
        nonce: seed.nonce,
        next_nonce: seed.nonce + 1,
        seed_id: seed.seedId,
      },
    },
  };
}
