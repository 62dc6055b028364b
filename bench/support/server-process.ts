import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { freePort } from '../../tests/support/free-port';

const ROOT = new URL('../..', import.meta.url).pathname;
/** Where the benches bundle the server (never dist-server/, which `npm start` owns). */
const BENCH_SERVER_DIST = resolve(ROOT, '.tmp/bench-server');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

const bundled = new Map<string, string>();

/**
 * The server as production runs it: bundled by scripts/build-server.ts and started under plain
 * `node` (what `npm start` does), not the TypeScript source under tsx, whose loader costs every
 * request CPU (bench:digit: server 1.78 → 1.42 ms per bet). Bundled once per bench run, from the
 * checkout as it is; `entry` another entry than server/index.ts (bench/support/observability-server.ts).
 */
function serverBundle(entry = 'server/index.ts'): string {
  const done = bundled.get(entry);
  if (done) return done;
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, KP_SERVER_DIST: BENCH_SERVER_DIST, KP_SERVER_ENTRY: entry },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`could not bundle ${entry} (scripts/build-server.ts)`);
  const file = resolve(BENCH_SERVER_DIST, `${basename(entry, '.ts')}.js`);
  bundled.set(entry, file);
  return file;
}

/**
 * Starts the real server (`server/index.ts`, bundled as `npm start` runs it) as a child process on a free loopback port with
 * `env` on top of this process's environment, and waits for /healthz. `nodeArgs` go before the
 * script (e.g. a CPU profile). Without DATABASE_URL in `env` it runs on PGlite. `opts.entry`
 * another entry (bundled the same way); `opts.stdout` a file descriptor for the server's stdout
 * (its log lines) instead of this process's own.
 */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = [], opts: { entry?: string; stdout?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, STATIC_DIR: '/nonexistent', ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // BENCH_SERVER_CPUS=1: the server pinned to those cores (`taskset`), away from the load generator.
  const cpus = process.env.BENCH_SERVER_CPUS;
  const script = serverBundle(opts.entry);
  const [command, args] = cpus ? ['taskset', ['-c', cpus, process.execPath, ...nodeArgs, script]] : [process.execPath, [...nodeArgs, script]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', opts.stdout ?? 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start within 60 s');
}

export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * The server for a load bench on PostgreSQL `databaseUrl` (no demo data), with `env` on top.
 * BENCH_PROFILE=<dir> writes a V8 CPU profile of the server there when it exits; BENCH_WORKERS=2
 * runs two server processes (server/index.ts, WORKERS) — on 2 cores shared with PostgreSQL one is faster.
 */
export function startBenchServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  return startServerProcess({ DATABASE_URL: databaseUrl, SEED_DEMO: '0', WORKERS: process.env.BENCH_WORKERS ?? '1', ...env }, profile);
}
