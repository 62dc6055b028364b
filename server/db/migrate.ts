/**
 * The migrator both drivers use (docs/decisions/0026). One transaction that first takes a
 * transaction-level advisory lock (it works through a transaction-mode pooler, unlike a session
 * lock), so processes starting together on one database run it one after the other: the first
 * applies, the others find nothing to do. In that transaction:
 *   1. drizzle's bookkeeping (`drizzle.__drizzle_migrations`, the table existing installs have)
 *      and ours (`drizzle.kp_sql_functions`) are created when missing;
 *   2. every migration already applied must still have the bytes it was applied with; an edited
 *      one stops the start with its name (drizzle's own migrator compares only the last timestamp);
 *   3. pending migrations are applied, in journal order;
 *   4. each SQL function file (server/db/functions/<name>.sql) whose bytes changed is applied, never
 *      changing the signature or result of the function already there (functions.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { applyFunctions, readFunctionFiles, type FunctionsReport } from './functions';
import type { MigrationSession } from './migration-session';

export type { MigrationRunner, MigrationSession } from './migration-session';
export { pgliteRunner, poolRunner } from './migration-session';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/** pg_advisory_xact_lock's key for "this database is being migrated" (any constant no one else uses). */
export const MIGRATION_LOCK_KEY = 7_152_024_026;

export interface MigrateOptions {
  migrationsFolder?: string;
  functionsFolder?: string;
}

export interface MigrateReport extends FunctionsReport {
  /** Tags of the migrations this run applied. */
  applied: string[];
  /** Migrations the database had before this run. */
  before: number;
  /** Migrations the database has that this code does not know (a newer release migrated it). */
  unknown: number;
}

/** The line a start logs: what an upgrade changed, or why functions were left alone; null for nothing worth saying (a fresh install, no change). */
export function describeMigration(report: MigrateReport): string | null {
  if (report.unknown > 0) return `[db] the database is ${report.unknown} migration(s) ahead of this code (a newer release migrated it): its SQL functions are left as they are`;
  if (report.kept.length) return `[db] SQL functions with a newer body in the database, left as they are: ${report.kept.join(', ')}`;
  if (report.before === 0 || (!report.applied.length && !report.functions.length)) return null;
  const parts = [report.applied.length ? `migrations ${report.applied.join(', ')}` : '', report.functions.length ? `SQL functions ${report.functions.join(', ')}` : ''];
  return `[db] upgraded: ${parts.filter(Boolean).join('; ')}`;
}

/** A released migration whose bytes differ from the ones the database applied. */
export class MigrationEditedError extends Error {
  constructor(tag: string, stored: string, file: string) {
    super(
      `migration ${tag} was changed after this database applied it (applied sha256 ${stored}, file sha256 ${file}). ` +
        'A released migration never changes: restore the file as released and put the change in a new migration (docs/operator.md § Upgrades).',
    );
    this.name = 'MigrationEditedError';
  }
}

interface MigrationFile {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

export function readMigrations(folder: string): MigrationFile[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string; when: number }[] };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({ tag: entry.tag, when: entry.when, hash: files[i]!.hash, statements: files[i]!.sql }));
}

const BOOKKEEPING = [
  'CREATE SCHEMA IF NOT EXISTS "drizzle"',
  // drizzle-orm's own definition, so an install it migrated and one this migrated look the same.
  'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  // One row per body ever applied; a name's latest row is its body now (functions.ts).
  `CREATE TABLE IF NOT EXISTS "drizzle"."kp_sql_functions" (
     id bigserial PRIMARY KEY, name text NOT NULL, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
];

/** Applies what is pending, under the lock, in one transaction; throws (and changes nothing) on any refusal. */
export async function migrate(runner: { inTransaction<T>(fn: (s: MigrationSession) => Promise<T>): Promise<T> }, options: MigrateOptions = {}): Promise<MigrateReport> {
  const migrations = readMigrations(options.migrationsFolder ?? migrationsFolder);
  const functions = readFunctionFiles(options.functionsFolder ?? functionsFolder);
  return runner.inTransaction(async (session) => {
    await session.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    for (const statement of BOOKKEEPING) await session.exec(statement);
    const applied = await session.query<{ hash: string; created_at: string }>('SELECT hash, created_at::text AS created_at FROM "drizzle"."__drizzle_migrations"');
    const stored = new Map(applied.map((row) => [Number(row.created_at), row.hash]));
    for (const m of migrations) {
      const hash = stored.get(m.when);
      if (hash !== undefined && hash !== m.hash) throw new MigrationEditedError(m.tag, hash, m.hash);
    }
    const known = new Set(migrations.map((m) => m.when));
    const unknown = [...stored.keys()].filter((when) => !known.has(when)).length;
    const pending = migrations.filter((m) => !stored.has(m.when));
    for (const m of pending) {
      for (const statement of m.statements) await session.exec(statement);
      await session.query('INSERT INTO "drizzle"."__drizzle_migrations" (hash, created_at) VALUES ($1, $2)', [m.hash, m.when]);
    }
    // A database a newer release migrated keeps that release's functions: this older code
    // (a process restarting during a rolling deploy) must not put its bodies back.
    const report = unknown > 0 ? { functions: [], kept: functions.map((f) => f.name) } : await applyFunctions(session, functions);
    return { applied: pending.map((m) => m.tag), before: stored.size, unknown, ...report };
  });
}
