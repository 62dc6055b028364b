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
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openPostgres } from '../server/db/client';
import { startServerProcess, stopServerProcess, type ServerProcess } from './support/server-process';
import { agents, ledger, users } from '../server/db/schema';
import { kyat } from '../server/lib/money';
import { hashPassword } from '../server/routes/auth/passwords';
import { issueToken } from '../server/routes/auth/session';

const TARGET = 1_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const WITH_KEYS = (process.env.BENCH_KEYS ?? '1') !== '0';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Enough in each wallet that no exchange is refused: the bench measures the ones that move money. */
const OPENING_KYAT = 100_000_000;

/** The part of autocannon's programmatic API used here (it ships no types). */
interface CannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** `context` belongs to one connection and lives from one request's setup to its response. */
  setupRequest(req: CannonRequest, context: Record<string, unknown>): CannonRequest;
  onResponse(status: number, body: string, context: Record<string, unknown>): void;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: Partial<CannonRequest>[];
}) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function startServer(databaseUrl: string) {
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of the server there when it exits.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // BENCH_WORKERS=2 runs two server processes (server/index.ts, WORKERS); on 2 cores shared with PostgreSQL one is faster.
  return startServerProcess({ DATABASE_URL: databaseUrl, SEED_DEMO: '0', WORKERS: process.env.BENCH_WORKERS ?? '1' }, profile);
}

const stopServer = stopServerProcess;

/** Funded players with a token each, written straight to the database before the server starts. */
async function seedPlayers(url: string, count: number): Promise<string[]> {
  const database = await openPostgres(url, 4); // also applies the migrations
  try {
    const { db } = database;
    const passwordHash = await hashPassword('bench-password');
    const [agent] = await db.insert(agents).values({ name: 'Bench Agent', referralCode: 'BENCH' }).returning({ id: agents.id });
    const opening = kyat(OPENING_KYAT);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userName: `Pi${String(90_000_000 + i)}`,
          name: `Bench ${i}`,
          phone: `0990${String(i).padStart(7, '0')}`,
          passwordHash,
          agentId: agent!.id,
          balance: opening,
          mainBalance: opening,
        })),
      )
      .returning({ id: users.id });
    await db.insert(ledger).values(
      rows.flatMap(({ id }) =>
        (['game', 'main'] as const).map((wallet) => ({
          userId: id,
          wallet,
          kind: 'opening',
          amount: opening,
          balanceBefore: 0n,
          balanceAfter: opening,
          reference: 'bench:opening',
        })),
      ),
    );
    const now = new Date();
    return await Promise.all(rows.map(({ id }) => issueToken(db, id, now, 1)));
  } finally {
    await database.close();
  }
}

interface SentRequest {
  path: string;
  token: string;
  body: string;
}
/** Every request sent, by its Idempotency-Key, and the status each got (if it came back in time). */
const sent = new Map<string, SentRequest>();
const answered = new Map<string, number>();
let keySeq = 0;
const runId = randomBytes(4).toString('hex');

/** Round-robin over `tokens`; each request a random direction and amount (1–1,000 Ks). */
function exchangeRequests(tokens: string[]): Partial<CannonRequest>[] {
  let next = 0;
  return [
    {
      method: 'POST',
      setupRequest(req, context) {
        const token = tokens[next++ % tokens.length]!;
        const key = `bench-${runId}-${++keySeq}`;
        const path = Math.random() < 0.5 ? '/api/exchange-main-to-game' : '/api/exchange-game-to-main';
        const body = JSON.stringify({ amount: 1 + Math.floor(Math.random() * 1_000) });
        const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        if (WITH_KEYS) headers['idempotency-key'] = key;
        sent.set(key, { path, token, body });
        context.key = key;
        return { ...req, path, headers, body };
      },
      onResponse(status, _body, context) {
        answered.set(context.key as string, status);
      },
    },
  ];
}

/**
 * autocannon stops at the deadline with requests still in flight; the server finishes them
 * anyway. Sending each of those again with its Idempotency-Key learns how it ended: the stored
 * answer if it was applied, a fresh run if it was not. Afterwards every request has one answer.
 */
