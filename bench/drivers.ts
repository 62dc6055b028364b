/**
 * The database layer in the open (issue 16, docs/decisions/0022-database-pipelining.md): one
 * Digit Bet transaction — the same statements the server sends (the Idempotency-Key's claim, the
 * game wallet's lock, the seed advance, the latest bets; then the ledger movement, its check, the
 * bet row and the stored answer), built by the domain's own functions — run by four clients:
 *
 *   sequential    node-postgres, one statement per round trip (what Drizzle over pg does)
 *   grouped       the server's own layer (server/db/grouped-query.ts): BEGIN + the first
 *                 statements in one write and one Sync, then the last ones + COMMIT likewise
 *   pg-pipeline   node-postgres 8.23's own pipeline mode (`pipeline: true`): the same groups
 *                 issued together, each statement with its own Sync
 *   postgres.js   the `postgres` package, which pipelines what is issued together in `sql.begin`
 *
 * Each runs BENCH_CONNECTIONS concurrent loops (default 20, as bench:digit's clients) over a pool
 * of 10 connections (the server's), for BENCH_DURATION seconds (default 8), each loop betting for
 * its own players (no lock waits: the layer is measured, not contention), on a fresh database
 * (BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; dropped afterwards). Printed:
 * transactions per second and CPU per transaction of this process (the client) and of the
 * PostgreSQL backends. Every bet's books are checked at the end (one bet row and its ledger rows
 * per committed transaction). Run on a quiet machine; the clients run in turn, twice each.
 *
 *   npm run bench:drivers
 *   BENCH_CLIENTS=grouped,postgresJs   only these (function names below)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import postgres from 'postgres';
import { groupedQueries } from '../server/db/grouped-query';
import type { Param } from '../server/db/statement';
import type { Step } from '../server/db/transaction';
import { openingSteps, placeDigitBet, type Opening } from '../server/domain/digit-bet/bets';
import type { DigitBetInput } from '../server/domain/digit-bet/input';
import { hashServerSeed } from '../server/domain/digit-bet/roll';
import { CLAIM_KEY, STORE_ANSWER } from '../server/lib/idempotency';
import { backendPids, processCpuMs } from './support/cpu';
import { seedPlayers, withFreshDatabase } from './support/database';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const LOOPS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const POOL = 10;
const PLAYERS = LOOPS * 3;
const PAYOUTS = { digit: 5n, five: 10n, bigSmall: 2n };
const SCOPE = 'POST /api/digitbet #bench';

type Rows = unknown[][];
/** Runs the opening group with BEGIN, hands its rows to `rest`, then runs what it returns with COMMIT. */
type Rest = (rows: Rows) => Promise<Step[]>;
type Runner = (first: Step[], rest: Rest) => Promise<void>;

interface Client {
  name: string;
  run: Runner;
  close(): Promise<void>;
}

const configOf = ([s, params]: Step) => ({ name: s.name, text: s.text, values: params as Param[] });

/**
 * A node-postgres client: `transaction` runs on a pooled connection of its own; a throw rolls back
 * and returns the connection.
 */
