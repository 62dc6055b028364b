import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../server/db/schema';
import { MediaRejected, mediaLimits, readMediaBytes, saveMedia, sniffMedia } from '../../server/domain/media';
import { testEnv } from '../../server/env';
import { parseRange } from '../../server/routes/media/range';
import { dbKinds } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

// ─── Sample files ──────────────────────────────────────────────────────────────────────────────

const VIDEO_DIR = new URL('../../server/assets/demo-videos/', import.meta.url);
const demoVideo = (n: number) => new Uint8Array(readFileSync(new URL(`promo-${n}.mp4`, VIDEO_DIR)));
const demoPoster = (n: number) => new Uint8Array(readFileSync(new URL(`promo-${n}.jpg`, VIDEO_DIR)));

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND with CRCs). */
function png(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of data) c = crcTable[(c ^ b) & 255]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const body = bytes(type, data);
    return bytes(u32(data.length), body, u32(crc(body)));
  };
  const ihdr = bytes(u32(1), u32(1), [8, 6, 0, 0, 0]);
  const idat = new Uint8Array(deflateSync(Buffer.from([0, 245, 185, 66, 255])));
  return bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array()));
}

/** A real 1×1 GIF89a. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** A real 1×1 lossless WebP. */
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** An ftyp box: major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes(u32(16 + 4 * compatible.length), 'ftyp', major, u32(0x200), ...compatible, u32(8), 'free');

/** An EBML header with the given DocType (and the usual version fields), then a Segment id. */
function ebml(docType: string): Uint8Array {
  const body = bytes([0x42, 0x86, 0x81, 0x01], [0x42, 0xf7, 0x81, 0x01], [0x42, 0xf2, 0x81, 0x04], [0x42, 0xf3, 0x81, 0x08], [0x42, 0x82, 0x80 | docType.length], docType, [0x42, 0x87, 0x81, 0x04], [0x42, 0x85, 0x81, 0x02]);
  return bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length], body, [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
}

describe('unit: sniffMedia', () => {
  const accepted: [string, Uint8Array, string, string, 'image' | 'video'][] = [
    ['PNG', png(), 'image/png', 'png', 'image'],
    ['JPEG (a demo poster)', demoPoster(1), 'image/jpeg', 'jpg', 'image'],
    ['JPEG (EXIF)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10], 'Exif'), 'image/jpeg', 'jpg', 'image'],
    ['GIF89a', new Uint8Array(GIF), 'image/gif', 'gif', 'image'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0, 0, 0, 0], ';'), 'image/gif', 'gif', 'image'],
    ['WebP', new Uint8Array(WEBP), 'image/webp', 'webp', 'image'],
    ['MP4 (a demo video)', demoVideo(1), 'video/mp4', 'mp4', 'video'],
    ['MP4 isom', ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'), 'video/mp4', 'mp4', 'video'],
    ['MP4 mp42', ftyp('mp42', 'mp42', 'isom'), 'video/mp4', 'mp4', 'video'],
    ['MP4 dash', ftyp('dash', 'iso6', 'mp41'), 'video/mp4', 'mp4', 'video'],
    ['M4V', ftyp('M4V ', 'M4V ', 'M4A ', 'mp42', 'isom'), 'video/mp4', 'mp4', 'video'],
    ['3GP-style MP4 with mp42 compatible', ftyp('mmp4', 'mp41', 'mp42'), 'video/mp4', 'mp4', 'video'],
    ['MP4 with an unknown major but an MP4 compatible brand', ftyp('xyz1', 'iso5'), 'video/mp4', 'mp4', 'video'],
    ['WebM', ebml('webm'), 'video/webm', 'webm', 'video'],
  ];
  it.each(accepted)('accepts %s', (_name, data, mime, ext, kind) => {
    expect(sniffMedia(data)).toEqual({ mime, ext, kind });
  });

  const refused: [string, Uint8Array][] = [
    ['empty', new Uint8Array()],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG with an XML declaration', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['plain text (whatever it is called, e.g. photo.png)', bytes('just some text, not a picture\n')],
    ['a PNG signature alone (truncated)', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a PNG signature without IHDR', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], u32(13), 'tEXt', u32(0))],
    ['a JPEG SOI alone (truncated)', bytes([0xff, 0xd8, 0xff])],
    ['GIF header truncated', bytes('GIF89a', [1, 0])],
    ['GIF with another version', bytes('GIF90a', [1, 0, 1, 0, 0, 0, 0], ';')],
    ['RIFF WAVE (audio)', bytes('RIFF', u32(36), 'WAVEfmt ', u32(16))],
    ['RIFF WEBP truncated', bytes('RIFF', u32(4), 'WEBP')],
    ['QuickTime (qt brand)', ftyp('qt  ', 'qt  ')],
    ['QuickTime listing MP4 brands', ftyp('qt  ', 'qt  ', 'isom', 'mp41')],
    ['HEIC image', ftyp('heic', 'mif1', 'heic')],
    ['AVIF image listing MP4 brands', ftyp('avif', 'avif', 'mif1', 'miaf', 'MA1B', 'iso8')],
    ['M4A audio (as iTunes writes it)', ftyp('M4A ', 'M4A ', 'mp42', 'isom')],
    ['an ftyp with no known brand', ftyp('abcd', 'efgh')],
    ['an ftyp box truncated', ftyp('isom', 'isom', 'mp41').slice(0, 14)],
    ['an ftyp box claiming more than it has', bytes(u32(64), 'ftypisom', u32(0), 'isom')],
    ['Matroska (not WebM)', ebml('matroska')],
    ['an EBML header truncated', ebml('webm').slice(0, 12)],
    ['PDF', bytes('%PDF-1.7\n')],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04], 'rest')],
    ['a BMP', bytes('BM', u32(0), u32(0))],
  ];
  it.each(refused)('refuses %s', (_name, data) => {
    expect(sniffMedia(data)).toBeNull();
  });

  it('is not fooled by a valid header inside a Buffer slice offset', () => {
    const pool = Buffer.concat([Buffer.from('junk'), Buffer.from(png())]);
    expect(sniffMedia(pool.subarray(4))?.ext).toBe('png');
    expect(sniffMedia(pool.subarray(0))).toBeNull();
  });
});

