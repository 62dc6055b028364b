/**
 * What metrics and logging cost (issue 28), through real HTTP as players reach the server: ONE
 * server process (bench/support/observability-server.ts) serving one database through two
 * listeners, each the real app — one as it ships (metrics on, one JSON access line a request to a
 * file) and one with METRICS=off LOG_LEVEL=silent — loaded in alternating blocks of
 * BENCH_BLOCK_SECONDS each (order swapped every block) so the machine's other load falls on both
 * alike; each block is paired with its neighbour of the other mode; every other round swaps which
 * app is made first and which port it listens on. One process, because two
 * processes of one build differ by up to ±30 % in throughput for their whole life (measured with
 * both sides off), more than the cost measured.
 *   - the catalogue (bench:catalogue's hot read): GET /api/game_lists/{type}/{provider}?page=1..3
 *     round-robin over every listed pair, demo data on PGlite;
 *   - Digit Bet (bench:digit's load): POST /api/digitbet round-robin over BENCH_PLAYERS funded
 *     players with fresh Idempotency-Keys, on PostgreSQL (a fresh database per server, dropped).
 * Printed per part: requests per second and the server's CPU per request (its process tree, from
 * /proc) of each mode, medians of the blocks, and the cost as the median of the paired differences.
 * Target: at most 5% of throughput (README § Figures).
 *
 *   npm run bench:observability      BENCH_ROUNDS=3 BENCH_BLOCKS=8 BENCH_BLOCK_SECONDS=3 BENCH_ONLY=catalogue|digit
 *   BENCH_SERVER_CPUS=1 (taskset -c 0 npm run …)   the servers on core 1, the load generator on core 0
 *   BENCH_ON=METRICS=on,LOG_LEVEL=silent   one part alone (here the metrics) against everything off
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'   flags for the server's node (a CPU profile a round)
 */
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannon, type CannonRequest, type CannonResult } from './support/autocannon';
import { serverTreeCpuMs } from './support/cpu';
import { seedPlayers, withFreshDatabase } from './support/database';
import { KeyedRequests } from './support/keyed-requests';
import { freePort } from '../tests/support/free-port';
import { startServerProcess, stopServerProcess, type ServerProcess } from './support/server-process';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 8);
const BLOCK_SECONDS = Number(process.env.BENCH_BLOCK_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const ON: Record<string, string> = process.env.BENCH_ON ? Object.fromEntries(process.env.BENCH_ON.split(',').map((kv) => kv.split('=') as [string, string])) : { METRICS: 'on', LOG_LEVEL: 'info' };
const TARGET_PERCENT = 5;
/** Where the server's log file goes: memory (tmpfs) where the machine has it. */
const LOG_DIR = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

interface Block {
  rate: number;
  /** Server CPU (user + system, its process tree) per request, µs. */
  cpu: number;
}
type Requests = Partial<CannonRequest>[];
/** The requests of one block for `server` (each server's players are its own). */
type RequestsFor = (server: ServerProcess) => Requests;

async function block(server: ServerProcess, requests: RequestsFor, seconds: number): Promise<Block> {
  const cpu0 = serverTreeCpuMs(server.child.pid!) ?? 0;
  const result: CannonResult = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests: requests(server) });
  const cpu1 = serverTreeCpuMs(server.child.pid!) ?? 0;
  const done = result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors in a block`);
  return { rate: done / seconds, cpu: ((cpu1 - cpu0) * 1000) / Math.max(done, 1) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One round's paired costs: throughput % and CPU µs a request, each the median of its block pairs. */
interface Round {
  rateOff: number;
  rateOn: number;
  cpuOff: number;
  cpuOn: number;
  rateCost: number;
  cpuCost: number;
}

/** Alternating blocks on a fresh pair of servers (after a warm-up of both): one round. */
async function round(on: ServerProcess, off: ServerProcess, requests: RequestsFor): Promise<Round> {
  await block(on, requests, WARMUP_SECONDS); // JIT and wasm tiers, caches, prepared statements
  await block(off, requests, WARMUP_SECONDS);
  const blocks = { on: [] as Block[], off: [] as Block[] };
  for (let b = 0; b < BLOCKS; b++) {
    for (const mode of b % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      blocks[mode].push(await block(mode === 'on' ? on : off, requests, BLOCK_SECONDS));
    }
  }
  if (process.env.BENCH_VERBOSE) for (const mode of ['off', 'on'] as const) console.log(`    ${mode}: ${blocks[mode].map((x) => `${Math.round(x.rate)}/${Math.round(x.cpu)}µs`).join(' ')}`);
  return {
    rateOff: median(blocks.off.map((x) => x.rate)),
    rateOn: median(blocks.on.map((x) => x.rate)),
    cpuOff: median(blocks.off.map((x) => x.cpu)),
    cpuOn: median(blocks.on.map((x) => x.cpu)),
    // Each on block against the off block beside it.
    rateCost: median(blocks.on.map((x, i) => (blocks.off[i]!.rate - x.rate) / blocks.off[i]!.rate)) * 100,
    cpuCost: median(blocks.on.map((x, i) => x.cpu - blocks.off[i]!.cpu)),
  };
}

/** ROUNDS rounds, each on a fresh server process; the figure is the median of the rounds' costs, their spread printed with it. */
async function compare(name: string, pair: () => Promise<{ on: ServerProcess; off: ServerProcess; stop: () => Promise<void> }>, requests: RequestsFor): Promise<boolean> {
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const { on, off, stop } = await pair();
    try {
      rounds.push(await round(on, off, requests));
    } finally {
      await stop();
    }
  }
  const pick = (f: (x: Round) => number) => median(rounds.map(f));
  const rateCost = pick((x) => x.rateCost);
  const cpuCost = pick((x) => x.cpuCost);
  const cpuOff = pick((x) => x.cpuOff);
  const spread = rounds.map((x) => `${x.rateCost.toFixed(1)}%`).join(', ');
  const ok = rateCost <= TARGET_PERCENT;
  console.log(`${name} (${ROUNDS} rounds of a fresh server × ${BLOCKS} alternating blocks of ${BLOCK_SECONDS} s a mode, ${CONNECTIONS} connections, log lines to ${process.env.BENCH_LOG_FILE ?? LOG_DIR}, load average ${loadavg()[0]!.toFixed(1)}):`);
  console.log(`  throughput: off ${Math.round(pick((x) => x.rateOff))} req/s, on ${Math.round(pick((x) => x.rateOn))} req/s; cost, median of the rounds: ${rateCost.toFixed(1)}% (target <= ${TARGET_PERCENT}%: ${ok ? 'ok' : 'ABOVE'}); rounds: ${spread}`);
  console.log(`  server CPU a request: off ${cpuOff.toFixed(0)} µs, on ${pick((x) => x.cpuOn).toFixed(0)} µs; on − off, median of the rounds: ${cpuCost.toFixed(1)} µs (${((cpuCost / cpuOff) * 100).toFixed(1)}%)`);
  return ok;
}

let pairsStarted = 0;

/**
 * One process, both listeners (observability-server.ts): `on` as shipped, `off` without metrics and
 * logs. Every other pair swaps which app is made first and which port each listens on.
 */
async function startPair(env: Record<string, string>): Promise<{ on: ServerProcess; off: ServerProcess }> {
  const swap = pairsStarted++ % 2 === 1;
  const portOff = await freePort();
  // The log lines go to a file (the server's write calls are its own CPU); not a pipe this process
  // would read on the load generator's core, slowing the load of the side that logs. In memory
  // (LOG_DIR, tmpfs) by default: in production stdout is a pipe to the collector (journald, docker),
  // and a write into a pipe is a copy into memory; the disk's journal and writeback are then the
  // collector's. BENCH_LOG_FILE=<a path on disk> for a file on disk instead.
  const logDir = process.env.BENCH_LOG_FILE ? undefined : mkdtempSync(join(LOG_DIR, 'kp-obs-log-'));
  const stdout = openSync(process.env.BENCH_LOG_FILE ?? join(logDir!, 'server.log'), 'w');
  const shipped = { ON_METRICS: ON.METRICS ?? 'on', ON_LOG_LEVEL: ON.LOG_LEVEL ?? 'info' };
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const first = await startServerProcess({ ...env, ...shipped, PORT_OFF: String(portOff), SWAP_LISTENERS: swap ? '1' : '0' }, nodeArgs, { entry: 'bench/support/observability-server.ts', stdout });
  closeSync(stdout);
  if (logDir) first.child.once('exit', () => rmSync(logDir, { recursive: true, force: true }));
  const second = { child: first.child, url: `http://127.0.0.1:${portOff}` };
  if (!(await fetch(`${second.url}/healthz`)).ok) throw new Error('the second listener did not answer');
  return swap ? { on: second, off: first } : { on: first, off: second };
}

