import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { asBody, negotiate, varyOn, type Coding } from './compression';

/**
 * The built site, held in memory (a Vite build is ~2 MB with its compressed twins) and served by
 * content negotiation (docs/decisions/0016): the `.br` / `.gz` files the build wrote beside each
 * text asset go out as they are, with `Content-Encoding`, their own `Content-Length` and ETag, and
 * `Vary: Accept-Encoding`. HEAD, conditional GET (304) and byte ranges (on the identity bytes) as a
 * static server should. A file without a build-time twin (a folder built elsewhere) is compressed
 * once here, at load.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg\+xml|font\/ttf)/;
/** Below this, compression saves less than its headers cost (a JS chunk of 700 bytes still halves). */
export const MIN_COMPRESS_BYTES = 256;

export interface StaticFile {
  type: string;
  mtime: Date;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  etags: Record<Coding, string>;
}

/** Every file below `dir` (the built site), depth first. */
export function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** Loads every file under `root` (not the `.br`/`.gz` twins themselves), keyed by URL path. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  for (const full of walk(root)) {
    if (/\.(br|gz)$/.test(full)) continue;
    const identity = readFileSync(full);
    const type = TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream';
    const bodies: StaticFile['bodies'] = { identity };
    if (COMPRESSIBLE.test(type) && identity.length >= MIN_COMPRESS_BYTES) {
      bodies.br = existsSync(`${full}.br`)
        ? readFileSync(`${full}.br`)
        : brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      bodies.gzip = existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`) : gzipSync(identity, { level: 9 });
      // A twin that is not smaller is not worth sending.
      if (bodies.br.length >= identity.length) delete bodies.br;
      if (bodies.gzip.length >= identity.length) delete bodies.gzip;
    }
    const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
    files.set('/' + relative(root, full).split(sep).join('/'), {
      type,
      mtime: statSync(full).mtime,
      bodies,
      etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
    });
  }
  return files;
}

/** `If-None-Match` lists this validator (weak comparison, RFC 9110 §13.1.2), or `*`. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** One satisfiable `bytes=` range of `size` bytes; null = unsatisfiable, undefined = ignore the header (send all). */
export function parseRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** The answer for `file` to this request (GET or HEAD), with `cacheControl` when given. */
export function sendStatic(c: Context, file: StaticFile, cacheControl?: string): Response {
  const headers = new Headers({ 'Content-Type': file.type, 'Last-Modified': file.mtime.toUTCString(), 'Accept-Ranges': 'bytes' });
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  const compressible = Boolean(file.bodies.br || file.bodies.gzip);
  if (compressible) headers.set('Vary', varyOn(null));
  const head = c.req.method === 'HEAD';
  const range = c.req.header('range');
  const identity = file.bodies.identity;
  // A range is of the identity bytes (what a media player or a resumed download asks for).
  if (range && !head) {
    const r = parseRange(range, identity.length);
    if (r === null) {
      headers.set('Content-Range', `bytes */${identity.length}`);
      return new Response(null, { status: 416, headers });
    }
    if (r) {
      headers.set('ETag', file.etags.identity);
      headers.set('Content-Range', `bytes ${r.start}-${r.end}/${identity.length}`);
      headers.set('Content-Length', String(r.end - r.start + 1));
      return new Response(asBody(identity.subarray(r.start, r.end + 1)), { status: 206, headers });
    }
  }
  const coding = compressible ? negotiate(c.req.header('accept-encoding'), { br: !!file.bodies.br, gzip: !!file.bodies.gzip }) : 'identity';
  const body = file.bodies[coding] ?? identity;
  headers.set('ETag', file.etags[coding]);
  if (coding !== 'identity') headers.set('Content-Encoding', coding);
  if (noneMatch(c.req.header('if-none-match'), file.etags[coding])) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(body.length));
  return new Response(head ? null : asBody(body), { status: 200, headers });
}
