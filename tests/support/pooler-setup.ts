/**
 * Vitest global setup, after global-db.ts: PgBouncer in transaction mode in front of the test
 * PostgreSQL, for the suites that also run pooled (tests/support/db.ts `pooledKinds`). Without
 * PostgreSQL there is nothing to pool; without pgbouncer the run fails, unless TEST_POOLER=off says
 * to leave the pooled runs out.
 */
import type { TestProject } from 'vitest/node';
import { startPooler } from './pooler';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PgBouncer (transaction mode) in front of pgTestUrl's server, or null. */
    pgPooledUrl: string | null;
    /** Its admin console. */
    pgPoolerAdminUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const upstream = project.getProvidedContext().pgTestUrl;
  if (!upstream || process.env.TEST_POOLER === 'off') {
    project.provide('pgPooledUrl', null);
    project.provide('pgPoolerAdminUrl', null);
    return;
  }
  const pooler = await startPooler(upstream);
  project.provide('pgPooledUrl', pooler.url);
  project.provide('pgPoolerAdminUrl', pooler.adminUrl);
  return pooler.stop;
}
