import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { freePort } from '../support/free-port';

/**
 * The drain tests' pieces: the real server as a child process (bundled and run under plain node,
 * as `npm start` runs it), keep-alive clients that send keyed exchanges and tell an answer
 * from a connection that failed, and the outcomes a load balancer would see.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
/** Where the server is bundled for these tests (never dist-server/, which `npm start` owns). */
const BUNDLE_DIR = '.tmp/graceful-server';
let bundled = false;

/**
 * Bundles server/index.ts once per test file (scripts/build-server.ts, ~1 s): a process then starts
 * in about a second instead of transpiling the sources under tsx, which matters for the rolling
 * restart's new workers on a busy machine.
 */
function bundle(): string {
  if (!bundled) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: ROOT, env: { ...process.env, KP_SERVER_DIST: BUNDLE_DIR }, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`could not bundle the server: ${built.stderr}`);
    bundled = true;
  }
  return `${BUNDLE_DIR}/index.js`;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  port: number;
  /** Everything the process printed (stdout and stderr), in order. */
  output: () => string;
  /** Resolves when the output has a line matching `pattern` (rejects after `ms`). */
  waitFor: (pattern: RegExp, ms?: number) => Promise<string>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Starts server/index.ts on a free loopback port over `databaseUrl` (null: PGlite in env.DATA_DIR); resolves once it answers /healthz. */
export async function startServerProcess(databaseUrl: string | null, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle()], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      HOST: '127.0.0.1',
      PORT: String(port),
      STATIC_DIR: '/nonexistent',
      // Every client of these tests registers from 127.0.0.1.
      REGISTER_MAX_PER_IP: '100000',
      REGISTER_POW_AFTER_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, ms = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(text);
        if (!m) return;
        cleanup();
        resolve(m[0]);
      };
      const timer = setTimeout(() => (cleanup(), reject(new Error(`no ${pattern} in the output:\n${text}`))), ms);
      const cleanup = () => (clearTimeout(timer), waiters.delete(check));
      waiters.add(check);
      check();
    });
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = { child, pid: child.pid!, url, port, output: () => text, waitFor, exited };
  await untilHealthy(server);
  return server;
}

async function untilHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    const res = await request(server.url, { method: 'GET', path: '/healthz' });
    if ('status' in res && res.status === 200) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer /healthz:\n${server.output()}`);
}

/** Stops a process the test left running (SIGKILL if it does not drain within 15 s). */
export async function stopProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** The server processes whose parent is `pid` (a WORKERS=N primary's workers). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(BUNDLE_DIR)) out.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return out.sort((a, b) => a - b);
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
export type Failure = { error: string };

/** One HTTP request; a failure below HTTP (refused, reset) comes back as `{ error: code }`, never thrown. */
export function request(
  base: string,
  opts: { method: string; path: string; body?: unknown; headers?: Record<string, string>; agent?: http.Agent },
): Promise<Answer | Failure> {
  return new Promise((resolve) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (body) headers['content-type'] = 'application/json';
    const req = http.request(base + opts.path, { method: opts.method, headers, agent: opts.agent ?? false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(body);
  });
}

export interface Player {
  id: number;
  token: string;
}

export const MAIN_TO_GAME = '/api/exchange-main-to-game';
export const GAME_TO_MAIN = '/api/exchange-game-to-main';

/** A keyed exchange as a client sent it, and what became of it. */
export interface Sent {
  key: string;
  player: Player;
  path: typeof MAIN_TO_GAME | typeof GAME_TO_MAIN;
  /** Whole Kyat. */
  amount: number;
  /** The first server's answer, or the failure below HTTP. */
  first: Answer | Failure;
  /** The retry at the other server, same key, after a failure below HTTP (what a load balancer does). */
  retry?: Answer | Failure;
}

export function sendExchange(base: string, sent: Omit<Sent, 'first'>, agent?: http.Agent) {
  return request(base, {
    method: 'POST',
    path: sent.path,
    body: { amount: sent.amount },
    headers: { authorization: `Bearer ${sent.player.token}`, 'idempotency-key': sent.key },
    agent,
  });
}

/**
 * `clients` clients, each on its own keep-alive connection (one socket), send keyed exchanges
 * to `target` back to back — alternating direction, so nobody runs dry — until `stop()` is called
 * or a request fails below HTTP; such a request is retried once, with the same key, at
 * `fallback` when given. Resolves with every request sent.
 */
export function burst(opts: { target: () => string; fallback?: string; players: Player[]; clients: number; run: string }) {
  let stopped = false;
  const sent: Sent[] = [];
  const one = async (c: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const player = opts.players[c % opts.players.length]!;
    for (let i = 0; !stopped; i++) {
      const base = { key: `${opts.run}-${c}-${i}`, player, path: i % 2 === 0 ? MAIN_TO_GAME : GAME_TO_MAIN, amount: 100 + c } as const;
      const item: Sent = { ...base, first: await sendExchange(opts.target(), base, agent) };
      sent.push(item);
      if (!('error' in item.first)) continue;
      if (opts.fallback) item.retry = await sendExchange(opts.fallback, base);
      break;
    }
    agent.destroy();
  };
  const done = Promise.all(Array.from({ length: opts.clients }, (_, c) => one(c))).then(() => sent);
  return {
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}

/** What the requests of a burst came to, for the assertions and the figures. */
export function summarise(sent: Sent[]) {
  const answered = sent.filter((s) => !('error' in s.first));
  const failed = sent.filter((s) => 'error' in s.first);
  const final = sent.map((s) => s.retry ?? s.first);
  const statusOf = (a: Answer | Failure) => ('error' in a ? a.error : a.status);
  return {
    sent: sent.length,
    ok: answered.filter((s) => (s.first as Answer).status === 200).length,
    firstStatuses: [...new Set(answered.map((s) => (s.first as Answer).status))],
    failures: failed.map((s) => (s.first as Failure).error),
    finalStatuses: [...new Set(final.map(statusOf))],
    /** A retry the other server replayed: the first had applied it and the client never heard. */
    lostAnswers: sent.filter((s) => s.retry && !('error' in s.retry) && s.retry.headers['idempotent-replayed'] !== undefined).length,
    closedAfter: answered.filter((s) => (s.first as Answer).headers.connection === 'close').length,
  };
}
