/**
 * SQL functions as source files (docs/decisions/0026): server/db/functions/<name>.sql holds one
 * `CREATE OR REPLACE FUNCTION "<name>"(…)`. The migrator applies a file when its bytes are not the
 * body the database has now, and records each body in `drizzle.kp_sql_functions`.
 *
 * Rolling deploys: old and new processes call the same function while the new body is in place,
 * so a file may change a body but never its arguments or its result; a new shape is a new name
 * (kp_digit_bets_v2), the old name dropped by a migration a release later. Enforced here: after a
 * file is applied, the function under its name must have exactly the signature and result it had.
 * An older body (one recorded before the current one) is not applied again: that is an old process
 * restarting during the deploy, and putting its body back would undo the release.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationSession } from './migration-session';

export interface FunctionFile {
  name: string;
  sha256: string;
  text: string;
}

export interface FunctionsReport {
  /** Functions whose file this run applied. */
  functions: string[];
  /** Functions whose file was not applied because the database has a newer body. */
  kept: string[];
}

/** A file that would change the arguments or the result of the function under its name, or defines another one. */
export class FunctionFileError extends Error {
  constructor(name: string, detail: string) {
    super(`SQL function file ${name}.sql refused: ${detail}. A file may change a body, never a signature or a result: give the new shape a new name (docs/decisions/0026).`);
    this.name = 'FunctionFileError';
  }
}

export function readFunctionFiles(folder: string): FunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.sql'.length);
      const text = readFileSync(join(folder, file), 'utf8');
      const creates = [...text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?([\w.]+)"?\s*\(/gi)];
      if (creates.length !== 1 || creates[0]![1] !== name || !/CREATE\s+OR\s+REPLACE\s+FUNCTION/i.test(text)) {
        throw new FunctionFileError(name, `it must hold exactly one CREATE OR REPLACE FUNCTION "${name}"(…)`);
      }
      return { name, sha256: createHash('sha256').update(text).digest('hex'), text };
    });
}

interface Shape {
  args: string;
  result: string;
}

async function shapesOf(session: MigrationSession, name: string): Promise<Shape[]> {
  return session.query<Shape>(
    `SELECT pg_get_function_identity_arguments(p.oid) AS args, pg_get_function_result(p.oid) AS result
       FROM pg_proc AS p WHERE p.proname = $1 AND p.pronamespace = current_schema()::regnamespace ORDER BY 1`,
    [name],
  );
}

async function applyOne(session: MigrationSession, file: FunctionFile): Promise<void> {
  const before = await shapesOf(session, file.name);
  try {
    await session.exec(file.text);
  } catch (error) {
    throw new FunctionFileError(file.name, (error as Error).message);
  }
  const after = await shapesOf(session, file.name);
  const shown = (shapes: Shape[]) => shapes.map((s) => `(${s.args}) → ${s.result}`).join(', ');
  if (after.length !== 1 || (before.length > 0 && shown(before) !== shown(after))) {
    throw new FunctionFileError(file.name, `the database has ${shown(before) || 'none'}, the file makes ${shown(after)}`);
  }
  await session.query('INSERT INTO "drizzle"."kp_sql_functions" (name, sha256) VALUES ($1, $2)', [file.name, file.sha256]);
}

export async function applyFunctions(session: MigrationSession, files: FunctionFile[]): Promise<FunctionsReport> {
  const rows = await session.query<{ name: string; sha256: string; latest: boolean }>(
    `SELECT name, sha256, id = max(id) OVER (PARTITION BY name) AS latest FROM "drizzle"."kp_sql_functions"`,
  );
  const current = new Map(rows.filter((r) => r.latest).map((r) => [r.name, r.sha256]));
  const seen = new Set(rows.map((r) => `${r.name}:${r.sha256}`));
  const report: FunctionsReport = { functions: [], kept: [] };
  for (const file of files) {
    if (current.get(file.name) === file.sha256) continue;
    if (seen.has(`${file.name}:${file.sha256}`)) {
      report.kept.push(file.name);
      continue;
    }
    await applyOne(session, file);
    report.functions.push(file.name);
  }
  return report;
}
