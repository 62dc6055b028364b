/**
 * The books (decision 0029): ONE check of the whole database's money, set-based SQL, that an
 * operator runs at any time (`npm run admin -- books`, the console) and the server runs on a
 * schedule (books-schedule.ts). It finds
 *   - wallets (main and game) whose balance is not the sum of their ledger rows, and negative ones;
 *   - ledger rows that break their wallet's chain: balance_before is not the previous row's
 *     balance_after (0 for a wallet's first row), or balance_after is not balance_before + amount;
 *   - records that move money without their ledger rows, or with other amounts (exchanges,
 *     approved deposits, withdrawals and their releases, 2D slips and their prizes or refunds,
 *     Digit Bets, seamless transactions, Shan transactions), and ledger rows that name no record.
 *
 * Each family is one statement, and a statement sees one snapshot: every movement commits its
 * record, its ledger rows and its balance together, so a check running beside live traffic
 * reports nothing that is not really wrong. Read-only; the caller records the result.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/types';

export const DISCREPANCY_KINDS = [
  /** A wallet's balance is not the sum of its ledger rows. */
  'wallet_mismatch',
  /** A wallet below zero. */
  'negative_balance',
  /** A ledger row's balance_before is not the balance_after of the wallet's row before it (0 for the first). */
  'chain_break',
  /** A ledger row's balance_after is not balance_before + amount. */
  'row_arithmetic',
  /** A record that moved money (a bet, slip, exchange …) without exactly its ledger rows. */
  'missing_ledger',
  /** Ledger rows whose reference names no record that moved that money. */
  'orphan_ledger',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

export interface Discrepancy {
  kind: DiscrepancyKind;
  userId: number | null;
  wallet: 'main' | 'game' | null;
  /** pya, as text: what the rules say it should be (null where there is no amount). */
  expected: string | null;
  /** pya, as text: what the database holds. */
  found: string | null;
  /** What to look at: 'ledger:<id>', a record's reference ('digit_bet:<id>'), 'user:<id>'. */
  ids: string[];
}

export interface WalletTotals {
  /** Sum of the wallets' balances, pya as text. */
  balance: string;
  /** Sum of their ledger rows, pya as text. */
  ledger: string;
}

export interface BooksSummary {
  players: number;
  /** Main and game wallets: two per player. */
  wallets: number;
  ledgerRows: number;
  totals: { main: WalletTotals; game: WalletTotals };
  /** Records checked against their ledger rows (expected movements). */
  records: number;
  /** Every discrepancy found, also beyond the list's cap. */
  discrepancies: number;
  byKind: Partial<Record<DiscrepancyKind, number>>;
  durationMs: number;
}

export interface BooksResult {
  ok: boolean;
  summary: BooksSummary;
  /** At most DISCREPANCY_CAP, PER_KIND_CAP of each kind (summary.discrepancies has them all). */
  discrepancies: Discrepancy[];
}

/** Listed per kind, so one systematic fault does not hide the others. */
export const PER_KIND_CAP = 50;
export const DISCREPANCY_CAP = 200;

