/**
 * Prometheus metrics (issue 28, decision 0033) with prom-client. Two registries:
 * - the process's (`registry`): requests per route template, method and status class (a counter and
 *   a duration histogram), prom-client's process metrics (event-loop lag, heap, …), open
 *   connections, the database pool and query errors. With WORKERS=N the primary gathers every
 *   worker's over cluster IPC and sums them (server/lib/metrics-cluster.ts): one scrape, whole machine.
 * - the business one: gauges read from the database at scrape time (domain/operators/live-figures.ts),
 *   cached CACHE_MS, by whichever process answers the scrape (they are the database's, not a process's).
 * docs/operator.md § Monitoring says what each means; deploy/prometheus/alerts.yml alerts on them.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Server } from 'node:http';
import type { LiveFigures } from '../domain/operators/live-figures';
import { queryErrors, type DatabaseProbe, type PoolStats } from './db-probe';
import { droppedLog } from './log';

export const PREFIX = 'kyatplay_';
/** How long business figures are reused between scrapes (and dashboard reads). */
export const CACHE_MS = 5_000;
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type { DatabaseProbe, PoolStats } from './db-probe';

export interface Metrics {
  registry: Registry;
  business: Registry;
  /** One answered request. `route` is the matched template ('/api/games/:id'), never the raw path. */
  observe(method: string, route: string, status: number, seconds: number): void;
  watchServer(server: Server): void;
  watchDatabase(probe: DatabaseProbe): void;
  /** The live figures, at most CACHE_MS old (the business gauges and the dashboard read this). */
  figures(): Promise<LiveFigures>;
  setFigures(read: () => Promise<LiveFigures>): void;
}


const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

function processMetrics(registry: Registry, state: { connections: number; probe?: DatabaseProbe }) {
  collectDefaultMetrics({ register: registry });
  new Gauge({ name: `${PREFIX}open_connections`, help: 'Open HTTP connections (both listeners).', registers: [registry], collect() { this.set(state.connections); } });
  const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
    new Gauge({ name: `${PREFIX}db_pool_${name}`, help, registers: [registry], collect() { if (state.probe) this.set(pick(state.probe.pool())); } });
  pool('size', 'Database connections this process may open (PGlite: 1).', (s) => s.size);
  pool('in_use', 'Database connections running a query or transaction now.', (s) => s.inUse);
  pool('waiting', 'Queries waiting for a free database connection.', (s) => s.waiting);
  new Counter({ name: `${PREFIX}log_dropped_bytes_total`, help: 'Log bytes dropped because stdout was not being read (16 MB were already waiting).', registers: [registry], collect() { this.reset(); this.inc(droppedLog.bytes); } });
  new Counter({ name: `${PREFIX}db_query_errors_total`, help: 'Database queries that failed (any error: a refused constraint, a lost connection, a timeout).', registers: [registry], collect() { this.reset(); this.inc(queryErrors.count); } });
}

/** One series of the request metrics: a (method, route template, status class)'s count, sum and buckets. */
interface Series {
  labels: { method: string; route: string; status_class: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative), BUCKETS' order, then one for +Inf. */
  buckets: number[];
}

/**
 * The request counter and duration histogram (issue 28's 5 % budget: ~5 µs a request on the
 * catalogue path). prom-client's inc/observe validate and hash the labels on every call, even on a
 * child (~2 µs for both); here a request adds to its series' plain numbers (found by route, method and
 * status class, no key built) and prom-client is handed the totals when a scrape collects them. The histogram's
 * totals are written in prom-client's own per-series shape (`hashMap`; prom-client is pinned in
 * package.json); tests/server/observability.test.ts checks the scraped counts and buckets.
 */
