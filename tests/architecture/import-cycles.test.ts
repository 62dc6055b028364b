/**
 * One-way layers (issue 16): no import cycles anywhere in the client or the server, type-only
 * imports included — `routes → domain → db` on the server, and no module of the site importing one
 * that imports it back. madge builds the import graph with the project's tsconfig.
 */
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const require = createRequire(import.meta.url);
type MadgeResult = { circular(): string[][]; obj(): Record<string, string[]> };
const madge = require('madge') as (path: string | string[], config: Record<string, unknown>) => Promise<MadgeResult>;

describe('import graph', () => {
  it('has no cycles in src/, server/ or shared/', async () => {
    const result = await madge([join(ROOT, 'src'), join(ROOT, 'server'), join(ROOT, 'shared')], {
      baseDir: ROOT,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: join(ROOT, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    expect(Object.keys(result.obj()).length, 'the graph was read').toBeGreaterThan(300);
    expect(result.circular().map((cycle) => cycle.join(' > '))).toEqual([]);
  }, 60_000);

  it('server/domain imports nothing from the HTTP layer (routes, the app, Hono)', async () => {
    const result = await madge(join(ROOT, 'server', 'domain'), { baseDir: ROOT, fileExtensions: ['ts'], tsConfig: join(ROOT, 'tsconfig.json') });
    const graph = result.obj();
    const offenders = Object.entries(graph).flatMap(([file, deps]) =>
      deps.filter((dep) => dep.startsWith('server/routes/') || dep === 'server/app.ts').map((dep) => `${file} → ${dep}`),
    );
    expect(offenders).toEqual([]);
  }, 60_000);
});
