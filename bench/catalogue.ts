/**
 * The public catalogue and home content under load (issue 14): GET /api/game_lists/{type}/{provider}?page=N
 * round-robin over every listed (type, provider) and its first pages, then /api/game_types, the
 * operator-managed content routes (banner, banner_Text, popup-ads-banner, promotion, contact,
 * videoads) and /api/live, each for BENCH_DURATION seconds with BENCH_CONNECTIONS connections.
 * The server runs as a child process with the demo data: on PGlite (temp DATA_DIR) and, unless
 * BENCH_ONLY=pglite, on PostgreSQL (a fresh database, dropped afterwards). autocannon runs in
 * this process, so the load generator shares the 2 cores with the server (and PostgreSQL).
 *
 * Targets: game_lists >= 5,000 req/s on PGlite; each content route within 20% of /api/game_types.
 *
 *   npm run bench:catalogue      BENCH_DURATION=5 BENCH_CONNECTIONS=10 BENCH_ONLY=pglite|postgres BENCH_ROUTES=game_lists,banner
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannon, type CannonResult } from './support/autocannon';
import { serverTreeCpuMs } from './support/cpu';
import { withFreshDatabase } from './support/database';
import { startServerProcess, stopServerProcess } from './support/server-process';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GAME_LISTS_TARGET = 5_000;
/** A content route may be this much slower than /api/game_types. */
const CONTENT_SLACK = 0.2;
const PAGES = 3;
const CONTENT = ['/api/banner', '/api/banner_Text', '/api/popup-ads-banner', '/api/promotion', '/api/contact', '/api/videoads'];

type Kind = 'pglite' | 'postgres';

/** Every listed (type, provider) pair's first pages, from /api/game_types. */
async function gameListPaths(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/game_types`);
  const body = (await res.json()) as { data: { code: string; providers: { code: string }[] }[] };
  const paths: string[] = [];
  for (const type of body.data) {
    for (const provider of type.providers) {
      for (let page = 1; page <= PAGES; page++) paths.push(`/api/game_lists/${type.code}/${provider.code}?page=${page}`);
    }
  }
  return paths;
}

async function load(url: string, paths: string[], seconds: number): Promise<CannonResult> {
  let turn = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[turn++ % paths.length]! }) }],
  });
}

/**
 * Requests per second, and the server's CPU per request (less sensitive than the rate to other
 * work on the machine): a server process on a core of its own could answer about 1000 / that.
 */
async function measure(url: string, pid: number, label: string, paths: string[]): Promise<number> {
  await load(url, paths, 1); // warm-up: JIT, caches, prepared statements
  const before = serverTreeCpuMs(pid);
  const result = await load(url, paths, DURATION);
  const after = serverTreeCpuMs(pid);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  const rps = result.requests.average;
  const cpu = before === undefined || after === undefined ? undefined : (after - before) / result.requests.total;
  const perCore = cpu === undefined ? '' : `; server CPU ${(cpu * 1000).toFixed(0)} µs each (~${Math.round(1000 / cpu)}/s a core)`;
  console.log(`  ${label.padEnd(22)} ${String(Math.round(rps)).padStart(6)} req/s; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${perCore}`);
  return rps;
}

async function bench(kind: Kind, env: Record<string, string>): Promise<boolean> {
  const { child, url } = await startServerProcess({ ...env, SEED_DEMO: '1' });
  const only = process.env.BENCH_ROUTES?.split(',');
  const wanted = (name: string) => !only || only.includes(name);
  let ok = true;
  try {
    console.log(`${kind}: ${CONNECTIONS} connections, ${DURATION} s per route; the load generator shares the machine's cores with the server`);
    if (wanted('game_lists')) {
      const paths = await gameListPaths(url);
      const rps = await measure(url, child.pid!, `game_lists (${paths.length} pages)`, paths);
      if (kind === 'pglite') {
        const met = rps >= GAME_LISTS_TARGET;
        ok &&= met;
        console.log(`    target >= ${GAME_LISTS_TARGET} req/s on PGlite: ${met ? 'ok' : 'BELOW TARGET'}`);
      }
    }
    let types: number | undefined;
    if (wanted('game_types')) types = await measure(url, child.pid!, '/api/game_types', ['/api/game_types']);
    for (const path of CONTENT) {
      if (!wanted(path.slice('/api/'.length))) continue;
      const rps = await measure(url, child.pid!, path, [path]);
      if (types !== undefined && rps < types * (1 - CONTENT_SLACK)) {
        ok = false;
        console.log(`    more than ${CONTENT_SLACK * 100}% below /api/game_types: BELOW TARGET`);
      }
    }
    if (wanted('live')) await measure(url, child.pid!, '/api/live', ['/api/live']);
    return ok;
  } finally {
    await stopServerProcess(child);
  }
}

async function benchPglite(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-bench-'));
  try {
    return await bench('pglite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_ONLY;
let allOk = true;
if (!only || only === 'pglite') allOk = (await benchPglite()) && allOk;
if (!only || only === 'postgres') allOk = (await withFreshDatabase('kp_bench', (dbUrl) => bench('postgres', { DATABASE_URL: dbUrl }))) && allOk;
process.exitCode = allOk ? 0 : 2;
