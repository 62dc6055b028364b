/**
 * GET /api/user under load: the server runs as a child process (seeded demo data), the demo
 * player logs in, and autocannon (a second child) holds 10 connections for ~10 s with the token.
 * Once on PGlite (temp DATA_DIR) and once on PostgreSQL (a fresh database, dropped afterwards:
 * BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test). Load stays on 127.0.0.1.
 *
 *   npm run bench:api            BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_ONLY=pglite|postgres
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../server/db/seed';
import { withFreshDatabase } from './support/database';
import { startServerProcess, stopServerProcess } from './support/server-process';

const TARGETS = { pglite: 1_500, postgres: 5_000 } as const;
type Kind = keyof typeof TARGETS;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROOT = new URL('..', import.meta.url).pathname;

function startServer(env: Record<string, string>) {
  return startServerProcess({ ...env, SEED_DEMO: '1' });
}

const stopServer = stopServerProcess;

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ user_name: DEMO_USER_NAME, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!res.ok || !body.data?.token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

function autocannon(args: string[]): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/autocannon/autocannon.js'), '-j', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out) as CannonResult);
      } catch (err) {
        reject(err);
      }
    });
  });
}

async function load(url: string, token: string, seconds: number): Promise<CannonResult> {
  return autocannon(['-c', String(CONNECTIONS), '-d', String(seconds), '-H', `authorization=Bearer ${token}`, `${url}/api/user`]);
}

async function measure(kind: Kind, env: Record<string, string>): Promise<number> {
  const { child, url } = await startServer(env);
  try {
    const token = await login(url);
    const check = await fetch(`${url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`GET /api/user answered ${check.status}`);
    await load(url, token, 2); // warm-up: JIT, prepared statements, connection pool
    const result = await load(url, token, DURATION);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${kind}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    }
    const rps = result.requests.average;
    const verdict = rps >= TARGETS[kind] ? 'ok' : 'BELOW TARGET';
    console.log(
      `${kind.padEnd(8)} GET /api/user: ${Math.round(rps)} req/s (target >= ${TARGETS[kind]}) ${verdict}; ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests`,
    );
    return rps;
  } finally {
    await stopServer(child);
  }
}

async function benchPglite(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-bench-'));
  try {
    return (await measure('pglite', { DATA_DIR: dataDir })) >= TARGETS.pglite;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<boolean> {
  return withFreshDatabase('kp_bench', async (url) => (await measure('postgres', { DATABASE_URL: url })) >= TARGETS.postgres);
}

const only = process.env.BENCH_ONLY;
let allOk = true;
if (!only || only === 'pglite') allOk = (await benchPglite()) && allOk;
if (!only || only === 'postgres') allOk = (await benchPostgres()) && allOk;
process.exitCode = allOk ? 0 : 1;
