import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { MIN_COMPRESS_BYTES, walk } from '../server/lib/static-files';

/** What is worth compressing: text assets from the server's threshold up (docs/decisions/0016). */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;


/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text asset; the server sends them as they are. */
export function precompressDir(dir: string): { files: number; bytes: number; br: number } {
  let files = 0;
  let bytes = 0;
  let br = 0;
  for (const file of walk(dir)) {
    if (!TEXT.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_COMPRESS_BYTES) continue;
    const brotli = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    files++;
    bytes += raw.length;
    br += brotli.length;
  }
  return { files, bytes, br };
}

/** Vite plugin: precompresses the client build's output once everything (public/ too) is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kp:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      if (config.build.ssr) return;
      const out = join(config.root, config.build.outDir);
      const { files, bytes, br } = precompressDir(out);
      config.logger.info(`precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`);
    },
  };
}
