/**
 * The domain does not speak HTTP (issue 16, decision 0021): no module under server/domain reaches
 * server/lib/http.ts or Hono, directly or through what it imports. Domain code throws a `Refusal`
 * (server/domain/refusal.ts); lib/http.ts `refusalAnswer` alone maps it to a status and a body.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const DOMAIN = join(ROOT, 'server', 'domain');
const HTTP = join(ROOT, 'server', 'lib', 'http.ts');

interface Import {
  spec: string;
  typeOnly: boolean;
}

/** Every import and re-export specifier of a module (static, dynamic, type-only marked). */
export function importsOf(source: string): Import[] {
  const out: Import[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(statement)) out.push({ spec: m[3]!, typeOnly: Boolean(m[2]) });
  for (const m of source.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) out.push({ spec: m[1]!, typeOnly: false });
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1]!, typeOnly: false });
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const isHono = (spec: string) => spec === 'hono' || spec.startsWith('hono/');

/**
 * The HTTP modules a file reaches, with the path that reaches them. Type-only imports are
 * followed too (a domain type from lib/http.ts is still the domain speaking HTTP), except a
 * type-only `hono` import in a module outside the domain (i18n's `Context` for a request's language).
 */
function httpReached(start: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...trail, relative(ROOT, file)];
    const inDomain = file.startsWith(DOMAIN);
    for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      if (isHono(spec)) {
        if (inDomain || !typeOnly) found.push(`${here.join(' → ')} → ${spec}`);
        continue;
      }
      const target = resolveLocal(file, spec);
      if (!target) continue;
      if (target === HTTP) found.push(`${here.join(' → ')} → server/lib/http.ts`);
      else walk(target, here);
    }
  };
  walk(start, []);
  return found;
}

describe('layers', () => {
  it('the import reader sees static, type-only, re-exported and dynamic imports (so the check can fail)', () => {
    const specs = importsOf(
      "import { a } from '../lib/http';\nimport type { Context } from 'hono';\nexport { b } from './b';\nconst c = await import('./c');\nimport './side';",
    );
    expect(specs).toEqual(
      expect.arrayContaining([
        { spec: '../lib/http', typeOnly: false },
        { spec: 'hono', typeOnly: true },
        { spec: './b', typeOnly: false },
        { spec: './c', typeOnly: false },
        { spec: './side', typeOnly: false },
      ]),
    );
  });

  it('a route module does reach lib/http.ts (the walk follows imports)', () => {
    expect(httpReached(join(ROOT, 'server', 'routes', 'wallet', 'amount.ts')).length + httpReached(join(ROOT, 'server', 'routes', 'wallet', 'exchange.ts')).length).toBeGreaterThan(0);
  });

  it('server/domain imports nothing from lib/http.ts or Hono, directly or through what it imports', () => {
    const files = filesUnder(DOMAIN);
    expect(files.length, 'the domain was read').toBeGreaterThan(40);
    expect(files.flatMap(httpReached)).toEqual([]);
  });
});
