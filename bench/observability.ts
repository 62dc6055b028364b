/**
 * What metrics and logging cost (issue 28), through real HTTP as players reach the server: two
 * server processes of the same build side by side, one as it ships (metrics on, one JSON access
 * line a request to a pipe) and one with METRICS=off LOG_LEVEL=silent, loaded in alternating
 * blocks of BENCH_BLOCK_SECONDS each (order swapped every block) so the machine's other load falls
 * on both alike; each block is paired with its neighbour of the other mode.
 *   - the catalogue (bench:catalogue's hot read): GET /api/game_lists/{type}/{provider}?page=1..3
 *     round-robin over every listed pair, demo data on PGlite;
 *   - Digit Bet (bench:digit's load): POST /api/digitbet round-robin over BENCH_PLAYERS funded
 *     players with fresh Idempotency-Keys, on PostgreSQL (a fresh database per server, dropped).
 * Printed per part: requests per second and the server's CPU per request (its process tree, from
 * /proc) of each mode, medians of the blocks, and the cost as the median of the paired differences.
 * Target: at most 5% of throughput (README § Figures).
 *
 *   npm run bench:observability      BENCH_BLOCKS=8 BENCH_BLOCK_SECONDS=3 BENCH_ONLY=catalogue|digit
 *   BENCH_ON=METRICS=on,LOG_LEVEL=silent   one part alone (here the metrics) against everything off
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannon, type CannonRequest, type CannonResult } from './support/autocannon';
import { serverTreeCpuMs } from './support/cpu';
import { seedPlayers, withFreshDatabase } from './support/database';
import { KeyedRequests } from './support/keyed-requests';
import { startBenchServer, startServerProcess, stopServerProcess, type ServerProcess } from './support/server-process';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 8);
const BLOCK_SECONDS = Number(process.env.BENCH_BLOCK_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const OFF = { METRICS: 'off', LOG_LEVEL: 'silent' };
const ON: Record<string, string> = process.env.BENCH_ON ? Object.fromEntries(process.env.BENCH_ON.split(',').map((kv) => kv.split('=') as [string, string])) : { METRICS: 'on', LOG_LEVEL: 'info' };
const TARGET_PERCENT = 5;

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

/** Alternating blocks on both servers; prints the figures and returns whether the cost is within target. */
async function compare(name: string, on: ServerProcess, off: ServerProcess, requests: RequestsFor): Promise<boolean> {
  await block(on, requests, 1); // warm-up of both: JIT, caches, prepared statements
  await block(off, requests, 1);
  const blocks = { on: [] as Block[], off: [] as Block[] };
  for (let b = 0; b < BLOCKS; b++) {
    for (const mode of b % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      blocks[mode].push(await block(mode === 'on' ? on : off, requests, BLOCK_SECONDS));
    }
  }
  const rateOff = median(blocks.off.map((x) => x.rate));
  const cpuOff = median(blocks.off.map((x) => x.cpu));
  // Each on block against the off block beside it.
  const rateCost = median(blocks.on.map((x, i) => (blocks.off[i]!.rate - x.rate) / blocks.off[i]!.rate)) * 100;
  const cpuCost = median(blocks.on.map((x, i) => x.cpu - blocks.off[i]!.cpu));
  const ok = rateCost <= TARGET_PERCENT;
  console.log(`${name} (${BLOCKS} alternating blocks of ${BLOCK_SECONDS} s a mode, ${CONNECTIONS} connections, load average ${loadavg()[0]!.toFixed(1)}):`);
  console.log(`  throughput: off ${Math.round(rateOff)} req/s, on ${Math.round(median(blocks.on.map((x) => x.rate)))} req/s; cost, median of the pairs: ${rateCost.toFixed(1)}% (target <= ${TARGET_PERCENT}%: ${ok ? 'ok' : 'ABOVE'})`);
  console.log(`  server CPU a request: off ${cpuOff.toFixed(0)} µs, on ${median(blocks.on.map((x) => x.cpu)).toFixed(0)} µs; on − off, median of the pairs: ${cpuCost.toFixed(1)} µs (${((cpuCost / cpuOff) * 100).toFixed(1)}%)`);
  return ok;
}

async function catalogue(): Promise<boolean> {
  const dirs = [mkdtempSync(join(tmpdir(), 'kp-obs-')), mkdtempSync(join(tmpdir(), 'kp-obs-'))];
  const on = await startServerProcess({ ...ON, DATA_DIR: dirs[0]!, SEED_DEMO: '1' });
  const off = await startServerProcess({ ...OFF, DATA_DIR: dirs[1]!, SEED_DEMO: '1' });
  try {
    const types = (await (await fetch(`${on.url}/api/game_types`)).json()) as { data: { code: string; providers: { code: string }[] }[] };
    const paths = types.data.flatMap((t) => t.providers.flatMap((p) => [1, 2, 3].map((page) => `/api/game_lists/${t.code}/${p.code}?page=${page}`)));
    let turn = 0;
    const requests: RequestsFor = () => [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[turn++ % paths.length]! }) }];
    return await compare(`GET /api/game_lists (${paths.length} pages, PGlite)`, on, off, requests);
  } finally {
    await Promise.all([stopServerProcess(on.child), stopServerProcess(off.child)]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const randomBet = () => {
  const bet_type = (['digit', 'big', 'small'] as const)[Math.floor(Math.random() * 3)]!;
  return { bet_type, digit: bet_type === 'digit' ? Math.floor(Math.random() * 10) : null, bet_amount: 1 + Math.floor(Math.random() * 100), multiplier: 1 };
};

async function digit(): Promise<boolean> {
  return withFreshDatabase('kp_obs_on', (urlOn) =>
    withFreshDatabase('kp_obs_off', async (urlOff) => {
      const [tokensOn, tokensOff] = [await seedPlayers(urlOn, PLAYERS, 100_000_000), await seedPlayers(urlOff, PLAYERS, 100_000_000)];
      const on = await startBenchServer(urlOn, ON);
      const off = await startBenchServer(urlOff, OFF);
      try {
        const keyed = new KeyedRequests();
        const next = () => ({ path: '/api/digitbet', body: JSON.stringify(randomBet()) });
        const requests: RequestsFor = (server) => keyed.roundRobin(server === on ? tokensOn : tokensOff, next);
        return await compare(`POST /api/digitbet (${PLAYERS} players, PostgreSQL)`, on, off, requests);
      } finally {
        await Promise.all([stopServerProcess(on.child), stopServerProcess(off.child)]);
      }
    }),
  );
}

const only = process.env.BENCH_ONLY;
let ok = true;
if (!only || only === 'catalogue') ok = (await catalogue()) && ok;
if (!only || only === 'digit') ok = (await digit()) && ok;
process.exit(ok ? 0 : 2);
