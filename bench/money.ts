/**
 * Exchanges under load on PostgreSQL. A fresh database (BENCH_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; dropped afterwards) is seeded with funded players and
 * their tokens; the server runs as a child process; autocannon (in this process) holds
 * BENCH_CONNECTIONS connections for BENCH_DURATION seconds of POST /api/exchange-* with random
 * directions and amounts and a fresh Idempotency-Key each, as the client sends them:
 *   1. spread round-robin over BENCH_PLAYERS players: throughput (target >= 1,000/s on 2 cores);
 *   2. every connection on one player: that wallet's exchanges run one at a time (queued per
 *      player in the server, then the row lock), so this shows the cost of contention.
 * Then the books are checked: every balance equals the sum of its ledger rows, none is negative,
 * each wallet's rows chain (before = previous after), every exchange has its two rows, and the
 * server applied exactly as many exchanges as it answered 200 to (requests cut off at a deadline
 * are sent again with their key to learn how they ended). CPU time per exchange (server,
 * PostgreSQL backends, load generator) is printed too: on a shared machine it says more than the
 * rate does. Exit 1 if the books are wrong, 2 if the throughput is below target.
 * Load stays on 127.0.0.1.
 *
 *   npm run bench:money
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=20 BENCH_PLAYERS=50
 *   BENCH_KEYS=0              no Idempotency-Key (two statements fewer per exchange)
 *   BENCH_PROFILE=/tmp/prof   V8 CPU profile of the server
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { autocannon, type CannonResult } from './support/autocannon';
import { measure } from './support/cpu';
import { booksFailures } from './support/books';
import { seedPlayers, withFreshDatabase } from './support/database';
import { KeyedRequests } from './support/keyed-requests';
import { startBenchServer, stopServerProcess as stopServer, type ServerProcess } from './support/server-process';
import { finalVerdict } from './support/report';

const TARGET = 1_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const WITH_KEYS = (process.env.BENCH_KEYS ?? '1') !== '0';
/** Enough in each wallet that no exchange is refused: the bench measures the ones that move money. */
const OPENING_KYAT = 100_000_000;
const EXCHANGES = { one: 'exchange', many: 'exchanges' };

/** Every request sent, by its Idempotency-Key, and the status each got (if it came back in time). */
const requests = new KeyedRequests();
const { sent, answered } = requests;

/** Round-robin over `tokens`; each request a random direction and amount (1–1,000 Ks). */
async function load(url: string, tokens: string[], seconds: number): Promise<CannonResult> {
  const next = () => ({
    path: Math.random() < 0.5 ? '/api/exchange-main-to-game' : '/api/exchange-game-to-main',
    body: JSON.stringify({ amount: 1 + Math.floor(Math.random() * 1_000) }),
  });
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: requests.roundRobin(tokens, next, WITH_KEYS) });
}

/** Requests cut off at a deadline, sent again with their key (impossible without keys). */
async function settleInFlight(url: string): Promise<number> {
  return WITH_KEYS ? requests.settleInFlight(url) : 0;
}

async function measureRun(label: string, url: string, dbUrl: string, serverPid: number, tokens: string[]): Promise<number> {
  return (await measure(label, EXCHANGES, dbUrl, serverPid, () => load(url, tokens, DURATION))).rps;
}

/** The ledger invariant over the whole database; returns the failures (empty when the books are right). */
async function checkBooks(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const failures: string[] = [];
    // Every wallet, chain and exchange against its ledger rows: the one books check.
    failures.push(...(await booksFailures(url)));
    // Exactly one exchange per request answered 200, and a stored answer for each of them.
    const ok = requests.ok();
    const byStatus = requests.byStatus();
    const { rows } = await client.query<{ applied: string; keyed: string }>(
      `select (select count(*) from exchanges)::text as applied,
              (select count(*) from idempotency_keys where response_status = 200)::text as keyed`,
    );
    const applied = Number(rows[0]!.applied);
    // Without keys, requests cut off at a deadline cannot be asked again: they may or may not have applied.
    const unknown = sent.size - answered.size;
    if (applied < ok || applied > ok + unknown) {
      failures.push(`${applied} exchanges applied but ${ok} requests answered 200 (${unknown} outcomes unknown)`);
    }
    if (WITH_KEYS && Number(rows[0]!.keyed) !== applied) {
      failures.push(`${applied} exchanges applied but ${rows[0]!.keyed} keys hold an answer`);
    }
    console.log(`books: ${sent.size} requests, answers by status ${JSON.stringify(byStatus)}, ${applied} exchanges applied`);
    return failures;
  } finally {
    await client.end();
  }
}

/** 0 all good, 1 the books are wrong, 2 below the throughput target. */
async function main(): Promise<number> {
  return withFreshDatabase('kp_bench_money', async (dbUrl) => {
    let server: ServerProcess | undefined;
    try {
      const tokens = await seedPlayers(dbUrl, PLAYERS, OPENING_KYAT);
      server = await startBenchServer(dbUrl);
      const pid = server.child.pid!;
      console.log(
        `POST /api/exchange-*: ${CONNECTIONS} connections, ${DURATION} s per run, Idempotency-Key ` +
          `${WITH_KEYS ? 'on every request' : 'off'}, PostgreSQL, ${process.env.BENCH_WORKERS ?? '1'} server process(es); ${cpus().length} cores, ` +
          `load average ${loadavg()[0]!.toFixed(1)} before the start`,
      );
      await load(server.url, tokens, 2); // warm-up: JIT, connection pool
      const spread = await measureRun(`${PLAYERS} players`, server.url, dbUrl, pid, tokens);
      await measureRun('one player', server.url, dbUrl, pid, tokens.slice(0, 1));
      const settled = await settleInFlight(server.url);
      if (WITH_KEYS) console.log(`${settled} requests were in flight at a deadline; each was sent again with its key to learn its outcome`);
      const verdict = spread >= TARGET ? 'ok' : 'BELOW TARGET';
      console.log(`throughput ${Math.round(spread)} exchanges/s over ${PLAYERS} players (target >= ${TARGET} on 2 cores): ${verdict}`);

      await stopServer(server.child);
      const failures = await checkBooks(dbUrl);
      return finalVerdict(
        failures,
        {
          failed: 'ledger invariant',
          ok:
            'ledger invariant ok: every balance = sum of its ledger rows, none negative, each row follows the one before, ' +
              'each exchange has its two rows, one exchange per 200',
        },
        spread >= TARGET,
      );
    } finally {
      if (server) await stopServer(server.child);
    }
  });
}

process.exitCode = await main();