interface Row {
  kind: DiscrepancyKind;
  user_id: string | null;
  wallet: 'main' | 'game' | null;
  expected: string | null;
  found: string | null;
  ids: string | null;
  total: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Per player: the balances, what their ledger rows sum to, and how many rows; the summary's
 * totals come from the same statement (one snapshot). `kind` 'totals' is the one summary row.
 */
const WALLETS = sql`
with sums as (
  select user_id,
         coalesce(sum(amount) filter (where wallet = 'game'), 0) as game,
         coalesce(sum(amount) filter (where wallet = 'main'), 0) as main,
         count(*) as n
    from ledger group by user_id
), w as materialized (
  select u.id, u.balance, u.main_balance, coalesce(s.game, 0) as game, coalesce(s.main, 0) as main, coalesce(s.n, 0) as n
    from users u left join sums s on s.user_id = u.id
), bad as (
  select 'wallet_mismatch' as kind, id, 'game' as wallet, game as expected, balance as found from w where balance <> game
  union all
  select 'wallet_mismatch', id, 'main', main, main_balance from w where main_balance <> main
  union all
  select 'negative_balance', id, 'game', 0, balance from w where balance < 0
  union all
  select 'negative_balance', id, 'main', 0, main_balance from w where main_balance < 0
), ranked as (
  select *, row_number() over (partition by kind order by id, wallet) as rn, count(*) over (partition by kind) as total from bad
)
select 'totals' as kind, count(*)::text as user_id, null as wallet,
       coalesce(sum(balance), 0)::text || ',' || coalesce(sum(game), 0)::text as expected,
       coalesce(sum(main_balance), 0)::text || ',' || coalesce(sum(main), 0)::text as found,
       null as ids, coalesce(sum(n), 0)::text as total
  from w
union all
select kind, id::text, wallet, expected::text, found::text, 'user:' || id, total::text from ranked where rn <= ${PER_KIND_CAP}`;

/** Each wallet's rows in id order: the chain of running balances. */
const CHAIN = sql`
with l as (
  select id, user_id, wallet, amount, balance_before, balance_after,
         coalesce(lag(balance_after) over (partition by user_id, wallet order by id), 0) as prev
    from ledger
), bad as (
  select 'chain_break' as kind, id, user_id, wallet, prev as expected, balance_before as found from l where balance_before <> prev
  union all
  select 'row_arithmetic', id, user_id, wallet, balance_before + amount, balance_after from l where balance_after <> balance_before + amount
), ranked as (
  select *, row_number() over (partition by kind order by id) as rn, count(*) over (partition by kind) as total from bad
)
select kind, user_id::text, wallet, expected::text, found::text, 'ledger:' || id as ids, total::text from ranked where rn <= ${PER_KIND_CAP}`;

/**
 * What each record must have written to the ledger, by the reference conventions of the code
 * that writes them (domain/exchange.ts, cashier-decisions.ts, cashier-requests.ts,
 * two-d/betting.ts and settlement.ts, kp_digit_bets, seamless.ts, shan/wallet.ts, adjustments.ts).
 * Columns: reference, user_id, wallet, kind, amount (signed pya).
 */
const EXPECTED = sql`
  select 'exchange:' || id, user_id, case when type = 'mainBalanceToGaming' then 'main' else 'game' end, 'exchange', -amount from exchanges
  union all
  select 'exchange:' || id, user_id, case when type = 'mainBalanceToGaming' then 'game' else 'main' end, 'exchange', amount from exchanges
  union all
  select 'deposit_request:' || id, user_id, 'game', 'deposit', amount from deposit_requests where status = 1
  union all
  select 'withdraw_request:' || id, user_id, 'game', 'withdraw_hold', -amount from withdraw_requests
  union all
  select 'withdraw_request:' || id, user_id, 'game', 'withdraw_release', amount from withdraw_requests where status = 2
  union all
  select 'two_d_slip:' || id, user_id, 'main', 'two_d_bet', -total_bet_amount from two_d_slips
  union all
  select 'two_d_bet:' || b.id, b.user_id, 'main', 'two_d_win', b.prize_amount
    from two_d_bets b join two_d_slips s on s.id = b.slip_id where s.status = 'completed' and b.win_lose and b.prize_amount > 0
  union all
  select 'two_d_bet:' || b.id, b.user_id, 'main', 'two_d_refund', b.bet_amount
    from two_d_bets b join two_d_slips s on s.id = b.slip_id where s.status = 'voided'
  union all
  select 'digit_bet:' || id, user_id, 'game', 'digit_bet', -stake from digit_bets
  union all
  select 'digit_bet:' || id, user_id, 'game', 'digit_win', win_amount from digit_bets where win_amount > 0
  union all
  select 'seamless:' || product_code || ':' || tx_id, user_id, 'game',
         case when endpoint = 'withdraw' then 'game_bet' when action = 'CANCEL' then 'game_refund' else 'game_win' end, amount
    from seamless_transactions where amount <> 0
  union all
  select 'shan:' || round_id, user_id, 'game', case when kind = 'bet' then 'shan_bet' else 'shan_win' end, amount
    from shan_transactions where amount <> 0
  union all
  select 'adjustment:' || id, user_id, wallet, 'adjust_' || kind, amount from balance_adjustments where status = 'applied'`;

/**
 * Records against the ledger rows that name them, grouped by (reference, player, wallet, kind):
 * a group only the records have is money that never reached the ledger; one only the ledger has
 * names nothing; one with other sums or counts was changed. Opening balances ('opening') name no record.
 * `kind` 'records' is the one summary row (how many expected movements were checked).
 */
const RECORDS = sql`
with e as (
  select ref, user_id, wallet, kind, sum(amount) as amount, count(*) as n
    from (${EXPECTED}) as x(ref, user_id, wallet, kind, amount)
   group by ref, user_id, wallet, kind
), f as (
  select reference as ref, user_id, wallet, kind, sum(amount) as amount, count(*) as n, min(id) as first_id, max(id) as last_id
    from ledger where kind <> 'opening'
   group by reference, user_id, wallet, kind
), joined as materialized (
  select coalesce(e.ref, f.ref) as ref, coalesce(e.user_id, f.user_id) as user_id, coalesce(e.wallet, f.wallet) as wallet,
         e.amount as expected, e.n as expected_n, f.amount as found, f.n as found_n, f.first_id, f.last_id
    from e full join f on f.ref = e.ref and f.user_id = e.user_id and f.wallet = e.wallet and f.kind = e.kind
), bad as (
  select case when expected is null then 'orphan_ledger' else 'missing_ledger' end as kind, *
    from joined where expected is null or found is null or expected <> found or expected_n <> found_n
), ranked as (
  select *, row_number() over (partition by kind order by user_id, ref) as rn, count(*) over (partition by kind) as total from bad
)
select 'records' as kind, null as user_id, null as wallet, null as expected, null as found, null as ids,
       (select count(*) from joined where expected is not null)::text as total
union all
select kind, user_id::text, wallet, expected::text, found::text,
       concat_ws(',', case when expected is not null then ref end,
                 'ledger:' || first_id, case when last_id <> first_id then 'ledger:' || last_id end),
       total::text
  from ranked where rn <= ${PER_KIND_CAP}`;

function discrepancyOf(r: Row): Discrepancy {
  return {
    kind: r.kind,
    userId: r.user_id === null ? null : Number(r.user_id),
    wallet: r.wallet,
    expected: r.expected,
    found: r.found,
    ids: r.ids ? r.ids.split(',') : [],
  };
}

async function run(db: DbOrTx, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

/** Collects the listed discrepancies and each kind's total from the statements' rows. */
function collect(rows: Row[], byKind: Partial<Record<DiscrepancyKind, number>>, list: Discrepancy[]): void {
  for (const r of rows) {
    byKind[r.kind] = Number(r.total);
    list.push(discrepancyOf(r));
  }
}

/**
 * The three statements, in a transaction (a savepoint in the caller's) whose sorts and hashes
 * may use more memory than a request's: on a million ledger rows the default work_mem spills
 * the window sort and the grouping to disk.
 */
async function statements(db: DbOrTx): Promise<[Row[], Row[], Row[]]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return [await run(tx, WALLETS), await run(tx, CHAIN), await run(tx, RECORDS)];
  });
}