describe('unit: the committed demo videos', () => {
  it.each([1, 2, 3, 4])('promo-%i.mp4 is an MP4 of at most 400 kB, with a JPEG poster', (n) => {
    const video = demoVideo(n);
    expect(sniffMedia(video)).toEqual({ mime: 'video/mp4', ext: 'mp4', kind: 'video' });
    expect(video.length).toBeGreaterThan(20_000);
    expect(video.length).toBeLessThanOrEqual(400 * 1024);
    expect(sniffMedia(demoPoster(n))?.mime).toBe('image/jpeg');
  });

  it('are four different films', () => {
    const hashes = new Set([1, 2, 3, 4].map((n) => createHash('sha256').update(demoVideo(n)).digest('hex')));
    expect(hashes.size).toBe(4);
  });
});

describe('unit: Range header', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    [' Bytes = 5 - 9 ', { start: 5, end: 9 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=1000-2000', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    [undefined, 'full'],
    ['bytes=0-1,5-6', 'full'],
    ['bytes=9-5', 'full'],
    ['bytes=-', 'full'],
    ['bytes=abc', 'full'],
    ['items=0-5', 'full'],
  ] as const)('%s → %j', (header, answer) => {
    expect(parseRange(header, size)).toEqual(answer);
  });
});

describe('unit: limits', () => {
  it('defaults to 2 MiB images and 20 MiB videos, from the environment', () => {
    expect(mediaLimits(testEnv())).toEqual({ image: 2 * 1024 * 1024, video: 20 * 1024 * 1024 });
    expect(mediaLimits(testEnv({ MAX_IMAGE_BYTES: 1000, MAX_VIDEO_BYTES: 5000 }))).toEqual({ image: 1000, video: 5000 });
  });
});

// ─── Saving and serving, on both databases ─────────────────────────────────────────────────────