function pgClient(name: string, config: pg.PoolConfig, transaction: (client: pg.PoolClient, first: Step[], rest: Rest) => Promise<void>): Client {
  const pool = new pg.Pool({ max: POOL, ...config });
  return {
    name,
    async run(first, rest) {
      const client = await pool.connect();
      try {
        await transaction(client, first, rest);
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const sequential = (url: string) =>
  pgClient('sequential (pg, a round trip each)', { connectionString: url }, async (client, first, rest) => {
    await client.query('begin');
    const rows: Rows = [];
    for (const step of first) rows.push((await client.query(configOf(step))).rows);
    for (const step of await rest(rows)) await client.query(configOf(step));
    await client.query('commit');
  });

/** The server's layer (a named statement is parsed on a connection once, in a round trip of its own: groupedQueries does it). */
const grouped = (url: string) =>
  pgClient('grouped (server/db/grouped-query.ts)', { connectionString: url }, async (client, first, rest) => {
    const rows = (await groupedQueries(client, first.map(configOf), { begin: true, commit: false })).map((r) => r.rows);
    await groupedQueries(client, (await rest(rows)).map(configOf), { begin: false, commit: true });
  });

const pgPipeline = (url: string) =>
  pgClient('pg-pipeline (pg 8.23 pipeline: true)', { connectionString: url, pipeline: true } as pg.PoolConfig, async (client, first, rest) => {
    const [, ...rows] = await Promise.all([client.query('begin'), ...first.map((step) => client.query(configOf(step)))]);
    const last = await rest(rows.map((r) => r.rows));
    await Promise.all([...last.map((step) => client.query(configOf(step))), client.query('commit')]);
  });

function postgresJs(url: string): Client {
  const sql = postgres(url, { max: POOL, onnotice: () => undefined });
  // postgres.js serialises a jsonb parameter itself: the text the domain prepared goes as its value.
  const jsonParams = new Map<string, Set<number>>();
  const jsonAt = (text: string) => new Set([...text.matchAll(/\$(\d+)::jsonb?\b/g)].map((m) => Number(m[1]) - 1));
  const send = (tx: postgres.TransactionSql, [s, params]: Step) => {
    let at = jsonParams.get(s.name);
    if (!at) jsonParams.set(s.name, (at = jsonAt(s.text)));
    const values = params.map((v, i) => (at.has(i) && typeof v === 'string' ? tx.json(JSON.parse(v)) : v));
    return tx.unsafe(s.text, values as never[], { prepare: true });
  };
  return {
    name: 'postgres.js (sql.begin, issued together)',
    async run(first, rest) {
      await sql.begin(async (tx) => {
        const rows = await Promise.all(first.map((step) => send(tx, step)));
        await Promise.all((await rest(rows.map((r) => [...r]))).map((step) => send(tx, step)));
      });
    },
    close: () => sql.end(),
  };
}

// ---- One bet, as the server builds it ----

function randomBet(): DigitBetInput {
  const betType = (['digit', 'big', 'small'] as const)[Math.floor(Math.random() * 3)]!;
  const betAmount = BigInt(100 * (1 + Math.floor(Math.random() * 100)));
  return { betType, digit: betType === 'digit' ? Math.floor(Math.random() * 10) : null, betAmount, multiplier: 1, stake: betAmount };
}

async function bet(run: Runner, userId: number): Promise<void> {
  const key = randomUUID();
  const first: Step[] = [[CLAIM_KEY, [userId, key, SCOPE]], ...openingSteps(userId)];
  await run(first, async (rows) => {
    const [[claimed], ...opening] = rows as [[{ id: string }], ...unknown[][]];
    if (!claimed) throw new Error('key already used');
    // The seed exists and was advanced in the first group, so placeDigitBet runs no statement of its own.
    const { placed, withCommit } = await placeDigitBet(undefined as never, userId, randomBet(), PAYOUTS, new Date(), opening as unknown as Opening);
    const answer = JSON.stringify({ status: 'Request was successful.', data: placed.data });
    return [...withCommit, [STORE_ANSWER, [claimed.id, 200, answer]]];
  });
}

// ---- Measuring ----

interface Figures {
  name: string;
  tps: number;
  clientMs: number;
  postgresMs: number;
  done: number;
  errors: number;
}

async function backendsCpu(url: string): Promise<number> {
  const pids = await backendPids(url);
  return pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
}

async function measureClient(url: string, client: Client, players: number[][]): Promise<Figures> {
  // Warm-up: every connection parses its statements, every pool fills.
  await Promise.all(players.map((own) => bet(client.run, own[0]!)));
  const pgBefore = await backendsCpu(url);
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  const deadline = started + DURATION * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    players.map(async (own) => {
      for (let i = 0; Date.now() < deadline; i++) {
        try {
          await bet(client.run, own[i % own.length]!);
          done++;
        } catch (err) {
          if (errors++ === 0) console.error(`  ${client.name}: ${(err as Error).message}`);
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const pgAfter = await backendsCpu(url);
  return { name: client.name, tps: done / seconds, clientMs: (cpu.user + cpu.system) / 1000 / done, postgresMs: (pgAfter - pgBefore) / done, done, errors };
}

async function books(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const problems: string[] = [];
    const { rows: [counts] } = await c.query<{ keys: string; answered: string; bets: string; stakes: string; seeds: string }>(
      `select (select count(*) from idempotency_keys) as keys,
              (select count(*) from idempotency_keys where response_status = 200) as answered,
              (select count(*) from digit_bets) as bets,
              (select count(*) from ledger where kind = 'digit_bet') as stakes,
              (select coalesce(sum(nonce), 0) from digit_seeds) as seeds`,
    );
    const { keys, answered, bets, stakes, seeds } = counts!;
    if (!(keys === answered && answered === bets && bets === stakes && stakes === seeds)) {
      problems.push(`keys ${keys}, answered ${answered}, bets ${bets}, stake rows ${stakes}, nonces ${seeds}: not one of each per committed bet`);
    }
    const { rows: off } = await c.query(
      `select u.id from users u left join ledger l on l.user_id = u.id and l.wallet = 'game'
        group by u.id, u.balance having u.balance <> coalesce(sum(l.amount), 0) or u.balance < 0`,
    );
    if (off.length) problems.push(`${off.length} game balances differ from their ledger`);
    return problems;
  } finally {
    await c.end();
  }
}

async function main() {
  await withFreshDatabase('bench_drivers', async (url) => {
    await seedPlayers(url, PLAYERS, 100_000_000);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ id: string }>('select id::text as id from users order by id');
    for (const { id } of rows) {
      const seed = randomBytes(32).toString('hex');
      await admin.query('insert into digit_seeds (user_id, server_seed, server_seed_hash, client_seed) values ($1, $2, $3, $4)', [id, seed, hashServerSeed(seed), 'bench']);
    }
    await admin.end();
    const ids = rows.map((r) => Number(r.id));
    const players = Array.from({ length: LOOPS }, (_, loop) => ids.filter((_, i) => i % LOOPS === loop));

    console.log(`One Digit Bet transaction (9 statements + BEGIN/COMMIT), ${LOOPS} loops over a pool of ${POOL}, ${DURATION} s per run, PostgreSQL at ${new URL(url).host}`);
    const only = process.env.BENCH_CLIENTS?.split(',');
    const makers = Object.entries({ sequential, grouped, pgPipeline, postgresJs })
      .filter(([name]) => !only || only.includes(name))
      .map(([, make]) => make);
    const results = new Map<string, Figures[]>();
    for (let round = 0; round < 2; round++) {
      for (const make of makers) {
        const client = make(url);
        try {
          const f = await measureClient(url, client, players);
          results.set(f.name, [...(results.get(f.name) ?? []), f]);
          console.log(`  ${f.name.padEnd(42)} ${f.tps.toFixed(0).padStart(5)} tx/s  client ${f.clientMs.toFixed(3)} ms  PostgreSQL ${f.postgresMs.toFixed(3)} ms per tx  (${f.done} done, ${f.errors} errors)`);
        } finally {
          await client.close();
        }
      }
    }
    console.log('best of two:');
    for (const [name, runs] of results) {
      const best = runs.reduce((a, b) => (b.tps > a.tps ? b : a));
      console.log(`  ${name.padEnd(42)} ${best.tps.toFixed(0).padStart(5)} tx/s  client ${best.clientMs.toFixed(3)} ms  PostgreSQL ${best.postgresMs.toFixed(3)} ms per tx`);
    }
    const problems = await books(url);
    if (problems.length) {
      console.log('books FAILED:');
      for (const p of problems) console.log(`  ${p}`);
      process.exitCode = 1;
    } else {
      console.log('books ok: one key, answer, bet row, stake row and nonce per committed bet; every game balance = its ledger, none negative');
    }
  });
}

await main();
