import { timingSafeEqual } from 'node:crypto';

/**
 * Constant-time comparison of a received hex signature with the expected one (case-insensitive):
 * the seamless wallet's MD5 signs and the Shan provider's HMACs are both checked with it.
 */
export function signMatches(received: unknown, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  // Compare equal-length buffers always, so a wrong length costs the same as a wrong digit.
  const same = timingSafeEqual(a.length === b.length ? a : b, b);
  return same && a.length === b.length;
}

/** Whether a provider's answer is an http(s) URL we may send a player to. */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
