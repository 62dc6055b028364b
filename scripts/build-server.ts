/**
 * Bundles the server (server/index.ts) into one ES module, dist-server/index.js (KP_SERVER_DIST
 * overrides), that `npm start` runs under plain `node`: no TypeScript transpiler in production
 * (docs/decisions/0016). Packages stay in node_modules (external); the project's own TypeScript and
 * the locale JSON are bundled. A source file that finds files beside itself through
 * `import.meta.url` (the migrations, the demo videos, pg's internals) gets its own address back,
 * relative to the bundle, so those files are read where they are in the checkout.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const outdir = resolve(ROOT, process.env.KP_SERVER_DIST ?? 'dist-server');
/** Another entry than server/index.ts (bench:observability's one-process pair), bundled beside it under its own name. */
const entry = resolve(ROOT, process.env.KP_SERVER_ENTRY ?? 'server/index.ts');
const outfile = resolve(outdir, `${basename(entry, '.ts')}.js`);

const ownUrl: Plugin = {
  name: 'kp:own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [ownUrl],
});
console.log(`server bundled into ${relative(ROOT, outfile)} in ${Date.now() - started} ms`);
