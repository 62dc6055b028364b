/**
 * Functions under 40 lines, or a sentence saying why not (issue 16 item 7): every function in
 * server/, src/ and shared/ longer than MAX_LINES carries, in the comment just above it, a sentence
 * starting "Long because" with a real reason. The scan is scripts/long-functions.ts (also a CLI:
 * `npx tsx scripts/long-functions.ts --all`).
 */
import { describe, expect, it } from 'vitest';
import { MAX_LINES, longFunctions, longFunctionsIn, type LongFunction } from '../../scripts/long-functions';

/** A function of `lines` lines (declaration to closing brace), with `above` as the lines before it. */
function fixture(name: string, lines: number, above = ''): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  return `${above}export function ${name}() {\n${body}\n}\n`;
}

const where = (f: LongFunction) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`;

describe('function length: the scan', () => {
  it(`finds a function of ${MAX_LINES + 1} lines and lets one of ${MAX_LINES} pass`, () => {
    const found = longFunctionsIn('fixture.ts', fixture('tooLong', MAX_LINES + 1) + fixture('justRight', MAX_LINES));
    expect(found.map((f) => [f.name, f.lines, f.explained])).toEqual([['tooLong', MAX_LINES + 1, false]]);
  });

  it('counts arrow functions, methods and callbacks too, each on its own', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `    use(${i});`).join('\n');
    const text =
      `const arrow = () => {\n${body}\n};\n` +
      `class Table {\n  method() {\n${body}\n  }\n}\n` +
      `register('/path', async (c) => {\n${body}\n});\n`;
    const names = longFunctionsIn('fixture.ts', text).map((f) => f.name);
    expect(names).toEqual(['arrow', 'method', '(callback of register)']);
  });

  it('reads the reason from the comment just above, on the function or on its statement', () => {
    const declared = fixture('declared', 45, '/** A table. */\n// Long because it is one table of drawings, one case per theme.\n');
    const lines = Array.from({ length: 43 }, (_, i) => `  use(${i});`).join('\n');
    const held = `// Long because it lists every route of the feature in one place.\nexport const inner = () => {\n${lines}\n};\n`;
    const found = longFunctionsIn('fixture.ts', declared + held);
    expect(found.map((f) => [f.name, f.reason])).toEqual([
      ['declared', 'it is one table of drawings, one case per theme.'],
      ['inner', 'it lists every route of the feature in one place.'],
    ]);
  });

  it('does not take a comment further up, or one that only mentions length, as the reason', () => {
    const text = `// Long because of an older function.\nconst x = 1;\n${fixture('after', 45, '// This one is long.\n')}`;
    expect(longFunctionsIn('fixture.ts', text).map((f) => [f.name, f.explained])).toEqual([['after', false]]);
  });
});

describe('function length: server/, src/ and shared/', () => {
  const all = longFunctions();

  it(`every function over ${MAX_LINES} lines says why, in a "Long because" sentence`, () => {
    const unexplained = all.filter((f) => !f.explained).map(where);
    expect(unexplained, `split these, or put "// Long because <the real reason>" just above:\n${unexplained.join('\n')}`).toEqual([]);
  });

  it('each "Long because" gives a reason of a few words, not an empty excuse', () => {
    const thin = all.filter((f) => f.explained && (f.reason ?? '').split(/\s+/).filter(Boolean).length < 4).map(where);
    expect(thin).toEqual([]);
  });
});
