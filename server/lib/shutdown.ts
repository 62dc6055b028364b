import { Server as NetServer, type Socket } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { log as processLog } from './log';

/**
 * Draining one server process on SIGTERM/SIGINT (decision 0027): not ready at once, no new
 * connections, every request already on a connection answered, background work stopped, then the
 * database closed and exit 0 — all within SHUTDOWN_GRACE_SECONDS, after which the connections
 * left are cut and the exit code is 1.
 *
 * Keep-alive connections are not cut while idle: a client may be sending its next request on one
 * at that very moment, and would see a reset for a request nobody read. Every answer given while
 * draining carries `Connection: close`, so a connection closes after the request it carries; one
 * that stays idle closes at Node's keep-alive timeout (5 s, which clients are told in
 * `Keep-Alive: timeout=5`), as it would on any day.
 */

/** Whether the process is draining; GET /readyz answers 503 once it is (server/app.ts). */
export interface Lifecycle {
  readonly draining: boolean;
}

/** Background work to stop before the database closes; resolves once work in progress has finished. */
export type Stopper = () => void | Promise<void>;

export interface ShutdownOptions {
  database: { close(): Promise<void> };
  graceMs: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
}

export interface Shutdown {
  lifecycle: Lifecycle;
  /** Follows a listener's connections and requests (call right after creating it). */
  track(server: Server): void;
  /** Registers background work (the 2D scheduler, the books check …) to stop on shutdown. */
  onStop(stopper: Stopper): void;
  /** Drains and exits; a second call while draining is logged and ignored. Resolves with the exit code. */
  drain(reason: string): Promise<number>;
  /** Drains on each of these signals. */
  handleSignals(signals?: NodeJS.Signals[]): void;
}

/**
 * How long closing the database may take once requests are done: a request cut at the end of the
 * grace may still hold a connection, whose transaction PostgreSQL rolls back when the process exits.
 */
export const DATABASE_CLOSE_MS = 2_000;

interface Listener {
  server: Server;
  sockets: Set<Socket>;
  open: Set<ServerResponse>;
}

export function createShutdown(options: ShutdownOptions): Shutdown {
  const log = options.log ?? ((line: string) => processLog.info(line));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const state = { draining: false };
  const listeners: Listener[] = [];
  const stoppers: Stopper[] = [];
  let finished: Promise<number> | undefined;

  const drain = (reason: string): Promise<number> => {
    if (finished) {
      log(`[shutdown] ${reason} while draining: ignored`);
      return finished;
    }
    state.draining = true;
    finished = runDrain({ ...options, log, listeners, stoppers }, reason).then((code) => {
      exit(code);
      return code;
    });
    return finished;
  };
  return {
    lifecycle: state,
    track: (server) => void listeners.push(trackListener(server, state)),
    onStop: (stopper) => void stoppers.push(stopper),
    drain,
    handleSignals: (signals = ['SIGTERM', 'SIGINT']) => {
      for (const signal of signals) process.on(signal, () => void drain(signal));
    },
  };
}

/** Counts a listener's sockets and unanswered requests; answers given while draining close their connection. */
function trackListener(server: Server, state: Lifecycle): Listener {
  const listener: Listener = { server, sockets: new Set(), open: new Set() };
  server.on('connection', (socket: Socket) => {
    listener.sockets.add(socket);
    socket.once('close', () => listener.sockets.delete(socket));
  });
  // Before the app's own listener, so the header is set before any answer can be written.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (state.draining) closeAfter(res);
    listener.open.add(res);
    res.once('close', () => listener.open.delete(res));
  });
  return listener;
}

function closeAfter(res: ServerResponse) {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

interface DrainInput extends Required<Omit<ShutdownOptions, 'exit'>> {
  listeners: Listener[];
  stoppers: Stopper[];
}

/** The drain itself; resolves with the exit code (0, or 1 when the grace ran out). */
async function runDrain(input: DrainInput, reason: string): Promise<number> {
  const { listeners, log } = input;
  const started = Date.now();
  const inFlight = listeners.reduce((n, l) => n + l.open.size, 0);
  log(`[shutdown] ${reason}: draining ${inFlight} request(s) in flight, up to ${input.graceMs / 1000} s (readyz 503, no new connections)`);
  for (const l of listeners) l.open.forEach(closeAfter);
  // net.Server's close: stop accepting, resolve once every connection has ended. (http.Server's
  // own close also cuts idle keep-alive connections at once, racing a request being sent on one.)
  const connectionsEnded = Promise.all(listeners.map((l) => new Promise<void>((resolve) => NetServer.prototype.close.call(l.server, () => resolve()))));
  const backgroundStopped = Promise.all(input.stoppers.map((stop) => runStopper(stop, log)));
  const inTime = await within(Promise.all([connectionsEnded, backgroundStopped]), input.graceMs);
  let code = 0;
  if (!inTime) {
    const unanswered = listeners.reduce((n, l) => n + l.open.size, 0);
    const cut = listeners.reduce((n, l) => n + l.sockets.size, 0);
    log(`[shutdown] grace of ${input.graceMs / 1000} s passed: cutting ${cut} connection(s), ${unanswered} request(s) unanswered`);
    for (const l of listeners) l.server.closeAllConnections();
    code = 1;
  }
  if (!(await within(input.database.close().catch((err: Error) => log(`[shutdown] database close: ${err.message}`)), DATABASE_CLOSE_MS))) {
    log(`[shutdown] the database did not close within ${DATABASE_CLOSE_MS / 1000} s`);
    code = 1;
  }
  log(`[shutdown] ${code === 0 ? 'drained' : 'stopped'} in ${Date.now() - started} ms (exit ${code})`);
  return code;
}

async function runStopper(stop: Stopper, log: (line: string) => void): Promise<void> {
  try {
    await stop();
  } catch (err) {
    log(`[shutdown] background work did not stop cleanly: ${(err as Error).message}`);
  }
}

/** Whether `work` settled within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
