/**
 * JSON.parse with a nesting limit. V8 parses 8 KB of `[[[[…` happily, but whatever walks the
 * result afterwards recursively (canonical signing, zod, JSON.stringify into a log) overflows the
 * stack: a 500 from one small request. No request of ours nests deeper than a few levels, so
 * the depth is checked in one linear pass over the text before parsing.
 */
import { refuse } from '../i18n/refusals';

/** Deeper than any body this server accepts (a batch of transactions is 3 levels). */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = refuse('request.too_deep', { depth: MAX_JSON_DEPTH });

export class JsonTooDeep extends Error {
  constructor() {
    super(JSON_TOO_DEEP_MESSAGE);
    this.name = 'JsonTooDeep';
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of arrays and objects in `text`, stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** JSON.parse, refusing (JsonTooDeep) text nested deeper than `limit`; other syntax errors throw as JSON.parse does. */
export function parseJsonText(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (jsonDepthExceeds(text, limit)) throw new JsonTooDeep();
  return JSON.parse(text);
}
