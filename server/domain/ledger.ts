import { eq, sql } from 'drizzle-orm';
import { runStatement, statement } from '../db/statement';
import { ledger, users } from '../db/schema';
import type { LedgerKind } from '../../shared/contract/ledger-kinds';

/** Transaction handles live with the database types (db/types.ts); re-exported for the domain. */
export type { DbOrTx, Tx } from '../db/types';
import type { DbOrTx, Tx } from '../db/types';

export type Wallet = 'main' | 'game';

export interface Movement {
  wallet: Wallet;
  /** Signed pya: positive credits, negative debits. Never zero. */
  amount: bigint;
  /** What moved it (./ledger-kinds): 'exchange', 'deposit', 'withdraw_hold', 'digit_bet' … */
  kind: LedgerKind;
  /** What it belongs to, e.g. 'exchange:12' or 'deposit_request:7'. */
  reference: string;
}

export interface Balances {
  balance: bigint;
  mainBalance: bigint;
}

/** The movement would take a wallet below zero; nothing was written. `available`: that wallet's balance then (pya), when read. */
export class InsufficientBalance extends Error {
  constructor(
    readonly wallet: Wallet,
    readonly available?: bigint,
  ) {
    super(`insufficient ${wallet} balance`);
    this.name = 'InsufficientBalance';
  }
}

/**
 * How money moves (the Digit Bet's statement, kp_digit_bets, does the same in SQL: decision 0025):
 * locks the player's wallet row, checks that no wallet goes negative at
 * any step, updates the balances and writes one ledger row per movement — all inside the
 * caller's transaction, so the change and its ledger rows commit or roll back together.
 *
 * It is a single statement: an UPDATE … WHERE (the balances suffice) … RETURNING takes the row
 * lock, and a data-modifying CTE writes the ledger rows from the balances it returns. A
 * concurrent mover waits for that lock and then re-checks the WHERE against the committed
 * balances (READ COMMITTED; stricter isolation fails with a serialization error instead), so a
 * check can never pass on a stale read. The lock is the one an UPDATE of non-key columns takes
 * (FOR NO KEY UPDATE): rows that reference the user, inserted by callers just before (an
 * exchange, a withdrawal), take KEY SHARE on it, which does not conflict; FOR UPDATE would
 * deadlock two such callers on one player. One statement instead of three matters: each round
 * trip costs both processes CPU, and the row lock is held for fewer of them (bench/money.ts).
 * The CHECK constraints on users and ledger stand behind the check here.
 */
export async function applyMovements(tx: Tx, userId: number, movements: Movement[]): Promise<Balances> {
  const plan = planMovements(movements);
  const params = [plan.delta.game, plan.delta.main, userId, plan.floor.game, plan.floor.main, plan.rows];
  // A named statement, so node-postgres parses and plans it once per connection (planning this
  // CTE costs PostgreSQL about as much as running it).
  const [row] = await runStatement(tx, APPLY_MOVEMENTS, params);
  if (row) return { balance: BigInt(row.balance), mainBalance: BigInt(row.main_balance) };
  throw await refusal(tx, userId, plan);
}

interface MovedRow {
  balance: string;
  main_balance: string;
}

/** $1/$2 net change of the game/main wallet, $3 user, $4/$5 their floors, $6 the rows as JSON. */
const APPLY_MOVEMENTS = statement<MovedRow>(
  'ledger_apply_movements',
  `
with moved as (
  update users
     set balance = balance + $1::bigint, main_balance = main_balance + $2::bigint, updated_at = now()
   where id = $3::bigint and balance + $4::bigint >= 0 and main_balance + $5::bigint >= 0
  returning balance, main_balance
), written as (
  insert into ledger (user_id, wallet, kind, amount, balance_before, balance_after, reference)
  select $3::bigint, m.wallet, m.kind, m.amount,
         (case m.wallet when 'game' then moved.balance else moved.main_balance end) + m.shift - m.amount,
         (case m.wallet when 'game' then moved.balance else moved.main_balance end) + m.shift,
         m.reference
    from moved
   cross join jsonb_to_recordset($6::jsonb)
         as m(seq int, wallet text, kind text, amount bigint, shift bigint, reference text)
   order by m.seq
  returning 1
)
select balance::text as balance, main_balance::text as main_balance from moved`,
);

interface Plan {
  /** Net change per wallet, as text for the statement. */
  delta: Record<Wallet, string>;
  /** The lowest running change per wallet (≤ 0): the balance must cover it. */
  floor: Record<Wallet, string>;
  /** The ledger rows as JSON; `shift` places each row's balance_after relative to the final balance. */
  rows: string;
  lowest: Record<Wallet, bigint>;
}

function planMovements(movements: Movement[]): Plan {
  if (movements.length === 0) throw new RangeError('no movements');
  const running: Record<Wallet, bigint> = { main: 0n, game: 0n };
  const lowest: Record<Wallet, bigint> = { main: 0n, game: 0n };
  const prefix = movements.map((m) => {
    if (m.amount === 0n) throw new RangeError('a movement of zero');
    if (m.wallet !== 'main' && m.wallet !== 'game') throw new RangeError(`no such wallet ${String(m.wallet)}`);
    running[m.wallet] += m.amount;
    if (running[m.wallet] < lowest[m.wallet]) lowest[m.wallet] = running[m.wallet];
    return running[m.wallet];
  });
  // after_i = start + prefix_i = final + (prefix_i - total)
  const rows = movements.map((m, seq) => ({
    seq,
    wallet: m.wallet,
    kind: m.kind,
    amount: m.amount.toString(),
    shift: (prefix[seq]! - running[m.wallet]).toString(),
    reference: m.reference,
  }));
  return {
    delta: { main: running.main.toString(), game: running.game.toString() },
    floor: { main: lowest.main.toString(), game: lowest.game.toString() },
    rows: JSON.stringify(rows),
    lowest,
  };
}

/** Why the UPDATE matched no row: the player is missing, or a wallet would go negative. */
async function refusal(tx: Tx, userId: number, plan: Plan): Promise<Error> {
  const [row] = await tx.select({ balance: users.balance, mainBalance: users.mainBalance }).from(users).where(eq(users.id, userId));
  if (!row) return new Error(`no such user ${userId}`);
  if (row.balance + plan.lowest.game < 0n) return new InsufficientBalance('game', row.balance);
  if (row.mainBalance + plan.lowest.main < 0n) return new InsufficientBalance('main', row.mainBalance);
  // The balance that refused it has changed since (a credit committed in between): it was short then.
  return new InsufficientBalance(plan.lowest.game < 0n ? 'game' : 'main');
}

/** Sum of a wallet's ledger rows; equals its balance whenever the books are right. */
export async function ledgerSum(db: DbOrTx, userId: number, wallet: Wallet): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledger.amount}), 0)::text` })
    .from(ledger)
    .where(sql`${ledger.userId} = ${userId} and ${ledger.wallet} = ${wallet}`);
  return BigInt(row?.total ?? '0');
}