async function catalogue(): Promise<boolean> {
  let paths: string[] = [];
  let turn = 0;
  const pair = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-obs-'));
    const { on, off } = await startPair({ DATA_DIR: dir, SEED_DEMO: '1' });
    if (!paths.length) {
      const types = (await (await fetch(`${on.url}/api/game_types`)).json()) as { data: { code: string; providers: { code: string }[] }[] };
      paths = types.data.flatMap((t) => t.providers.flatMap((p) => [1, 2, 3].map((page) => `/api/game_lists/${t.code}/${p.code}?page=${page}`)));
    }
    const stop = async () => {
      await stopServerProcess(on.child);
      rmSync(dir, { recursive: true, force: true });
    };
    return { on, off, stop };
  };
  const requests: RequestsFor = () => [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[turn++ % paths.length]! }) }];
  return compare('GET /api/game_lists (every listed page 1–3, PGlite)', pair, requests);
}

const randomBet = () => {
  const bet_type = (['digit', 'big', 'small'] as const)[Math.floor(Math.random() * 3)]!;
  return { bet_type, digit: bet_type === 'digit' ? Math.floor(Math.random() * 10) : null, bet_amount: 1 + Math.floor(Math.random() * 100), multiplier: 1 };
};

async function digit(): Promise<boolean> {
  const keyed = new KeyedRequests();
  let tokens: string[] = [];
  const next = () => ({ path: '/api/digitbet', body: JSON.stringify(randomBet()) });
  const requests: RequestsFor = () => keyed.roundRobin(tokens, next);
  let n = 0;
  // Each round on a fresh database of its own, dropped with the round; both listeners bet for the same players.
  const pair = async () => {
    const round = n++;
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    let started!: (servers: { on: ServerProcess; off: ServerProcess }) => void;
    const ready = new Promise<{ on: ServerProcess; off: ServerProcess }>((r) => (started = r));
    const lifetime = withFreshDatabase(`kp_obs_${round}`, async (url) => {
      tokens = await seedPlayers(url, PLAYERS, 100_000_000);
      const servers = await startPair({ DATABASE_URL: url, SEED_DEMO: '0', WORKERS: '1' });
      started(servers);
      await done;
      await stopServerProcess(servers.on.child);
    });
    const { on, off } = await Promise.race([ready, lifetime.then(() => Promise.reject(new Error('the server stopped before the round')))]);
    return { on, off, stop: () => (release(), lifetime) };
  };
  return compare(`POST /api/digitbet (${PLAYERS} players, PostgreSQL)`, pair, requests);
}

const only = process.env.BENCH_ONLY;
let ok = true;
if (!only || only === 'catalogue') ok = (await catalogue()) && ok;
if (!only || only === 'digit') ok = (await digit()) && ok;
process.exit(ok ? 0 : 2);
