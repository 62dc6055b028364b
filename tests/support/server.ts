import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { testEnv, type Env } from '../../server/env';
import type { Clock } from '../../server/lib/clock';
import type { Logger } from '../../server/lib/log';
import type { Metrics } from '../../server/lib/metrics';
import { createTestDatabase, type TestDbKind } from './db';

export interface RefusalFields {
  code?: string;
  params?: Record<string, unknown>;
  error_codes?: Record<string, Array<{ code: string; params?: Record<string, unknown> }>>;
}

/** Splits the refusal codes off an answer's body (see TestServer.call). */
export function splitRefusal(parsed: unknown): { body: any; refusal: RefusalFields | null } {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { body: parsed, refusal: null };
  const { code, params, error_codes, refusal, ...rest } = parsed as Record<string, unknown>;
  // The games launch keeps its numeric `code`; its refusal code is under `refusal`.
  if (typeof code === 'number') (rest as Record<string, unknown>).code = code;
  const textCode = typeof code === 'string' ? code : typeof refusal === 'string' ? refusal : undefined;
  if (textCode === undefined && error_codes === undefined) {
    if (code !== undefined && typeof code !== 'number') (rest as Record<string, unknown>).code = code;
    if (params !== undefined) (rest as Record<string, unknown>).params = params;
    return { body: rest, refusal: null };
  }
  const found: RefusalFields = {};
  if (textCode) found.code = textCode;
  if (params) found.params = params as Record<string, unknown>;
  if (error_codes) found.error_codes = error_codes as RefusalFields['error_codes'];
  return { body: rest, refusal: found };
}

export interface TestServer {
  url: string;
  database: Database;
  /**
   * fetch against the running server; JSON bodies are encoded for you. A refusal's codes (issue 13:
   * `code`, `params`, `error_codes`, and `refusal` on the games launch) come apart in `refusal`, so
   * `body` is the contract's legacy shape that older tests compare exactly.
   */
  call(method: string, path: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers; refusal: RefusalFields | null }>;
  close(): Promise<void>;
}

/** Starts the real HTTP server on a free loopback port over a fresh test database. */
export async function startTestServer(
  kind: TestDbKind,
  opts: { env?: Partial<Env>; clock?: Clock; database?: Database; port?: number; logger?: Logger; metrics?: Metrics } = {},
): Promise<TestServer> {
  const database = opts.database ?? (await createTestDatabase(kind));
  const app = createApp({ database, env: testEnv({ STATIC_DIR: '/nonexistent', ...opts.env }), clock: opts.clock, logger: opts.logger, metrics: opts.metrics });
  // A fixed port when the server must know its own address up front (PUBLIC_URL); else any free one.
  const server = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    database,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: string | undefined;
      if (o.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      }
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, ...splitRefusal(parsed) };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!opts.database) await database.close();
    },
  };
}
