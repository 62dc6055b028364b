import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { Db } from '../../db/client';
import { readMediaBytes, readMediaInfo, type MediaInfo } from '../../domain/media';
import { checkPath } from '../../lib/request-input';
import { choice } from '../../lib/schemas';
import { parseRange } from './range';

/**
 * Uploaded images and videos (table `media`) at /assets/media/<sha256>.<ext>, mounted in app.ts
 * before the static files. The name is the content hash, so an answer never changes: cached
 * forever, ETag = the hash. Single byte ranges (video seeking) answer 206 and read only those
 * bytes from the database; a body over CHUNK is streamed in CHUNK-sized reads.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CHUNK = 1024 * 1024;
const FILE = /^([0-9a-f]{64})\.([a-z0-9]{2,5})$/;

/** `:file`: `<sha256>.<ext>`; anything else names no file (404). */
const filePath = {
  file: choice('file', (v) => {
    const m = typeof v === 'string' ? FILE.exec(v) : null;
    return m ? { sha256: m[1]!, ext: m[2]! } : null;
  }),
};

export function mediaRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  const { db } = deps.database;

  // Hono answers HEAD with this GET handler (the body dropped); we skip reading bytes for it.
  routes.get('/:file', async (c) => {
    const { file } = checkPath(c, filePath).values;
    if (!file) return notFound(c);
    const info = await readMediaInfo(db, file.sha256);
    if (!info || info.ext !== file.ext) return notFound(c);

    const etag = `"${info.sha256}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', IMMUTABLE);
    c.header('Accept-Ranges', 'bytes');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    if (matchesEtag(c.req.header('if-none-match'), info.sha256)) return c.body(null, 304);

    c.header('Content-Type', info.mime);
    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange.trim() !== etag ? 'full' : parseRange(c.req.header('range'), info.size);
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${info.size}`);
      return c.body(null, 416);
    }
    const start = range === 'full' ? 0 : range.start;
    const end = range === 'full' ? info.size - 1 : range.end;
    const length = end - start + 1;
    c.header('Content-Length', String(length));
    const status = range === 'full' ? 200 : 206;
    if (status === 206) c.header('Content-Range', `bytes ${start}-${end}/${info.size}`);
    if (c.req.method === 'HEAD') return c.body(null, status);
    return c.body(await bodyOf(db, info, start, length), status);
  });

  routes.all('*', (c) => notFound(c));
  return routes;
}

/** If-None-Match: `*`, or a list of (possibly weak) tags, one of which is ours. */
function matchesEtag(header: string | undefined, sha256: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${sha256}"`);
}

async function bodyOf(db: Db, info: MediaInfo, start: number, length: number): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> {
  if (length <= CHUNK) return (await read(db, info.sha256, start, length)) as Uint8Array<ArrayBuffer>;
  let offset = start;
  const end = start + length;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const part = await read(db, info.sha256, offset, Math.min(CHUNK, end - offset));
      offset += part.length;
      controller.enqueue(part);
      if (offset >= end) controller.close();
    },
  });
}

async function read(db: Db, sha256: string, start: number, length: number): Promise<Uint8Array> {
  const part = await readMediaBytes(db, sha256, start, length);
  // Content-addressed rows are never changed, only (in theory) deleted while being read.
  if (!part || part.length !== length) throw new Error(`media ${sha256} changed while being read`);
  return part;
}

function notFound(c: Context) {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
}
