/**
 * Placing a Digit Bet and reading a player's bets (docs/digit-bet.md). A bet is three statements
 * in the caller's ONE transaction: the active seed row is locked and its nonce consumed
 * (seeds.ts), the game wallet is debited the stake and credited any win (applyMovements, under
 * the wallet row lock), and the bet row is written with the player's latest history read back in
 * the same statement. A refusal throws, so the transaction rolls back whole: no bet, no ledger
 * row, and the nonce is not consumed.
 */
import { runStatement, statement } from '../../db/statement';
import { HttpError } from '../../lib/http';
import { formatMoney } from '../../lib/money';
import { InsufficientBalance, applyMovements, type DbOrTx, type Movement, type Tx } from '../ledger';
import type { DigitBetInput } from './input';
import { resultMessage, settle, type BetType, type Payouts } from './outcome';
import { rollDigit } from './roll';
import { advanceSeed } from './seeds';

export const INSUFFICIENT_BALANCE = 'Insufficient Balance';
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

const COLUMNS = 'id, created_at, bet_type, digit, bet_amount, multiplier, stake, rolled, outcome, win_amount, seed_id, nonce, client_seed';
const OUT = `r.id::text as id, r.created_at, r.bet_type, r.digit, r.bet_amount::text as bet_amount, r.multiplier,
       r.stake::text as stake, r.rolled, r.outcome, r.win_amount::text as win_amount, r.seed_id::text as seed_id,
       r.nonce, r.client_seed, s.server_seed_hash`;

/**
 * The bet row, and the player's latest HISTORY_SIZE bets with it: the new row comes from the
 * INSERT's RETURNING (the SELECT's snapshot does not see it), the older ones from the table.
 */
const INSERT_BET = statement<RawRow>(
  'digit_bet_insert',
  `with placed as (
  insert into digit_bets (id, user_id, seed_id, nonce, client_seed, bet_type, digit, bet_amount, multiplier, stake, rolled, outcome, win_amount)
  values ($1::bigint, $2::bigint, $3::bigint, $4::int, $5::text, $6::text, $7::int, $8::bigint, $9::int, $10::bigint, $11::int, $12::text, $13::bigint)
  returning ${COLUMNS}
), r as (
  select ${COLUMNS} from placed
  union all
  (select ${COLUMNS} from digit_bets where user_id = $2::bigint order by id desc limit ${HISTORY_SIZE - 1})
)
select ${OUT} from r join digit_seeds s on s.id = r.seed_id order by r.id desc`,
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

/** Rolls, settles and books one bet in the caller's transaction; throws the 400 refusal when the game balance is short. */
export async function placeDigitBet(tx: Tx, userId: number, input: DigitBetInput, payouts: Payouts): Promise<PlacedBet> {
  const seed = await advanceSeed(tx, userId);
  const rolled = rollDigit(seed.serverSeed, seed.clientSeed, seed.nonce);
  const { outcome, winAmount } = settle(input.betType, input.digit, rolled, input.stake, payouts);

  const reference = betReference(seed.betId);
  const movements: Movement[] = [{ wallet: 'game', amount: -input.stake, kind: BET_KIND, reference }];
  if (winAmount > 0n) movements.push({ wallet: 'game', amount: winAmount, kind: WIN_KIND, reference });
  let balance: bigint;
  try {
    ({ balance } = await applyMovements(tx, userId, movements));
  } catch (err) {
    if (err instanceof InsufficientBalance) throw new HttpError(400, INSUFFICIENT_BALANCE);
    throw err;
  }

  const rows = await runStatement(tx, INSERT_BET, [
    seed.betId,
    userId,
    seed.seedId,
    seed.nonce,
    seed.clientSeed,
    input.betType,
    input.digit,
    input.betAmount.toString(),
    input.multiplier,
    input.stake.toString(),
    rolled,
    outcome,
    winAmount.toString(),
  ]);

  return {
    message: resultMessage(outcome, rolled),
    data: {
      balance: formatMoney(balance),
      history: rows.map(historyRow),
      rolled_number: rolled,
      outcome,
      win_amount: formatMoney(winAmount),
      stake: formatMoney(input.stake),
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