/** Runs the check (read-only). `now` measures its duration. */
export async function checkBooks(db: DbOrTx, now: () => number = () => performance.now()): Promise<BooksResult> {
  const started = now();
  const [wallets, chain, records] = await statements(db);
  const totals = wallets.find((r) => (r.kind as string) === 'totals')!;
  const recordCount = records.find((r) => (r.kind as string) === 'records')!;
  const byKind: Partial<Record<DiscrepancyKind, number>> = {};
  const list: Discrepancy[] = [];
  collect(wallets.filter((r) => r !== totals), byKind, list);
  collect(chain, byKind, list);
  collect(records.filter((r) => r !== recordCount), byKind, list);
  const [gameBalance, gameLedger] = totals.expected!.split(',') as [string, string];
  const [mainBalance, mainLedger] = totals.found!.split(',') as [string, string];
  const players = Number(totals.user_id);
  const discrepancies = Object.values(byKind).reduce((a, n) => a + n, 0);
  const summary: BooksSummary = {
    players,
    wallets: players * 2,
    ledgerRows: Number(totals.total),
    totals: { main: { balance: mainBalance, ledger: mainLedger }, game: { balance: gameBalance, ledger: gameLedger } },
    records: Number(recordCount.total),
    discrepancies,
    byKind,
    durationMs: Math.round(now() - started),
  };
  return { ok: discrepancies === 0, summary, discrepancies: list.slice(0, DISCREPANCY_CAP) };
}
