/**
 * Routes reach the database only through server/domain (issue 27 item 4; style.md "Routes parse,
 * call the domain and answer; only the domain (and db/) touches the database").
 *
 * The rule, for every module under server/routes/:
 * 1. It imports nothing from `drizzle-orm` (so no operators, no `sql` tag, no `SQL` type) and no
 *    database driver (`pg`, PGlite, `postgres`).
 * 2. It imports nothing from server/db/ — not the schema (not even its row types: the shapes of
 *    the tables are the domain's to expose), not the statement, transaction or backup helpers —
 *    except the handle types from db/client or db/types, type-only (`import type { Db }`), so a
 *    route can hand `deps.database.db` to a domain function.
 * 3. It calls nothing on a database handle: a route is handed one (`deps.database`), and without
 *    importing anything it could still write `db.execute('select …')`, `db.query.users.findMany()`,
 *    `db.select().from(tableTheDomainExports)`, `db.transaction(…)` or `db.$client.query(…)`. So
 *    the text (comments removed) may not contain a call of drizzle's entry points — `.select(`,
 *    `.selectDistinct(`, `.insert(`, `.execute(`, `.transaction(`, `.$count(`, `.$with(`,
 *    `.batch(` — nor the money path's `.inTransaction(` / `.commitWith(`, a relational
 *    `.query.<table>.find…(`, `.$client`, or an `.update(…)`/`.delete(…)` followed by `.set(`,
 *    `.where(` or `.returning(` (a bare `.update(` / `.delete(` is a hash or a Map or Hono's DELETE).
 *    Opening a transaction counts: the domain owns the transaction that its writes need.
 * Import specifiers are the reliable signal; the call scan is a net for the honest shortcut, not
 * a proof against an adversary (`db['select']` would pass).
 * No exceptions: every route module follows it (the last three, the adjustments, the audit
 * transaction and the backup, moved in the same week as the rule).
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, importsOf, resolveLocal } from '../support/imports';

const ROOT = join(__dirname, '..', '..');
const ROUTES = join(ROOT, 'server', 'routes');
const DB = join(ROOT, 'server', 'db');
/** The only db/ modules a route may name, type-only: the handle types it passes to the domain. */
const HANDLE_TYPES = [join(DB, 'client.ts'), join(DB, 'types.ts')];
const DATABASE_PACKAGES = /^(drizzle-orm|pg|pg-[a-z-]+|@electric-sql\/pglite|postgres)(\/|$)/;

const HANDLE_CALLS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    /\.\s*(select|selectDistinct|selectDistinctOn|insert|execute|transaction|\$count|\$with|batch|inTransaction|commitWith)\s*\(/g,
    (m) => `calls .${m[1]}( on a database handle`,
  ],
  [/\.\s*(update|delete)\s*\([^()]*\)\s*\.\s*(set|where|returning)\s*\(/g, (m) => `builds .${m[1]}(…).${m[2]}(`],
  [/\.\s*query\s*\.\s*\w+\s*\.\s*find(First|Many)\s*\(/g, () => 'runs a relational query (.query.<table>.find…)'],
  [/\.\s*\$client\b/g, () => 'reaches the driver under the handle (.$client)'],
];

/** Block comments and whole-line or trailing `//` comments (not `://` inside a URL). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** What in a route module's text touches the database other than through the domain. */
export function databaseUses(file: string, source: string): string[] {
  const found = new Set<string>();
  for (const { spec, typeOnly } of importsOf(source)) {
    if (DATABASE_PACKAGES.test(spec)) {
      found.add(`imports ${spec}`);
      continue;
    }
    const target = resolveLocal(file, spec);
    if (!target || !target.startsWith(DB + sep)) continue;
    if (typeOnly && HANDLE_TYPES.includes(target)) continue;
    found.add(`imports ${relative(ROOT, target)}${typeOnly ? ' (types)' : ''}`);
  }
  const code = withoutComments(source);
  for (const [pattern, say] of HANDLE_CALLS) for (const m of code.matchAll(pattern)) found.add(say(m));
  return [...found];
}

const routeModules = () => filesUnder(ROUTES).map((file) => relative(ROUTES, file).split(sep).join('/'));
const usesIn = (path: string) => databaseUses(join(ROUTES, path), readFileSync(join(ROUTES, path), 'utf8'));

describe('routes reach the database only through the domain', () => {
  it('the reader catches each way round the domain and lets a well-behaved route pass (so the check can fail)', () => {
    const file = join(ROUTES, 'example', 'index.ts');
    const caught = (source: string) => databaseUses(file, source);
    expect(caught("import { eq, sql } from 'drizzle-orm';")).toEqual(['imports drizzle-orm']);
    expect(caught("import type { SQL } from 'drizzle-orm';")).toEqual(['imports drizzle-orm']);
    expect(caught("import type { LocalisedText } from '../../db/schema';")).toEqual(['imports server/db/schema.ts (types)']);
    expect(caught("import { runStatement } from '../../db/statement';")).toEqual(['imports server/db/statement.ts']);
    expect(caught("import pg from 'pg';")).toEqual(['imports pg']);
    expect(caught('const rows = await deps.database.db.execute(`select 1`);')).toEqual(['calls .execute( on a database handle']);
    expect(caught('const { db } = deps.database;\nconst rows = await db\n  .select()\n  .from(t);')).toEqual(['calls .select( on a database handle']);
    expect(caught('await db.transaction(async (tx) => work(tx));')).toEqual(['calls .transaction( on a database handle']);
    expect(caught('await db.update(users).set({ status: 0 });')).toEqual(['builds .update(…).set(']);
    expect(caught('await db.delete(signs).where(old);')).toEqual(['builds .delete(…).where(']);
    expect(caught('await db.query.users.findFirst({});')).toEqual(['runs a relational query (.query.<table>.find…)']);
    expect(caught('await db.$client.query("select 1");')).toEqual(['reaches the driver under the handle (.$client)']);
    const clean = [
      "import type { Db } from '../../db/client';",
      "import { listThings } from '../../domain/things';",
      "// a comment saying db.select( is not code",
      "const hash = createHash('sha1').update(text).digest('hex');",
      'cache.delete(key);',
      "routes.delete('/x/:id', (c) => remove(c, deps));",
      "const url = 'https://example.com/a'; const q = c.req.query('lang');",
      'const rows = await listThings(deps.database.db, userId);',
    ].join('\n');
    expect(caught(clean)).toEqual([]);
  });

  it('the route modules were read', () => {
    expect(routeModules().length).toBeGreaterThan(60);
  });

  it('no route module touches the database', () => {
    const offenders = routeModules().flatMap((path) => usesIn(path).map((use) => `server/routes/${path}: ${use}`));
    expect(offenders, 'move these queries into server/domain').toEqual([]);
  });
});
