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
  return new PostgresListener(url, name, send);
}

class PostgresListener implements Channel {
  private readonly payloads: Array<(payload: string) => void> = [];
  private readonly losses: Array<() => void> = [];
  private client: pg.Client | undefined;
  private trusted = false;
  private generation = 0;
  private closed = false;
  private probe: { token: string; timer: NodeJS.Timeout } | undefined;
  private readonly ticker: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly send: (sql: string) => Promise<unknown>,
  ) {
    void this.connect();
    this.ticker = setInterval(() => this.client && this.sendProbe(this.client), PROBE_INTERVAL_MS);
    this.ticker.unref();
  }

  subscribe(onPayload: (payload: string) => void, onLost: () => void): void {
    this.payloads.push(onPayload);
    this.losses.push(onLost);
  }

  heard(): number {
    return this.trusted ? this.generation : 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.trusted = false;
    clearInterval(this.ticker);
    if (this.probe) clearTimeout(this.probe.timer);
    const last = this.client;
    this.client = undefined;
    await last?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const listener = new pg.Client({ connectionString: this.url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    this.client = listener;
    listener.on('error', () => this.drop(listener));
    listener.on('end', () => this.drop(listener));
    listener.on('notification', (message) => this.received(message.payload ?? ''));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${this.name}`);
      this.sendProbe(listener);
    } catch {
      this.drop(listener);
    }
  }

  private received(payload: string): void {
    if (this.probe && payload === this.probe.token) {
      clearTimeout(this.probe.timer);
      this.probe = undefined;
      if (!this.trusted) this.generation += 1;
      this.trusted = true;
      return;
    }
    if (!payload.startsWith('probe:')) this.payloads.forEach((deliver) => deliver(payload));
  }

  private sendProbe(listener: pg.Client): void {
    if (this.probe || this.client !== listener) return;
    const token = `probe:${Math.random().toString(36).slice(2)}`;
    const timer = setTimeout(() => this.drop(listener), PROBE_TIMEOUT_MS);
    timer.unref();
    this.probe = { token, timer };
    this.send(`select pg_notify('${this.name}', '${token}')`).catch(() => this.drop(listener));
  }

  /** Hearing has stopped on `lost`: clear, tell the subscribers, and try a new connection. */
  private drop(lost: pg.Client): void {
    if (this.client !== lost) return;
    this.client = undefined;
    if (this.probe) clearTimeout(this.probe.timer);
    this.probe = undefined;
    this.trusted = false;
    this.losses.forEach((onLost) => onLost());
    lost.end().catch(() => undefined);
    if (!this.closed) setTimeout(() => void this.connect(), RECONNECT_MS).unref();
  }
}

/** A channel that hears nothing: caches over it never trust themselves (a database without LISTEN). */
export function silentChannel(): Channel {
  return { subscribe: () => undefined, heard: () => 0, close: async () => undefined };
}
