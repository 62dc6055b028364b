import type { Context } from 'hono';
import { HttpError } from './http';
import { JsonTooDeep, parseJsonText } from './json-text';

/**
 * The request body as a plain record, whatever the legacy client sent: JSON, form-urlencoded or
 * multipart. Malformed or non-object bodies read as empty, so validation answers 422
 * ("… field is required.") as the legacy backend does. Form values are strings (or Files).
 * JSON nested deeper than MAX_JSON_DEPTH is a 400 (lib/json-text.ts), never parsed.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  try {
    if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
      return { ...(await c.req.parseBody()) };
    }
    const text = await c.req.text();
    if (!text.trim()) return {};
    const parsed: unknown = parseJsonText(text);
    return isRecord(parsed) ? parsed : {};
  } catch (err) {
    if (err instanceof JsonTooDeep) throw new HttpError(400, err.message);
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
