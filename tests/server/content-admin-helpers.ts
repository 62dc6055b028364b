import { count } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { bannerTexts, banners, contacts, media, popupAds, promotions, videoAds } from '../../server/db/schema';
import type { TestServer } from '../support/server';
import { ADMIN_TOKEN, pngBytes } from './cashier-helpers';
import { splitRefusal } from '../support/server';

export { ADMIN_TOKEN, pngBytes };

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** JSON call to /api/admin… with the admin token (or another / none). */
export function admin(server: TestServer, method: string, path: string, body?: unknown, token: string | null = ADMIN_TOKEN): Promise<Answer> {
  return server.call(method, `/api/admin${path}`, { body, token: token ?? undefined });
}

export type Part = string | { bytes: Uint8Array; name: string; type?: string };

/** Multipart call (files as parts with a name and declared type, which the server must ignore). */
export async function adminForm(
  server: TestServer,
  method: string,
  path: string,
  fields: Record<string, Part>,
  token: string | null = ADMIN_TOKEN,
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.type ?? 'application/octet-stream' }), v.name);
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/admin${path}`, { method, headers, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, ...splitRefusal(body) };
}

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

/** A minimal MP4 header: an `ftyp` box (isom, mp41) and a `free` box, padded to `size`. */
export function mp4Bytes(size = 64): Uint8Array {
  const head = bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0], 'isommp41');
  const out = new Uint8Array(Math.max(size, head.length + 8));
  out.set(head);
  const free = out.length - head.length;
  out.set([(free >>> 24) & 255, (free >>> 16) & 255, (free >>> 8) & 255, free & 255, ...Buffer.from('free')], head.length);
  return out;
}

/** A minimal WebM header: EBML with DocType "webm". */
export const webmBytes = () => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84], 'webm', [0x18, 0x53, 0x80, 0x67, 0, 0, 0, 0]);
export const gifBytes = () => bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]);
export const jpegBytes = () => bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
export const svgBytes = () => bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
export const htmlBytes = () => bytes('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const textBytes = () => bytes('just some text, not a picture\n');

/** Rows in every content table and in media: for "nothing was written". */
export async function contentCounts(db: Db) {
  const tables = { banners, bannerTexts, popupAds, promotions, contacts, videoAds, media };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}
