import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import type { Env } from '../../env';
import { sniffMedia } from './sniff';

export type MediaKind = 'image' | 'video';

/** Why an upload was refused: not an accepted format (or the wrong kind), too large, or no bytes. */
export class MediaRejected extends Error {
  constructor(
    readonly reason: 'type' | 'size' | 'empty',
    /** What the caller allowed, and its byte limit: for the 422 message. */
    readonly allow: MediaKind,
    readonly maxBytes: number,
  ) {
    super(
      reason === 'type'
        ? `Not ${allow === 'image' ? 'a PNG, JPEG, WebP or GIF image' : 'an MP4 or WebM video'}.`
        : reason === 'size'
          ? `Larger than ${maxBytes} bytes.`
          : 'The file is empty.',
    );
    this.name = 'MediaRejected';
  }
}

export interface SavedMedia {
  /** Root-relative, served by server/routes/media: `/assets/media/<sha256>.<ext>`. */
  url: string;
  sha256: string;
  mime: string;
  size: number;
}

export function mediaLimits(env: Pick<Env, 'MAX_IMAGE_BYTES' | 'MAX_VIDEO_BYTES'>): { image: number; video: number } {
  return { image: env.MAX_IMAGE_BYTES, video: env.MAX_VIDEO_BYTES };
}

export const mediaUrl = (sha256: string, ext: string): string => `/assets/media/${sha256}.${ext}`;

/**
 * Stores an upload after checking its bytes: the right kind (allow) of an accepted format, within
 * maxBytes. Content-addressed, so the same file uploaded twice is one row and one URL.
 */
export async function saveMedia(
  db: Db,
  bytes: Uint8Array,
  opts: { allow: MediaKind; maxBytes: number },
): Promise<SavedMedia> {
  if (bytes.length === 0) throw new MediaRejected('empty', opts.allow, opts.maxBytes);
  const sniffed = sniffMedia(bytes);
  if (!sniffed || sniffed.kind !== opts.allow) throw new MediaRejected('type', opts.allow, opts.maxBytes);
  if (bytes.length > opts.maxBytes) throw new MediaRejected('size', opts.allow, opts.maxBytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await db
    .insert(media)
    .values({ sha256, mime: sniffed.mime, ext: sniffed.ext, size: bytes.length, data })
    .onConflictDoNothing();
  return { url: mediaUrl(sha256, sniffed.ext), sha256, mime: sniffed.mime, size: bytes.length };
}

export interface MediaInfo {
  sha256: string;
  mime: string;
  ext: string;
  size: number;
}

/** A stored file's type and size, without its bytes. */
export async function readMediaInfo(db: Db, sha256: string): Promise<MediaInfo | undefined> {
  const [row] = await db
    .select({ sha256: media.sha256, mime: media.mime, ext: media.ext, size: media.size })
    .from(media)
    .where(eq(media.sha256, sha256))
    .limit(1);
  return row;
}

/** `length` bytes of a stored file from byte `start` (0-based): only those bytes leave the database. */
export async function readMediaBytes(db: Db, sha256: string, start: number, length: number): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ part: sql<Uint8Array>`substring(${media.data} from ${start + 1}::int for ${length}::int)` })
    .from(media)
    .where(eq(media.sha256, sha256))
    .limit(1);
  if (!row) return undefined;
  const part = row.part as unknown;
  if (part instanceof Uint8Array) return part;
  // node-postgres without a parser for this expression would hand us '\x…' text.
  if (typeof part === 'string' && part.startsWith('\\x')) return Buffer.from(part.slice(2), 'hex');
  throw new Error('unexpected bytea value');
}
