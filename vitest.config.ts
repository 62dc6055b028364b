import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Which PostgreSQL the database tests use; starts a throw-away one when none is there.
    // Then PgBouncer in transaction mode in front of it, for the pooled runs (decision 0028).
    globalSetup: ['tests/support/global-db.ts', 'tests/support/pooler-setup.ts'],
  },
});