// Long because the per-request add and the scrape-time hand-over to prom-client share the series and must stay in step.
function requestMetrics(registry: Registry): Metrics['observe'] {
  /** Every series, in the order they first came (the scrape's); found per request through byRoute below. */
  const series: Series[] = [];
  const labelNames = ['method', 'route', 'status_class'];
  new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Answered requests by route template, method and status class.',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of series) this.inc(s.labels, s.count);
    },
  });
  new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer, by route template, method and status class.',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
    collect() {
      const hashMap: Record<string, unknown> = {};
      for (const s of series) {
        const bucketValues: Record<number, number> = {};
        BUCKETS.forEach((bound, i) => (bucketValues[bound] = s.buckets[i]!));
        hashMap[`${s.labels.method} ${s.labels.status_class} ${s.labels.route}`] = { labels: { ...s.labels }, bucketValues, sum: s.sum, count: s.count };
      }
      (this as unknown as { hashMap: Record<string, unknown> }).hashMap = hashMap;
    },
  });
  // route template → method → series by status class: lookups on the router's and the HTTP
  // parser's own strings (their hashes kept on them), no key built a request.
  const byRoute = new Map<string, Map<string, (Series | undefined)[]>>();
  return (method, route, status, seconds) => {
    const klass = Math.floor(status / 100);
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    let s = byClass[klass];
    if (!s) {
      s = { labels: { method, route, status_class: statusClass(status) }, count: 0, sum: 0, buckets: new Array<number>(BUCKETS.length + 1).fill(0) };
      byClass[klass] = s;
      series.push(s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    s.buckets[i]!++;
  };
}

/** A fresh set of metrics (tests make their own; the server one per process). */
export function createMetrics(opts: { cacheMs?: number } = {}): Metrics {
  const registry = new Registry();
  const state: { connections: number; probe?: DatabaseProbe } = { connections: 0 };
  const observe = requestMetrics(registry);
  processMetrics(registry, state);
  const business = new Registry();
  const cache = cachedFigures(opts.cacheMs ?? CACHE_MS);
  businessGauges(business, cache.get);
  return {
    registry,
    business,
    observe,
    watchServer(server) {
      server.on('connection', (socket) => {
        state.connections++;
        socket.once('close', () => state.connections--);
      });
    },
    watchDatabase(probe) {
      state.probe = probe;
    },
    figures: cache.get,
    setFigures: cache.set,
  };
}

function cachedFigures(cacheMs: number) {
  let read: (() => Promise<LiveFigures>) | undefined;
  let last: { at: number; value: Promise<LiveFigures> } | undefined;
  return {
    set(fn: () => Promise<LiveFigures>) {
      read = fn;
      last = undefined;
    },
    get(): Promise<LiveFigures> {
      if (!read) return Promise.reject(new Error('metrics: no database to read figures from'));
      if (last && Date.now() - last.at < cacheMs) return last.value;
      const value = read();
      last = { at: Date.now(), value };
      // A failed read is not kept: the next scrape tries again.
      value.catch(() => (last = undefined));
      return value;
    },
  };
}

const kyat = (pya: bigint) => Number(pya) / 100;
const ageSeconds = (f: LiveFigures, at: Date | null) => (at ? Math.max(0, (f.at.getTime() - at.getTime()) / 1000) : 0);

/**
 * Long because it declares every business gauge in one place, each with its help text, so the
 * list reads as the catalogue docs/operator.md § Monitoring describes.
 */
function businessGauges(registry: Registry, figures: () => Promise<LiveFigures>) {
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge<string>, f: LiveFigures) => void) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const f = await figures();
        this.reset();
        fill(this, f);
      },
    });
  gauge('pending_requests', 'Deposit and withdrawal requests waiting for an operator.', ['kind'], (g, f) => {
    g.set({ kind: 'deposit' }, f.deposits.count);
    g.set({ kind: 'withdrawal' }, f.withdrawals.count);
  });
  gauge('pending_amount_kyat', 'Kyat in the waiting requests.', ['kind'], (g, f) => {
    g.set({ kind: 'deposit' }, kyat(f.deposits.amount));
    g.set({ kind: 'withdrawal' }, kyat(f.withdrawals.amount));
  });
  gauge('pending_oldest_age_seconds', 'How long the oldest waiting request has waited (0: none waits).', ['kind'], (g, f) => {
    g.set({ kind: 'deposit' }, ageSeconds(f, f.deposits.oldestAt));
    g.set({ kind: 'withdrawal' }, ageSeconds(f, f.withdrawals.oldestAt));
  });
  gauge('bets_today', "Bets placed today (Yangon day) per game family (games = seamless slots, two_d, digit = Digit Bet, shan).", ['family'], (g, f) => {
    for (const [family, v] of Object.entries(f.families)) g.set({ family }, v.bets);
  });
  gauge('stakes_today_kyat', 'Kyat staked today (Yangon day) per game family.', ['family'], (g, f) => {
    for (const [family, v] of Object.entries(f.families)) g.set({ family }, kyat(v.stakes));
  });
  gauge('two_d_open_draw_stakes_kyat', 'Kyat staked on the 2D draw open for bets now (0 when 2D is closed).', [], (g, f) => g.set(kyat(f.openDraw?.stakes ?? 0n)));
  gauge('two_d_open_draw_worst_payout_kyat', 'What the open 2D draw would pay if its most-backed number won.', [], (g, f) => g.set(kyat(f.openDraw?.worstPayout ?? 0n)));
  gauge('two_d_overdue_draws', "Today's 2D draws past their draw time with no confirmed result.", [], (g, f) => g.set(f.overdueDraws));
  gauge('live_sessions', 'Players whose session was used in the last 15 minutes.', [], (g, f) => g.set(f.liveSessions));
  gauge('books_check_ok', 'The last books check: 1 balanced, 0 found a discrepancy, -1 never run.', [], (g, f) => g.set(f.lastBooksCheck ? (f.lastBooksCheck.ok ? 1 : 0) : -1));
  gauge('telegram_queued', 'Telegram messages waiting to be sent (pending, or handed to Telegram and not answered yet).', [], (g, f) => g.set(f.telegram.queued));
  gauge('telegram_queued_oldest_age_seconds', 'How long the oldest waiting Telegram message (or a settled draw\'s messages not yet written) has waited (0: none waits).', [], (g, f) => g.set(ageSeconds(f, f.telegram.oldestQueuedAt)));
  gauge('telegram_failed', 'Telegram messages that failed in the last 24 hours: refused, out of retries, or unknown after a crash.', [], (g, f) => g.set(f.telegram.failed));
  gauge('books_check_last_timestamp_seconds', 'When the last books check finished (Unix seconds; 0 never).', [], (g, f) => g.set(f.lastBooksCheck ? f.lastBooksCheck.finishedAt.getTime() / 1000 : 0));
}

let processWide: Metrics | undefined;
/** The server process's metrics (index.ts watches its listeners and database with them). */
export function processMetricsOf(): Metrics {
  return (processWide ??= createMetrics());
}
