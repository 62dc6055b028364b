/**
 * Every body, query and path parameter a route reads goes through a shape (issue 16, decision
 * 0021): no file under server/routes calls `c.req.json()`, `c.req.parseBody()`, `c.req.query(…)`,
 * `c.req.param(…)` (nor `queries`, `text`, `formData`, `arrayBuffer`, `blob`) itself. They read
 * through lib/request-input.ts (`bodyFields`, `queryFields`, `pathFields`, `checkBody`, …) with
 * pieces of lib/schemas.ts, so a refused field is the contract's 422. The console's routes do not
 * take the raw body either. An exception is allowed only with its reason, below.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const ROUTES = join(ROOT, 'server', 'routes');

/** A request read: `c.req.query(`, `ctx.req?.param(`, `req.json(` on its own line or split over lines. */
const READ = /\breq\s*\??\.\s*(json|parseBody|query|queries|param|text|formData|arrayBuffer|blob)\s*\(/g;

interface Allowed {
  file: string;
  read: string;
  reason: string;
}

const ALLOWED: Allowed[] = [
  {
    file: 'server/routes/seamless/index.ts',
    read: 'text',
    reason: "The aggregator's callback: its raw text is kept in the call log (seamless_calls), and it is answered with the aggregator's result codes in its own shape, never the contract's 422 (callbacks.ts checks it).",
  },
  {
    file: 'server/routes/shan/index.ts',
    read: 'text',
    reason: "The Shan provider's callback: answered with the provider's codes in its own shape, never the contract's 422 (callbacks.ts checks it).",
  },
  {
    file: 'server/routes/telegram/webhook.ts',
    read: 'text',
    reason: "Telegram's update to the bot: anything that is not a /start message is acknowledged and ignored, never refused (Telegram would retry a refusal).",
  },
];

/** The console's routes (operators' input): every body through a shape, none handed on raw. */
const CONSOLE_ROUTES = (file: string) => file.startsWith('server/routes/admin/') || file === 'server/routes/two-d-results/admin.ts';
const RAW_BODY_ALLOWED: Record<string, string> = {
  'server/routes/admin/content.ts': "A content kind's fields are read by the store's own reader (domain/content prepareContent: each kind's text, localised and media fields).",
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Each request read in `source`: `<read> at line <n>`. */
export function readsIn(source: string): { read: string; line: number }[] {
  return [...source.matchAll(READ)].map((m) => ({ read: m[1]!, line: source.slice(0, m.index).split('\n').length }));
}

const routeFiles = filesUnder(ROUTES).map((file) => ({ file: relative(ROOT, file).split('\\').join('/'), source: readFileSync(file, 'utf8') }));

describe('routes read their input through shapes (decision 0021)', () => {
  it('finds the reads it looks for (the shared reader has them)', () => {
    const reader = readsIn(readFileSync(join(ROOT, 'server', 'lib', 'request-input.ts'), 'utf8')).map((r) => r.read);
    expect(reader).toEqual(expect.arrayContaining(['query', 'param']));
    expect(readsIn('const a = c.req.json();\nconst b = await ctx.req\n  .parseBody();\nreq?.queries("x")').map((r) => r.read)).toEqual(['json', 'parseBody', 'queries']);
    expect(routeFiles.length).toBeGreaterThan(30);
  });

  it('no route file reads a body, a query or a path parameter itself', () => {
    const found = routeFiles.flatMap(({ file, source }) =>
      readsIn(source)
        .filter(({ read }) => !ALLOWED.some((a) => a.file === file && a.read === read))
        .map(({ read, line }) => `${file}:${line} reads req.${read}(…): use lib/request-input.ts with a shape`),
    );
    expect(found).toEqual([]);
  });

  it('every exception is still needed and says why', () => {
    for (const allowed of ALLOWED) {
      expect(allowed.reason.length, allowed.file).toBeGreaterThan(40);
      const source = routeFiles.find((f) => f.file === allowed.file)?.source ?? '';
      expect(readsIn(source).map((r) => r.read), `${allowed.file} no longer reads req.${allowed.read}(): drop it from ALLOWED`).toContain(allowed.read);
    }
  });

  it("the console's routes take no raw body (bodyFields, checkBody with a shape)", () => {
    const raw = routeFiles.filter(({ file, source }) => CONSOLE_ROUTES(file) && /\breadBody\s*\(/.test(source) && !RAW_BODY_ALLOWED[file]).map((f) => f.file);
    expect(raw).toEqual([]);
    for (const file of Object.keys(RAW_BODY_ALLOWED)) {
      expect(/\breadBody\s*\(/.test(routeFiles.find((f) => f.file === file)?.source ?? ''), `${file} no longer reads the raw body`).toBe(true);
    }
  });
});
