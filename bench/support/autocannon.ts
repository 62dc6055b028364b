import { createRequire } from 'node:module';

/** The part of autocannon's programmatic API the benches use (it ships no types). */
export interface CannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** `context` belongs to one connection and lives from one request's setup to its response. */
  setupRequest(req: CannonRequest, context: Record<string, unknown>): CannonRequest;
  onResponse(status: number, body: string, context: Record<string, unknown>): void;
}
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: Partial<CannonRequest>[];
}) => Promise<CannonResult>;

/** autocannon in this process, so that requests can be built one by one (keys, bodies, players). */
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
