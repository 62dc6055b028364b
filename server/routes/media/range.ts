/**
 * The Range header of a GET (RFC 9110 §14): one byte range of a file `size` bytes long.
 *   'full'          no usable Range: answer 200 with everything. Also for a multi-range request
 *                   (bytes=0-1,5-6): a server may ignore Range, and browsers never send several
 *                   for media, so a whole 200 is simpler than multipart/byteranges.
 *   'unsatisfiable' 416 with Content-Range: bytes * /size (a start past the end, or bytes=-0).
 *   { start, end }  206 for bytes start..end inclusive (end clamped to the last byte).
 * A malformed header (another unit, end before start, junk) is ignored: 'full'.
 */
export type RangeAnswer = 'full' | 'unsatisfiable' | { start: number; end: number };

/** Longer than any single byte range (two 16-digit offsets and some spaces): ignored unread. */
const MAX_RANGE_HEADER = 100;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header || header.length > MAX_RANGE_HEADER) return 'full';
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!m) return 'full';
  const specs = m[1]!.split(',');
  if (specs.length !== 1) return 'full';
  // Trimmed first, so no two \s* meet around an empty \d* (linear, as lib/numeric-text.ts explains).
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]!.trim());
  if (!spec) return 'full';
  const [, first, last] = spec as unknown as [string, string, string];
  if (first === '' && last === '') return 'full';
  if (first === '') {
    // Suffix: the last n bytes (all of them when n ≥ size).
    const n = Number(last);
    if (!Number.isSafeInteger(n)) return 'full';
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return 'full';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