async function settleInFlight(url: string): Promise<number> {
  if (!WITH_KEYS) return 0;
  const pending = [...sent].filter(([key]) => !answered.has(key));
  for (const [key, req] of pending) {
    const res = await fetch(url + req.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${req.token}`, 'idempotency-key': key },
      body: req.body,
    });
    await res.arrayBuffer();
    answered.set(key, res.status);
  }
  return pending.length;
}

async function load(url: string, tokens: string[], seconds: number): Promise<CannonResult> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: exchangeRequests(tokens) });
}

/** CPU of the server: its primary process plus its cluster workers (children), in ms. */
function serverTreeCpuMs(pid: number): number | undefined {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* no children file: a single process */
  }
  const own = processCpuMs(pid);
  if (own === undefined) return undefined;
  return children.reduce((sum, child) => sum + (processCpuMs(child) ?? 0), own);
}

/** CPU time (user + system) a process has used so far, in ms, or undefined when unreadable. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

/** The PostgreSQL backends serving the bench database (when the server runs on this machine). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

interface CpuSnapshot {
  server?: number;
  postgres?: number;
  load: number;
}

async function cpuSnapshot(serverPid: number, dbUrl: string): Promise<CpuSnapshot> {
  const pids = await backendPids(dbUrl);
  const pgMs = pids.map(processCpuMs);
  const postgres = pgMs.some((ms) => ms === undefined) ? undefined : pgMs.reduce<number>((a, b) => a + b!, 0);
  const { user, system } = process.cpuUsage();
  return { server: serverTreeCpuMs(serverPid), postgres, load: (user + system) / 1000 };
}

/** One measured run: throughput, latency, and the CPU each exchange cost each process. */
async function measure(label: string, url: string, dbUrl: string, serverPid: number, tokens: string[]): Promise<number> {
  const before = await cpuSnapshot(serverPid, dbUrl);
  const result = await load(url, tokens, DURATION);
  const after = await cpuSnapshot(serverPid, dbUrl);
  const rps = result.requests.average;
  console.log(
    `${label.padEnd(11)}: ${Math.round(rps)} exchanges/s; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.requests.total} answered, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
  const per = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : (b - a) / result.requests.total);
  const cost = { server: per(before.server, after.server), postgres: per(before.postgres, after.postgres), load: per(before.load, after.load) };
  if (cost.server !== undefined && cost.postgres !== undefined && cost.load !== undefined && result.requests.total > 0) {
    const total = cost.server + cost.postgres + cost.load;
    console.log(
      `${''.padEnd(13)}CPU per exchange: server ${cost.server.toFixed(3)} ms, PostgreSQL backends ${cost.postgres.toFixed(3)} ms, ` +
        `load generator ${cost.load.toFixed(3)} ms => 2 idle cores could carry ~${Math.round(2000 / total)}/s`,
    );
  }
  return rps;
}

/** The ledger invariant over the whole database; returns the failures (empty when the books are right). */
async function checkBooks(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const failures: string[] = [];
    const q = async (label: string, text: string) => {
      const { rows } = await client.query(text);
      if (rows.length) failures.push(`${label}: ${rows.length} (e.g. ${JSON.stringify(rows[0])})`);
    };
    await q(
      'balances that differ from the sum of their ledger rows',
      `select u.id, u.balance, u.main_balance, s.game, s.main from users u
       left join (select user_id,
                         coalesce(sum(amount) filter (where wallet = 'game'), 0) as game,
                         coalesce(sum(amount) filter (where wallet = 'main'), 0) as main
                  from ledger group by user_id) s on s.user_id = u.id
       where u.balance <> coalesce(s.game, 0) or u.main_balance <> coalesce(s.main, 0)`,
    );
    await q('negative balances', `select id from users where balance < 0 or main_balance < 0`);
    await q(
      'ledger rows that do not follow their predecessor',
      `select id from (select id, balance_before, balance_after, amount,
                              lag(balance_after) over (partition by user_id, wallet order by id) as prev
                       from ledger) l
       where balance_after <> balance_before + amount or (prev is not null and balance_before <> prev)`,
    );
    await q(
      'exchanges without exactly their two ledger rows',
      `select e.id from exchanges e
       left join ledger l on l.reference = 'exchange:' || e.id and l.user_id = e.user_id and l.kind = 'exchange'
       group by e.id, e.amount having count(l.id) <> 2 or sum(l.amount) <> 0 or max(l.amount) <> e.amount`,
    );
    // Exactly one exchange per request answered 200, and a stored answer for each of them.
    const statuses = [...answered.values()];
    const ok = statuses.filter((st) => st === 200).length;
    const byStatus: Record<number, number> = {};
    for (const st of statuses) byStatus[st] = (byStatus[st] ?? 0) + 1;
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

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** 0 all good, 1 the books are wrong, 2 below the throughput target. */
async function main(): Promise<number> {
  const name = `kp_bench_money_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  let server: ServerProcess | undefined;
  try {
    const tokens = await seedPlayers(dbUrl, PLAYERS);
    server = await startServer(dbUrl);
    const pid = server.child.pid!;
    console.log(
      `POST /api/exchange-*: ${CONNECTIONS} connections, ${DURATION} s per run, Idempotency-Key ` +
        `${WITH_KEYS ? 'on every request' : 'off'}, PostgreSQL, ${process.env.BENCH_WORKERS ?? '1'} server process(es); ${cpus().length} cores, ` +
        `load average ${loadavg()[0]!.toFixed(1)} before the start`,
    );
    await load(server.url, tokens, 2); // warm-up: JIT, connection pool
    const spread = await measure(`${PLAYERS} players`, server.url, dbUrl, pid, tokens);
    await measure('one player', server.url, dbUrl, pid, tokens.slice(0, 1));
    const settled = await settleInFlight(server.url);
    if (WITH_KEYS) console.log(`${settled} requests were in flight at a deadline; each was sent again with its key to learn its outcome`);
    const verdict = spread >= TARGET ? 'ok' : 'BELOW TARGET';
    console.log(`throughput ${Math.round(spread)} exchanges/s over ${PLAYERS} players (target >= ${TARGET} on 2 cores): ${verdict}`);

    await stopServer(server.child);
    const failures = await checkBooks(dbUrl);
    if (failures.length) {
      console.log('ledger invariant FAILED:');
      for (const f of failures) console.log(`  ${f}`);
      return 1;
    }
    console.log(
      'ledger invariant ok: every balance = sum of its ledger rows, none negative, each row follows the one before, ' +
        'each exchange has its two rows, one exchange per 200',
    );
    return spread >= TARGET ? 0 : 2;
  } finally {
    if (server) await stopServer(server.child);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

process.exitCode = await main();
