/**
 * The books check (server/domain/books.ts, decision 0029) on a large install: a fresh PostgreSQL
 * database (BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; dropped afterwards) is
 * filled in SQL with BENCH_PLAYERS players (default 20,000), each with an opening balance in both
 * wallets, exchanges and Digit Bets (wins and losses) whose ledger rows chain correctly: about
 * 50 rows a player, 1,000,000 in all. Then the check runs BENCH_RUNS times (default 3) and the
 * time of each is printed. It must find nothing: exit 1 if it finds anything (the fill or the
 * check is wrong). BENCH_PGLITE=1 fills and checks an in-memory PGlite too (BENCH_POSTGRES=0: PGlite only).
 *
 *   npm run bench:books
 */
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromPglite, openPostgres, type Database } from '../server/db/client';
import { checkBooks, type BooksResult } from '../server/domain/books';
import { withFreshDatabase } from './support/database';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Per player: exchanges (two rows each) and Digit Bets (a stake row, and a win row on every other). */
const EXCHANGES = 12;
const BETS = 16;

/** Players, seed pairs, exchanges and Digit Bets, then the ledger rows they imply, in order, chained. */
const FILL = [
  `insert into agents (name, referral_code) values ('Bench Agent', 'BOOKS')`,
  `insert into users (user_name, name, phone, password_hash, agent_id)
   select 'Pb' || (80000000 + i), 'Bench ' || i, '0980' || lpad(i::text, 7, '0'), 'x', (select id from agents where referral_code = 'BOOKS')
     from generate_series(1, $PLAYERS) i`,
  `insert into digit_seeds (user_id, server_seed, server_seed_hash, client_seed)
   select id, md5(id::text) || md5('s' || id), md5(id::text), 'client' || id from users`,
  `insert into exchanges (user_id, type, amount)
   select u.id, case when k % 2 = 0 then 'mainBalanceToGaming' else 'GamingToMainBalance' end, (1000 + k) * 100
     from users u cross join generate_series(1, ${EXCHANGES}) k order by u.id, k`,
  `insert into digit_bets (user_id, seed_id, nonce, client_seed, bet_type, bet_amount, multiplier, stake, rolled, outcome, win_amount)
   select s.user_id, s.id, k, s.client_seed, 'big', 100, 1, 10000, k % 10, case when k % 2 = 0 then 'win' else 'lose' end,
          case when k % 2 = 0 then 20000 else 0 end
     from digit_seeds s cross join generate_series(0, ${BETS - 1}) k order by s.user_id, k`,
  `update digit_seeds s set nonce = ${BETS}`,
  // Each movement with its place in the player's history: exchanges at even places, bets at odd ones.
  `create temporary table moves as
   select u.id as user_id, 0 as seq, w as wallet, 'opening' as kind, 100000000::bigint as amount, 'bench:opening' as reference
     from users u cross join (values ('main'), ('game')) as v(w)
   union all
   select user_id, 2 * (row_number() over (partition by user_id order by id))::int * 10 + 1,
          case when type = 'mainBalanceToGaming' then 'main' else 'game' end, 'exchange', -amount, 'exchange:' || id from exchanges
   union all
   select user_id, 2 * (row_number() over (partition by user_id order by id))::int * 10 + 2,
          case when type = 'mainBalanceToGaming' then 'game' else 'main' end, 'exchange', amount, 'exchange:' || id from exchanges
   union all
   select user_id, (2 * nonce + 1) * 10 + 1, 'game', 'digit_bet', -stake, 'digit_bet:' || id from digit_bets
   union all
   select user_id, (2 * nonce + 1) * 10 + 2, 'game', 'digit_win', win_amount, 'digit_bet:' || id from digit_bets where win_amount > 0`,
  `insert into ledger (user_id, wallet, kind, amount, balance_before, balance_after, reference)
   select user_id, wallet, kind, amount, after - amount, after, reference
     from (select *, sum(amount) over (partition by user_id, wallet order by seq) as after from moves) m
    order by user_id, seq`,
  `update users u set balance = s.game, main_balance = s.main
     from (select user_id, sum(amount) filter (where wallet = 'game') as game, sum(amount) filter (where wallet = 'main') as main
             from moves group by user_id) s
    where s.user_id = u.id`,
  `drop table moves`,
  `analyze`,
];

async function fill(database: Database): Promise<void> {
  for (const text of FILL) await database.db.execute(sql.raw(text.replace('$PLAYERS', String(PLAYERS))));
}

function line(label: string, r: BooksResult): string {
  const s = r.summary;
  return `${label}: ${s.durationMs} ms, ${s.ledgerRows.toLocaleString('en')} ledger rows, ${s.wallets.toLocaleString('en')} wallets, ${s.records.toLocaleString('en')} records, ${s.discrepancies} discrepancies`;
}

/** Fills `database`, runs the check RUNS times; true when every run found nothing. */
async function measure(kind: string, database: Database): Promise<boolean> {
  const started = performance.now();
  await fill(database);
  console.log(`${kind}: filled ${PLAYERS.toLocaleString('en')} players in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let clean = true;
  const times: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const result = await checkBooks(database.db);
    times.push(result.summary.durationMs);
    console.log(line(`${kind} run ${i}`, result));
    if (!result.ok) {
      clean = false;
      console.log(JSON.stringify(result.discrepancies.slice(0, 5)));
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${kind}: median ${sorted[Math.floor(sorted.length / 2)]} ms over ${RUNS} runs (load average ${loadavg()[0]!.toFixed(1)})`);
  return clean;
}

async function main(): Promise<number> {
  console.log(`books check bench: ${PLAYERS.toLocaleString('en')} players; load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} before the start`);
  let clean = true;
  if (process.env.BENCH_POSTGRES !== '0') {
    clean = await withFreshDatabase('kp_bench_books', async (url) => {
      const database = await openPostgres(url, 2);
      try {
        return await measure('PostgreSQL', database);
      } finally {
        await database.close();
      }
    });
  }
  if (process.env.BENCH_PGLITE === '1') {
    const database = await fromPglite(new PGlite());
    try {
      clean = (await measure('PGlite', database)) && clean;
    } finally {
      await database.close();
    }
  }
  console.log(clean ? 'books ok: the check found nothing in correct books' : 'BOOKS CHECK FOUND DISCREPANCIES in correct books');
  return clean ? 0 : 1;
}

process.exitCode = await main();
