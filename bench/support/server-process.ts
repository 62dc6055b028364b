import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`server/index.ts`) as a child process on a free loopback port with
 * `env` on top of this process's environment, and waits for /healthz. `nodeArgs` go before the
 * script (e.g. a CPU profile). Without DATABASE_URL in `env` it runs on PGlite.
 */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, STATIC_DIR: '/nonexistent', ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
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
