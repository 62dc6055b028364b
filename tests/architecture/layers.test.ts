/**
 * The domain does not speak HTTP (issue 16, decision 0021): no module under server/domain reaches
 * server/lib/http.ts or Hono, directly or through what it imports. Domain code throws a `Refusal`
 * (server/domain/refusal.ts); lib/http.ts `refusalAnswer` alone maps it to a status and a body.
 *
 * The server and the site never import each other (issue 27, decision 0037): code both run lives
 * in shared/, which imports neither, nor anything of Node.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, importsOf, resolveLocal } from '../support/imports';

const ROOT = join(__dirname, '..', '..');
const DOMAIN = join(ROOT, 'server', 'domain');
const HTTP = join(ROOT, 'server', 'lib', 'http.ts');

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

/** The three code folders at the root, and which of the others each may not import. */
const SIDES = ['server', 'src', 'shared'] as const;
type Side = (typeof SIDES)[number];
const FORBIDDEN: Record<Side, readonly Side[]> = { server: ['src'], src: ['server'], shared: ['server', 'src'] };
/** The packages shared/ may use: React for the components the server renders too, i18next's types. */
const SHARED_PACKAGES = new Set(['react', 'i18next']);

function sideOf(file: string): Side | null {
  const top = relative(ROOT, file).split(sep)[0];
  return (SIDES as readonly string[]).includes(top!) ? (top as Side) : null;
}

/** The imports (type-only and dynamic ones too) of `file` that cross into a folder its side may not import. */
export function crossings(file: string, source: string): string[] {
  const from = sideOf(file);
  if (!from) return [];
  return importsOf(source).flatMap(({ spec }) => {
    const where = `${relative(ROOT, file)} → ${spec}`;
    if (!spec.startsWith('.')) {
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      return from === 'shared' && !SHARED_PACKAGES.has(name) ? [where] : [];
    }
    const to = sideOf(resolve(dirname(file), spec));
    return to && FORBIDDEN[from].includes(to) ? [where] : [];
  });
}

function codeUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? codeUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('layers: server/, src/ and shared/', () => {
  it('the check sees a crossing either way, type-only and dynamic ones too (so it can fail)', () => {
    const at = (path: string) => join(ROOT, ...path.split('/'));
    expect(crossings(at('server/routes/shell/pages.ts'), "import { Icon } from '../../../src/components/Icon';")).toHaveLength(1);
    expect(crossings(at('src/api/types.ts'), "export type { LedgerKind } from '../../server/domain/ledger-kinds';")).toHaveLength(1);
    expect(crossings(at('src/app/live.ts'), "const m = await import('../../server/env');")).toHaveLength(1);
    expect(crossings(at('shared/labels.ts'), "import type { Row } from '../src/api/types';\nimport { db } from '../server/db/client';")).toHaveLength(2);
    expect(crossings(at('shared/date-format.ts'), "import { readFileSync } from 'node:fs';\nimport { ofetch } from 'ofetch';")).toHaveLength(2);
    expect(crossings(at('server/i18n/refusals.ts'), "import { wordRefusal } from '../../shared/refusal-words';\nimport { z } from 'zod';")).toEqual([]);
    expect(crossings(at('src/lib/notice.ts'), "import type { TFunction } from 'i18next';\nimport { BCP47 } from '../../shared/languages';")).toEqual([]);
  });

  it('server/ never imports src/, src/ never imports server/, and shared/ imports neither (nor Node)', () => {
    const files = SIDES.flatMap((side) => codeUnder(join(ROOT, side)));
    expect(files.filter((f) => sideOf(f) === 'shared').length, 'shared/ was read').toBeGreaterThan(10);
    expect(files.length, 'the tree was read').toBeGreaterThan(500);
    expect(files.flatMap((file) => crossings(file, readFileSync(file, 'utf8')))).toEqual([]);
  });
});
