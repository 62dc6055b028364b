import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * Content-coding for what the server sends (docs/decisions/0016): static files go out as the
 * brotli or gzip twin written at build time (./static-files.ts); API JSON over a threshold is
 * compressed here per answer, at a brotli quality that costs about as much CPU as gzip -6.
 */
export type Coding = 'br' | 'gzip' | 'identity';

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3, q-values and `*` honoured),
 * among those available; brotli wins a tie, identity is the fallback unless refused outright.
 */
export function negotiate(header: string | null | undefined, available: { br: boolean; gzip: boolean }): Coding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => q.get(coding) ?? (coding === 'x-gzip' ? undefined : q.get('*'));
  const br = available.br ? (weightOf('br') ?? 0) : 0;
  const gz = available.gzip ? (weightOf('gzip') ?? q.get('x-gzip') ?? 0) : 0;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Adds `Accept-Encoding` to a Vary header value (once). */
export function varyOn(current: string | null): string {
  if (!current) return 'Accept-Encoding';
  if (current.split(',').some((v) => /^\s*(accept-encoding|\*)\s*$/i.test(v))) return current;
  return `${current}, Accept-Encoding`;
}

/** A strong validator names its representation: `"abc"` → `"abc-br"`; a weak one stays (it may be shared). */
export function etagFor(etag: string, coding: Coding): string {
  if (coding === 'identity' || etag.startsWith('W/')) return etag;
  const suffix = coding === 'br' ? '-br' : '-gz';
  return etag.endsWith('"') ? `${etag.slice(0, -1)}${suffix}"` : `${etag}${suffix}`;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli quality 4 / gzip 6: a few hundred µs for a 30 kB list, within a few % of the best size for JSON. */
const BROTLI_API = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
/** Small bodies compress synchronously (no thread-pool hop); large ones off the event loop. */
const SYNC_LIMIT = 64 * 1024;

export async function compressBody(body: Buffer, coding: Exclude<Coding, 'identity'>): Promise<Buffer> {
  if (body.length <= SYNC_LIMIT) return coding === 'br' ? brotliCompressSync(body, BROTLI_API) : gzipSync(body, { level: 6 });
  return coding === 'br' ? brotliAsync(body, BROTLI_API) : gzipAsync(body, { level: 6 });
}

/** JSON answers, and the generated SVG artwork (text too). */
const JSON_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|image\/svg\+xml)\b/i;

/**
 * Compresses JSON answers larger than `threshold` bytes for clients that accept br or gzip, and
 * marks every JSON answer `Vary: Accept-Encoding`. An answer with an ETag (the catalogue, managed
 * content, the 2D view) is compressed once per validator and coding, then served from a small
 * cache: what many players poll costs one compression per change, not one per request.
 */
export function compressJson(opts: { threshold?: number; cacheEntries?: number } = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  const compress = cachedCompression(opts.cacheEntries ?? 256);

  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type');
    if (!type || !JSON_TYPE.test(type) || !res.body) return;
    if (res.headers.has('content-encoding') || /no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
    // Every JSON answer varies by Accept-Encoding; set in place (no copy of a small or plain answer:
    // /api/live is polled by thousands of players).
    markVary(c);
    const declared = Number(c.res.headers.get('content-length') ?? NaN);
    const accept = c.req.header('accept-encoding');
    const coding = negotiate(accept, { br: true, gzip: true });
    if (coding === 'identity' || declared < threshold || c.req.method === 'HEAD') return;
    const headers = new Headers(c.res.headers);
    const body = Buffer.from(await c.res.arrayBuffer());
    replaceResponse(c, await codedResponse(c, { res, headers, body, coding }, threshold, compress));
  };
}

type Compress = (body: Buffer, coding: Exclude<Coding, 'identity'>, etag: string | null) => Promise<Buffer>;

/** Compresses a body; one with an ETag once per validator and coding, kept in a small cache. */
function cachedCompression(maxEntries: number): Compress {
  const cache = new Map<string, Buffer>();
  return async (body, coding, etag) => {
    const key = etag ? `${coding}|${body.length}|${etag}` : null;
    let out = key ? cache.get(key) : undefined;
    if (!out) {
      out = await compressBody(body, coding);
      if (key) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, out);
      }
    }
    return out;
  };
}

/**
 * The answer to send for a JSON body: as it was when under the threshold, a 304 when the client
 * already has this coding of it, else compressed (with the coded ETag).
 */
async function codedResponse(
  c: Context,
  { res, headers, body, coding }: { res: Response; headers: Headers; body: Buffer; coding: Exclude<Coding, 'identity'> },
  threshold: number,
  compress: Compress,
): Promise<Response> {
  if (body.length < threshold) return new Response(asBody(body), { status: res.status, statusText: res.statusText, headers });
  const etag = headers.get('etag');
  // The client validates what it was sent: the coded ETag. The handler compared the plain one,
  // so a revalidation of a compressed answer is answered here.
  if (etag && res.status === 200 && matchesCoded(c.req.header('if-none-match'), etagFor(etag, coding))) {
    headers.set('ETag', etagFor(etag, coding));
    headers.delete('Content-Length');
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  const out = await compress(body, coding, etag);
  headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(out.length));
  if (etag) headers.set('ETag', etagFor(etag, coding));
  return new Response(asBody(out), { status: res.status, statusText: res.statusText, headers });
}

/** Adds Accept-Encoding to the answer's Vary, in place when its headers allow it. */
function markVary(c: Context): void {
  const vary = varyOn(c.res.headers.get('vary'));
  try {
    c.res.headers.set('Vary', vary);
  } catch {
    const headers = new Headers(c.res.headers);
    headers.set('Vary', vary);
    replaceResponse(c, new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers }));
  }
}

/** Whether an If-None-Match header names this ETag (or is `*`); weak and strong compare alike. */
function matchesCoded(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** Hono copies the old answer's headers onto an answer assigned to `c.res`; ours are already complete. */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined as unknown as Response;
  c.res = res;
}

/** A Buffer as a fetch body (the DOM typings want an ArrayBuffer-backed view). */
export const asBody = (buf: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buf.buffer as ArrayBuffer, buf.byteOffset, buf.length);
