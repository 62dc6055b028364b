import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * LISTEN for the domain's in-process caches: a channel's payloads, and whether they can be heard
 * right now. A cache may only trust itself while `heard()` says so: a listener that lost its
 * connection, or one behind a pooler that does not pass notifications on (PgBouncer in transaction
 * mode), must not keep serving what nobody can invalidate.
 */
export interface Channel {
  /** Calls `onPayload` for each notification; `onLost` whenever hearing stops (every payload since may be missed). */
  subscribe(onPayload: (payload: string) => void, onLost: () => void): void;
  /**
   * Non-zero while notifications on this channel are known to arrive: a number that changes each
   * time hearing (re)starts, so a reader started before a gap can tell it was not covered.
   */
  heard(): number;
  close(): Promise<void>;
}

/** PGlite runs in this process: a notification arrives as the writing statement (or COMMIT) returns. */
export function pgliteChannel(client: PGlite, name: string): Channel {
  const payloads: Array<(payload: string) => void> = [];
  let listening = false;
  let unlisten: (() => Promise<void>) | undefined;
  const started = client
    .listen(name, (payload) => payloads.forEach((deliver) => deliver(payload)))
    .then((stop) => {
      unlisten = stop;
      listening = true;
    });
  started.catch(() => undefined); // a database closed before the listener started: nothing to hear
  return {
    subscribe: (onPayload) => void payloads.push(onPayload),
    heard: () => (listening ? 1 : 0),
    close: async () => {
      listening = false;
      await unlisten?.().catch(() => undefined);
    },
  };
}

/** How often a PostgreSQL listener proves that notifications still reach it, and how long it waits for its own. */
export const PROBE_INTERVAL_MS = 2_000;
export const PROBE_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL: one dedicated connection LISTENs (a pooled one cannot: it serves other requests).
 * It is trusted only after a NOTIFY sent through `send` (the app's pool, the path every writer
 * takes) has come back on it, and again every PROBE_INTERVAL_MS; a probe that does not return
 * within PROBE_TIMEOUT_MS, an error or a closed connection ends the trust (onLost) until a new
 * connection has proved itself.
 */
export function postgresChannel(url: string, name: string, send: (sql: string) => Promise<unknown>): Channel {
  const payloads: Array<(payload: string) => void> = [];
  const losses: Array<() => void> = [];
  let client: pg.Client | undefined;
  let trusted = false;
  let generation = 0;
  let closed = false;
  let probe: { token: string; timer: NodeJS.Timeout; resolve: () => void } | undefined;
  let ticker: NodeJS.Timeout | undefined;

  const lose = () => {
    trusted = false;
    losses.forEach((onLost) => onLost());
  };
  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = undefined;
    lose();
    lost.end().catch(() => undefined);
    if (!closed) setTimeout(connect, RECONNECT_MS).unref();
  };
  const sendProbe = (listener: pg.Client) => {
    if (probe || client !== listener) return;
    const token = `probe:${Math.random().toString(36).slice(2)}`;
    const timer = setTimeout(() => drop(listener), PROBE_TIMEOUT_MS);
    timer.unref();
    const gain = () => {
      if (!trusted) generation += 1;
      trusted = true;
    };
    probe = { token, timer, resolve: gain };
    send(`select pg_notify('${name}', '${token}')`).catch(() => drop(listener));
  };
  const connect = async () => {
    if (closed) return;
    const listener = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = listener;
    listener.on('error', () => drop(listener));
    listener.on('end', () => drop(listener));
    listener.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (probe && payload === probe.token) {
        clearTimeout(probe.timer);
        probe.resolve();
        probe = undefined;
        return;
      }
      if (!payload.startsWith('probe:')) payloads.forEach((deliver) => deliver(payload));
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${name}`);
      sendProbe(listener);
    } catch {
      drop(listener);
    }
  };
  void connect();
  ticker = setInterval(() => client && sendProbe(client), PROBE_INTERVAL_MS);
  ticker.unref();

  return {
    subscribe: (onPayload, onLost) => {
      payloads.push(onPayload);
      losses.push(onLost);
    },
    heard: () => (trusted ? generation : 0),
    close: async () => {
      closed = true;
      trusted = false;
      if (ticker) clearInterval(ticker);
      ticker = undefined;
      if (probe) clearTimeout(probe.timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/** A channel that hears nothing: caches over it never trust themselves (a database without LISTEN). */
export function silentChannel(): Channel {
  return { subscribe: () => undefined, heard: () => 0, close: async () => undefined };
}
