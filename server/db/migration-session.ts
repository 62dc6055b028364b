/**
 * The one connection the migrator works on, in one transaction, for either driver: `exec` runs
 * SQL text as it is (a migration's statement, a function file; no parameters, so PostgreSQL's
 * simple protocol, which a transaction-mode pooler passes through), `query` one parameterised
 * statement.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

export interface MigrationSession {
  exec(text: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface MigrationRunner {
  inTransaction<T>(fn: (session: MigrationSession) => Promise<T>): Promise<T>;
}

export function pgliteRunner(client: PGlite): MigrationRunner {
  return {
    inTransaction: (fn) =>
      client.transaction((tx: Transaction) =>
        fn({
          exec: async (text) => void (await tx.exec(text)),
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        }),
      ),
  };
}

export function poolRunner(pool: pg.Pool): MigrationRunner {
  return {
    async inTransaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const session: MigrationSession = {
          exec: async (text) => void (await client.query(text)),
          query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        };
        const result = await fn(session);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((e: Error) => (broken = e));
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
