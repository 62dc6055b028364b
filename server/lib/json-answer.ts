import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { OK_STATUS } from './http';

/**
 * A public JSON answer built once and sent many times (the catalogue and home content, cached per
 * catalogue version: domain/catalogue-cache.ts): its text and its ETag are computed when it is
 * built, so sending it costs neither JSON.stringify, UTF-8 encoding nor a hash, and a matching If-None-Match is a
 * 304 without a body. This replaces hono's etag middleware on these routes, which cloned every
 * answer and hashed its stream with crypto.subtle on every request (about half the CPU of a
 * cached 307-byte /api/banner; issue 14).
 */
export interface JsonAnswer {
  /** UTF-8, encoded once: a string body would be encoded again on every send. */
  readonly body: Uint8Array<ArrayBuffer>;
  /** Weak: the same data in another encoding (a compressed copy) is the same answer. */
  readonly etag: string;
}

/** The contract's success envelope `{ status, message: null, data }`, as `ok()` sends it. */
export function okAnswer(data: unknown): JsonAnswer {
  return jsonAnswer({ status: OK_STATUS, message: null, data });
}

const UTF8 = new TextEncoder();

export function jsonAnswer(body: unknown): JsonAnswer {
  const bytes = UTF8.encode(JSON.stringify(body));
  return { body: bytes, etag: `W/"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

/** If-None-Match names this tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

/**
 * Sends `answer` with `headers` (Cache-Control, Vary …) and its ETag: 200 with the text, or 304
 * with the same headers and no body when the request's If-None-Match names it.
 */
export function sendAnswer(c: Context, answer: JsonAnswer, headers: Record<string, string>): Response {
  if (etagMatches(c.req.header('if-none-match'), answer.etag)) {
    return c.body(null, 304, { ...headers, ETag: answer.etag });
  }
  return c.body(answer.body, 200, { ...headers, ETag: answer.etag, 'Content-Type': 'application/json' });
}
