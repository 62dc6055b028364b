/**
 * PgBouncer in transaction mode in front of the test PostgreSQL (decision 0028): Debian's
 * `pgbouncer` package (1.18, which cannot carry named prepared statements), started by the global
 * setup as a child process with its own ini in a temporary folder, on a free port.
 * Every database of the upstream server is reachable through it under its own name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';
import { answers } from './global-db';

/** Server connections PgBouncer keeps per database: fewer than a test's pool, so clients take turns. */
export const POOLER_SERVER_CONNECTIONS = 10;

export interface Pooler {
  /** `upstreamUrl` with host and port replaced by PgBouncer's. */
  url: string;
  /** The admin console (SHOW POOLS, KILL db). */
  adminUrl: string;
  stop(): Promise<void>;
}

/** PATH first, then Debian's place for it (/usr/sbin is not on every PATH). */
export function findPgbouncer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const file = join(dir, 'pgbouncer');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

function writeConfig(dir: string, port: number, upstream: URL): string {
  const user = decodeURIComponent(upstream.username || 'postgres');
  const password = decodeURIComponent(upstream.password);
  // Clients are trusted (127.0.0.1 only); the file also gives PgBouncer the password upstream may ask for.
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${password}"\n`);
  const ini = [
    '[databases]',
    `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'users.txt')}`,
    `admin_users = ${user}`,
    'pool_mode = transaction',
    'max_client_conn = 500',
    `default_pool_size = ${POOLER_SERVER_CONNECTIONS}`,
    'server_idle_timeout = 30',
  ].join('\n');
  const file = join(dir, 'pgbouncer.ini');
  writeFileSync(file, `${ini}\n`);
  return file;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

/** Starts PgBouncer in front of `upstreamUrl`'s server; throws, with its output, if it does not come up. */
export async function startPooler(upstreamUrl: string): Promise<Pooler> {
  const binary = findPgbouncer();
  if (!binary) throw new Error('pgbouncer not found (PATH, /usr/sbin): apt-get install -y pgbouncer, or TEST_POOLER=off to run without the pooled suites');
  const dir = mkdtempSync(join(tmpdir(), 'kp-test-pgbouncer-'));
  const upstream = new URL(upstreamUrl);
  const port = await freePort();
  const ini = writeConfig(dir, port, upstream);
  // PgBouncer refuses to run as root; -u drops to the postgres user, which must read the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) for (const file of [dir, ini, join(dir, 'users.txt')]) chmodSync(file, file === dir ? 0o755 : 0o644);
  const child = spawn(binary, asRoot ? ['-u', 'postgres', ini] : [ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
  const pooled = new URL(upstreamUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  const admin = new URL(pooled);
  admin.pathname = '/pgbouncer';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if (await answers(pooled.toString(), 1000)) return { url: pooled.toString(), adminUrl: admin.toString(), stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`pgbouncer did not start on 127.0.0.1:${port}:\n${output}`);
}

/** Drops PgBouncer's server connections to `database` (before it is dropped upstream). */
export async function releaseDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`KILL ${database}`); // the console speaks the simple protocol only: no parameters
  } finally {
    await admin.end().catch(() => undefined);
  }
}
