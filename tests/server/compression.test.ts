import { request } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed';
import { negotiate } from '../../server/lib/compression';
import { startTestServer, type TestServer } from '../support/server';

/** A raw HTTP exchange (node:http does not decompress): status, headers and the bytes sent. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (body: Buffer, coding: unknown) => (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body);

describe('compression: what the server sends for Accept-Encoding', () => {
  let server: TestServer;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-compress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>KyatPlay shell</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
    // A build-time twin (scripts/vite-precompress.ts) is what goes out, as it is.
    writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(Buffer.from(script)));
    writeFileSync(join(dir, 'assets', 'tiny-1.js'), 'console.log(1)');
    server = await startTestServer('pglite', { env: { STATIC_DIR: dir } });
    // The demo catalogue: a game-type list well over 1 KB.
    await seedDemo(server.database.db);
  });
  afterAll(() => server.close());

  it('a static asset goes out as brotli for br, gzip for gzip, plain otherwise, each with its own length and ETag, and Vary', async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    const plain = await raw(url);
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    for (const res of [br, gz, plain]) {
      expect(res.status).toBe(200);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode(res.body, res.headers['content-encoding']).toString()).toBe(script);
      expect(res.headers['cache-control']).toContain('immutable');
    }
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    // q=0 refuses a coding.
    expect((await raw(url, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers a conditional GET with 304 for the same representation only', async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const br = await raw(url, { 'accept-encoding': 'br' });
    const again = await raw(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toBe('Accept-Encoding');
    // The brotli validator does not stand for the plain bytes.
    expect((await raw(url, { 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  it('HEAD gives the headers and length of the GET, without a body', async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const get = await raw(url, { 'accept-encoding': 'br' });
    const head = await raw(url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('a Range request gets the asked bytes of the plain file (206), an impossible one 416', async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const part = await raw(url, { range: 'bytes=10-29', 'accept-encoding': 'br, gzip' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-29/${script.length}`);
    expect(part.body.toString()).toBe(script.slice(10, 30));
    const tail = await raw(url, { range: 'bytes=-5' });
    expect(tail.body.toString()).toBe(script.slice(-5));
    const beyond = await raw(url, { range: `bytes=${script.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${script.length}`);
  });

  it('a file under 1 KB goes out plain whatever the client accepts', async () => {
    const res = await raw(`${server.url}/assets/tiny-1.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('console.log(1)');
  });

  it('API JSON over 1 KB is compressed for br and for gzip, plain otherwise, with Vary', async () => {
    const url = `${server.url}/api/game_types`;
    const plain = await raw(url);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = JSON.parse(plain.body.toString());
    for (const coding of ['br', 'gzip'] as const) {
      const res = await raw(url, { 'accept-encoding': coding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res.body, coding).toString())).toEqual(expected);
    }
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it('small JSON (the 2D live view, polled all day) is not compressed', async () => {
    for (const path of ['/api/live', '/healthz']) {
      const res = await raw(`${server.url}${path}`, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.body.length, path).toBeLessThan(1024);
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('the page shell is compressed too and says it varies by encoding and by the language cookie', async () => {
    const res = await raw(`${server.url}/promotion`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res.body, 'br').toString()).toContain('<div id="root"><div class="flex min-h-');
  });

  it('negotiates by q-value, brotli first on a tie', () => {
    const both = { br: true, gzip: true };
    expect(negotiate('gzip, br', both)).toBe('br');
    expect(negotiate('br;q=0.5, gzip', both)).toBe('gzip');
    expect(negotiate('*', both)).toBe('br');
    expect(negotiate('identity', both)).toBe('identity');
    expect(negotiate('br', { br: false, gzip: true })).toBe('identity');
    expect(negotiate(undefined, both)).toBe('identity');
  });
});
