/**
 * Prints the gzip size of the JS and CSS that the browser loads for `/` (the entry and its static
 * imports, following modulepreload links in dist/index.html), against the targets.
 * Run: npm run bench:bundle (builds first).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.KP_DIST ?? 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const initial = new Set(refs);

// Static imports of the entry chunks are loaded too (Vite lists them as modulepreload; follow them anyway).
const queue = [...initial].filter((f) => f.endsWith('.js'));
while (queue.length) {
  const file = queue.pop()!;
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    const dep = join('assets', m[1]!.replace('./', ''));
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}

const gz = (f: string) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
let js = 0;
let css = 0;
for (const f of initial) {
  const size = gz(f);
  if (f.endsWith('.js')) js += size;
  else css += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${f}`);
}
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const lazy = all.filter((f) => !initial.has(join('assets', f)));
console.log(`lazy chunks: ${lazy.length} (${(lazy.reduce((s, f) => s + gz(join('assets', f)), 0) / 1024).toFixed(1)} kB gzip, loaded on demand)`);
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(`initial JS  ${kb(js)} kB gzip (target <= 130)  ${js <= 130 * 1024 ? 'OK' : 'OVER'}`);
console.log(`initial CSS ${kb(css)} kB gzip (target <= 10)   ${css <= 10 * 1024 ? 'OK' : 'OVER'}`);
