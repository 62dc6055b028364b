import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

describe('one server serves the site and the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>KyatPlay shell</title>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer('pglite', { env: { STATIC_DIR: dir } });
  });
  afterAll(() => server.close());

  it('serves index.html at /', async () => {
    const res = await fetch(server.url + '/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('KyatPlay shell');
  });

  it('falls back to index.html for client routes (history routing)', async () => {
    for (const path of ['/information?tab=profile', '/2d/bet', '/wallet/internal-transfer']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('KyatPlay shell');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await fetch(server.url + '/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers the Download App link with a page saying there is no app yet, never the shell saved as an .apk', async () => {
    const res = await fetch(server.url + '/download/kyatplay.apk');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const text = await res.text();
    expect(text).not.toContain('KyatPlay shell');
    expect(text).toContain('not published yet');
  });

  it('sends the Download App link to the operator\'s app when APP_DOWNLOAD_URL is set', async () => {
    const withApp = await startTestServer('pglite', { env: { APP_DOWNLOAD_URL: 'https://downloads.example.com/kyatplay-1.4.apk' } });
    try {
      const res = await fetch(withApp.url + '/download/kyatplay.apk', { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://downloads.example.com/kyatplay-1.4.apk');
    } finally {
      await withApp.close();
    }
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await fetch(server.url + '/assets/missing-123.js');
    expect(res.status).toBe(404);
  });

  it('answers unknown API paths with a JSON 404, never the site', async () => {
    const res = await server.call('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'Error has occured...', message: 'Not found.' });
  });

  it('reports health with the database kind', async () => {
    const res = await server.call('GET', '/healthz');
    expect(res.body).toEqual({ ok: true, db: 'pglite' });
  });
});
