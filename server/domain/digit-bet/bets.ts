/**
 * Placing Digit Bets and reading a player's bets (docs/digit-bet.md). Bets go to one statement,
 * `kp_digit_bets` (migration 0014, decision 0025), alone or batched, which runs as its own
 * transaction: for each bet the Idempotency-Key's claim, the seed's next nonce, the roll, the
 * settlement, the game wallet, the bet row, the ledger rows and the player's latest bets. A bet
 * that cannot be placed (short balance, key used, no pair yet) leaves nothing: no bet, no ledger
 * row, no key, the nonce not consumed. The answer is built here from the rows tagged with the
 * bet; a replay rebuilds the same answer from the bet row the key names.
 */
import { runStatement, statement } from '../../db/statement';
import { formatMoney } from '../../lib/money';
import type { DbOrTx } from '../ledger';
import type { DigitBetInput } from './input';
import { resultMessage, type BetType, type Payouts } from './outcome';
import { ensureActivePair } from './seeds';
import { Refusal } from '../refusal';
import { refuse } from '../../i18n/refusals';

export const INSUFFICIENT_BALANCE = refuse('cashier.insufficient');
/** A banned player's bet, refused by kp_digit_bets itself (a session cache that has not heard of the ban yet lets it through). */
export const NOT_ACTIVE = refuse('auth.not_activated');
/** The SQLSTATE kp_digit_bets raises for a player who is not active. */
const NOT_ACTIVE_SQLSTATE = 'KP403';

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

/** A row of kp_digit_bets' answer (or a replay's): a bet, with the game balance the newest one left. */
interface PlacedRow extends RawRow {
  slot: number;
  status: 'placed' | 'key_taken' | 'short' | 'no_pair';
  balance: string;
}

const PLACE = statement<PlacedRow>('digit_bets_place', `select * from kp_digit_bets($1::jsonb, $2::bigint, $3::bigint, $4::bigint)`);

/** The bet a key answered and the player's bets before it: what its answer showed (bets never change). */
const REPLAY = statement<PlacedRow>(
  'digit_bet_replay',
  `select 0 as slot, 'placed' as status, b.balance_after::text as balance, ${OUT}
     from digit_bets b join digit_bets r on r.user_id = b.user_id and r.id <= b.id join digit_seeds s on s.id = r.seed_id
    where b.key_id = $1::bigint and b.balance_after is not null
    order by r.id desc limit ${HISTORY_SIZE}`,
);

/** One bet for kp_digit_bets. */
interface BetRequest {
  userId: number;
  input: DigitBetInput;
  at: Date;
  key: { key: string; storedScope: string } | undefined;
}
interface Queued extends BetRequest {
  resolve(rows: PlacedRow[]): void;
  reject(err: unknown): void;
}

/** Batches in flight at once per process, and the most bets in one. */
const BATCHES_IN_FLIGHT = 2;
const BATCH_SIZE = 50;

/**
 * Sends bets to kp_digit_bets: a bet goes at once while fewer than BATCHES_IN_FLIGHT batches are
 * in flight; the ones that arrive meanwhile wait and go together in the next, sharing its round
 * trip, its transaction and its commit (decision 0025). Idle, a bet waits for nothing; under load,
 * PostgreSQL commits several bets at once. A batch that fails (one bet's error rolls back the
 * whole statement) is sent again bet by bet, so only the bet that failed fails.
 */
export class DigitBetBatcher {
  private queue: Queued[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly payouts: Payouts,
  ) {}

  /** The rows kp_digit_bets answers for this bet. */
  submit(bet: BetRequest): Promise<PlacedRow[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...bet, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < BATCHES_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_SIZE);
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async send(batch: Queued[]): Promise<void> {
    const bets = batch.map((b, slot) => ({
      slot,
      user_id: b.userId,
      key: b.key?.key ?? null,
      scope: b.key?.storedScope ?? null,
      bet_type: b.input.betType,
      digit: b.input.digit,
      bet_amount: b.input.betAmount.toString(),
      multiplier: b.input.multiplier,
      at: b.at.toISOString(),
    }));
    const { digit, five, bigSmall } = this.payouts;
    let rows: PlacedRow[];
    try {
      rows = await runStatement(this.db, PLACE, [JSON.stringify(bets), digit.toString(), five.toString(), bigSmall.toString()]);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // Nothing of the batch committed. Each bet again on its own, one after the other (within
      // this batch's turn): the others are placed, the one that failed fails alone.
      for (const b of batch) await this.send([b]);
      return;
    }
    const bySlot = batch.map((): PlacedRow[] => []);
    for (const row of rows) bySlot[Number(row.slot)]?.push(row);
    batch.forEach((b, slot) => (bySlot[slot]!.length > 0 ? b.resolve(bySlot[slot]!) : b.reject(new Error('kp_digit_bets answered nothing for a bet'))));
  }
}

/**
 * Places one bet; `key`: the request's Idempotency-Key and its stored scope. Undefined when that
 * key was already used (nothing was done: the caller replays or refuses); throws the 400 refusal
 * when the game balance is short or the player is banned. `at` is the bet's time, stored on its row and shown in the answer.
 */
export async function placeDigitBet(
  batcher: DigitBetBatcher,
  db: DbOrTx,
  bet: BetRequest,
): Promise<PlacedBet | undefined> {
  for (let attempt = 0; ; attempt++) {
    const rows = await batcher.submit(bet).catch((err: unknown) => {
      if ((err as { code?: unknown }).code === NOT_ACTIVE_SQLSTATE) throw new Refusal('refused', NOT_ACTIVE);
      throw err;
    });
    switch (rows[0]!.status) {
      case 'placed':
        return placedAnswer(rows);
      case 'key_taken':
        return undefined;
      case 'short':
        throw new Refusal('refused', INSUFFICIENT_BALANCE);
      case 'no_pair':
        // The player's first bet, or a rotation replaced the pair meanwhile.
        if (attempt >= 3) throw new Error(`no active digit seed pair for user ${bet.userId}`);
        await ensureActivePair(db, bet.userId);
    }
  }
}

/** The answer a bet placed under this key gave, rebuilt from its row; undefined if no bet names the key. */
export async function replayedBet(db: DbOrTx, keyId: number): Promise<PlacedBet | undefined> {
  const rows = await runStatement(db, REPLAY, [keyId]);
  return rows.length > 0 ? placedAnswer(rows) : undefined;
}

/** The answer to the bet: the roll, the new game balance, this bet atop the recent ones, and its fairness facts. */
function placedAnswer([row, ...recent]: [PlacedRow, ...RawRow[]] | PlacedRow[]): PlacedBet {
  if (!row) throw new Error('a placed bet without its row');
  const nonce = Number(row.nonce);
  return {
    message: resultMessage(row.outcome, Number(row.rolled)),
    data: {
      balance: formatMoney(BigInt(row.balance)),
      history: [historyRow(row), ...recent.map(historyRow)],
      rolled_number: Number(row.rolled),
      outcome: row.outcome,
      win_amount: formatMoney(BigInt(row.win_amount)),
      stake: formatMoney(BigInt(row.stake)),
      fairness: {
        server_seed_hash: row.server_seed_hash,
        client_seed: row.client_seed,
        nonce,
        next_nonce: nonce + 1,
        seed_id: Number(row.seed_id),
      },
    },
  };
}
