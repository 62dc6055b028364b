import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../tests/support/free-port';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The built site (KP_DIST, default dist/) and the built server (KP_SERVER_DIST, default dist-server/). */
export const SITE_DIST = resolve(ROOT, process.env.KP_DIST ?? 'dist');
export const SERVER_DIST = resolve(ROOT, process.env.KP_SERVER_DIST ?? 'dist-server');

export interface SiteProcess {
  child: ChildProcess;
  url: string;
  /** `node dist-server/index.js` (what `npm start` runs) or the TypeScript server under tsx. */
  runs: string;
  stop(): Promise<void>;
}


/**
 * A fresh demo install as a player's browser meets it: the production server process (the built
 * one when dist-server/ exists, else server/index.ts under tsx) serving the built site, on PGlite
 * in a temporary DATA_DIR with the demo seed; stopped and its data removed by `stop()`.
 */
export async function startSite(env: Record<string, string> = {}): Promise<SiteProcess> {
  if (!existsSync(join(SITE_DIST, 'index.html'))) throw new Error(`${SITE_DIST}/index.html is missing: build first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-site-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_DEMO: '1',
    ...env,
    STATIC_DIR: SITE_DIST,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  delete childEnv.DATABASE_URL;
  const built = join(SERVER_DIST, 'index.js');
  const args = existsSync(built) ? [built] : ['--import', 'tsx', 'server/index.ts'];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Generous: a fresh PGlite install (migrations, demo seed) on a shared, busy machine can take minutes.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url, runs: `node ${args.join(' ')}`, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error('server did not start within 240 s');
}
