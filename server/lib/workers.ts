import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { log } from './log';

/**
 * WORKERS=N (decision 0027): the primary forks the workers and keeps N running. A worker that dies
 * on its own is replaced. SIGTERM/SIGINT: each worker is told SIGTERM and drains
 * (server/lib/shutdown.ts); the primary exits once all have, within the grace and a margin, and
 * starts none meanwhile. SIGHUP: a rolling restart — one at a time, a new worker is started, and
 * only once it listens is an old one told SIGTERM and left to drain; the shared port (held by the
 * primary) always has a listening worker, so a deploy on one machine drops nothing.
 */

/** What a worker sends the primary once all its listeners accept connections. */
const LISTENING = 'kyatplay:listening';
/** How long past the grace the primary waits for a draining worker before SIGKILL. */
export const WORKER_EXIT_MARGIN_MS = 5_000;
/** How long a new worker may take to listen during a rolling restart (it migrates and warms up first). */
export const WORKER_START_MS = 60_000;

/** In a worker: tells the primary once every given listener is listening. */
export function reportListening(servers: Server[]): void {
  if (!cluster.isWorker) return;
  const each = servers.map((s) => (s.listening ? Promise.resolve() : new Promise<void>((resolve) => s.once('listening', () => resolve()))));
  void Promise.all(each).then(() => process.send?.({ kp: LISTENING }));
}

interface Supervisor {
  count: number;
  graceMs: number;
  log: (line: string) => void;
  stopping: boolean;
  rolling: boolean;
  /** Workers being retired by a rolling restart, or on trial (started by one, not yet listening): never replaced. */
  unreplaced: Set<number>;
}

/** In the primary: forks `count` workers and handles SIGTERM, SIGINT and SIGHUP as above. */
export function superviseWorkers(options: { count: number; graceMs: number; log?: (line: string) => void }): void {
  const sup: Supervisor = { ...options, log: options.log ?? ((line) => log.info(line)), stopping: false, rolling: false, unreplaced: new Set() };
  for (let i = 0; i < sup.count; i++) cluster.fork();
  cluster.on('message', (worker, message) => isListening(message) && sup.log(`[workers] worker ${worker.process.pid} listening`));
  cluster.on('exit', (worker, code, signal) => {
    if (sup.stopping || sup.unreplaced.delete(worker.id)) return;
    sup.log(`[workers] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stopAll(sup, signal));
  process.on('SIGHUP', () => void rollingRestart(sup));
}

const isListening = (message: unknown) => (message as { kp?: string } | null)?.kp === LISTENING;

const liveWorkers = (): Worker[] => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());

/** SIGTERM to every worker, then exit once all have exited: 0 if every one drained cleanly. */
async function stopAll(sup: Supervisor, signal: string): Promise<void> {
  if (sup.stopping) return sup.log(`[workers] ${signal} while stopping: ignored`);
  sup.stopping = true;
  const workers = liveWorkers();
  sup.log(`[workers] ${signal}: draining ${workers.length} worker(s)`);
  const codes = await Promise.all(workers.map((w) => retire(w, sup.graceMs)));
  process.exit(codes.every((code) => code === 0) ? 0 : 1);
}

/**
 * SIGTERM to one worker; resolves with its exit code (SIGKILL, and 1, when it outlives the grace and
 * margin). A worker ended by the signal itself was still starting (its drain exits with a code), so
 * it had nothing to answer: 0.
 */
function retire(worker: Worker, graceMs: number): Promise<number> {
  const exited = new Promise<number>((resolve) => {
    if (worker.isDead()) return resolve(worker.process.exitCode ?? 0);
    worker.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGTERM' ? 0 : 1)));
  });
  worker.process.kill('SIGTERM');
  const timer = setTimeout(() => worker.process.kill('SIGKILL'), graceMs + WORKER_EXIT_MARGIN_MS);
  return exited.finally(() => clearTimeout(timer));
}

/** Replaces every worker, one at a time: start one, wait until it listens, then drain an old one. */
async function rollingRestart(sup: Supervisor): Promise<void> {
  if (sup.stopping || sup.rolling) return sup.log('[workers] SIGHUP: a restart or stop is under way; ignored');
  sup.rolling = true;
  const old = liveWorkers();
  sup.log(`[workers] SIGHUP: replacing ${old.length} worker(s) one at a time`);
  try {
    for (const worker of old) {
      if (sup.stopping) return;
      const fresh = cluster.fork();
      sup.unreplaced.add(fresh.id);
      if (!(await listening(fresh))) {
        sup.log(`[workers] a new worker did not start listening; the old workers keep serving`);
        fresh.process.kill('SIGTERM');
        return;
      }
      sup.unreplaced.delete(fresh.id);
      if (sup.stopping) return;
      sup.unreplaced.add(worker.id);
      await retire(worker, sup.graceMs);
    }
    sup.log(`[workers] rolling restart done: ${liveWorkers().length} worker(s)`);
  } finally {
    sup.rolling = false;
  }
}

/** Whether a worker reported listening before WORKER_START_MS passed or it exited. */
function listening(worker: Worker): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(ok);
    };
    const onMessage = (message: unknown) => isListening(message) && done(true);
    const onExit = () => done(false);
    const timer = setTimeout(() => done(false), WORKER_START_MS);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}
