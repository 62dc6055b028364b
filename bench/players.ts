/**
 * How many players one machine serves (issue 14): each player polls GET /api/user every 5 s and
 * GET /api/live every 2 s (0.7 requests a second each, evenly spread), and the answer is "yes"
 * while p99 latency stays under 100 ms and every request is answered 200. The load is open-loop (bench/support/open-loop.ts): latency runs from
 * when a request fell due, so a server that falls behind shows it.
 *
 * The server runs as a child process on PostgreSQL (a fresh database seeded with the players and
 * their tokens, dropped afterwards; BENCH_WORKERS server processes, 2 by default) or, with
 * BENCH_DB=pglite, on PGlite (one process). The search doubles the players from BENCH_START until
 * a step fails, then bisects to within 5%. THE LOAD GENERATOR RUNS ON THE SAME 2 CORES as the
 * server and PostgreSQL: its CPU is reported, and a dedicated machine would sustain more.
 *
 *   npm run bench:players     BENCH_DB=postgres|pglite BENCH_WORKERS=2 BENCH_STEP_SECONDS=8 BENCH_START=4000 BENCH_MAX=40000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../server/db/client';
import { backendPids, processCpuMs, serverTreeCpuMs } from './support/cpu';
import { seedPlayers, seedPlayersInto, withFreshDatabase } from './support/database';
import { openLoop, requestBytes, type OpenLoopResult } from './support/open-loop';
import { startServerProcess, stopServerProcess } from './support/server-process';

const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const TARGET = KIND === 'postgres' ? 10_000 : 5_000;
const WORKERS = KIND === 'postgres' ? Number(process.env.BENCH_WORKERS ?? 2) : 1;
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 8);
const START = Number(process.env.BENCH_START ?? 4_000);
const MAX = Number(process.env.BENCH_MAX ?? 40_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const P99_LIMIT_MS = 100;
const USER_EVERY_S = 5;
const LIVE_EVERY_S = 2;
/** What a browser sends with every call (compression is negotiated on it). */
const BROWSER = { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd', 'Accept-Language': 'my-MM,my;q=0.9,en;q=0.8' };

interface Step {
  players: number;
  result: OpenLoopResult;
  ok: boolean;
  serverCpuPerRequest?: number;
  loadCpuPerRequest: number;
}

/** CPU ms used so far by the PostgreSQL backends serving `dbUrl` (undefined on PGlite or when unreadable). */
async function postgresCpuMs(dbUrl: string | undefined): Promise<number | undefined> {
  if (!dbUrl) return undefined;
  const ms = (await backendPids(dbUrl)).map(processCpuMs);
  return ms.some((v) => v === undefined) ? undefined : ms.reduce<number>((a, b) => a + b!, 0);
}

async function step(port: number, pid: number, tokens: string[], players: number, dbUrl?: string): Promise<Step> {
  const user = tokens.slice(0, players).map((t) => requestBytes('/api/user', { ...BROWSER, Authorization: `Bearer ${t}` }));
  const live = requestBytes('/api/live', BROWSER);
  const streams = [
    { rate: players / USER_EVERY_S, request: (n: number) => user[n % user.length]! },
    { rate: players / LIVE_EVERY_S, request: () => live },
  ];
  const serverBefore = serverTreeCpuMs(pid);
  const pgBefore = await postgresCpuMs(dbUrl);
  const loadBefore = process.cpuUsage();
  const result = await openLoop(port, streams, STEP_SECONDS, CONNECTIONS);
  const serverAfter = serverTreeCpuMs(pid);
  const load = process.cpuUsage(loadBefore);
  const pgAfter = await postgresCpuMs(dbUrl);
  const pg = pgBefore === undefined || pgAfter === undefined ? '' : `, PostgreSQL ${(((pgAfter - pgBefore) / result.answered) * 1000).toFixed(0)} µs`;
  const offered = streams.reduce((sum, s) => sum + s.rate, 0);
  // Latency runs from when each request fell due, so a server that falls behind fails on p99.
  const ok = result.errors === 0 && result.non2xx === 0 && result.p99 < P99_LIMIT_MS;
  const serverCpuPerRequest = serverBefore === undefined || serverAfter === undefined ? undefined : (serverAfter - serverBefore) / result.answered;
  const loadCpuPerRequest = (load.user + load.system) / 1000 / result.answered;
  const cpu = serverCpuPerRequest === undefined ? '' : `; CPU per request: server ${(serverCpuPerRequest * 1000).toFixed(0)} µs${pg}, load generator ${(loadCpuPerRequest * 1000).toFixed(0)} µs`;
  console.log(
    `${String(players).padStart(6)} players: offered ${Math.round(offered)} req/s, answered ${Math.round(result.rate)}/s; ` +
      `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(0)} ms; ` +
      `${result.non2xx} non-2xx, ${result.errors} errors${cpu} => ${ok ? 'ok' : 'NOT SUSTAINED'}`,
  );
  return { players, result, ok, serverCpuPerRequest, loadCpuPerRequest };
}

/** Doubles until a step fails, then bisects between the last ok and the first failure to within 5%. */
async function search(port: number, pid: number, tokens: string[], dbUrl?: string): Promise<number> {
  let good = 0;
  let bad = 0;
  for (let players = START; players <= MAX; players *= 2) {
    if ((await step(port, pid, tokens, players, dbUrl)).ok) good = players;
    else {
      bad = players;
      break;
    }
  }
  if (!bad) return good;
  while (bad - good > Math.max(250, good * 0.05)) {
    const mid = Math.round((good + bad) / 2 / 250) * 250;
    if ((await step(port, pid, tokens, mid, dbUrl)).ok) good = mid;
    else bad = mid;
  }
  return good;
}

async function run(env: Record<string, string>, tokens: string[]): Promise<number> {
  const { child, url } = await startServerProcess({ ...env, SEED_DEMO: '0', WORKERS: String(WORKERS) });
  try {
    const port = Number(new URL(url).port);
    // Warm-up: JIT, pools, prepared statements, the live view.
    await openLoop(port, [{ rate: 1000, request: (n) => requestBytes('/api/user', { Authorization: `Bearer ${tokens[n % tokens.length]}` }) }], 2, 50);
    return await search(port, child.pid!, tokens, env.DATABASE_URL);
  } finally {
    await stopServerProcess(child);
  }
}

console.log(
  `players polling /api/user every ${USER_EVERY_S} s and /api/live every ${LIVE_EVERY_S} s, p99 < ${P99_LIMIT_MS} ms, on ${KIND}` +
    `${KIND === 'postgres' ? ` with ${WORKERS} server process(es)` : ''}; ${STEP_SECONDS} s a step over ${CONNECTIONS} connections; ` +
    `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} before the start.\n` +
    `The load generator (this process) shares those cores with the server${KIND === 'postgres' ? ' and PostgreSQL' : ''}: its CPU is counted below.`,
);
const seedCount = MAX;
let sustained: number;
if (KIND === 'postgres') {
  sustained = await withFreshDatabase('kp_bench', async (dbUrl) => run({ DATABASE_URL: dbUrl }, await seedPlayers(dbUrl, seedCount, 1_000)));
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-bench-'));
  try {
    const database = await openPglite(dataDir);
    let tokens: string[];
    try {
      tokens = await seedPlayersInto(database.db, seedCount, 1_000);
    } finally {
      await database.close();
    }
    sustained = await run({ DATA_DIR: dataDir }, tokens);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const verdict = sustained >= TARGET ? 'ok' : 'BELOW TARGET';
console.log(`sustained: ${sustained} players with p99 < ${P99_LIMIT_MS} ms (target >= ${TARGET} on ${KIND}) ${verdict}`);
process.exitCode = sustained >= TARGET ? 0 : 2;
