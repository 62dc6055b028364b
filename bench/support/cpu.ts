import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { CannonResult } from './autocannon';

/** CPU time (user + system) a process has used so far, in ms, or undefined when unreadable. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU of the server: its primary process plus its cluster workers (children), in ms. */
export function serverTreeCpuMs(pid: number): number | undefined {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* no children file: a single process */
  }
  const own = processCpuMs(pid);
  if (own === undefined) return undefined;
  return children.reduce((sum, child) => sum + (processCpuMs(child) ?? 0), own);
}

/** The PostgreSQL backends serving the bench database (when the server runs on this machine). */
export async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

interface CpuSnapshot {
  server?: number;
  postgres?: number;
  load: number;
}

async function cpuSnapshot(serverPid: number, dbUrl: string): Promise<CpuSnapshot> {
  const pids = await backendPids(dbUrl);
  const pgMs = pids.map(processCpuMs);
  const postgres = pgMs.some((ms) => ms === undefined) ? undefined : pgMs.reduce<number>((a, b) => a + b!, 0);
  const { user, system } = process.cpuUsage();
  return { server: serverTreeCpuMs(serverPid), postgres, load: (user + system) / 1000 };
}

/** What one operation is called in the report: 'exchange' / 'exchanges', 'bet' / 'bets'. */
export interface Unit {
  one: string;
  many: string;
}

export interface Measured {
  result: CannonResult;
  /** Operations answered per second. */
  rps: number;
  /** CPU ms per operation, where it could be read. */
  cost?: { server: number; postgres: number; load: number };
}

/**
 * One measured run: throughput, latency, and the CPU each operation cost each process (server
 * tree, the PostgreSQL backends of `dbUrl`, this process as load generator), printed under `label`.
 */
export async function measure(
  label: string,
  unit: Unit,
  dbUrl: string,
  serverPid: number,
  run: () => Promise<CannonResult>,
): Promise<Measured> {
  const before = await cpuSnapshot(serverPid, dbUrl);
  const result = await run();
  const after = await cpuSnapshot(serverPid, dbUrl);
  const rps = result.requests.average;
  console.log(
    `${label.padEnd(11)}: ${Math.round(rps)} ${unit.many}/s; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.requests.total} answered, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
  const per = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : (b - a) / result.requests.total);
  const cost = { server: per(before.server, after.server), postgres: per(before.postgres, after.postgres), load: per(before.load, after.load) };
  if (cost.server !== undefined && cost.postgres !== undefined && cost.load !== undefined && result.requests.total > 0) {
    const total = cost.server + cost.postgres + cost.load;
    console.log(
      `${''.padEnd(13)}CPU per ${unit.one}: server ${cost.server.toFixed(3)} ms, PostgreSQL backends ${cost.postgres.toFixed(3)} ms, ` +
        `load generator ${cost.load.toFixed(3)} ms => 2 idle cores could carry ~${Math.round(2000 / total)}/s`,
    );
    return { result, rps, cost: { server: cost.server, postgres: cost.postgres, load: cost.load } };
  }
  return { result, rps };
}
