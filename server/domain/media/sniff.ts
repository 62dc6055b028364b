/**
 * What an uploaded file IS, decided by its bytes (magic numbers) alone — never by its name or the
 * type a browser declared. Only formats every browser shows are accepted: PNG, JPEG, WebP and GIF
 * images; MP4 (ISO BMFF with a video brand) and WebM videos. Everything else (SVG, HTML, text,
 * HEIC, QuickTime, Matroska, a truncated header) is null.
 */
export interface SniffedMedia {
  mime: string;
  ext: string;
  kind: 'image' | 'video';
}

const ascii = (bytes: Uint8Array, at: number, text: string): boolean => {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;

/** ISO BMFF brands of playable MP4 video. */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'av01', 'hvc1', 'hev1', 'dash', 'cmfc', 'cmf2',
  'M4V ', 'M4VH', 'M4VP', 'mmp4', 'MSNV', 'NDAS', 'f4v ',
]);

/** Major brands of files that are not MP4 video, even when they list MP4 brands as compatible. */
const NOT_VIDEO_BRANDS = new Set([
  'M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ', 'qt  ', 'crx ',
  'heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis',
]);

export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  // PNG: signature, then the IHDR chunk always comes first.
  if (startsWith(bytes, PNG_MAGIC)) {
    return ascii(bytes, 12, 'IHDR') ? { mime: 'image/png', ext: 'png', kind: 'image' } : null;
  }
  // JPEG: SOI (FF D8) and the first marker (FF xx, xx in C0..FE).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return bytes[3]! >= 0xc0 && bytes[3]! <= 0xfe ? { mime: 'image/jpeg', ext: 'jpg', kind: 'image' } : null;
  }
  // GIF: version and the logical screen descriptor (13 bytes in all).
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) {
    return bytes.length >= 13 ? { mime: 'image/gif', ext: 'gif', kind: 'image' } : null;
  }
  // WebP: RIFF <size> WEBP, then a VP8 / VP8L / VP8X chunk.
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) {
    const chunk = ascii(bytes, 12, 'VP8 ') || ascii(bytes, 12, 'VP8L') || ascii(bytes, 12, 'VP8X');
    return chunk ? { mime: 'image/webp', ext: 'webp', kind: 'image' } : null;
  }
  if (ascii(bytes, 4, 'ftyp')) return isMp4(bytes) ? { mime: 'video/mp4', ext: 'mp4', kind: 'video' } : null;
  if (startsWith(bytes, EBML_MAGIC)) return isWebm(bytes) ? { mime: 'video/webm', ext: 'webm', kind: 'video' } : null;
  return null;
}

/** An `ftyp` box at offset 4 (whole, in the bytes) whose major or a compatible brand is an MP4 video brand. */
function isMp4(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 16) return false;
  const boxSize = view.getUint32(0);
  // major brand + minor version at least; the box must fit in what we were given.
  if (boxSize < 16 || boxSize > bytes.length || (boxSize - 16) % 4 !== 0) return false;
  const brand = (at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  // Audio, still images and QuickTime list MP4 brands as compatible too: their major brand decides.
  if (NOT_VIDEO_BRANDS.has(brand(8))) return false;
  if (MP4_BRANDS.has(brand(8))) return true;
  for (let at = 16; at + 4 <= boxSize; at += 4) if (MP4_BRANDS.has(brand(at))) return true;
  return false;
}

/** Reads an EBML variable-length integer at `at`: its value (marker removed unless keepMarker) and width. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; width: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const width = Math.clz32(first) - 23; // 1 for 1xxxxxxx … 8 for 00000001
  if (at + width > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> width);
  for (let i = 1; i < width; i++) value = value * 256 + bytes[at + i]!;
  return { value, width };
}

const EBML_DOCTYPE_ID = 0x4282;

/** The EBML header (whole, in the bytes) names DocType "webm". */
function isWebm(bytes: Uint8Array): boolean {
  const headerSize = readVint(bytes, 4, false);
  if (!headerSize) return false;
  const start = 4 + headerSize.width;
  const end = start + headerSize.value;
  if (end > bytes.length) return false;
  let at = start;
  while (at < end) {
    const id = readVint(bytes, at, true);
    if (!id) return false;
    const size = readVint(bytes, at + id.width, false);
    if (!size) return false;
    const dataAt = at + id.width + size.width;
    if (dataAt + size.value > end) return false;
    if (id.value === EBML_DOCTYPE_ID) {
      // DocType is a string, possibly NUL-padded.
      let text = '';
      for (let i = 0; i < size.value; i++) text += String.fromCharCode(bytes[dataAt + i]!);
      return text.replace(/\0+$/, '') === 'webm';
    }
    at = dataAt + size.value;
  }
  return false;
}
