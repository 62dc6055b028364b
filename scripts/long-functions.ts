/**
 * Functions longer than 40 lines in server/, src/ and shared/ (issue 16: "functions under 40 lines, or a
 * sentence saying why not"). A function may be longer when the comment just above it says why,
 * in a sentence starting "Long because" (tests/architecture/function-length.test.ts holds the
 * code to it). Prints each one with its length; `--all` also lists the explained ones.
 *
 *   npx tsx scripts/long-functions.ts [--all]
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 40;
export const WHY = /Long because\b/;
const ROOT = new URL('..', import.meta.url).pathname;
const DIRS = ['server', 'src', 'shared'];

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
  explained: boolean;
  /** The words after "Long because" in the comment above, up to the end of its line; null when unexplained. */
  reason: string | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** The comment that explains a function: on the function itself or on the statement that holds it. */
function commentsAbove(node: ts.Node, text: string): string {
  let holder: ts.Node = node;
  while (holder.parent && !ts.isSourceFile(holder.parent) && !ts.isBlock(holder.parent) && !ts.isClassLike(holder.parent) && !ts.isObjectLiteralExpression(holder.parent)) {
    holder = holder.parent;
  }
  const ranges = [...(ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? []), ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [])];
  return ranges.map((r) => text.slice(r.pos, r.end)).join('\n');
}

/** What follows "Long because" on its line, without a closing comment mark. */
function reasonIn(comments: string): string {
  const rest = comments.slice(comments.search(WHY) + 'Long because'.length).split('\n')[0]!;
  return rest.replace(/\*\/\s*$/, '').trim();
}

/** The functions over MAX_LINES in one source text; `file` names it in the answer. */
export function longFunctionsIn(file: string, text: string): LongFunction[] {
  const found: LongFunction[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_LINES) {
        const comments = commentsAbove(node, text);
        const explained = WHY.test(comments);
        found.push({ file, line: start + 1, name: nameOf(node), lines, explained, reason: explained ? reasonIn(comments) : null });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function longFunctions(): LongFunction[] {
  return DIRS.flatMap((d) => sourceFiles(join(ROOT, d)))
    .flatMap((path) => longFunctionsIn(relative(ROOT, path), readFileSync(path, 'utf8')))
    .sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = longFunctions();
  const shown = process.argv.includes('--all') ? all : all.filter((f) => !f.explained);
  for (const f of shown) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}${f.explained ? '  (explained)' : ''}`);
  console.log(`${all.length} functions over ${MAX_LINES} lines, ${all.filter((f) => !f.explained).length} without a "Long because" sentence`);
}
