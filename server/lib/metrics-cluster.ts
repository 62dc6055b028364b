/**
 * One scrape, the whole machine (issue 28): with WORKERS=N a scrape reaches one worker, which asks
 * the primary over cluster IPC; the primary gathers every worker's process registry with
 * prom-client's AggregatorRegistry (counters and histograms summed, event-loop lag averaged) and
 * answers with the text. Without workers the process's own registry is the machine's.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { errFields, log } from './log';
import type { Metrics } from './metrics';

const ASK = 'kyatplay:metrics';
const ANSWER = 'kyatplay:metrics-text';
/** prom-client's own per-worker timeout is 5 s; the worker waits a little longer for the primary. */
const WAIT_MS = 6_000;

interface Message {
  kp?: string;
  id?: number;
  text?: string;
  error?: string;
}

/** In the primary (WORKERS > 1): answers workers' requests for the machine's metrics. */
export function aggregateWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Message) => {
    if (message?.kp !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ kp: ANSWER, id: message.id, text }),
      (err: Error) => worker.isConnected() && worker.send({ kp: ANSWER, id: message.id, error: err.message }),
    );
  });
}

const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>();
let nextId = 0;
let listening = false;

/** In a worker: its registry is the one the primary gathers, and answers come back here. */
export function joinAggregation(metrics: Metrics): void {
  new AggregatorRegistry(); // registers prom-client's worker side (it answers the primary's requests)
  AggregatorRegistry.setRegistries([metrics.registry]);
  if (listening) return;
  listening = true;
  process.on('message', (message: Message) => {
    if (message?.kp !== ANSWER || message.id === undefined) return;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    clearTimeout(entry.timer);
    if (message.error !== undefined) entry.reject(new Error(message.error));
    else entry.resolve(message.text ?? '');
  });
}

function askPrimary(): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('metrics: the primary did not answer'));
    }, WAIT_MS);
    waiting.set(id, { resolve, reject, timer });
    process.send?.({ kp: ASK, id });
  });
}

/** The process metrics of the whole machine: every worker's summed, or this process's alone. */
export function machineMetrics(metrics: Metrics): Promise<string> {
  return cluster.isWorker && listening ? askPrimary() : metrics.registry.metrics();
}

const UP = '# HELP kyatplay_business_figures_up 1 when the business gauges below were read from the database, 0 when that failed.\n# TYPE kyatplay_business_figures_up gauge\nkyatplay_business_figures_up';

/** A scrape's whole answer: the machine's process metrics, then the business gauges (or why they are missing). */
export async function scrapeText(metrics: Metrics): Promise<string> {
  const [machine, business] = await Promise.all([machineMetrics(metrics), metrics.business.metrics().then((text) => ({ text }), (err: Error) => ({ err }))]);
  if ('err' in business) {
    log.warn({ err: errFields(business.err) }, 'metrics: business figures unavailable');
    return `${machine.trimEnd()}\n${UP} 0\n`;
  }
  return `${machine.trimEnd()}\n${UP} 1\n${business.text}`;
}

/** Requests answered and 5xx among them, machine-wide, from the same counter the scrape shows. */
export async function requestTotals(metrics: Metrics): Promise<{ requests: number; errors: number }> {
  const text = await machineMetrics(metrics);
  let requests = 0;
  let errors = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('kyatplay_http_requests_total{')) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    requests += value;
    if (line.includes('status_class="5xx"')) errors += value;
  }
  return { requests, errors };
}