/** A 2.5 MiB "MP4" (a real ftyp box, then noise): bodies over 1 MiB are streamed in chunks. */
function bigVideo(): Uint8Array {
  const out = new Uint8Array(2.5 * 1024 * 1024);
  out.set(ftyp('isom', 'isom', 'mp41'));
  let x = 12345;
  for (let i = 40; i < out.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe.each(dbKinds)('media (%s)', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  const video = demoVideo(2);
  const image = png();
  const big = bigVideo();
  let videoUrl: string;
  let imageUrl: string;
  let bigUrl: string;
  const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

  const fetchRaw = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(server.url + path, init);
    return { res, body: new Uint8Array(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    videoUrl = (await saveMedia(db(), video, { allow: 'video', maxBytes: 1024 * 1024 })).url;
    imageUrl = (await saveMedia(db(), image, { allow: 'image', maxBytes: 1024 })).url;
    bigUrl = (await saveMedia(db(), big, { allow: 'video', maxBytes: 20 * 1024 * 1024 })).url;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('saveMedia', () => {
    it('stores by content hash and answers the url, hash, type and size', async () => {
      const saved = await saveMedia(db(), image, { allow: 'image', maxBytes: 1024 });
      expect(saved).toEqual({ url: `/assets/media/${sha(image)}.png`, sha256: sha(image), mime: 'image/png', size: image.length });
      expect(imageUrl).toBe(saved.url);
      expect(videoUrl).toBe(`/assets/media/${sha(video)}.mp4`);
      const [row] = await db().select().from(media).where(eq(media.sha256, sha(image)));
      expect(row).toMatchObject({ mime: 'image/png', ext: 'png', size: image.length });
      expect(new Uint8Array(row!.data)).toEqual(image);
    });

    it('keeps one row for the same file saved twice', async () => {
      await saveMedia(db(), video, { allow: 'video', maxBytes: 1024 * 1024 });
      const [row] = await db().select({ n: count() }).from(media).where(eq(media.sha256, sha(video)));
      expect(row!.n).toBe(1);
    });

    const rejects = async (data: Uint8Array, opts: { allow: 'image' | 'video'; maxBytes: number }, reason: string) => {
      const before = (await db().select({ n: count() }).from(media))[0]!.n;
      const err = await saveMedia(db(), data, opts).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MediaRejected);
      expect((err as MediaRejected).reason).toBe(reason);
      expect((await db().select({ n: count() }).from(media))[0]!.n).toBe(before);
    };

    it('refuses an image over the limit: size', async () => {
      await rejects(demoPoster(3), { allow: 'image', maxBytes: 1000 }, 'size');
      // Exactly at the limit is fine.
      const poster = demoPoster(3);
      await expect(saveMedia(db(), poster, { allow: 'image', maxBytes: poster.length })).resolves.toMatchObject({ size: poster.length });
    });

    it('refuses a video where an image is expected, and an image where a video is: type', async () => {
      await rejects(demoVideo(4), { allow: 'image', maxBytes: 10 * 1024 * 1024 }, 'type');
      await rejects(png(), { allow: 'video', maxBytes: 10 * 1024 * 1024 }, 'type');
    });

    it('refuses SVG, HTML and text whatever their size: type', async () => {
      await rejects(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), { allow: 'image', maxBytes: 1024 }, 'type');
      await rejects(bytes('<html><script>1</script></html>'), { allow: 'image', maxBytes: 1024 }, 'type');
      await rejects(bytes('x'.repeat(5000)), { allow: 'image', maxBytes: 1024 }, 'type');
    });

    it('refuses no bytes: empty', async () => {
      await rejects(new Uint8Array(), { allow: 'image', maxBytes: 1024 }, 'empty');
    });

    it('reads only the bytes asked for', async () => {
      const read = async (start: number, length: number) => new Uint8Array((await readMediaBytes(db(), sha(video), start, length))!);
      expect(await read(1000, 64)).toEqual(video.slice(1000, 1064));
      expect(await read(video.length - 10, 10)).toEqual(video.slice(-10));
      expect(await readMediaBytes(db(), 'f'.repeat(64), 0, 10)).toBeUndefined();
    });
  });

  describe('GET /assets/media', () => {
    it('serves the whole file with its type, length, ETag and forever caching', async () => {
      const { res, body } = await fetchRaw(videoUrl);
      expect(res.status).toBe(200);
      expect(body).toEqual(video);
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('content-length')).toBe(String(video.length));
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('etag')).toBe(`"${sha(video)}"`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-range')).toBeNull();

      const png = await fetchRaw(imageUrl);
      expect(png.res.status).toBe(200);
      expect(png.res.headers.get('content-type')).toBe('image/png');
      expect(png.body).toEqual(image);
    });

    it('answers a range a-b with 206 and exactly those bytes', async () => {
      const { res, body } = await fetchRaw(videoUrl, { headers: { range: 'bytes=100-1123' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 100-1123/${video.length}`);
      expect(res.headers.get('content-length')).toBe('1024');
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(body).toEqual(video.slice(100, 1124));
    });

    it('answers an open-ended range a- with the rest of the file', async () => {
      const from = video.length - 5000;
      const { res, body } = await fetchRaw(videoUrl, { headers: { range: `bytes=${from}-` } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${from}-${video.length - 1}/${video.length}`);
      expect(body).toEqual(video.slice(from));
    });

    it('answers a suffix range -n with the last n bytes', async () => {
      const { res, body } = await fetchRaw(videoUrl, { headers: { range: 'bytes=-777' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${video.length - 777}-${video.length - 1}/${video.length}`);
      expect(body).toEqual(video.slice(-777));
    });

    it('clamps an end past the file, and a suffix longer than it', async () => {
      const tail = await fetchRaw(imageUrl, { headers: { range: 'bytes=10-999999' } });
      expect(tail.res.status).toBe(206);
      expect(tail.res.headers.get('content-range')).toBe(`bytes 10-${image.length - 1}/${image.length}`);
      expect(tail.body).toEqual(image.slice(10));
      const all = await fetchRaw(imageUrl, { headers: { range: 'bytes=-999999' } });
      expect(all.res.status).toBe(206);
      expect(all.body).toEqual(image);
    });

    it('answers 416 with bytes */size for a range past the end', async () => {
      for (const range of [`bytes=${video.length}-`, `bytes=${video.length + 10}-${video.length + 20}`, 'bytes=-0']) {
        const { res, body } = await fetchRaw(videoUrl, { headers: { range } });
        expect(res.status, range).toBe(416);
        expect(res.headers.get('content-range')).toBe(`bytes */${video.length}`);
        expect(body.length).toBe(0);
      }
    });

    it('answers a multi-range or malformed request with the whole file (200)', async () => {
      for (const range of ['bytes=0-9,20-29', 'bytes=50-10', 'bytes=x-y', 'lines=1-2']) {
        const { res, body } = await fetchRaw(imageUrl, { headers: { range } });
        expect(res.status, range).toBe(200);
        expect(res.headers.get('content-range')).toBeNull();
        expect(body).toEqual(image);
      }
    });

    it('answers If-None-Match with 304 and no body', async () => {
      for (const tag of [`"${sha(video)}"`, `W/"${sha(video)}"`, `"other", "${sha(video)}"`, '*']) {
        const { res, body } = await fetchRaw(videoUrl, { headers: { 'if-none-match': tag, range: 'bytes=0-9' } });
        expect(res.status, tag).toBe(304);
        expect(res.headers.get('etag')).toBe(`"${sha(video)}"`);
        expect(body.length).toBe(0);
      }
      const stale = await fetchRaw(videoUrl, { headers: { 'if-none-match': '"something-else"' } });
      expect(stale.res.status).toBe(200);
      expect(stale.body).toEqual(video);
    });

    it('ignores a Range whose If-Range names another version', async () => {
      const other = await fetchRaw(imageUrl, { headers: { range: 'bytes=0-9', 'if-range': '"older"' } });
      expect(other.res.status).toBe(200);
      expect(other.body).toEqual(image);
      const same = await fetchRaw(imageUrl, { headers: { range: 'bytes=0-9', 'if-range': `"${sha(image)}"` } });
      expect(same.res.status).toBe(206);
      expect(same.body).toEqual(image.slice(0, 10));
    });

    it('answers HEAD with the headers and no body, for the whole file and a range', async () => {
      const full = await fetchRaw(videoUrl, { method: 'HEAD' });
      expect(full.res.status).toBe(200);
      expect(full.res.headers.get('content-length')).toBe(String(video.length));
      expect(full.res.headers.get('content-type')).toBe('video/mp4');
      expect(full.res.headers.get('accept-ranges')).toBe('bytes');
      expect(full.res.headers.get('etag')).toBe(`"${sha(video)}"`);
      expect(full.body.length).toBe(0);
      const part = await fetchRaw(videoUrl, { method: 'HEAD', headers: { range: 'bytes=0-99' } });
      expect(part.res.status).toBe(206);
      expect(part.res.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
      expect(part.res.headers.get('content-length')).toBe('100');
    });

    it('streams a file over 1 MiB whole and in ranges across chunk boundaries', async () => {
      const full = await fetchRaw(bigUrl);
      expect(full.res.status).toBe(200);
      expect(full.res.headers.get('content-length')).toBe(String(big.length));
      expect(sha(full.body)).toBe(sha(big));
      const part = await fetchRaw(bigUrl, { headers: { range: 'bytes=500000-2100000' } });
      expect(part.res.status).toBe(206);
      expect(part.body.length).toBe(1_600_001);
      expect(sha(part.body)).toBe(sha(big.slice(500000, 2100001)));
    });

    it('answers 404 for an extension other than the stored one', async () => {
      const base = videoUrl.replace(/\.mp4$/, '');
      for (const ext of ['webm', 'png', 'svg', 'html', 'MP4']) {
        const { res } = await fetchRaw(`${base}.${ext}`);
        expect(res.status, ext).toBe(404);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('answers 404 for an unknown hash, a malformed name and other methods', async () => {
      for (const path of [
        `/assets/media/${'0'.repeat(64)}.mp4`,
        `/assets/media/${sha(video).toUpperCase()}.mp4`,
        `/assets/media/${sha(video).slice(1)}.mp4`,
        `/assets/media/${sha(video)}`,
        `/assets/media/${sha(video)}.mp4.html`,
        '/assets/media/..%2F..%2Fpackage.json',
        '/assets/media/',
        `/assets/media/x/${sha(video)}.mp4`,
      ]) {
        const { res } = await fetchRaw(path);
        expect(res.status, path).toBe(404);
      }
      const post = await fetchRaw(videoUrl, { method: 'POST', body: 'x' });
      expect(post.res.status).toBe(404);
    });
  });
});
